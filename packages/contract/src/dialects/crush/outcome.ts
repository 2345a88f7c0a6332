import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as Crush's envelope, always exit 0: a deny is `decision: "deny"` with its
 * `reason` (the model sees `Tool call blocked by hook. Reason: …`); `continue: false` is
 * `halt: true` (the turn ends; the reason is the stop reason, else the deny's); context is
 * `context`, appended to the tool's result; an allow is written only under `--pass-allow` (it skips
 * Crush's permission prompt).
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Crush', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  const answer: Record<string, unknown> = {};
  if (plan.decision === 'deny') {
    answer.decision = 'deny';
    answer.reason = plan.reason ?? DEFAULT_BLOCK_REASON;
  } else if (plan.decision === 'allow') {
    answer.decision = 'allow';
  }
  if (plan.stop !== undefined) {
    answer.halt = true;
    const reason = plan.stop.stopReason ?? plan.reason;
    if (reason !== undefined) answer.reason = reason;
  }
  if (plan.context.length > 0) answer.context = plan.context;
  return withDowngrades({ exitCode: 0, stdout: jsonAnswer(answer) }, plan.downgrades);
}
