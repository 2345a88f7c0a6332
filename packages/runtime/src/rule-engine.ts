import { homedir } from 'node:os';
import type { ExecRequest, ExecResult, HandlerResult, HookSpec } from '@hookwire/contract';
import { buildAction, type Action, type ActionInput } from '@hookwire/action';
// The lazy entry: CEL loads only when a condition must compile (withConditions below); most events
// are decided by the rules' guards alone, and a one-shot bridge then never loads CEL's registry.
import {
  ConditionsNotLoaded, compilePack, evaluate, loadConditions, loadPack,
  type CompilePackResult, type Diagnostic, type Match, type Pack, type RuleError,
} from '@hookwire/rules/lazy';

/** What a rule hook's run adds to its run record: every rule that matched (observe ones too) and what it matched. */
export interface RuleMatchRecord {
  rule: string;
  decision: Match['decision'];
  /** `observe` for a rule in observe mode: reported, never folded. */
  mode?: 'observe';
  severity: Match['severity'];
  category: string;
  /** What the rule saw: the command after unwrapping (`rm -rf ~`), the file, the URL. */
  matched: string;
  /** How the command was reached (`bash -c`, `sudo`, `find -exec`), outermost first. */
  via?: string[];
}

/** A rule hook's result: the handler result the fold sees, and the matches for the run record. */
export type RuleExecResult = ExecResult & { rules?: RuleMatchRecord[] };

// This module is a lazy chunk of the bundled bin; it takes nothing at run time from @hookwire/contract
// (which the CLI chunk holds), so the bundler keeps contract in one chunk instead of splitting it
// into shared ones every run would load. These three lines are contract's isRecord, execResult and elapsedMs.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const ruleResult = (result: HandlerResult, started: number): RuleExecResult => ({
  kind: 'rule',
  result,
  durationMs: Math.max(0, Math.round((performance.now() - started) * 1000) / 1000),
  timedOut: false,
  canceled: false,
  spawnFailed: false,
  outputTruncated: false,
});

/** The host variables that name the project root, which the model cannot move by `cd` (SECURITY.md); the runtime's `projectDir` comes first. */
const PROJECT_VARS = ['CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'QWEN_PROJECT_DIR', 'CURSOR_PROJECT_DIR'];

const DECISION_ORDER = { deny: 3, ask: 2, allow: 1, context: 0 } as const;

/** The pack a rule hook names (built-in, a file or a package), or its one inline rule as a pack of one. */
export function packOf(spec: HookSpec): Pack | string {
  const fields = spec.rule ?? {};
  if (fields.pack !== undefined) return fields.pack;
  return {
    name: spec.id,
    version: 'inline',
    levels: ['inline'],
    rules: [
      {
        id: spec.id,
        category: 'custom',
        severity: 'high',
        mode: 'enforce',
        level: 'inline',
        event: spec.event,
        ...(fields.for === undefined ? {} : { for: fields.for }),
        when: fields.when ?? 'false',
        decision: fields.decision ?? 'deny',
        reason: fields.reason ?? '',
      },
    ],
  };
}

/** Loads and compiles a rule hook's pack with its tuning; problems are diagnostics (`check` shows them), never a throw. */
export async function compileRuleHook(spec: HookSpec, configDir: string): Promise<CompilePackResult & { loadError?: string }> {
  const fields = spec.rule ?? {};
  let pack: Pack;
  try {
    pack = await loadPack(packOf(spec), { from: configDir });
  } catch (error) {
    const message = (error as Error).message;
    const empty: Pack = { name: String(fields.pack), version: '0', levels: ['none'], rules: [] };
    return { ...(await withConditions(() => compilePack(empty, {}))), loadError: message, diagnostics: [{ message, path: 'pack' }] };
  }
  const tuning = {
    ...(fields.level === undefined ? {} : { level: fields.level }),
    ...(fields.rules === undefined ? {} : { rules: fields.rules }),
    ...(fields.paths === undefined ? {} : { paths: fields.paths }),
    ...(fields.protectedBranches === undefined ? {} : { protectedBranches: fields.protectedBranches }),
  };
  return withConditions(() => compilePack(pack, tuning));
}

/** Runs `work` (pure); if it had to compile a condition while CEL is not loaded, loads CEL and runs it again. */
async function withConditions<T>(work: () => T): Promise<T> {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof ConditionsNotLoaded)) throw error;
  }
  await loadConditions();
  return work();
}

/** Where a diagnostic of a rule hook's pack points in the config: `/hooks/N/when` for an inline condition, `/hooks/N/rules` for tuning. */
export function diagnosticPointer(spec: HookSpec, diagnostic: Diagnostic): string {
  if (spec.rule?.when !== undefined && /\.when$/.test(diagnostic.path)) return `${spec.pointer}/when`;
  const key = /^options\.(\w+)/.exec(diagnostic.path)?.[1];
  if (key !== undefined) return `${spec.pointer}/${key === 'pack' ? 'pack' : key}`;
  return `${spec.pointer}/pack`;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function projectDirOf(env: Record<string, string | undefined>): string {
  for (const name of PROJECT_VARS) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return process.cwd();
}

/** The action model of a payload rendered for a Claude Code hook: what the rules read. */
export function actionOf(payload: unknown, request: ExecRequest, pathClasses: Record<string, string[]>): { action: Action; home: string } {
  const body = isRecord(payload) ? payload : {};
  const env = request.env ?? process.env;
  const home = env.HOME !== undefined && env.HOME !== '' ? env.HOME : homedir();
  const input: ActionInput = {
    cwd: typeof body.cwd === 'string' && body.cwd !== '' ? body.cwd : request.cwd,
    projectDir: request.projectDir ?? projectDirOf(env),
    ...(typeof body.tool_name === 'string' ? { toolName: body.tool_name } : {}),
    ...(body.tool_input === undefined ? {} : { toolInput: body.tool_input }),
    ...(typeof body.prompt === 'string' ? { prompt: body.prompt } : {}),
    ...(body.tool_response === undefined ? {} : { output: text(body.tool_response) ?? '' }),
    ...(typeof body.session_id === 'string' ? { sessionId: body.session_id } : {}),
  };
  return { action: buildAction(input, { home, pathClasses }), home };
}

function describeError(error: RuleError): string {
  return `rule ${error.ruleId} could not be evaluated${error.evidence === undefined ? '' : ` on ${JSON.stringify(error.evidence.text)}`}: ${error.message}`;
}

/** Folds a pack's matches into one handler result: the strongest enforced decision with its rules' reasons, contexts for `context` rules. */
export function resultOf(matches: readonly Match[], errors: readonly RuleError[]): HandlerResult {
  const voting = matches.filter((match) => match.vote);
  const result: HandlerResult = { warnings: [] };
  const decisive = voting.filter((match) => match.decision !== 'context');
  if (decisive.length > 0) {
    const top = decisive.reduce((best, match) => (DECISION_ORDER[match.decision] > DECISION_ORDER[best.decision] ? match : best));
    const same = decisive.filter((match) => match.decision === top.decision);
    // The first rule of the pack that decided speaks (packs list the most specific first); the others are named.
    const first = same[0]!;
    const via = first.evidence.via !== undefined && first.evidence.via.length > 0 ? ` via ${first.evidence.via.join(' → ')}` : '';
    const others = [...new Set(same.slice(1).map((match) => match.ruleId))].filter((id) => id !== first.ruleId);
    result.decision = top.decision as Exclude<Match['decision'], 'context'>;
    result.reason = `${first.reason} [hookwire rule ${first.ruleId}, matched: ${first.evidence.text}${via}${others.length > 0 ? `; also: ${others.join(', ')}` : ''}]`;
  }
  const contexts = voting.filter((match) => match.decision === 'context').map((match) => `[${match.ruleId}] ${match.reason}`);
  if (contexts.length > 0) result.additionalContext = contexts;
  // A rule that could not be evaluated is an infrastructure failure of the hook, which its onError governs (block: a deny).
  // An enforced deny decided anyway stands; otherwise the failure is the answer.
  if (errors.length > 0 && result.decision !== 'deny') result.failure = { class: 'parse', message: errors.map(describeError).join('; ') };
  return result;
}

function recordsOf(matches: readonly Match[]): RuleMatchRecord[] {
  return matches.map((match) => ({
    rule: match.ruleId,
    decision: match.decision,
    ...(match.vote ? {} : { mode: 'observe' as const }),
    severity: match.severity,
    category: match.category,
    matched: match.evidence.text,
    ...(match.evidence.via !== undefined && match.evidence.via.length > 0 ? { via: match.evidence.via } : {}),
  }));
}

/**
 * Runs rule hooks in-process: no process, no network. Each hook's pack is loaded and compiled once
 * per runtime. This module (with the rule engine, CEL and the shell parser) is loaded by the
 * executor table on the first rule hook, so a config without one never loads it.
 */
export interface RuleEngine {
  run(spec: HookSpec, configDir: string, request: ExecRequest, payload: () => unknown): Promise<RuleExecResult>;
}

export function createRuleEngine(): RuleEngine {
  const compiled = new WeakMap<HookSpec, Promise<CompilePackResult & { loadError?: string }>>();
  return {
    async run(spec, configDir, request, payload) {
      const started = performance.now();
      let pack = compiled.get(spec);
      if (pack === undefined) {
        pack = compileRuleHook(spec, configDir);
        compiled.set(spec, pack);
      }
      const { pack: compiledPack, actionOptions, loadError } = await pack;
      if (loadError !== undefined) {
        return ruleResult({ warnings: [], failure: { class: 'unconfigured', message: loadError } }, started);
      }
      const { action, home } = actionOf(payload(), request, actionOptions.pathClasses);
      const { matches, errors } = await withConditions(() => evaluate(compiledPack, action, { event: request.canonical, home }));
      const exec = ruleResult(resultOf(matches, errors), started);
      if (matches.length > 0) exec.rules = recordsOf(matches);
      return exec;
    },
  };
}

/** A config's rule hooks as loaded (each once, however many events it runs on), for `hookwire rules`. */
export interface LoadedRuleHook {
  spec: HookSpec;
  configDir: string;
  file?: string;
  events: string[];
}
