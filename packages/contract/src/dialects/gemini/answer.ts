import type { Decision } from '@hookwire/fold';
import { describeValue, isRecord } from '../../describe-value.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readOracleObject } from '../../oracle.js';
import { firstLine, parseJson } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';
import { createFieldReader } from '../field-reader.js';

const DECISIONS: Readonly<Record<string, Decision>> = { allow: 'allow', approve: 'allow', deny: 'deny', block: 'deny', ask: 'ask' };

/** Gemini CLI's JSON answer: top-level `decision` and `reason`, `hookSpecificOutput.additionalContext` and `.tool_input`. */
function readGeminiJson(answer: Record<string, unknown>): HandlerResult {
  const reader = createFieldReader();
  const result: HandlerResult = { warnings: reader.warnings };
  const decision = reader.choice(answer, 'decision', DECISIONS);
  if (decision !== undefined) result.decision = decision;
  const reason = reader.string(answer, 'reason');
  if (reason !== undefined) result.reason = reason;
  const proceed = reader.boolean(answer, 'continue');
  if (proceed !== undefined) result.continue = proceed;
  const stopReason = reader.string(answer, 'stopReason');
  if (stopReason !== undefined) result.stopReason = stopReason;
  const message = reader.string(answer, 'systemMessage');
  if (message !== undefined) result.systemMessage = [message];
  const specific = answer.hookSpecificOutput;
  if (specific !== undefined && !isRecord(specific)) {
    reader.warnings.push(`hookSpecificOutput must be an object, received ${describeValue(specific)}; ignored`);
  } else if (specific !== undefined) {
    const context = reader.string(specific, 'additionalContext', 'hookSpecificOutput.additionalContext');
    if (context !== undefined) result.additionalContext = [context];
    const rewrite = reader.rewrite(specific, 'tool_input', 'hookSpecificOutput.tool_input');
    if (rewrite !== undefined) result.updatedInput = rewrite;
    if (specific.permissionDecision !== undefined) {
      reader.warnings.push('hookSpecificOutput.permissionDecision is Claude Code\'s field; Gemini CLI ignores it, and so does hookwire for a gemini hook (write a top-level "decision")');
    }
  }
  return result;
}

/**
 * A hook's answer as Gemini CLI reads it: JSON on stdout wins whatever the exit code (stderr is
 * tried when stdout is empty); without JSON, exit 0 text is a message to the user, exit 1 is a
 * non-blocking error, and an exit of 2 or more with text (stdout, else stderr) is a deny with that
 * text as its reason; without text it blocks nothing. Never throws.
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  const end = input?.end;
  const stdout = typeof input?.stdout === 'string' ? input.stdout.trim() : '';
  const stderr = typeof input?.stderr === 'string' ? input.stderr.trim() : '';
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) {
    return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  }
  const text = stdout !== '' ? stdout : stderr;
  if (text.startsWith('{')) {
    if (stdout !== '' && input.stdoutTruncated === true) {
      return { warnings: [], failure: { class: 'parse', message: 'stdout starts with "{" but was cut at the output cap; its decision cannot be read' } };
    }
    const answer = parseJson(text);
    if (isRecord(answer)) {
      if (input.acceptOracleForm === true && Object.hasOwn(answer, 'ok')) return readOracleObject(answer, String(input.eventName));
      return readGeminiJson(answer);
    }
  }
  if (end.code === 0) return text === '' ? { warnings: [] } : { systemMessage: [text], warnings: [] };
  if (end.code === 1) {
    const detail = firstLine(stderr);
    return { warnings: [`exited with code 1${detail ? `: ${detail}` : ''}; non-blocking, the action proceeds`] };
  }
  if (text === '') return { warnings: [`exited with code ${end.code} without any output; Gemini CLI blocks nothing then, the action proceeds`] };
  return { decision: 'deny', reason: text, warnings: [] };
}
