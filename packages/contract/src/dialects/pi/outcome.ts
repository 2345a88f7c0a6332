import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as hookwire's pi extension applies it, always exit 0: `{block: true, reason}`
 * (from `tool_call`: pi gives the model the reason as the tool's result; from `input`: the prompt
 * is refused and the user is shown the reason; at `agent_end`: the reason is sent as a new user
 * message, so the agent goes on, and Stop context becomes such a block too); `context` (appended
 * to a tool result, or injected by `before_agent_start` as a message); `message` (shown with
 * `ctx.ui.notify`, or on stderr headless). A downgraded deny after a tool is context too.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'pi', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  const answer: Record<string, unknown> = {};
  if (plan.decision === 'deny') {
    answer.block = true;
    answer.reason = plan.reason ?? DEFAULT_BLOCK_REASON;
  }
  const context = [...(plan.feedback === undefined ? [] : [plan.feedback]), ...plan.context];
  if (context.length > 0) answer.context = context.join('\n\n');
  if (plan.messages.length > 0) answer.message = plan.messages.join('\n');
  return withDowngrades({ exitCode: 0, stdout: jsonAnswer(answer) }, plan.downgrades);
}
