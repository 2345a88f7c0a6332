import type { Decision } from '@hookwire/fold';
import { isRecord } from '../../describe-value.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readOracleObject } from '../../oracle.js';
import { readAnswerFields, toHandlerResult } from '../../response-fields.js';
import { DEFAULT_EXIT2_REASON, firstLine, parseJson } from '../claude/answer.js';
import { EVENTS as CLAUDE_EVENTS } from '../claude/events.js';
import type { AnswerInput } from '../dialect.js';
import { createFieldReader } from '../field-reader.js';

const PERMISSION: Readonly<Record<string, Decision>> = { allow: 'allow', deny: 'deny', ask: 'ask' };

/** The keys of Cursor's own answer form (snake_case, and the camelCase of Cursor 1.7). */
const CURSOR_KEYS = ['permission', 'user_message', 'agent_message', 'userMessage', 'agentMessage', 'updated_input', 'additional_context', 'followup_message', 'continue'];

function readCursorJson(answer: Record<string, unknown>, input: AnswerInput): HandlerResult {
  const reader = createFieldReader();
  const result: HandlerResult = { warnings: reader.warnings };
  const permission = reader.choice(answer, 'permission', PERMISSION);
  const agentMessage = reader.string(answer, 'agent_message') ?? reader.string(answer, 'agentMessage');
  const userMessage = reader.string(answer, 'user_message') ?? reader.string(answer, 'userMessage');
  if (permission !== undefined) result.decision = permission;
  const followup = reader.string(answer, 'followup_message');
  const stopping = input.event === 'turn:stop' || input.event === 'subagent:end';
  if (followup !== undefined && stopping) {
    // A follow-up message makes the agent go on: hookwire's block of a stop.
    result.decision = 'deny';
    result.reason = followup;
  } else if (followup !== undefined) {
    reader.warnings.push(`followup_message is read on stop and subagentStop only; ignored on ${input.eventName}`);
  }
  const proceed = reader.boolean(answer, 'continue');
  if (proceed === false && input.event === 'prompt:submit') {
    result.decision = 'deny';
    result.reason = userMessage ?? agentMessage ?? DEFAULT_EXIT2_REASON;
  } else if (proceed !== undefined) result.continue = proceed;
  if (result.reason === undefined && (result.decision === 'deny' || result.decision === 'ask')) {
    const reason = agentMessage ?? userMessage;
    if (reason !== undefined) result.reason = reason;
  }
  if (userMessage !== undefined) result.systemMessage = [userMessage];
  const context = reader.string(answer, 'additional_context');
  if (context !== undefined) result.additionalContext = [context];
  const rewrite = reader.rewrite(answer, 'updated_input');
  if (rewrite !== undefined) result.updatedInput = rewrite;
  return result;
}

/**
 * A cursor hook's answer as Cursor reads it: exit 0 stdout is JSON in Cursor's form
 * (`permission`, `agent_message` to the agent, `user_message` to the user, `followup_message` on
 * stop events, `continue: false` on beforeSubmitPrompt), or Claude Code's nested form, which
 * Cursor accepts too; exit 2 is a deny with stderr as its reason; another exit fails open (a
 * hook's `failClosed` becomes `onError: "block"` when its config is read).
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  const end = input?.end;
  if (end?.type === 'failed') return { warnings: [], failure: { ...end.failure } };
  if (end?.type !== 'exit' || !Number.isInteger(end.code)) {
    return { warnings: [], failure: { class: 'spawn', message: 'the handler reported no exit code' } };
  }
  const stderr = typeof input.stderr === 'string' ? input.stderr : '';
  if (end.code === 2) return { decision: 'deny', reason: stderr.trim() || DEFAULT_EXIT2_REASON, warnings: [] };
  if (end.code !== 0) {
    const detail = firstLine(stderr);
    return { warnings: [`exited with code ${end.code}${detail ? `: ${detail}` : ''}; non-blocking, the action proceeds`] };
  }
  const text = typeof input.stdout === 'string' ? input.stdout.trim() : '';
  if (!text.startsWith('{')) return text === '' ? { warnings: [] } : { warnings: ['stdout is not JSON; Cursor ignores it, and so does hookwire'] };
  if (input.stdoutTruncated === true) {
    return { warnings: [], failure: { class: 'parse', message: 'stdout starts with "{" but was cut at the output cap; its decision cannot be read' } };
  }
  const answer = parseJson(text);
  if (!isRecord(answer)) return { warnings: ['stdout starts with "{" but is not valid JSON; ignored'] };
  if (input.acceptOracleForm === true && Object.hasOwn(answer, 'ok')) return readOracleObject(answer, String(input.eventName));
  if (!CURSOR_KEYS.some((key) => Object.hasOwn(answer, key)) && input.event !== undefined) {
    return toHandlerResult(readAnswerFields(answer, CLAUDE_EVENTS[input.event]));
  }
  return readCursorJson(answer, input);
}
