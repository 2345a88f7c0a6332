import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import { renderOutcome as renderClaudeOutcome } from '../claude/outcome.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { continueWithContext, DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from '../plan-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS, isPascalName } from './events.js';

/**
 * A folded outcome as Copilot CLI's answer. Under a PascalCase event name Copilot reads Claude
 * Code's form, so that is written. Otherwise the flat camelCase form: `permissionDecision` on
 * preToolUse, `behavior` on permissionRequest, `decision: "block"` on the prompt and stop events,
 * `additionalContext` (where a downgraded deny after a tool goes too, as the model's feedback).
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  // Copilot continues a turn through a block (its Claude form's Stop context is not known to): context on Stop is sent as one.
  if (isPascalName(options.eventName)) return renderClaudeOutcome(event, continueWithContext(event, outcome), options);
  const eventName = EVENTS[event] ?? event;
  const plan = planOutcome({ host: 'Copilot CLI', event, eventName, capabilities: CAPABILITIES[event], passAllow: options.passAllow }, outcome);
  const answer: Record<string, unknown> = {};
  if (plan.decision !== undefined) {
    const reason = plan.reason ?? (plan.decision === 'deny' ? DEFAULT_BLOCK_REASON : undefined);
    if (event === 'tool:before') {
      answer.permissionDecision = plan.decision;
      if (reason !== undefined) answer.permissionDecisionReason = reason;
    } else if (event === 'permission:request') {
      answer.behavior = plan.decision === 'allow' ? 'allow' : 'deny';
      if (reason !== undefined && plan.decision !== 'allow') answer.message = reason;
    } else if (plan.decision !== 'allow') {
      answer.decision = 'block';
      answer.reason = reason ?? DEFAULT_BLOCK_REASON;
    }
  }
  const contexts = plan.feedback === undefined ? plan.context : [plan.feedback, ...plan.context];
  if (contexts.length > 0) answer.additionalContext = contexts.join('\n\n');
  return withDowngrades({ exitCode: 0, stdout: jsonAnswer(answer) }, plan.downgrades);
}
