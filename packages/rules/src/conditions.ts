import type { Environment } from '@marcbachmann/cel-js';
import type { RuleFor } from './types.js';

/**
 * Where compile-rule.ts finds CEL. The package's main entry provides it when it loads (so library
 * users compile and evaluate synchronously, as before); the `@hookwire/rules/lazy` entry does not,
 * so that a process which decides an event by the rules' guards alone never loads CEL and its
 * registry (a one-shot bridge per tool call: most events need no condition). Such a caller catches
 * ConditionsNotLoaded from `evaluate`, awaits `loadConditions()` and evaluates again.
 */
let select: ((ruleFor: RuleFor | undefined) => Environment) | undefined;

/** Thrown by a condition's first compile while CEL is not loaded (the lazy entry only). */
export class ConditionsNotLoaded extends Error {
  constructor() {
    super('CEL is not loaded: await loadConditions() before evaluating conditions');
    this.name = 'ConditionsNotLoaded';
  }
}

export function provideEnvironment(selectEnvironment: (ruleFor: RuleFor | undefined) => Environment): void {
  select = selectEnvironment;
}

/** The CEL environment for a rule's `for`, or ConditionsNotLoaded. */
export function selectLoadedEnvironment(ruleFor: RuleFor | undefined): Environment {
  if (select === undefined) throw new ConditionsNotLoaded();
  return select(ruleFor);
}

/** Loads CEL (once); after it, conditions compile synchronously. */
export async function loadConditions(): Promise<void> {
  if (select === undefined) select = (await import('./environment.js')).selectEnvironment;
}
