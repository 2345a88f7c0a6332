import { tally, type Tally } from './tally.js';
import type { FoldInput, FoldOptions, Outcome } from './types.js';

const REASON_SEPARATOR = '\n\n';

/** Turns a tally into the outcome object, downgrading deny and ask on events that cannot be blocked. */
export function finish(state: Tally, options: FoldOptions = {}): Outcome {
  const reason = state.reasons.length > 0 ? state.reasons.join(REASON_SEPARATOR) : undefined;
  const downgrade = options.blockable === false && (state.level === 'deny' || state.level === 'ask');
  // Keys are written in the order of the pinned outcome object.
  const outcome: Outcome = { decision: downgrade ? 'none' : state.level } as Outcome;
  if (!downgrade && reason !== undefined && state.level !== 'none') outcome.reason = reason;
  outcome.continue = !state.stopped;
  if (state.stopped && state.stopReason !== undefined) outcome.stopReason = state.stopReason;
  outcome.additionalContext = [...state.additionalContext];
  outcome.systemMessage = [...state.systemMessage];
  outcome.downgraded = downgrade;
  if (downgrade) {
    outcome.rawDecision = state.level as 'deny' | 'ask';
    if (reason !== undefined) outcome.rawReason = reason;
  }
  return outcome;
}

/**
 * Folds handler results, in execution order, into one outcome: `deny > ask > allow`, the reasons of
 * the winning level joined by a blank line, the first `stopReason`, contexts and system messages in
 * order, and deny/ask downgraded to `none` on events that cannot be blocked.
 */
export function fold(results: Iterable<FoldInput>, options: FoldOptions = {}): Outcome {
  return finish(tally(results), options);
}
