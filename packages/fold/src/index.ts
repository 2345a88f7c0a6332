export { fold, finish } from './fold.js';
export { tally, normalizeDecision } from './tally.js';
export type { Tally } from './tally.js';
export type { Decision, DecisionInput, FoldInput, FoldOptions, Outcome } from './types.js';
