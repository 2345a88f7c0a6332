import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as Letta Code reads it: a deny is exit 2 with the reason on stderr (Letta
 * feeds it back as `[hook]: <reason>`); UserPromptSubmit context is plain stdout on exit 0; nothing
 * else can be said (each recorded as a downgrade).
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Letta Code', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  if (plan.decision === 'deny') return withDowngrades({ exitCode: 2, stdout: '', stderr: `${plan.reason ?? DEFAULT_BLOCK_REASON}\n` }, plan.downgrades);
  return withDowngrades({ exitCode: 0, stdout: plan.context.length > 0 ? `${plan.context.join('\n\n')}\n` : '' }, plan.downgrades);
}
