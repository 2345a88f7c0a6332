import { selectLoadedEnvironment } from './conditions.js';
import { BINDING_NAMES, EXPRESSION_BOUNDS, FIELD_NAMES, FUNCTION_NAMES, TOP_LEVEL_NAMES } from './names.js';
import { type GuardSpec, instantiateGuards, readGuards } from './read-guards.js';
import { suggestName } from './suggest-name.js';
import type { CompiledRule, Diagnostic, Rule, RuleFor } from './types.js';
import { validateRule } from './validate-rule.js';

export type CompileRuleResult = { ok: true; rule: CompiledRule } | { ok: false; diagnostics: Diagnostic[] };

const BUILTIN_FUNCTIONS = [
  'size', 'contains', 'startsWith', 'endsWith', 'matches', 'exists', 'exists_one', 'all', 'map', 'filter', 'has',
  'lowerAscii', 'upperAscii', 'split', 'join', 'trim', 'indexOf', 'lastIndexOf', 'substring', 'int', 'string', 'dyn',
];

interface CelErrorLike {
  summary?: string;
  message?: string;
  range?: { start: number; end: number };
}

/**
 * Checks a rule and compiles its condition. Problems come back as diagnostics with the JSON path,
 * the offset (and line/column) in the expression and a did-you-mean, never as a throw.
 */
export function compileRule(rule: unknown, path = 'rule'): CompileRuleResult {
  const prepared = prepareRule(rule, path);
  if (!prepared.ok) return prepared;
  const problems = prepared.rule.ensure();
  return problems === undefined ? prepared : { ok: false, diagnostics: problems };
}

/**
 * Checks a rule's shape and reads its guards; the condition is parsed and type-checked on first
 * use (`ensure()`), so a process that runs one event compiles only the rules that event reaches.
 */
export function prepareRule(rule: unknown, path = 'rule', options: { typeCheck?: boolean; guards?: GuardSpec } = {}): CompileRuleResult {
  const shape = validateRule(rule, path);
  if (shape.length > 0) return { ok: false, diagnostics: shape };
  const checked = rule as Rule;
  const whenPath = `${path}.when`;
  if (checked.when.length > EXPRESSION_BOUNDS.length) {
    return { ok: false, diagnostics: [{ message: `when: longer than ${EXPRESSION_BOUNDS.length} characters (${checked.when.length})`, path: whenPath }] };
  }
  const events = typeof checked.event === 'string' ? [checked.event] : [...checked.event];
  const typeCheck = options.typeCheck ?? true;
  let condition: ((bindings: Record<string, unknown>) => unknown) | undefined;
  let problems: Diagnostic[] | undefined;
  const ensure = (): Diagnostic[] | undefined => {
    if (condition === undefined && problems === undefined) {
      const result = compileCondition(checked, whenPath, typeCheck);
      if (Array.isArray(result)) problems = result;
      else condition = result;
    }
    return problems;
  };
  const test = (bindings: Record<string, unknown>): unknown => {
    const failed = ensure();
    if (failed !== undefined) throw new Error(failed.map((d) => d.message).join('; '));
    return condition!(bindings);
  };
  return { ok: true, rule: { rule: checked, events, ...(options.guards !== undefined ? instantiateGuards(options.guards) : readGuards(checked.when)), ensure, test } };
}

/**
 * Parses a condition and, unless told not to, type-checks it. Type-checking costs as much as
 * parsing, cold, in a process started per tool call; a built-in pack's conditions are checked
 * where they ship (its own tests, `hookwire check`), so a lazy compile of one of them skips it.
 */
function compileCondition(rule: Rule, whenPath: string, typeCheck: boolean): ((bindings: Record<string, unknown>) => unknown) | Diagnostic[] {
  const env = selectLoadedEnvironment(rule.for);
  let parsed: ReturnType<typeof env.parse>;
  try {
    parsed = env.parse(rule.when);
  } catch (error) {
    return [describeCelError(error, rule, whenPath)];
  }
  if (!typeCheck) return (bindings) => parsed(bindings);
  const check = parsed.check();
  if (!check.valid) return [describeCelError(check.error, rule, whenPath)];
  if (check.type !== 'bool') {
    return [{ message: `when: the condition must give a bool, it gives ${String(check.type)}`, path: whenPath, offset: 0, line: 1, column: 1 }];
  }
  return (bindings) => parsed(bindings);
}

function describeCelError(error: unknown, rule: Rule, path: string): Diagnostic {
  const cel = (error ?? {}) as CelErrorLike;
  const summary = cel.summary ?? cel.message ?? String(error);
  const diagnostic: Diagnostic = { message: `when: ${summary}`, path };
  if (cel.range !== undefined) {
    diagnostic.offset = cel.range.start;
    Object.assign(diagnostic, locate(rule.when, cel.range.start));
  }
  const suggestion = suggestFix(summary, rule.for);
  if (suggestion !== undefined) {
    diagnostic.suggestion = suggestion;
    diagnostic.message += ` (${suggestion})`;
  }
  return diagnostic;
}

function suggestFix(summary: string, ruleFor: RuleFor | undefined): string | undefined {
  const variable = /^Unknown variable: (\w+)/.exec(summary)?.[1];
  if (variable !== undefined) {
    const bindingFor = (Object.entries(BINDING_NAMES) as [RuleFor, string][]).find(([, name]) => name === variable)?.[0];
    if (bindingFor !== undefined && bindingFor !== ruleFor) return `'${variable}' is bound by "for": "${bindingFor}"`;
    const names = [...Object.keys(TOP_LEVEL_NAMES), ...(ruleFor ? [BINDING_NAMES[ruleFor]] : [])];
    return didYouMean(variable, names);
  }
  const field = /^No such key: (\w+)/.exec(summary)?.[1];
  if (field !== undefined) return didYouMean(field, FIELD_NAMES);
  const fn = /no matching overload for '(?:[\w<>, ]+\.)?(\w+)\(/.exec(summary)?.[1];
  if (fn !== undefined) return didYouMean(fn, [...FUNCTION_NAMES, ...BUILTIN_FUNCTIONS]);
  return undefined;
}

function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  const best = suggestName(name, candidates);
  return best === undefined ? undefined : `did you mean '${best}'?`;
}

function locate(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
