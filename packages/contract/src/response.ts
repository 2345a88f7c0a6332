import { DEFAULT_EXIT2_REASON } from './dialects/claude/answer.js';
import { isDialectName, readAnswerIn, resolveEvent, resolveEventIn, type DialectName } from './dialects/index.js';
import type { CanonicalEvent } from './events.js';
import type { HandlerResult, ProcessEnd } from './handler-answer.js';

export { DEFAULT_EXIT2_REASON };

export interface ResponseInput {
  /** How the process ended: an exit code, or an infrastructure failure (killed, could not start). */
  end: ProcessEnd;
  stdout: string;
  stderr: string;
  /** The triggering event's name in the hook's dialect. */
  eventName: string;
  /** The hook's dialect, whose host's meaning of exit codes and fields applies; default `claude`. */
  dialect?: DialectName;
  /** The canonical event; resolved from `eventName` when absent. */
  event?: CanonicalEvent;
  /** stdout was cut at the output cap. */
  stdoutTruncated?: boolean;
  /** An exit-0 JSON object with an `ok` field is read as an oracle answer (proxy handlers). */
  acceptOracleForm?: boolean;
}

function canonicalOf(dialect: DialectName, eventName: string, event: CanonicalEvent | undefined): CanonicalEvent | undefined {
  if (event !== undefined) return event;
  // The claude reading has always resolved a name in any dialect (canonical names included).
  return dialect === 'claude' ? resolveEvent(eventName)?.canonical : resolveEventIn(dialect, eventName);
}

/**
 * The response contract (ARCHITECTURE §6): turns how a command or proxy handler ended, and what it
 * wrote, into its handler result, as the hook's dialect means it (docs/hosts.md). Never throws.
 */
export function interpretResponse(input: ResponseInput): HandlerResult {
  const dialect = isDialectName(input?.dialect) ? input.dialect : 'claude';
  const eventName = typeof input?.eventName === 'string' ? input.eventName : '';
  const event = canonicalOf(dialect, eventName, input?.event);
  return readAnswerIn(dialect, { ...input, eventName, ...(event === undefined ? {} : { event }) });
}

/** Reads the stdout of a successful handler (also a webhook's 2xx body), as the hook's dialect means it. */
export function readStdout(stdout: string, eventName: string, truncated = false, acceptOracleForm = false, dialect: DialectName = 'claude'): HandlerResult {
  return interpretResponse({ end: { type: 'exit', code: 0 }, stdout, stderr: '', eventName, dialect, stdoutTruncated: truncated, acceptOracleForm });
}
