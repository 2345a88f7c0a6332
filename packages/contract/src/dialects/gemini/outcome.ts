import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as Gemini CLI's hook answer: always exit 0; a deny (or ask) is a top-level
 * `decision` with its `reason`; context is `hookSpecificOutput.additionalContext`; a downgraded
 * deny on AfterTool is a `decision: "deny"`, which shows the model the reason instead of the
 * output. hookwire never rewrites tool input, so `hookSpecificOutput.tool_input` is never written.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Gemini CLI', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  const answer: Record<string, unknown> = {};
  if (plan.stop !== undefined) {
    answer.continue = false;
    if (plan.stop.stopReason !== undefined) answer.stopReason = plan.stop.stopReason;
  }
  if (plan.decision !== undefined) {
    answer.decision = plan.decision;
    const reason = plan.reason ?? (plan.decision === 'allow' ? undefined : DEFAULT_BLOCK_REASON);
    if (reason !== undefined) answer.reason = reason;
  } else if (plan.feedback !== undefined) {
    answer.decision = 'deny';
    answer.reason = plan.feedback;
  }
  if (plan.messages.length > 0) answer.systemMessage = plan.messages.join('\n');
  if (plan.context.length > 0) answer.hookSpecificOutput = { hookEventName: eventName, additionalContext: plan.context.join('\n\n') };
  return withDowngrades({ exitCode: 0, stdout: jsonAnswer(answer) }, plan.downgrades);
}
