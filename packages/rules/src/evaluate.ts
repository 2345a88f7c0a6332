import type { Action } from '@hookwire/action';
import type { CompiledPack, CompiledRule, EvaluateOptions, EvaluateResult, Evidence, Match, RuleError } from './types.js';
import { ActionView, type CommandView, type FileView, type UrlView } from './views.js';

/**
 * Runs every rule of the pack that applies to the event and tool, and returns all matches in pack
 * order (observe matches marked `vote: false`) and every rule that failed, as data: a rule that
 * throws, or did not compile, is reported in `errors`, never read as "allowed".
 */
export function evaluate(pack: CompiledPack, action: Action, options: EvaluateOptions): EvaluateResult {
  const home = options.home ?? (action as { home?: string }).home ?? process.env.HOME ?? '';
  const view = new ActionView(action, home, pack.settings.paths);
  const bindings: Record<string, unknown> = {
    action: view, tool: view.tool, input: view.input, shell: view.shell, files: view.files, urls: view.urls,
    prompt: view.prompt, output: view.output, cwd: view.cwd, project: view.project,
    event: options.event, home,
    protectedBranches: pack.settings.protectedBranches, paths: pack.settings.pathsView,
  };
  const matches: Match[] = [];
  const errors: RuleError[] = [];
  for (const broken of pack.broken) {
    if (appliesTo(broken.events, broken.rule.tools, options.event, view.tool)) {
      errors.push({ ...describeFailure(broken.rule), message: `rule did not compile: ${broken.diagnostics.map((d) => d.message).join('; ')}` });
    }
  }
  let lower: string | undefined;
  for (const compiled of pack.rules) {
    if (!appliesTo(compiled.events, compiled.rule.tools, options.event, view.tool)) continue;
    if (compiled.line !== undefined) {
      const text = compiled.line.lower ? (lower ??= view.shell.line.toLowerCase()) : view.shell.line;
      if (!compiled.line.pattern.test(text)) continue;
    }
    const anyPrograms = compiled.anyPrograms;
    if (anyPrograms !== undefined && !view.shell.commands.some((c) => anyPrograms.has(c.program))) continue;
    const admitsAny = compiled.admitsAny;
    if (admitsAny !== undefined && !view.shell.commands.some(admitsAny)) continue;
    if (compiled.admitsAction !== undefined && !compiled.admitsAction(view)) continue;
    runRule(compiled, view, bindings, matches, errors);
  }
  return { matches, errors };
}

function runRule(compiled: CompiledRule, view: ActionView, bindings: Record<string, unknown>, matches: Match[], errors: RuleError[]): void {
  const seen = new Set<string>();
  let failed = false;
  const visit = (name: string | undefined, element: unknown, evidence: () => Evidence): void => {
    if (failed) return;
    const problems = compiled.ensure();
    if (problems !== undefined) {
      failed = true;
      errors.push({ ...describeFailure(compiled.rule), message: `rule did not compile: ${problems.map((d) => d.message).join('; ')}` });
      return;
    }
    if (name !== undefined) bindings[name] = element;
    let result: unknown;
    try {
      result = compiled.test(bindings);
    } catch (error) {
      errors.push({ ...describeFailure(compiled.rule), message: (error as { summary?: string }).summary ?? String(error), evidence: evidence() });
      return;
    }
    if (result !== true) return;
    const found = evidence();
    const key = `${found.kind}\0${found.text}\0${(found.via ?? []).join('\0')}`;
    if (seen.has(key)) return;
    seen.add(key);
    matches.push(createMatch(compiled, found));
  };
  switch (compiled.rule.for) {
    case 'command':
      for (const c of view.shell.commands) {
        if ((compiled.programs === undefined || compiled.programs.has(c.program)) && (compiled.admits === undefined || compiled.admits(c))) visit('c', c, () => describeCommand(c));
      }
      break;
    case 'file':
      for (const f of view.files) {
        if (compiled.admitsFile === undefined || compiled.admitsFile(f)) visit('f', f, () => describeFile(f));
      }
      break;
    case 'url':
      for (const u of view.urls) visit('u', u, () => ({ kind: 'url', text: u.url, url: u.url }));
      break;
    default:
      visit(undefined, undefined, () => describeAction(view));
  }
}

function appliesTo(events: readonly string[], tools: readonly string[] | undefined, event: string, tool: string): boolean {
  if (!events.includes(event) && !events.includes('*')) return false;
  return tools === undefined || tools.includes(tool);
}

function createMatch(compiled: CompiledRule, evidence: Evidence): Match {
  const { rule } = compiled;
  return {
    ruleId: rule.id, decision: rule.decision, mode: rule.mode, vote: rule.mode === 'enforce',
    reason: rule.reason, evidence, severity: rule.severity, category: rule.category,
  };
}

function describeFailure(rule: CompiledRule['rule']): Omit<RuleError, 'message'> {
  return { ruleId: rule.id, severity: rule.severity, mode: rule.mode, decision: rule.decision };
}

function describeCommand(c: CommandView): Evidence {
  return c.via.length > 0 ? { kind: 'command', text: c.text, via: c.via } : { kind: 'command', text: c.text };
}

function describeFile(f: FileView): Evidence {
  return { kind: 'file', text: f.path, path: f.path, op: f.op };
}

function describeAction(view: ActionView): Evidence {
  const text = view.shell.line || view.files[0]?.path || view.prompt.slice(0, 200) || view.output.slice(0, 200) || view.tool;
  return view.shell.unparsed ? { kind: 'action', text, note: view.shell.unparsedReason } : { kind: 'action', text };
}
