import type { Outcome } from '@hookwire/fold';
import { CANONICAL_EVENTS, type CanonicalEvent } from '../events.js';
import type { BridgeResponse, Dialect, RenderOutcomeOptions } from './dialect.js';

const EVENTS: Readonly<Record<CanonicalEvent, string>> = {
  'tool:before': 'PreToolUse',
  'tool:after': 'PostToolUse',
  'prompt:submit': 'UserPromptSubmit',
  'session:start': 'SessionStart',
  'turn:stop': 'Stop',
  'subagent:start': 'SubagentStart',
  'subagent:end': 'SubagentStop',
};


/** Claude Code joins nothing itself: it takes one context string and one system message per hook. */
export const CONTEXT_SEPARATOR = '\n\n';
export const MESSAGE_SEPARATOR = '\n';

/** The reason of a top-level block when no hook gave one (Claude Code requires one on Stop and SubagentStop). */
export const DEFAULT_BLOCK_REASON = 'blocked by a hookwire hook (no reason given)';

function joinNonEmpty(parts: readonly string[], separator: string): string | undefined {
  const kept = parts.filter((part) => part !== '');
  return kept.length === 0 ? undefined : kept.join(separator);
}

function describeUnblockable(eventName: string, rawDecision: 'deny' | 'ask', rawReason: string | undefined): string {
  const what = rawDecision === 'deny' ? 'denied' : 'asked to confirm';
  return `hookwire: a hook ${what} ${eventName}, which cannot be blocked${rawReason === undefined ? '' : `: ${rawReason}`}`;
}

/**
 * Renders a folded outcome as Claude Code's hook response for one event: always exit 0, and
 * stdout empty when the outcome has nothing to say, else one compact JSON object with only the
 * fields needed. PreToolUse deny/ask become `permissionDecision`; a deny or ask on
 * UserPromptSubmit, Stop and SubagentStop becomes `decision: "block"` (fail closed: Claude has no
 * ask there); a downgraded decision on PostToolUse becomes `decision: "block"` feedback, and on
 * SessionStart and SubagentStart a system message; an allow is rendered only with `passAllow`.
 */
function renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse {
  const eventName = EVENTS[event];
  const response: Record<string, unknown> = {};
  const specific: Record<string, unknown> = { hookEventName: eventName };

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
  } else if (CANONICAL_EVENTS[event].blockable) {
    if (decision === 'deny' || decision === 'ask') {
      response.decision = 'block';
      response.reason = outcome.reason ?? DEFAULT_BLOCK_REASON;
    }
  } else if (outcome.downgraded && outcome.rawDecision !== undefined) {
    if (event === 'tool:after') {
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

  return { exitCode: 0, stdout: Object.keys(response).length === 0 ? '' : `${JSON.stringify(response)}\n` };
}

/** Claude Code's dialect: its event names, payloads as compact JSON plus one newline, and its hook response form. */
export const claude: Dialect = {
  name: 'claude',
  events: EVENTS,
  render(event: CanonicalEvent, payload: Record<string, unknown>): string {
    return `${JSON.stringify({ ...payload, hook_event_name: EVENTS[event] })}\n`;
  },
  renderOutcome,
};
