// Everything of the package but CEL, which loads on the first condition that must compile (see conditions.ts).
export { DEFAULT_PROTECTED_BRANCHES, applyTuning } from './apply-tuning.js';
export type { PackOptions, RuleSetting, TunedPack } from './apply-tuning.js';
export { compilePack, resolvePackOptions } from './compile-pack.js';
export type { CompilePackOptions, CompilePackResult } from './compile-pack.js';
export { compileRule } from './compile-rule.js';
export type { CompileRuleResult } from './compile-rule.js';
export { ConditionsNotLoaded, loadConditions } from './conditions.js';
export { evaluate } from './evaluate.js';
export { BUILT_IN_PACKS, loadPack } from './load-pack.js';
export type { LoadPackOptions } from './load-pack.js';
export { PackError } from './pack-error.js';
export type { PackErrorCode } from './pack-error.js';
export type {
  BrokenRule,
  CompiledPack,
  CompiledRule,
  Decision,
  Diagnostic,
  EvaluateOptions,
  EvaluateResult,
  Evidence,
  Match,
  Mode,
  Pack,
  PackSettings,
  Rule,
  RuleError,
  RuleFor,
  RuleTestCase,
  Severity,
} from './types.js';
