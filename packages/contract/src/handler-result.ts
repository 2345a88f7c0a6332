import { nowMs } from './now-ms.js';
import type { CanonicalEvent } from './events.js';
import type { DialectName } from './dialects/index.js';
import type { HandlerResult } from './handler-answer.js';

export { FAILURE_CLASSES } from './handler-answer.js';
export type { Failure, FailureClass, HandlerResult, ProcessEnd } from './handler-answer.js';

/** The handler kinds of ARCHITECTURE §5. */
export type HandlerKind = 'shell' | 'webhook' | 'oracle' | 'proxy' | 'rule';

/**
 * What every executor returns: one shape whether the handler succeeded or not. Nothing is thrown
 * across the executor boundary.
 */
export interface ExecResult {
  kind: HandlerKind;
  /** The handler's result, read through the response contract; `failure` set on infrastructure failures. */
  result: HandlerResult;
  /** Fractional milliseconds, rounded to the microsecond (`elapsedMs`). */
  durationMs: number;
  /** Command and proxy handlers: the exit code when the process exited. */
  exitCode?: number;
  /** Command and proxy handlers: the signal that ended the process. */
  signal?: string;
  /** Webhook and oracle handlers: the HTTP status when a response arrived. */
  status?: number;
  timedOut: boolean;
  canceled: boolean;
  spawnFailed: boolean;
  outputTruncated: boolean;
}

export type { DialectName };

/** One handler run as the runtime asks an executor for it. */
export interface ExecRequest {
  canonical: CanonicalEvent;
  /** The hook's dialect. */
  dialect: DialectName;
  /** The triggering event's name in the hook's dialect (`PreToolUse`, `tool:before`). */
  eventName: string;
  /** The payload rendered in the hook's dialect: compact JSON, with the trailing `\n` of that dialect (claude, native) or none (gemini, codex, copilot). */
  input: string;
  /** The working directory handler processes run in. */
  cwd: string;
  /**
   * The project's root, fixed when hookwire started and never read from a payload: claude-dialect
   * command hooks get it as `CLAUDE_PROJECT_DIR` when the environment does not already set it.
   * Default: the executor process's working directory.
   */
  projectDir?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The base environment of handler processes; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** The folder of the config file that named the hook (`HOOKWIRE_CONFIG_DIR`). */
  configDir?: string;
}

/** Executors are factories returning plain objects of this shape (ARCHITECTURE §5, STYLE). */
export interface Executor<Hook> {
  readonly kind: HandlerKind;
  run(hook: Hook, request: ExecRequest): Promise<ExecResult>;
  /** Releases pooled resources (connections); the executor must not be used afterwards. */
  close(): Promise<void>;
}

/** The flags of an executor result that default to false. */
export type ExecFlags = Partial<Pick<ExecResult, 'timedOut' | 'canceled' | 'spawnFailed' | 'outputTruncated' | 'exitCode' | 'signal' | 'status'>>;

/** Builds an executor result with every flag present (false unless given): one shape for every executor. */
export function execResult<Kind extends HandlerKind>(kind: Kind, result: HandlerResult, durationMs: number, flags: ExecFlags = {}): ExecResult & { kind: Kind } {
  return { kind, result, durationMs, timedOut: false, canceled: false, spawnFailed: false, outputTruncated: false, ...flags };
}

/** A duration as hookwire reports it: fractional milliseconds rounded to the microsecond, never negative. */
export function roundMs(ms: number): number {
  return Math.max(0, Math.round(ms * 1000) / 1000);
}

/** The milliseconds since `startedAt` (a {@link nowMs} reading), rounded by {@link roundMs}. */
export function elapsedMs(startedAt: number): number {
  return roundMs(nowMs() - startedAt);
}
