import type { Decision } from '@hookwire/fold';
import { isRecord } from '../../describe-value.js';
import { CANONICAL_EVENTS, type CanonicalEvent } from '../../events.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readOracleObject } from '../../oracle.js';
import { readAnswerFields, toHandlerResult } from '../../response-fields.js';
import type { AnswerInput } from '../dialect.js';

/** The reason of an exit-2 denial whose stderr was empty. */
export const DEFAULT_EXIT2_REASON = 'blocked by hook (exit code 2, no stderr output)';

export interface ClaudeAnswerRules {
  /** The events on which plain (non-JSON) stdout of a successful hook is context. */
  plainContext: (event: CanonicalEvent) => boolean;
  /** A warning added to an exit-2 denial without stderr (Codex: the host itself would ignore it). */
  exit2WithoutStderr?: string;
  /** The top-level `decision` values the host takes (default Claude Code's `approve` and `block`). */
  decisions?: Readonly<Record<string, Decision>>;
}

const CLAUDE_RULES: ClaudeAnswerRules = { plainContext: (event) => CANONICAL_EVENTS[event].contextFromStdout };

export function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/**
 * The response contract (ARCHITECTURE §6) as Claude Code means it: exit 2 is a deny with stderr
 * as its reason; another non-zero exit is non-blocking; exit 0 stdout is a JSON answer, or plain
 * text that is context on the events that take it. Never throws.
 */
export function readClaudeAnswer(input: AnswerInput, rules: ClaudeAnswerRules = CLAUDE_RULES): HandlerResult {
  const end = input?.end;
  const stdout = typeof input?.stdout === 'string' ? input.stdout : '';
  const stderr = typeof input?.stderr === 'string' ? input.stderr : '';
  const eventName = typeof input?.eventName === 'string' ? input.eventName : '';
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) {
    return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  }
  if (end.code === 2) {
    const reason = stderr.trim();
    if (reason === '' && rules.exit2WithoutStderr !== undefined) return { decision: 'deny', reason: DEFAULT_EXIT2_REASON, warnings: [rules.exit2WithoutStderr] };
    return { decision: 'deny', reason: reason || DEFAULT_EXIT2_REASON, warnings: [] };
  }
  if (end.code !== 0) {
    const detail = firstLine(stderr);
    return { warnings: [`exited with code ${end.code}${detail ? `: ${detail}` : ''}; non-blocking, the action proceeds`] };
  }
  return readClaudeStdout(stdout, eventName, input.event, input.stdoutTruncated === true, input.acceptOracleForm === true, rules);
}

/** Reads the stdout of a successful handler (also a webhook's 2xx body) as Claude Code does. */
export function readClaudeStdout(
  stdout: string,
  eventName: string,
  event: CanonicalEvent | undefined,
  truncated: boolean,
  acceptOracleForm: boolean,
  rules: ClaudeAnswerRules = CLAUDE_RULES,
): HandlerResult {
  const text = typeof stdout === 'string' ? stdout.trimStart() : '';
  const name = typeof eventName === 'string' ? eventName : '';
  if (text.startsWith('{')) {
    if (truncated) {
      return { warnings: [], failure: { class: 'parse', message: 'stdout starts with "{" but was cut at the output cap; its decision cannot be read' } };
    }
    const answer = parseJson(text);
    if (isRecord(answer)) {
      if (acceptOracleForm && Object.hasOwn(answer, 'ok')) return readOracleObject(answer, name);
      return toHandlerResult(readAnswerFields(answer, name, rules.decisions));
    }
    return plainText(text, event, ['stdout starts with "{" but is not valid JSON; read as plain text'], truncated, rules);
  }
  return plainText(text, event, [], truncated, rules);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function plainText(text: string, event: CanonicalEvent | undefined, warnings: string[], truncated: boolean, rules: ClaudeAnswerRules): HandlerResult {
  const trimmed = text.trimEnd();
  if (trimmed === '' || event === undefined || !Object.hasOwn(CANONICAL_EVENTS, event) || !rules.plainContext(event)) return { warnings };
  if (truncated) warnings.push('stdout was cut at the output cap; the context is incomplete');
  return { additionalContext: [trimmed], warnings };
}
