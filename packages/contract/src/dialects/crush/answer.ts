import type { Decision } from '@hookwire/fold';
import { describeValue, isRecord } from '../../describe-value.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readOracleObject } from '../../oracle.js';
import { firstLine, parseJson } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';
import { createFieldReader } from '../field-reader.js';

/** Crush's exit code that halts the whole turn (`hooks.HaltExitCode`). */
export const HALT_EXIT_CODE = 49;

const DECISIONS: Readonly<Record<string, Decision>> = { allow: 'allow', deny: 'deny' };

/** `context`: a string, or an array of strings (empty entries dropped). */
function readContext(value: unknown, warnings: string[]): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.filter((item) => item !== '');
  warnings.push(`context must be a string or an array of strings, received ${describeValue(value)}; ignored`);
  return [];
}

/** Crush's envelope `{version, decision, halt, reason, context, updated_input}`, or Claude Code's `hookSpecificOutput` (which Crush reads instead when present). */
function readCrushJson(answer: Record<string, unknown>): HandlerResult {
  const reader = createFieldReader();
  const result: HandlerResult = { warnings: reader.warnings };
  const specific = answer.hookSpecificOutput;
  if (specific !== undefined) {
    if (!isRecord(specific)) {
      reader.warnings.push(`hookSpecificOutput must be an object, received ${describeValue(specific)}; ignored`);
      return result;
    }
    const decision = reader.choice(specific, 'permissionDecision', DECISIONS, 'hookSpecificOutput.permissionDecision');
    if (decision !== undefined) result.decision = decision;
    const reason = reader.string(specific, 'permissionDecisionReason', 'hookSpecificOutput.permissionDecisionReason');
    if (reason !== undefined) result.reason = reason;
    const context = reader.string(specific, 'additionalContext', 'hookSpecificOutput.additionalContext');
    if (context !== undefined && context !== '') result.additionalContext = [context];
    const rewrite = reader.rewrite(specific, 'updatedInput', 'hookSpecificOutput.updatedInput');
    if (rewrite !== undefined) result.updatedInput = rewrite;
    return result;
  }
  if (answer.decision !== null) {
    const decision = reader.choice(answer, 'decision', DECISIONS);
    if (decision !== undefined) result.decision = decision;
  }
  const reason = reader.string(answer, 'reason');
  const halt = reader.boolean(answer, 'halt');
  if (halt === true) {
    result.continue = false;
    if (reason !== undefined) result.stopReason = reason;
  }
  if (reason !== undefined && (result.decision === 'deny' || halt === true)) result.reason = reason;
  const context = readContext(answer.context, reader.warnings);
  if (context.length > 0) result.additionalContext = context;
  const rewrite = reader.rewrite(answer, 'updated_input');
  if (rewrite !== undefined) result.updatedInput = rewrite;
  return result;
}

/**
 * A crush hook's answer as Crush reads it: exit 2 denies with stderr as the reason (stdout
 * ignored); exit 49 halts the turn (the tool call is blocked, then the turn ends) with stderr as
 * the reason; another non-zero exit is a non-blocking error; exit 0 stdout is Crush's JSON envelope
 * (or Claude Code's `hookSpecificOutput`), and anything else on it is no opinion. Never throws.
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  const end = input?.end;
  const stdout = typeof input?.stdout === 'string' ? input.stdout.trim() : '';
  const stderr = typeof input?.stderr === 'string' ? input.stderr.trim() : '';
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) {
    return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  }
  if (end.code === 2) return { decision: 'deny', reason: stderr || 'blocked by hook (exit code 2, no stderr output)', warnings: [] };
  if (end.code === HALT_EXIT_CODE) {
    const reason = stderr || 'halted by hook (exit code 49, no stderr output)';
    return { decision: 'deny', reason, continue: false, stopReason: reason, warnings: [] };
  }
  if (end.code !== 0) {
    const detail = firstLine(stderr);
    return { warnings: [`exited with code ${end.code}${detail ? `: ${detail}` : ''}; non-blocking, the action proceeds`] };
  }
  if (!stdout.startsWith('{')) return { warnings: stdout === '' ? [] : ['stdout is not a JSON object: Crush reads it as no opinion'] };
  if (input.stdoutTruncated === true) {
    return { warnings: [], failure: { class: 'parse', message: 'stdout starts with "{" but was cut at the output cap; its decision cannot be read' } };
  }
  const answer = parseJson(stdout);
  if (!isRecord(answer)) return { warnings: ['stdout starts with "{" but is not valid JSON: Crush reads it as no opinion'] };
  if (input.acceptOracleForm === true && Object.hasOwn(answer, 'ok')) return readOracleObject(answer, String(input.eventName));
  return readCrushJson(answer);
}
