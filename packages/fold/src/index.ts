export { fold, finish } from './fold.js';
export { tally, tallyOf, combine, normalizeDecision, EMPTY_TALLY } from './tally.js';
export type { Tally } from './tally.js';
export type { Decision, DecisionInput, FoldInput, FoldOptions, Outcome } from './types.js';
