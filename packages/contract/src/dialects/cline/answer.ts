import { describeValue, isRecord } from '../../describe-value.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readOracleObject } from '../../oracle.js';
import { parseJson } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';
import { createFieldReader } from '../field-reader.js';

/** Cline's marker for the control line among a hook's other output. */
const CONTROL_PREFIX = 'HOOK_CONTROL\t';

/** The text Cline parses: the last `HOOK_CONTROL<TAB>` line when there is one, else the whole stdout. */
function controlText(stdout: string): string {
  const marked = stdout.split('\n').map((line) => line.trim()).filter((line) => line.startsWith(CONTROL_PREFIX));
  return marked.length > 0 ? marked[marked.length - 1]!.slice(CONTROL_PREFIX.length).trim() : stdout.trim();
}

/**
 * A cline hook's answer as Cline 3.0.65 reads it: the exit code means nothing; stdout (its last
 * `HOOK_CONTROL<TAB>` line, if any) is one JSON object `{cancel, contextModification | context,
 * errorMessage, overrideInput}`. `cancel: true` is a deny (Cline ends the run) with `errorMessage`
 * (else the context) as the reason; otherwise the context (else `errorMessage`) is context for the
 * model. Output that is not JSON is ignored, as Cline ignores it. Never throws.
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  const end = input?.end;
  const stdout = typeof input?.stdout === 'string' ? input.stdout : '';
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) {
    return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  }
  const warnings: string[] = end.code === 0 ? [] : [`exited with code ${end.code}: Cline reads a hook's answer whatever its exit code`];
  const text = controlText(stdout);
  if (text === '') return { warnings };
  if (input.stdoutTruncated === true) {
    return { warnings, failure: { class: 'parse', message: 'stdout was cut at the output cap; its answer cannot be read' } };
  }
  const answer = parseJson(text);
  if (!isRecord(answer)) return { warnings: [...warnings, 'stdout is not a JSON object: Cline ignores it'] };
  if (input.acceptOracleForm === true && Object.hasOwn(answer, 'ok')) return readOracleObject(answer, String(input.eventName));
  const reader = createFieldReader();
  reader.warnings.unshift(...warnings);
  const result: HandlerResult = { warnings: reader.warnings };
  const cancel = reader.boolean(answer, 'cancel');
  const context = reader.string(answer, 'context') ?? reader.string(answer, 'contextModification');
  const error = reader.string(answer, 'errorMessage');
  const message = error !== undefined && error.trim() !== '' ? error : undefined;
  if (cancel === true) {
    result.decision = 'deny';
    const reason = message ?? context;
    if (reason !== undefined) result.reason = reason;
  } else {
    const shown = context ?? message;
    if (shown !== undefined && shown !== '') result.additionalContext = [shown];
  }
  if (Object.hasOwn(answer, 'overrideInput')) {
    const rewrite = reader.rewrite(answer, 'overrideInput');
    if (rewrite !== undefined) result.updatedInput = rewrite;
  }
  if (Object.hasOwn(answer, 'shouldContinue')) reader.warnings.push(`shouldContinue is no longer read by Cline (received ${describeValue(answer.shouldContinue)}); write "cancel": true to stop`);
  return result;
}
