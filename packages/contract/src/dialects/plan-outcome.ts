import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../events.js';
import type { Capabilities } from './capabilities.js';

/** The reason of a top-level block when no hook gave one (Claude Code requires one on Stop and SubagentStop; Codex on every deny). */
export const DEFAULT_BLOCK_REASON = 'blocked by a hookwire hook (no reason given)';

/** Joins the non-empty parts; undefined when none is left. */
export function joinNonEmpty(parts: readonly string[], separator: string): string | undefined {
  const kept = parts.filter((part) => part !== '');
  return kept.length === 0 ? undefined : kept.join(separator);
}

/** The user-facing notice for a deny or ask on an event that cannot be blocked. */
export function describeUnblockable(eventName: string, rawDecision: 'deny' | 'ask', rawReason: string | undefined): string {
  const what = rawDecision === 'deny' ? 'denied' : 'asked to confirm';
  return `hookwire: a hook ${what} ${eventName}, which cannot be blocked${rawReason === undefined ? '' : `: ${rawReason}`}`;
}

/** The events whose hook context keeps the turn going (Claude Code ≥ 2.1.163: non-error feedback on Stop and SubagentStop). */
const CONTINUING_EVENTS: ReadonlySet<CanonicalEvent> = new Set(['turn:stop', 'subagent:end']);

/**
 * An outcome whose context, on Stop or SubagentStop, keeps the turn going as Claude Code (≥ 2.1.163)
 * takes it, for a host that continues a turn only through a block (Gemini CLI's AfterAgent, Codex's
 * Stop, Copilot's agentStop, Cursor's `followup_message`): a deny whose reason is the block's reason,
 * if any, then the contexts. Unchanged on other events, without context, or when the outcome stops
 * the agent (`continue: false` wins, as in Claude Code).
 */
export function continueWithContext(event: CanonicalEvent, outcome: Outcome): Outcome {
  const contexts = outcome.additionalContext.filter((text) => text !== '');
  if (!CONTINUING_EVENTS.has(event) || contexts.length === 0 || !outcome.continue) return outcome;
  const blocked = outcome.decision === 'deny' || outcome.decision === 'ask';
  const reason = joinNonEmpty([...(blocked && outcome.reason !== undefined ? [outcome.reason] : []), ...contexts], '\n\n');
  return { ...outcome, decision: 'deny', ...(reason === undefined ? {} : { reason }), additionalContext: [] };
}

/** What a host's answer should carry, once what the host cannot express has been downgraded. */
export interface OutcomePlan {
  /** `deny` and `ask` where the host can block or ask; `allow` where it takes a grant and `passAllow` asked for one. */
  decision?: 'deny' | 'ask' | 'allow';
  /** The reason of `decision` (absent when no hook gave one). */
  reason?: string;
  /** A downgraded deny on an event that cannot be blocked, which the host shows the model as feedback. */
  feedback?: string;
  context: string[];
  messages: string[];
  /** Set when the answer must end the agent's loop. */
  stop?: { stopReason?: string };
  /** One sentence per downgrade (docs/hosts.md, "Downgrades"). */
  downgrades: string[];
}

export interface PlanContext {
  host: string;
  event: CanonicalEvent;
  /** The event's name in the host's dialect (for messages). */
  eventName: string;
  capabilities: Capabilities | undefined;
  passAllow: boolean;
}

/**
 * Downgrades a folded outcome to what one host can express on one event, by the rules of
 * docs/hosts.md ("Downgrades"), and says what was downgraded:
 * - an event the host lacks: nothing is answered;
 * - `ask` where the host cannot ask but can block: a deny (fail closed);
 * - a deny or ask where the host cannot block: a notice to the user where it takes one, else dropped;
 * - `allow` under `passAllow` where the host takes no grant: not rendered;
 * - a deny the fold downgraded (an event that cannot be blocked): feedback to the model where the
 *   host takes it, else a notice to the user (as for Claude Code);
 * - context on Stop and SubagentStop where the host takes none there but can block: a block whose
 *   reason is the context, which keeps the turn going as Claude Code's context does there;
 * - `continue: false` on Stop and SubagentStop where the host cannot stop: no block is sent (the
 *   agent stops there anyway, and `continue: false` wins over a block in Claude Code);
 * - context, user messages and `continue: false` where the host has no field for them: dropped.
 * Every downgrade is one sentence in `downgrades`; none is silent.
 */
export function planOutcome(context: PlanContext, given: Outcome): OutcomePlan {
  const { host, eventName, capabilities: caps } = context;
  const outcome = caps !== undefined && !caps.context && caps.block ? continueWithContext(context.event, given) : given;
  const plan: OutcomePlan = { context: [], messages: [], downgrades: [] };
  const contexts = outcome.additionalContext.filter((text) => text !== '');
  const messages = outcome.systemMessage.filter((text) => text !== '');
  if (caps === undefined) {
    const said = outcome.decision !== 'none' || contexts.length > 0 || messages.length > 0 || !outcome.continue || outcome.downgraded;
    if (said) plan.downgrades.push(`${host} has no ${context.event} event: nothing was answered`);
    return plan;
  }
  const notices: string[] = [];
  const { decision } = outcome;
  if (decision === 'deny' || decision === 'ask') {
    if (decision === 'ask' && caps.ask) {
      plan.decision = 'ask';
    } else if (caps.block) {
      plan.decision = 'deny';
      if (decision === 'ask') plan.downgrades.push(`ask on ${eventName} became a deny: ${host} cannot ask there (fail closed)`);
    } else {
      notices.push(describeUnblockable(eventName, decision, outcome.reason));
      plan.downgrades.push(`${decision} on ${eventName} was not enforced: ${host} cannot block it${caps.userMessage ? '; the user was told' : ''}`);
    }
    if (plan.decision !== undefined && outcome.reason !== undefined) plan.reason = outcome.reason;
  } else if (decision === 'allow' && context.passAllow) {
    if (caps.grant) {
      plan.decision = 'allow';
      if (outcome.reason !== undefined) plan.reason = outcome.reason;
    } else {
      plan.downgrades.push(`allow on ${eventName} was not rendered: ${host} takes no permission grant there`);
    }
  } else if (outcome.downgraded && outcome.rawDecision !== undefined) {
    if (caps.feedback) plan.feedback = outcome.rawReason ?? DEFAULT_BLOCK_REASON;
    else notices.push(describeUnblockable(eventName, outcome.rawDecision, outcome.rawReason));
  }

  if (contexts.length > 0) {
    if (caps.context) plan.context = contexts;
    else plan.downgrades.push(`${contexts.length} additional context${contexts.length === 1 ? ' was' : 's were'} dropped: ${host} passes no hook context to the model on ${eventName}`);
  }
  const allMessages = [...messages, ...notices];
  if (allMessages.length > 0) {
    if (caps.userMessage) plan.messages = allMessages;
    else plan.downgrades.push(`${allMessages.length} message${allMessages.length === 1 ? ' was' : 's were'} dropped: ${host} shows no hook message to the user on ${eventName}`);
  }
  if (!outcome.continue) {
    if (caps.stop) plan.stop = outcome.stopReason === undefined ? {} : { stopReason: outcome.stopReason };
    else if (CONTINUING_EVENTS.has(context.event)) stopsAnyway(plan, context, outcome.stopReason);
    else plan.downgrades.push(`continue: false on ${eventName} was dropped: ${host} cannot stop the agent there`);
  }
  return plan;
}

/**
 * `continue: false` on Stop or SubagentStop where the host has no such field: the agent stops there
 * anyway, so the effect is kept by sending no block (in Claude Code `continue: false` wins over a
 * block); the `stopReason`, which Claude Code shows the user, goes to the user where the host shows
 * hook messages.
 */
function stopsAnyway(plan: OutcomePlan, context: PlanContext, stopReason: string | undefined): void {
  if (plan.decision === 'deny') {
    delete plan.decision;
    delete plan.reason;
  }
  if (stopReason === undefined || stopReason === '') return;
  if (context.capabilities?.userMessage === true) plan.messages.push(stopReason);
  else plan.downgrades.push(`the stopReason on ${context.eventName} was dropped: ${context.host} shows no hook message to the user there`);
}

/** A bridge response with `downgrades` only when there are some. */
export function withDowngrades<R extends { exitCode: number; stdout: string; stderr?: string }>(response: R, downgrades: readonly string[]): R & { downgrades?: string[] } {
  return downgrades.length === 0 ? response : { ...response, downgrades: [...downgrades] };
}

/** One compact JSON object and a newline, or nothing for an empty object. */
export function jsonAnswer(answer: Record<string, unknown>): string {
  return Object.keys(answer).length === 0 ? '' : `${JSON.stringify(answer)}\n`;
}
