import type { Outcome } from '@hookwire/fold';
import { CANONICAL_EVENTS, type CanonicalEvent } from '../../events.js';
import type { BridgeResponse, RenderOutcomeOptions } from '../dialect.js';
import { DEFAULT_BLOCK_REASON, describeUnblockable, joinNonEmpty, withDowngrades } from '../plan-outcome.js';
import { EVENTS } from './events.js';

/** Claude Code joins nothing itself: it takes one context string and one system message per hook. */
export const CONTEXT_SEPARATOR = '\n\n';
export const MESSAGE_SEPARATOR = '\n';

export { DEFAULT_BLOCK_REASON };

/**
 * Renders a folded outcome as Claude Code's hook response for one event: always exit 0, and
 * stdout empty when the outcome has nothing to say, else one compact JSON object with only the
 * fields needed. PreToolUse deny/ask become `permissionDecision`; PermissionRequest deny (and allow
 * with `passAllow`) become `decision.behavior`, and an ask there is left to Claude Code's own
 * prompt; a deny or ask on UserPromptSubmit, Stop, SubagentStop and PreCompact becomes
 * `decision: "block"` (fail closed: Claude has no ask there, recorded as a downgrade); a
 * downgraded decision on PostToolUse and PostToolUseFailure becomes `decision: "block"` feedback,
 * and elsewhere a system message; an allow is rendered only with `passAllow`.
 */
export function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event];
  const response: Record<string, unknown> = {};
  const specific: Record<string, unknown> = { hookEventName: eventName };
  const downgrades: string[] = [];

  if (!outcome.continue) {
    response.continue = false;
    if (outcome.stopReason !== undefined) response.stopReason = outcome.stopReason;
  }

  const messages = [...outcome.systemMessage];
  const { decision } = outcome;
  if (event === 'tool:before') {
    if (decision === 'deny' || decision === 'ask' || (decision === 'allow' && options.passAllow)) {
      specific.permissionDecision = decision;
      if (outcome.reason !== undefined) specific.permissionDecisionReason = outcome.reason;
    }
  } else if (event === 'permission:request') {
    if (decision === 'deny' || (decision === 'allow' && options.passAllow)) {
      specific.decision = decision === 'deny'
        ? { behavior: 'deny', ...(outcome.reason === undefined ? {} : { message: outcome.reason }) }
        : { behavior: 'allow' };
    }
  } else if (CANONICAL_EVENTS[event].blockable) {
    if (decision === 'deny' || decision === 'ask') {
      response.decision = 'block';
      response.reason = outcome.reason ?? DEFAULT_BLOCK_REASON;
      if (decision === 'ask') downgrades.push(`ask on ${eventName} became a block: Claude Code cannot ask there (fail closed)`);
    }
  } else if (outcome.downgraded && outcome.rawDecision !== undefined) {
    if (event === 'tool:after' || event === 'tool:error') {
      response.decision = 'block';
      response.reason = outcome.rawReason ?? DEFAULT_BLOCK_REASON;
    } else {
      messages.push(describeUnblockable(eventName, outcome.rawDecision, outcome.rawReason));
    }
  }

  const systemMessage = joinNonEmpty(messages, MESSAGE_SEPARATOR);
  if (systemMessage !== undefined) response.systemMessage = systemMessage;
  const context = joinNonEmpty(outcome.additionalContext, CONTEXT_SEPARATOR);
  if (context !== undefined) specific.additionalContext = context;
  if (Object.keys(specific).length > 1) response.hookSpecificOutput = specific;

  return withDowngrades({ exitCode: 0, stdout: Object.keys(response).length === 0 ? '' : `${JSON.stringify(response)}\n` }, downgrades);
}
