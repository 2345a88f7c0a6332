import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { renderExtensionOutcome } from '../extension-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

const PI = { host: 'pi', events: EVENTS, capabilities: CAPABILITIES, stopContinues: false };

/**
 * A folded outcome as hookwire's pi extension applies it, always exit 0: `{block: true, reason}`
 * (from `tool_call`: pi gives the model the reason as the tool's result; from `input`: the prompt
 * is refused and the user is shown the reason; at `agent_end`: the reason is sent as a new user
 * message, so the agent goes on, and Stop context becomes such a block too); `context` (appended
 * to a tool result, or injected by `before_agent_start` as a message); `message` (shown with
 * `ctx.ui.notify`, or on stderr headless). A downgraded deny after a tool is context too.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  return renderExtensionOutcome(PI, event, outcome, options);
}
