import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as Qwen Code's hook answer: always exit 0. A PreToolUse deny carries both
 * `permissionDecision: "deny"` and a top-level `decision: "deny"` with the reason, because Qwen Code
 * merges `permissionDecision` last-writer-wins across hooks and a later hook's `allow` would mask
 * it, while a top-level deny always wins; a PermissionRequest deny or grant is
 * `hookSpecificOutput.decision.behavior`; elsewhere a deny is `decision: "block"` (Stop:
 * the model is re-prompted with the reason). Context is `hookSpecificOutput.additionalContext`.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Qwen Code', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  const answer: Record<string, unknown> = {};
  const specific: Record<string, unknown> = { hookEventName: eventName };
  if (plan.stop !== undefined) {
    answer.continue = false;
    if (plan.stop.stopReason !== undefined) answer.stopReason = plan.stop.stopReason;
  }
  const reason = plan.reason ?? DEFAULT_BLOCK_REASON;
  if (event === 'tool:before' && (plan.decision === 'deny' || plan.decision === 'ask')) {
    if (plan.decision === 'deny') {
      answer.decision = 'deny';
      answer.reason = reason;
    }
    specific.permissionDecision = plan.decision;
    specific.permissionDecisionReason = reason;
  } else if (event === 'permission:request' && (plan.decision === 'deny' || plan.decision === 'allow')) {
    specific.decision = plan.decision === 'deny' ? { behavior: 'deny', message: reason } : { behavior: 'allow' };
  } else if (plan.decision === 'deny') {
    answer.decision = 'block';
    answer.reason = reason;
  }
  if (plan.messages.length > 0) answer.systemMessage = plan.messages.join('\n');
  if (plan.context.length > 0) specific.additionalContext = plan.context.join('\n\n');
  if (Object.keys(specific).length > 1) answer.hookSpecificOutput = specific;
  return withDowngrades({ exitCode: 0, stdout: jsonAnswer(answer) }, plan.downgrades);
}
