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

/**
 * Who decided a dispatch, in a few words: the first deciding hook and, for a rule hook, the rule
 * that made the decision (`guard`, `rules (no-rm-rf)`); undefined when no hook decided.
 */
export function decidingLabel(result: Pick<DispatchResult, 'outcome' | 'runs'>): string | undefined {
  const hook = decidersOf(result)[0];
  if (hook === undefined) return undefined;
  const decision = result.outcome.downgraded ? result.outcome.rawDecision : result.outcome.decision;
  const run = result.runs.find((r) => r.hook === hook) as { rules?: { rule: string; decision: string; mode?: string }[] } | undefined;
  const rule = run?.rules?.find((m) => m.decision === decision && m.mode !== 'observe');
  return rule === undefined ? hook : `${hook} (${rule.rule})`;
}
