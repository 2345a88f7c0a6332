import { eventNameIn, execResult, roundMs, type CanonicalEvent, type DialectName, type ExecRequest, type ExecResult, type HandlerKind, type HandlerResult, type HookMode, type HookSpec, type HookwireConfig } from '@hookwire/contract';
import type { FoldInput } from '@hookwire/fold';
import { applyOnError, onErrorOf } from './apply-on-error.js';
import { describeFailureNotice } from './failure-notice.js';
import type { LoadedHook } from './loaded-hook.js';
import type { ExecutorTable } from './executor-table.js';
import type { Logger } from './logger.js';
import { proxyEnvironment, runProxyFunction, type ProxyFunction } from './agent-proxy.js';
import { redactSecrets, secretsOf } from './redact-secrets.js';
import type { RunRecord } from './run-record.js';
import type { RuleExecResult } from './rule-engine.js';
import { resolveTimeoutMs } from './timeouts.js';
import { hookEndChannel, hookStartChannel, type HookStartMessage } from './lifecycle-channels.js';

/** What every hook run of one dispatch shares. */
export interface DispatchContext {
  canonical: CanonicalEvent;
  config: HookwireConfig;
  /** Renders the payload in a dialect, once per dialect per dispatch. */
  render(dialect: DialectName): string;
  cwd: string;
  /** What every run of the dispatch reports (a working directory that was replaced, a payload cut). */
  warnings: readonly string[];
  /**
   * Set when the payload could not be shown whole (nested deeper than MAX_PAYLOAD_DEPTH): hooks
   * whose onError is `block` do not run and fail with class `payload` (so they deny); the others
   * run on the cut payload, with a warning.
   */
  payloadCut: string | undefined;
  /** The project's root, fixed when the runtime was created (`CLAUDE_PROJECT_DIR`); never from the payload. */
  projectDir: string;
  /** Whether the user is to be told that this hook failed under onError `warn` (not told before in this session and event kind). */
  noticeFailure(hookId: string): boolean;
  signal: AbortSignal | undefined;
  /** Milliseconds since the epoch after which no hook may run on; hooks are cut like timeouts. */
  deadline: number | undefined;
  env: Record<string, string | undefined> | undefined;
  executors: ExecutorTable;
  proxy: ProxyFunction | undefined;
  logger: Logger;
  /** Every hook observes (a dry run of the whole config): the runtime's `observe` option. */
  observeAll: boolean;
  /** Answers a hook without running it (replay's recorded answers); undefined: the hook runs. */
  standIn: ((hookId: string) => HandlerResult | undefined) | undefined;
  /** Present when someone subscribes to the hook channels: what their messages share. */
  trace: { runtime: object; dispatchId: number; subject: string | undefined } | undefined;
}

/** A hook's mode: the runtime's observe-everything switch, else its own, else the config's, else enforce. */
export function modeOf(spec: HookSpec, config: HookwireConfig, observeAll: boolean): HookMode {
  return observeAll ? 'observe' : (spec.mode ?? config.mode ?? 'enforce');
}

const KIND: Record<HookSpec['type'], HandlerKind> = {
  command: 'shell',
  http: 'webhook',
  prompt: 'oracle',
  agent: 'proxy',
  subagent: 'proxy',
  rule: 'rule',
};

function failed(kind: HandlerKind, cls: 'unconfigured' | 'timeout' | 'payload', message: string): ExecResult {
  return execResult(kind, { warnings: [], failure: { class: cls, message } }, 0, { timedOut: cls === 'timeout' });
}

async function execute(hook: LoadedHook, request: ExecRequest, ctx: DispatchContext): Promise<ExecResult> {
  const { spec } = hook;
  switch (spec.type) {
    case 'command':
      return (await ctx.executors.shell()).run({ command: spec.command ?? '' }, request);
    case 'http':
      return (await ctx.executors.http()).run(
        { url: spec.url ?? '', headers: spec.headers ?? {}, allowedEnvVars: spec.allowedEnvVars ?? [] },
        request,
      );
    case 'prompt':
      return (await ctx.executors.oracle()).run(
        { prompt: spec.prompt ?? '', ...(spec.model === undefined ? {} : { model: spec.model }), ...(ctx.config.llm === undefined ? {} : { llm: ctx.config.llm }) },
        request,
      );
    case 'agent':
    case 'subagent': {
      if (ctx.proxy) return runProxyFunction(ctx.proxy, spec, request);
      const command = ctx.config.proxy?.command;
      if (command === undefined) {
        return failed('proxy', 'unconfigured', 'proxy not configured: add "proxy": {"command": "..."} to the config or pass a proxy function');
      }
      const result = await (await ctx.executors.shell()).run({ command, env: proxyEnvironment(spec), acceptOracleForm: true }, request);
      return { ...result, kind: 'proxy' };
    }
    case 'rule':
      // Rules read the action model of the payload as Claude Code names things, whatever the hook's dialect.
      return (await ctx.executors.rules()).run(spec, hook.configDir, request, () => JSON.parse(ctx.render('claude')) as unknown);
  }
}

/** Runs one selected hook and returns its run record and what it contributes to the fold. */
export async function runHook(hook: LoadedHook, ctx: DispatchContext): Promise<{ record: RunRecord; vote: FoldInput }> {
  const { spec } = hook;
  const kind = KIND[spec.type];
  const mode = modeOf(spec, ctx.config, ctx.observeAll);
  let traced: HookStartMessage | undefined;
  if (ctx.trace !== undefined && (hookStartChannel.hasSubscribers || hookEndChannel.hasSubscribers)) {
    traced = { runtime: ctx.trace.runtime, dispatchId: ctx.trace.dispatchId, canonical: ctx.canonical, hook: spec.id, kind, mode };
    if (ctx.trace.subject !== undefined) traced.subject = ctx.trace.subject;
    if (hookStartChannel.hasSubscribers) hookStartChannel.publish(traced);
  }
  let timeoutMs = resolveTimeoutMs(spec, ctx.config);
  let exec: ExecResult;
  const left = ctx.deadline === undefined ? Infinity : ctx.deadline - Date.now();
  const standIn = ctx.standIn?.(spec.id);
  if (standIn !== undefined) {
    exec = execResult(kind, standIn, 0);
  } else if (ctx.payloadCut !== undefined && onErrorOf(spec, ctx.config) === 'block') {
    exec = failed(kind, 'payload', ctx.payloadCut);
  } else if (left <= 0) {
    exec = failed(kind, 'timeout', 'the dispatch budget ran out before this hook started');
  } else {
    timeoutMs = Math.min(timeoutMs, Math.ceil(left));
    const request: ExecRequest = {
      canonical: ctx.canonical,
      dialect: spec.dialect,
      eventName: eventNameIn(spec.dialect, ctx.canonical),
      input: ctx.render(spec.dialect),
      cwd: ctx.cwd,
      projectDir: ctx.projectDir,
      timeoutMs,
      configDir: hook.configDir,
      ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      ...(ctx.env === undefined ? {} : { env: ctx.env }),
    };
    exec = await execute(hook, request, ctx);
  }
  const secrets = secretsOf(spec, ctx.config, ctx.env ?? process.env);
  const result = redactSecrets(exec.result, secrets);
  if (ctx.warnings.length > 0) result.warnings = [...ctx.warnings, ...result.warnings];
  const applied = applyOnError(spec, result, ctx.config, ctx.signal?.aborted === true);
  const { outcome, onError } = applied;
  // A failure under "warn" contributes no decision, but the user is told, through the host's message field.
  const vote = onError === 'warn' && outcome.failure !== undefined && mode !== 'observe' && ctx.noticeFailure(spec.id) ? { systemMessage: [describeFailureNotice(spec.id, outcome.failure)] } : applied.vote;
  const record: RunRecord = { hook: spec.id, kind, outcome, durationMs: roundMs(exec.durationMs) };
  if (exec.exitCode !== undefined) record.exitCode = exec.exitCode;
  if (exec.status !== undefined) record.status = exec.status;
  if (onError !== undefined) record.onError = onError;
  if (mode === 'observe') record.mode = 'observe';
  const rules = (exec as RuleExecResult).rules;
  if (rules !== undefined) record.rules = rules;
  if (onError === 'warn' && outcome.failure) {
    ctx.logger.warn(`hook ${spec.id} failed (${outcome.failure.class}): ${outcome.failure.message}`, { hook: spec.id, event: ctx.canonical, failure: outcome.failure });
  } else if (outcome.warnings.length > 0 && onError !== 'ignore') {
    ctx.logger.warn(`hook ${spec.id}: ${outcome.warnings.join('; ')}`, { hook: spec.id, event: ctx.canonical });
  }
  if (traced !== undefined && hookEndChannel.hasSubscribers) {
    hookEndChannel.publish({
      ...traced,
      record,
      decision: outcome.decision ?? 'none',
      ...(outcome.failure === undefined ? {} : { failureClass: outcome.failure.class }),
      durationMs: record.durationMs,
    });
  }
  // An observed hook's answer is recorded, never folded.
  return { record, vote: mode === 'observe' ? {} : vote };
}
