import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { renderExtensionOutcome } from '../extension-outcome.js';
import { CAPABILITIES } from './capabilities.js';
import { EVENTS } from './events.js';

const OPENCLAW = { host: 'OpenClaw', events: EVENTS, capabilities: CAPABILITIES, stopContinues: true };

/**
 * A folded outcome as hookwire's OpenClaw plugin applies it, always exit 0 — the pi extension's
 * `{block, reason, context, message}`: `{block: true, reason}` (returned from `before_tool_call`
 * as `{block, blockReason}`, from `before_agent_finalize` as `{action: "revise", reason}`, and a prompt's from
 * `before_agent_run` as `{outcome: "block", reason, message}`);
 * `context` (appended to the prompt by `before_prompt_build`); `message` (written to stderr).
 * Stop context keeps the turn going as a revise, as Claude Code takes it.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  return renderExtensionOutcome(OPENCLAW, event, outcome, options);
}
