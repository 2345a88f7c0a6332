import { parseShell, type ShellModel } from '@hookwire/action';
import { createRuntime, loadRuleHooks, type LoadedRuleHook, type Logger, type RuleMatchRecord } from '@hookwire/runtime';
import { applyTuning, loadPack, type Pack, type Rule } from '@hookwire/rules/lazy';
import { locateConfig } from './config-location.js';
import { formatTable } from './format.js';

export interface RulesReportOptions {
  configPaths?: string[];
  tool?: string;
  event?: string;
  action?: string;
  json: boolean;
  logger: Logger;
}

/** The rule hook a config without one stands for: what `hookwire init` writes. */

interface ListedRule {
  hook: string;
  rule: string;
  category: string;
  severity: string;
  level: string;
  mode: 'enforce' | 'observe' | 'off';
  decision: string;
  events: string;
  reason: string;
}

/** The config files to read: --config, else the lookup; none found means the recommended pack alone. */
function configPaths(options: RulesReportOptions): string[] | undefined {
  try {
    return locateConfig({ explicit: options.configPaths, env: process.env });
  } catch (error) {
    if (options.configPaths !== undefined) throw error;
    return undefined;
  }
}

async function ruleHooksOf(paths: string[] | undefined, logger: Logger): Promise<{ hooks: LoadedRuleHook[]; from: string } | undefined> {
  if (paths === undefined) return undefined;
  const loaded = await loadRuleHooks(paths);
  if (!loaded.ok) {
    for (const diagnostic of loaded.diagnostics) logger.error(`${diagnostic.file ?? paths.join(', ')}#${diagnostic.path}: ${diagnostic.message}`);
    throw new Error('the config has errors (hookwire check shows them)');
  }
  return loaded.hooks.length === 0 ? undefined : { hooks: loaded.hooks, from: paths.join(', ') };
}

function listRules(pack: Pack, hook: LoadedRuleHook): ListedRule[] {
  const fields = hook.spec.rule ?? {};
  const tuned = applyTuning(pack, {
    ...(fields.level === undefined ? {} : { level: fields.level }),
    ...(fields.rules === undefined ? {} : { rules: fields.rules }),
  });
  const on = new Map(tuned.rules.map((rule) => [rule.id, rule]));
  return pack.rules.map((rule: Rule) => {
    const effective = on.get(rule.id);
    return {
      hook: hook.spec.id,
      rule: rule.id,
      category: rule.category,
      severity: rule.severity,
      level: rule.level,
      mode: hook.spec.mode === 'observe' && effective !== undefined ? 'observe' : (effective?.mode ?? 'off'),
      decision: rule.decision,
      events: (typeof rule.event === 'string' ? [rule.event] : rule.event).join(',') + (rule.tools === undefined ? '' : ` ${rule.tools.join('|')}`),
      reason: rule.reason,
    };
  });
}

/** A shell line's commands as hookwire sees them, one per line: program, arguments, how it was reached. */
function describeShell(shell: ShellModel): string[] {
  const lines = shell.commands.map((command) => {
    const via = command.via.length > 0 ? `   (via ${command.via.join(' → ')})` : '';
    const code = command.code === undefined ? '' : `   [${command.code.interpreter} code: ${JSON.stringify(command.code.source)}]`;
    const redirects = command.redirects.map((r) => ` ${r.op} ${r.target}`).join('');
    return `  ${[command.program || '(dynamic)', ...command.args].map((word) => (/^[\w@%+=:,./~-]+$/.test(word) ? word : JSON.stringify(word))).join(' ')}${redirects}${via}${code}${command.dynamic ? '   [dynamic: not fully resolved]' : ''}`;
  });
  if (shell.unparsed) lines.push(`  (unparsed: ${shell.unparsedReason ?? 'the line did not parse'})`);
  return lines;
}

function inputOf(options: RulesReportOptions, tool: string): Record<string, unknown> {
  const text = options.action!;
  if (tool === 'Bash') return { command: text };
  try {
    const input = JSON.parse(text) as unknown;
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  } catch {
    // A bare path stands for the file a file tool reads or writes.
  }
  return { file_path: text, path: text, url: text, pattern: text };
}

/** `hookwire rules`: the report. Exit 0; with an action, 1 when an enforced rule denies or asks on it. */
export async function rulesReport(options: RulesReportOptions): Promise<number> {
  const paths = configPaths(options);
  const found = await ruleHooksOf(paths, options.logger);
  const recommended: LoadedRuleHook = {
    spec: { id: 'recommended', type: 'rule', event: 'tool:before', eventName: 'tool:before', dialect: 'claude', pointer: '/hooks/0', rule: { pack: 'hookwire:recommended' } },
    configDir: process.cwd(),
    events: ['tool:before', 'tool:after', 'prompt:submit'],
  };
  const hooks = found?.hooks ?? [recommended];
  const source = found === undefined ? 'hookwire:recommended (no rule hook in a config; what hookwire init writes)' : found.from;

  if (options.action === undefined) {
    const listed: ListedRule[] = [];
    for (const hook of hooks) {
      const fields = hook.spec.rule ?? {};
      if (fields.pack === undefined) {
        listed.push({ hook: hook.spec.id, rule: hook.spec.id, category: 'custom', severity: 'high', level: 'inline', mode: hook.spec.mode ?? 'enforce', decision: fields.decision ?? 'deny', events: hook.events.join(','), reason: fields.reason ?? '' });
        continue;
      }
      listed.push(...listRules(await loadPack(fields.pack, { from: hook.configDir }), hook));
    }
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ source, rules: listed }, null, 2)}\n`);
      return 0;
    }
    process.stdout.write(`rules of ${source}\n\n`);
    process.stdout.write(formatTable(['rule', 'category', 'severity', 'level', 'mode', 'decision', 'events'], listed.map((r) => [r.rule, r.category, r.severity, r.level, r.mode, r.decision, r.events])));
    const count = (mode: string) => listed.filter((r) => r.mode === mode).length;
    process.stdout.write(`\n${count('enforce')} enforce, ${count('observe')} observe, ${count('off')} off (another level, or turned off)\n`);
    return 0;
  }

  const tool = options.tool ?? 'Bash';
  const event = options.event ?? 'PreToolUse';
  const input = inputOf(options, tool);
  const runtime = await createRuntime({ config: { hooks: hooks.map((hook) => ({ ...rawHook(hook), event })) }, configDir: hooks[0]!.configDir, logger: options.logger });
  let matches: RuleMatchRecord[];
  let decision: string;
  try {
    const result = await runtime.dispatch(event, { hook_event_name: event, session_id: 'hookwire-rules', cwd: process.cwd(), tool_name: tool, tool_input: input });
    matches = result.runs.flatMap((run) => run.rules ?? []);
    decision = result.outcome.decision ?? 'none';
    const failures = result.runs.filter((run) => run.outcome.failure !== undefined).map((run) => `${run.hook}: ${run.outcome.failure!.message}`);
    for (const failure of failures) options.logger.error(failure);
  } finally {
    await runtime.close();
  }
  const shell = tool === 'Bash' ? parseShell(String(input.command ?? ''), { home: process.env.HOME ?? '' }) : undefined;
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ source, tool, event, input, ...(shell === undefined ? {} : { shell }), decision, matches }, null, 2)}\n`);
  } else {
    if (shell !== undefined) process.stdout.write(`hookwire reads this shell line as ${shell.commands.length} command(s):\n${describeShell(shell).join('\n')}\n\n`);
    if (matches.length === 0) process.stdout.write(`no rule of ${source} matches: allowed\n`);
    else {
      process.stdout.write(`rules of ${source} that match:\n`);
      process.stdout.write(formatTable(['rule', 'decision', 'mode', 'matched', 'via'], matches.map((m) => [m.rule, m.decision, m.mode ?? 'enforce', m.matched, (m.via ?? []).join(' → ')])));
      process.stdout.write(`\ndecision: ${decision}\n`);
    }
  }
  return decision === 'deny' || decision === 'ask' ? 1 : 0;
}

/** A loaded rule hook as config again (one event), for a runtime of its own. */
function rawHook(hook: LoadedRuleHook): Record<string, unknown> {
  const { spec } = hook;
  return { id: spec.id, type: 'rule', ...(spec.matcher === undefined ? {} : { matcher: spec.matcher }), ...(spec.mode === undefined ? {} : { mode: spec.mode }), onError: 'block', ...spec.rule };
}

