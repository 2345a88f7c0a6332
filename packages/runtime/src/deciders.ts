import type { DispatchResult } from './runtime.js';

/**
 * The enforced hooks whose own decision is the outcome's: the hooks that decided (on an event that
 * cannot be blocked, the ones that would have, had it been blockable). None when the outcome is
 * `none`. Observed hooks never decide.
 */
export function decidersOf(result: Pick<DispatchResult, 'outcome' | 'runs'>): string[] {
  const decision = result.outcome.downgraded ? result.outcome.rawDecision : result.outcome.decision;
  if (decision === undefined || decision === 'none') return [];
  return result.runs.filter((run) => run.mode !== 'observe' && run.outcome.decision === decision).map((run) => run.hook);
}
