import type { Decision } from '@hookwire/fold';
import type { HandlerResult } from './handler-answer.js';
import { describeValue, isRecord } from './describe-value.js';
import { readAnswerFields, toHandlerResult } from './response-fields.js';

/** The reason of an `ok: false` answer that gave none. */
export const DEFAULT_ORACLE_DENY_REASON = 'denied by evaluation';

const FENCE = /^```[^\n`]*\n([\s\S]*?)\n?```$/;
const RANK: Record<Decision, number> = { allow: 1, ask: 2, deny: 3 };

/** Removes one surrounding Markdown code fence (```` ```json ... ``` ````), if there is one. */
export function stripFence(text: string): string {
  const trimmed = text.trim();
  const match = FENCE.exec(trimmed);
  return match ? (match[1] ?? '').trim() : trimmed;
}

function parseFailure(message: string): HandlerResult {
  return { warnings: [], failure: { class: 'parse', message } };
}

/** Reads an already parsed oracle object (`{"ok": boolean, ...}`); the stricter decision wins. */
export function readOracleObject(answer: Record<string, unknown>, eventName: string): HandlerResult {
  if (typeof answer.ok !== 'boolean') {
    return parseFailure(
      answer.ok === undefined
        ? 'oracle answer has no "ok" field (expected {"ok": boolean, "reason": string})'
        : `oracle answer's "ok" must be a boolean, received ${describeValue(answer.ok)}`,
    );
  }
  const fields = readAnswerFields(answer, eventName);
  const verdict: Decision = answer.ok ? 'allow' : 'deny';
  const given = fields.decision;
  if (given === undefined || RANK[verdict] > RANK[given]) {
    fields.decision = verdict;
    if (verdict === 'deny') fields.reason = typeof answer.reason === 'string' ? answer.reason : undefined;
  }
  // An empty reason is no reason: a denial always says why.
  if (verdict === 'deny' && !fields.reason) fields.reason = DEFAULT_ORACLE_DENY_REASON;
  return toHandlerResult(fields);
}

/**
 * Reads an LLM judge's answer (`choices[0].message.content`): one surrounding code fence is
 * stripped, then it must be a JSON object with a boolean `ok`. `ok: false` denies (reason default
 * `denied by evaluation`), `ok: true` allows, the other fields of the response contract apply, and
 * the stricter decision wins. Anything unusable is a `parse` failure.
 */
export function parseOracleAnswer(content: unknown, eventName: string): HandlerResult {
  if (typeof content !== 'string') return parseFailure(`oracle answer must be a string, received ${describeValue(content)}`);
  const text = stripFence(content);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return parseFailure(`oracle answer is not JSON: ${describeValue(text.slice(0, 200))}`);
  }
  if (!isRecord(answer)) return parseFailure(`oracle answer must be a JSON object, received ${describeValue(answer)}`);
  return readOracleObject(answer, typeof eventName === 'string' ? eventName : '');
}
