import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

/**
 * A folded outcome as Cline's hook answer, always exit 0: a deny (or `continue: false`) is
 * `{"cancel": true, "errorMessage": reason}`, which ends Cline's whole run: on PreToolUse the tool
 * does not run, but the model is not told and cannot try something else (docs/hosts.md says so;
 * it is Cline's only way to refuse). Context is `contextModification`.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Cline', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  const answer: Record<string, unknown> = {};
  const downgrades = [...plan.downgrades];
  if (plan.decision === 'deny' || plan.stop !== undefined) {
    answer.cancel = true;
    answer.errorMessage = plan.decision === 'deny' ? plan.reason ?? DEFAULT_BLOCK_REASON : plan.stop?.stopReason ?? DEFAULT_BLOCK_REASON;
  }
  if (plan.context.length > 0 && answer.cancel !== true) answer.contextModification = plan.context.join('\n\n');
  else if (plan.context.length > 0) downgrades.push(`${plan.context.length} additional context${plan.context.length === 1 ? ' was' : 's were'} dropped: the run was cancelled`);
  return withDowngrades({ exitCode: 0, stdout: jsonAnswer(answer) }, downgrades);
}
