import { isRecord } from '../../describe-value.js';
import type { HandlerResult } from '../../handler-answer.js';
import { DEFAULT_EXIT2_REASON, firstLine, parseJson } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';
import { createFieldReader } from '../field-reader.js';

/**
 * A letta hook's answer as Letta Code reads it: exit 2 blocks, stderr the reason; exit 1 (and any
 * other) is a non-blocking error; on exit 0 only UserPromptSubmit's stdout (context) and PreToolUse's
 * `hookSpecificOutput.updatedInput` (recorded) are read — a JSON `permissionDecision` is not. Never throws.
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  const end = input?.end;
  const stdout = typeof input?.stdout === 'string' ? input.stdout.trim() : '';
  const stderr = typeof input?.stderr === 'string' ? input.stderr.trim() : '';
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  if (end.code === 2) return { decision: 'deny', reason: stderr || DEFAULT_EXIT2_REASON, warnings: [] };
  if (end.code !== 0) {
    const detail = firstLine(stderr);
    return { warnings: [`exited with code ${end.code}${detail ? `: ${detail}` : ''}; non-blocking, the action proceeds`] };
  }
  if (stdout === '') return { warnings: [] };
  if (input.event === 'prompt:submit') return { additionalContext: [stdout], warnings: [] };
  const answer = stdout.startsWith('{') ? parseJson(stdout) : undefined;
  if (input.event === 'tool:before' && isRecord(answer) && isRecord(answer.hookSpecificOutput)) {
    const reader = createFieldReader();
    const rewrite = reader.rewrite(answer.hookSpecificOutput, 'updatedInput', 'hookSpecificOutput.updatedInput');
    const result: HandlerResult = { warnings: reader.warnings };
    if (rewrite !== undefined) result.updatedInput = rewrite;
    if (answer.hookSpecificOutput.permissionDecision !== undefined) result.warnings.push('hookSpecificOutput.permissionDecision is not read by Letta Code: exit 2 with the reason on stderr to block');
    return result;
  }
  return { warnings: ['stdout on exit 0 is read by Letta Code only on UserPromptSubmit; ignored'] };
}
