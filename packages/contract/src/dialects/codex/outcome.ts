import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as Codex's hook answer, strictly: Codex marks an answer with any field it does
 * not know, a deny without a reason, an `ask` or a bare `allow` as failed and then ignores even a
 * valid deny. So only its own fields are written, every deny carries a reason, an ask becomes a
 * deny, and `hookSpecificOutput` always names its `hookEventName`.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Codex', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  const answer: Record<string, unknown> = {};
  const specific: Record<string, unknown> = { hookEventName: eventName };
  if (plan.stop !== undefined) {
    answer.continue = false;
    if (plan.stop.stopReason !== undefined) answer.stopReason = plan.stop.stopReason;
  }
  const reason = plan.reason ?? DEFAULT_BLOCK_REASON;
  if (plan.decision === 'deny') {
    if (event === 'tool:before') {
      specific.permissionDecision = 'deny';
      specific.permissionDecisionReason = reason;
    } else if (event === 'permission:request') {
      specific.decision = { behavior: 'deny', message: reason };
    } else {
      answer.decision = 'block';
      answer.reason = reason;
    }
  } else if (plan.decision === 'allow' && event === 'permission:request') {
    specific.decision = { behavior: 'allow' };
  } else if (plan.feedback !== undefined) {
    answer.decision = 'block';
    answer.reason = plan.feedback;
  }
  if (plan.messages.length > 0) answer.systemMessage = plan.messages.join('\n');
  if (plan.context.length > 0) specific.additionalContext = plan.context.join('\n\n');
  if (Object.keys(specific).length > 1) answer.hookSpecificOutput = specific;
  return withDowngrades({ exitCode: 0, stdout: jsonAnswer(answer) }, plan.downgrades);
}
