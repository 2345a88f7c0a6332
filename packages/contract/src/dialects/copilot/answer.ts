import type { Decision } from '@hookwire/fold';
import { isRecord } from '../../describe-value.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readOracleObject } from '../../oracle.js';
import { parseJson, readClaudeAnswer } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';
import { createFieldReader } from '../field-reader.js';
import { isPascalName } from './events.js';

const PERMISSION: Readonly<Record<string, Decision>> = { allow: 'allow', deny: 'deny', ask: 'ask' };
const DECISION: Readonly<Record<string, Decision>> = { block: 'deny', allow: 'allow' };
const BEHAVIOR: Readonly<Record<string, Decision>> = { allow: 'allow', deny: 'deny' };

/** Copilot's rewrites of what the model sees: recorded as warnings, never applied (hookwire applies no rewrite). */
const UNAPPLIED = ['modifiedResult', 'modifiedPrompt', 'modifiedTransformedPrompt', 'modifiedResponse'];

/** Copilot CLI strips `{"type":"progress",...}` lines from stdout and reads the rest as one JSON object. */
function stripProgress(stdout: string): string {
  return stdout
    .split('\n')
    .filter((line) => {
      const value = line.trim().startsWith('{') ? parseJson(line.trim()) : undefined;
      return !(isRecord(value) && value.type === 'progress');
    })
    .join('\n')
    .trim();
}

/** Copilot's flat camelCase answer fields. */
function readCopilotJson(answer: Record<string, unknown>): HandlerResult {
  const reader = createFieldReader();
  const result: HandlerResult = { warnings: reader.warnings };
  const permission = reader.choice(answer, 'permissionDecision', PERMISSION);
  const decision = reader.choice(answer, 'decision', DECISION);
  const behavior = reader.choice(answer, 'behavior', BEHAVIOR);
  const chosen = permission ?? behavior ?? decision;
  if (chosen !== undefined) result.decision = chosen;
  const reason = permission !== undefined
    ? reader.string(answer, 'permissionDecisionReason')
    : behavior !== undefined
      ? reader.string(answer, 'message')
      : reader.string(answer, 'reason');
  if (reason !== undefined) result.reason = reason;
  const context = reader.string(answer, 'additionalContext');
  if (context !== undefined) result.additionalContext = [context];
  const rewrite = reader.rewrite(answer, 'modifiedArgs');
  if (rewrite !== undefined) result.updatedInput = rewrite;
  if (answer.interrupt === true && result.decision === 'deny') result.continue = false;
  for (const key of UNAPPLIED) if (answer[key] !== undefined) reader.warnings.push(`${key} is recorded but not applied`);
  if (answer.hookSpecificOutput !== undefined) {
    reader.warnings.push('hookSpecificOutput is Claude Code\'s form; Copilot CLI ignores it for a camelCase hook, and so does hookwire (register the hook under the PascalCase event name to use it)');
  }
  return result;
}

/**
 * A copilot hook's answer as Copilot CLI reads it. A hook registered under a PascalCase name is a
 * Claude Code hook and is read as one. Otherwise: exit 0 stdout (progress lines stripped) is one
 * flat JSON object, and anything else is ignored; exit 2 is a deny on preToolUse and
 * permissionRequest (its stdout still read; the reason is Copilot's own, stderr is never one), a
 * warning elsewhere; another non-zero exit fails closed on preToolUse (a deny) and open elsewhere.
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  if (isPascalName(input?.eventName)) return readClaudeAnswer(input);
  const end = input?.end;
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) {
    return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  }
  const gate = input.event === 'tool:before' || input.event === 'permission:request';
  const text = stripProgress(typeof input.stdout === 'string' ? input.stdout : '');
  const answer = text.startsWith('{') && input.stdoutTruncated !== true ? parseJson(text) : undefined;
  if (end.code === 0) {
    if (isRecord(answer)) {
      if (input.acceptOracleForm === true && Object.hasOwn(answer, 'ok')) return readOracleObject(answer, String(input.eventName));
      return readCopilotJson(answer);
    }
    if (text === '') return { warnings: [] };
    return { warnings: [input.stdoutTruncated === true ? 'stdout was cut at the output cap; ignored' : 'stdout is not one JSON object; Copilot CLI ignores it, and so does hookwire'] };
  }
  if (end.code === 2 && gate) {
    const read = isRecord(answer) ? readCopilotJson(answer) : { warnings: [] };
    return { ...read, decision: 'deny', reason: 'hook exited with code 2' };
  }
  if (end.code === 2) return { warnings: ['exited with code 2: a warning only on this event in Copilot CLI; the action proceeds'] };
  if (input.event === 'tool:before') {
    return { decision: 'deny', reason: `hook exited with code ${end.code} (hook errored)`, warnings: [`exited with code ${end.code}: Copilot CLI fails closed on preToolUse, so this is a deny`] };
  }
  return { warnings: [`exited with code ${end.code}; non-blocking, the action proceeds`] };
}
