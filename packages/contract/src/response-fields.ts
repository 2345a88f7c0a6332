import type { Decision } from '@hookwire/fold';
import { describeValue, isRecord } from './describe-value.js';
import type { HandlerResult } from './handler-result.js';
import { exceedsDepth, MAX_NESTING_DEPTH } from './nesting-depth.js';

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

const LEGACY_DECISIONS: Record<string, Decision> = { approve: 'allow', block: 'deny' };
const PERMISSION_DECISIONS: Record<string, Decision> = { allow: 'allow', deny: 'deny', ask: 'ask' };

/**
 * Reads the recognised fields of a hook's JSON answer (ARCHITECTURE §6). A field of the wrong type
 * is dropped with a warning; a `hookSpecificOutput` for another event, or naming none, is dropped
 * whole with a warning; `permissionDecision` overrides the top-level `decision`.
 */
export function readAnswerFields(answer: Record<string, unknown>, eventName: string): AnswerFields {
  const warnings: string[] = [];
  const fields: AnswerFields = { additionalContext: [], systemMessage: [], warnings };

  const string = (where: Record<string, unknown>, key: string, label = key): string | undefined => {
    const value = where[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    warnings.push(`${label} must be a string, received ${describeValue(value)}; ignored`);
    return undefined;
  };
  const choice = (where: Record<string, unknown>, key: string, table: Record<string, Decision>, label = key) => {
    const value = where[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string' && Object.hasOwn(table, value)) return table[value];
    const expected = Object.keys(table).map((name) => `"${name}"`).join(' or ');
    warnings.push(`${label} must be ${expected}, received ${describeValue(value)}; ignored`);
    return undefined;
  };

  const legacy = choice(answer, 'decision', LEGACY_DECISIONS);
  const reason = string(answer, 'reason');
  if (answer.continue !== undefined) {
    if (typeof answer.continue === 'boolean') fields.continue = answer.continue;
    else warnings.push(`continue must be a boolean, received ${describeValue(answer.continue)}; ignored`);
  }
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
      const updated = specific.updatedInput;
      if (updated !== undefined) {
        if (isRecord(updated) && exceedsDepth(updated)) {
          warnings.push(`hookSpecificOutput.updatedInput is nested deeper than ${MAX_NESTING_DEPTH} levels; dropped`);
        } else if (isRecord(updated)) {
          fields.updatedInput = updated;
          warnings.push('hookSpecificOutput.updatedInput is recorded but not applied');
        } else {
          warnings.push(`hookSpecificOutput.updatedInput must be an object, received ${describeValue(updated)}; ignored`);
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
