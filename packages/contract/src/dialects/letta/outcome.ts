import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as Letta Code reads it: a deny is exit 2 with the reason on stderr (Letta
 * feeds it back as `[<the hook's command>]: <reason>`); UserPromptSubmit context is plain stdout on
 * exit 0; PostToolUse / PostToolUseFailure context (and a downgraded deny's feedback) is
 * `hookSpecificOutput.additionalContext` on exit 0, which Letta appends to the tool's result;
 * nothing else can be said (each recorded as a downgrade).
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Letta Code', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  if (plan.decision === 'deny') return withDowngrades({ exitCode: 2, stdout: '', stderr: `${plan.reason ?? DEFAULT_BLOCK_REASON}\n` }, plan.downgrades);
  const context = [...(plan.feedback === undefined ? [] : [plan.feedback]), ...plan.context];
  if (context.length > 0 && event !== 'prompt:submit') {
    return withDowngrades({ exitCode: 0, stdout: jsonAnswer({ hookSpecificOutput: { hookEventName: eventName, additionalContext: context.join('\n\n') } }) }, plan.downgrades);
  }
  return withDowngrades({ exitCode: 0, stdout: context.length > 0 ? `${context.join('\n\n')}\n` : '' }, plan.downgrades);
}
