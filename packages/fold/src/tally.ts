import type { Decision, DecisionInput, FoldInput } from './types.js';

/** The running state of a fold: associative, so tallies of two halves combine into the tally of the whole. */
export interface Tally {
  readonly level: Decision | 'none';
  readonly reasons: readonly string[];
  readonly stopped: boolean;
  readonly stopReason: string | undefined;
  readonly additionalContext: readonly string[];
  readonly systemMessage: readonly string[];
}

const RANK: Record<Decision | 'none', number> = { none: 0, allow: 1, ask: 2, deny: 3 };

const CANONICAL: Record<DecisionInput, Decision> = {
  allow: 'allow',
  approve: 'allow',
  ask: 'ask',
  deny: 'deny',
  block: 'deny',
};

/** The tally of no results at all. */
export const EMPTY_TALLY: Tally = Object.freeze({
  level: 'none',
  reasons: [],
  stopped: false,
  stopReason: undefined,
  additionalContext: [],
  systemMessage: [],
});

/** Resolves `block`/`approve` aliases; anything that is not a decision counts as none. */
export function normalizeDecision(value: unknown): Decision | undefined {
  return typeof value === 'string' && Object.hasOwn(CANONICAL, value) ? CANONICAL[value as DecisionInput] : undefined;
}

function toList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** The tally of a single result. */
export function tallyOf(result: FoldInput): Tally {
  const decision = normalizeDecision(result?.decision);
  const reason = typeof result?.reason === 'string' && result.reason !== '' ? result.reason : undefined;
  const stopped = result?.continue === false;
  const stopReason =
    stopped && typeof result.stopReason === 'string' && result.stopReason !== '' ? result.stopReason : undefined;
  return {
    level: decision ?? 'none',
    reasons: decision !== undefined && reason !== undefined ? [reason] : [],
    stopped,
    stopReason,
    additionalContext: toList(result?.additionalContext),
    systemMessage: toList(result?.systemMessage),
  };
}

/** Combines the tally of earlier results (`a`) with that of later ones (`b`). */
export function combine(a: Tally, b: Tally): Tally {
  const rankA = RANK[a.level];
  const rankB = RANK[b.level];
  return {
    level: rankA >= rankB ? a.level : b.level,
    reasons: rankA === rankB ? [...a.reasons, ...b.reasons] : rankA > rankB ? a.reasons : b.reasons,
    stopped: a.stopped || b.stopped,
    stopReason: a.stopReason ?? b.stopReason,
    additionalContext: [...a.additionalContext, ...b.additionalContext],
    systemMessage: [...a.systemMessage, ...b.systemMessage],
  };
}

/** Tallies results in execution order: `combine` step by step, in one pass over mutable arrays. */
export function tally(results: Iterable<FoldInput>): Tally {
  let level: Tally['level'] = 'none';
  let reasons: string[] = [];
  let stopped = false;
  let stopReason: string | undefined;
  const additionalContext: string[] = [];
  const systemMessage: string[] = [];
  for (const result of results) {
    const one = tallyOf(result);
    if (RANK[one.level] > RANK[level]) {
      level = one.level;
      reasons = [...one.reasons];
    } else if (one.level === level) {
      reasons.push(...one.reasons);
    }
    stopped ||= one.stopped;
    stopReason ??= one.stopReason;
    additionalContext.push(...one.additionalContext);
    systemMessage.push(...one.systemMessage);
  }
  return { level, reasons, stopped, stopReason, additionalContext, systemMessage };
}
