import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../events.js';
import type { Capabilities } from './capabilities.js';
import type { BridgeResponse, RenderOutcomeOptions } from './dialect.js';
import { continueWithContext, DEFAULT_BLOCK_REASON, jsonAnswer, planOutcome, withDowngrades } from './plan-outcome.js';

/** An in-process host whose hookwire extension (pi's, OpenClaw's plugin) applies the bridge's `{block, reason, context, message}`. */
export interface ExtensionHost {
  /** The host, as a user knows it (for downgrade sentences). */
  host: string;
  events: Readonly<Partial<Record<CanonicalEvent, string>>>;
  capabilities: Readonly<Partial<Record<CanonicalEvent, Capabilities>>>;
  /** Whether a Stop's context keeps the turn going (a host whose extension can block the stop). */
  stopContinues: boolean;
}

/**
 * A folded outcome as a hookwire extension applies it, always exit 0: `{block: true, reason}`,
 * `context` (for the model), `message` (for the user); a downgraded deny after a tool is context too.
 */
export function renderExtensionOutcome(host: ExtensionHost, event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = host.events[event] ?? event;
  const folded = host.stopContinues ? continueWithContext(event, outcome) : outcome;
  const plan = planOutcome({ host: host.host, event, eventName, capabilities: host.capabilities[event], passAllow: options.passAllow }, folded);
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
