import { isRecord } from '../../describe-value.js';
import type { HandlerResult } from '../../handler-answer.js';
import { DEFAULT_EXIT2_REASON, firstLine, parseJson } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';
import { createFieldReader } from '../field-reader.js';

/** The events whose hooks Letta Code runs in parallel, reading an exit-0 JSON `additionalContext` (`executeHooksParallel`). */
const PARALLEL_EVENTS = new Set(['tool:after', 'tool:error']);

/**
 * A letta hook's answer as Letta Code reads it: exit 2 blocks, stderr the reason; exit 1 (and any
 * other) is a non-blocking error; on exit 0 only UserPromptSubmit's stdout (context), PreToolUse's
 * `hookSpecificOutput.updatedInput` (recorded) and PostToolUse's / PostToolUseFailure's
 * `hookSpecificOutput.additionalContext` or `additionalContext` (context) are read — a JSON
 * `permissionDecision` is not. Never throws.
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
  if (PARALLEL_EVENTS.has(String(input.event)) && isRecord(answer)) {
    const context = isRecord(answer.hookSpecificOutput) ? answer.hookSpecificOutput.additionalContext : undefined;
    const given = typeof context === 'string' && context !== '' ? context : answer.additionalContext;
    return typeof given === 'string' && given !== '' ? { additionalContext: [given], warnings: [] } : { warnings: [] };
  }
  if (input.event === 'tool:before' && isRecord(answer) && isRecord(answer.hookSpecificOutput)) {
    const reader = createFieldReader();
    const rewrite = reader.rewrite(answer.hookSpecificOutput, 'updatedInput', 'hookSpecificOutput.updatedInput');
    const result: HandlerResult = { warnings: reader.warnings };
    if (rewrite !== undefined) result.updatedInput = rewrite;
    if (answer.hookSpecificOutput.permissionDecision !== undefined) result.warnings.push('hookSpecificOutput.permissionDecision is not read by Letta Code: exit 2 with the reason on stderr to block');
    return result;
  }
  return { warnings: ['stdout on exit 0 is read by Letta Code only on UserPromptSubmit, PreToolUse (updatedInput), PostToolUse and PostToolUseFailure (additionalContext); ignored'] };
}
