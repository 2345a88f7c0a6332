import type { RunRecord } from '@hookwire/runtime';

/** One hook whose answer differs between two dispatches of the same event. */
export interface HookChange {
  hook: string;
  before: string;
  after: string;
}

/** What a hook's run said, in a word or three: `deny`, `none [timeout]`, `allow (observed)`, `not run`. */
export function describeVerdict(run: RunRecord | undefined): string {
  if (run === undefined) return 'not run';
  const parts = [run.outcome.decision ?? 'none'];
  if (run.outcome.continue === false) parts.push('stop');
  if (run.outcome.failure !== undefined) parts.push(`[${run.outcome.failure.class}]`);
  if (run.mode === 'observe') parts.push('(observed)');
  return parts.join(' ');
}

/** The hooks whose verdicts differ between `before` and `after`, in the order they ran (after's first). */
export function diffRuns(before: readonly RunRecord[], after: readonly RunRecord[]): HookChange[] {
  const ids = [...new Set([...after.map((run) => run.hook), ...before.map((run) => run.hook)])];
  const changes: HookChange[] = [];
  for (const hook of ids) {
    const was = describeVerdict(before.find((run) => run.hook === hook));
    const is = describeVerdict(after.find((run) => run.hook === hook));
    if (was !== is) changes.push({ hook, before: was, after: is });
  }
  return changes;
}
