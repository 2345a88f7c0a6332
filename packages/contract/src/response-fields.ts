import type { Decision } from '@hookwire/fold';
import { describeValue, isRecord } from './describe-value.js';
import type { HandlerResult } from './handler-answer.js';
import { createFieldReader } from './dialects/field-reader.js';

/** The decision fields read from one JSON answer, before an exit code or an oracle verdict is applied. */
export interface AnswerFields {
  decision?: Decision;
  reason?: string;
  continue?: boolean;
  stopReason?: string;
  additionalContext: string[];
  systemMessage: string[];
  updatedInput?: Record<string, unknown>;
  warnings: string[];
}

/** Claude Code's top-level `decision` values; a host may take more (Qwen Code: also `allow`, `deny`, `ask`). */
export const LEGACY_DECISIONS: Readonly<Record<string, Decision>> = { approve: 'allow', block: 'deny' };
const PERMISSION_DECISIONS: Record<string, Decision> = { allow: 'allow', deny: 'deny', ask: 'ask' };
const BEHAVIORS: Record<string, Decision> = { allow: 'allow', deny: 'deny' };

/**
 * Reads the recognised fields of a hook's JSON answer (ARCHITECTURE §6). A field of the wrong type
 * is dropped with a warning; a `hookSpecificOutput` for another event, or naming none, is dropped
 * whole with a warning; `permissionDecision` overrides the top-level `decision`.
 */
export function readAnswerFields(answer: Record<string, unknown>, eventName: string, decisions: Readonly<Record<string, Decision>> = LEGACY_DECISIONS): AnswerFields {
  const reader = createFieldReader();
  const { warnings } = reader;
  const fields: AnswerFields = { additionalContext: [], systemMessage: [], warnings };
  const string = reader.string;
  const choice = reader.choice;

  const legacy = choice(answer, 'decision', decisions);
  const reason = string(answer, 'reason');
  const proceed = reader.boolean(answer, 'continue');
  if (proceed !== undefined) fields.continue = proceed;
  const stopReason = string(answer, 'stopReason');
  if (stopReason !== undefined) fields.stopReason = stopReason;
  const systemMessage = string(answer, 'systemMessage');
  if (systemMessage !== undefined) fields.systemMessage.push(systemMessage);
  const topContext = string(answer, 'additionalContext');
  if (topContext !== undefined) fields.additionalContext.push(topContext);

  let permission: Decision | undefined;
  let permissionReason: string | undefined;
  const specific = answer.hookSpecificOutput;
  if (specific !== undefined) {
    if (!isRecord(specific)) {
      warnings.push(`hookSpecificOutput must be an object, received ${describeValue(specific)}; ignored`);
    } else if (specific.hookEventName !== eventName) {
      warnings.push(
        specific.hookEventName === undefined
          ? `hookSpecificOutput names no hookEventName (expected "${eventName}"); ignored whole`
          : `hookSpecificOutput.hookEventName must be "${eventName}", received ${describeValue(specific.hookEventName)}; ignored whole`,
      );
    } else {
      permission = choice(specific, 'permissionDecision', PERMISSION_DECISIONS, 'hookSpecificOutput.permissionDecision');
      permissionReason = string(specific, 'permissionDecisionReason', 'hookSpecificOutput.permissionDecisionReason');
      const context = string(specific, 'additionalContext', 'hookSpecificOutput.additionalContext');
      if (context !== undefined) fields.additionalContext.push(context);
      const updated = reader.rewrite(specific, 'updatedInput', 'hookSpecificOutput.updatedInput');
      if (updated !== undefined) fields.updatedInput = updated;
      // PermissionRequest answers with `decision: { behavior, message }`.
      const request = eventName === 'PermissionRequest' ? specific.decision : undefined;
      if (request !== undefined) {
        if (!isRecord(request)) {
          warnings.push(`hookSpecificOutput.decision must be an object { behavior, message? }, received ${describeValue(request)}; ignored`);
        } else {
          permission ??= choice(request, 'behavior', BEHAVIORS, 'hookSpecificOutput.decision.behavior');
          permissionReason ??= string(request, 'message', 'hookSpecificOutput.decision.message');
        }
      }
    }
  }

  const decision = permission ?? legacy;
  if (decision !== undefined) fields.decision = decision;
  const chosenReason = permission !== undefined ? (permissionReason ?? reason) : reason;
  if (chosenReason !== undefined) fields.reason = chosenReason;
  return fields;
}

/** Builds a handler result from answer fields, leaving out what is empty. */
export function toHandlerResult(fields: AnswerFields): HandlerResult {
  const result = {} as HandlerResult;
  if (fields.decision !== undefined) result.decision = fields.decision;
  if (fields.reason !== undefined) result.reason = fields.reason;
  if (fields.continue !== undefined) result.continue = fields.continue;
  if (fields.stopReason !== undefined) result.stopReason = fields.stopReason;
  if (fields.additionalContext.length > 0) result.additionalContext = fields.additionalContext;
  if (fields.systemMessage.length > 0) result.systemMessage = fields.systemMessage;
  if (fields.updatedInput !== undefined) result.updatedInput = fields.updatedInput;
  result.warnings = fields.warnings;
  return result;
}
