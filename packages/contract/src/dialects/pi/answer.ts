import { isRecord } from '../../describe-value.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readOracleObject } from '../../oracle.js';
import { firstLine, parseJson } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';
import { createFieldReader } from '../field-reader.js';

/**
 * A pi-dialect hook's answer: what a pi handler returns, as one JSON object on stdout —
 * `{block: true, reason}` blocks, `context` is context for the model, `message` a notice for the
 * user; a non-zero exit is non-blocking (the hook's `onError` can make it block). Never throws.
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  const end = input?.end;
  const stdout = typeof input?.stdout === 'string' ? input.stdout.trim() : '';
  const stderr = typeof input?.stderr === 'string' ? input.stderr : '';
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  if (end.code !== 0) {
    const detail = firstLine(stderr);
    return { warnings: [`exited with code ${end.code}${detail ? `: ${detail}` : ''}; non-blocking, the action proceeds`] };
  }
  if (stdout === '') return { warnings: [] };
  if (input.stdoutTruncated === true) return { warnings: [], failure: { class: 'parse', message: 'stdout was cut at the output cap; its answer cannot be read' } };
  const answer = parseJson(stdout);
  if (!isRecord(answer)) return { warnings: ['stdout is not a JSON object: no answer'] };
  if (input.acceptOracleForm === true && Object.hasOwn(answer, 'ok')) return readOracleObject(answer, String(input.eventName));
  const reader = createFieldReader();
  const result: HandlerResult = { warnings: reader.warnings };
  if (reader.boolean(answer, 'block') === true) {
    result.decision = 'deny';
    const reason = reader.string(answer, 'reason');
    if (reason !== undefined) result.reason = reason;
  }
  const context = reader.string(answer, 'context');
  if (context !== undefined && context !== '') result.additionalContext = [context];
  const message = reader.string(answer, 'message');
  if (message !== undefined && message !== '') result.systemMessage = [message];
  return result;
}
