import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { capabilitiesFor } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as Cursor's answer (snake_case): `permission` with `agent_message` (to the
 * agent) and `user_message` on tool events, `continue: false` on beforeSubmitPrompt, a
 * `followup_message` to block a stop, `additional_context` on postToolUse and sessionStart.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = options.eventName ?? EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Cursor', event, eventName, capabilities: capabilitiesFor(event, options.eventName), passAllow: options.passAllow }, outcome);
  const answer: Record<string, unknown> = {};
  const reason = plan.reason ?? DEFAULT_BLOCK_REASON;
  const messages = [...plan.messages];
  if (plan.decision !== undefined) {
    if (event === 'tool:before') {
      answer.permission = plan.decision;
      if (plan.decision !== 'allow') {
        answer.agent_message = reason;
        messages.unshift(reason);
      }
    } else if (event === 'prompt:submit' && plan.decision !== 'allow') {
      answer.continue = false;
      messages.unshift(reason);
    } else if (plan.decision !== 'allow') {
      answer.followup_message = reason;
    }
  }
  if (messages.length > 0) answer.user_message = messages.join('\n');
  const contexts = plan.feedback === undefined ? plan.context : [plan.feedback, ...plan.context];
  if (contexts.length > 0) answer.additional_context = contexts.join('\n\n');
  return withDowngrades({ exitCode: 0, stdout: jsonAnswer(answer) }, plan.downgrades);
}
