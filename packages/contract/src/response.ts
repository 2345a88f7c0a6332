import { isRecord } from './describe-value.js';
import { CANONICAL_EVENTS } from './events.js';
import { resolveEvent } from './dialects/index.js';
import type { HandlerResult, ProcessEnd } from './handler-result.js';
import { readOracleObject } from './oracle.js';
import { readAnswerFields, toHandlerResult } from './response-fields.js';

/** The reason of an exit-2 denial whose stderr was empty. */
export const DEFAULT_EXIT2_REASON = 'blocked by hook (exit code 2, no stderr output)';

export interface ResponseInput {
  /** How the process ended: an exit code, or an infrastructure failure (killed, could not start). */
  end: ProcessEnd;
  stdout: string;
  stderr: string;
  /** The triggering event's name in the hook's dialect. */
  eventName: string;
  /** stdout was cut at the output cap. */
  stdoutTruncated?: boolean;
  /** An exit-0 JSON object with an `ok` field is read as an oracle answer (proxy handlers). */
  acceptOracleForm?: boolean;
}

function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/**
 * The response contract (ARCHITECTURE §6): turns how a command or proxy handler ended, and what it
 * wrote, into its handler result. Never throws.
 */
export function interpretResponse(input: ResponseInput): HandlerResult {
  const end = input?.end;
  const stdout = typeof input?.stdout === 'string' ? input.stdout : '';
  const stderr = typeof input?.stderr === 'string' ? input.stderr : '';
  const eventName = typeof input?.eventName === 'string' ? input.eventName : '';
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) {
    return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  }
  if (end.code === 2) return { decision: 'deny', reason: stderr.trim() || DEFAULT_EXIT2_REASON, warnings: [] };
  if (end.code !== 0) {
    const detail = firstLine(stderr);
    return { warnings: [`exited with code ${end.code}${detail ? `: ${detail}` : ''}; non-blocking, the action proceeds`] };
  }
  return readStdout(stdout, eventName, input.stdoutTruncated === true, input.acceptOracleForm === true);
}

/** Reads the stdout of a successful handler (also a webhook's 2xx body). */
export function readStdout(stdout: string, eventName: string, truncated = false, acceptOracleForm = false): HandlerResult {
  const text = typeof stdout === 'string' ? stdout.trimStart() : '';
  const name = typeof eventName === 'string' ? eventName : '';
  if (text.startsWith('{')) {
    if (truncated) {
      return { warnings: [], failure: { class: 'parse', message: 'stdout starts with "{" but was cut at the output cap; its decision cannot be read' } };
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (isRecord(answer)) {
      if (acceptOracleForm && Object.hasOwn(answer, 'ok')) return readOracleObject(answer, name);
      return toHandlerResult(readAnswerFields(answer, name));
    }
    return plainText(text, name, ['stdout starts with "{" but is not valid JSON; read as plain text'], truncated);
  }
  return plainText(text, name, [], truncated);
}

function plainText(text: string, eventName: string, warnings: string[], truncated: boolean): HandlerResult {
  const trimmed = text.trimEnd();
  const event = resolveEvent(eventName);
  if (trimmed === '' || event === undefined || !CANONICAL_EVENTS[event.canonical].contextFromStdout) return { warnings };
  if (truncated) warnings.push('stdout was cut at the output cap; the context is incomplete');
  return { additionalContext: [trimmed], warnings };
}
