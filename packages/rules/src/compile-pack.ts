import { type PackOptions, applyTuning } from './apply-tuning.js';
import { prepareRule } from './compile-rule.js';
import { type LoadPackOptions, loadPack, shippedGuards } from './load-pack.js';
import type { BrokenRule, CompiledPack, CompiledRule, Diagnostic, Pack, Rule } from './types.js';

export interface CompilePackResult {
  pack: CompiledPack;
  /** Tuning mistakes and rules that did not compile; a broken rule also fails at every evaluation. */
  diagnostics: Diagnostic[];
  /** To pass to buildAction, so files carry the user's extra path classes. */
  actionOptions: { pathClasses: Record<string, string[]> };
}

export interface CompilePackOptions {
  /**
   * 'lazy' (default) checks every rule's shape now and compiles each condition the first time an
   * event reaches it (a condition that then fails to compile is reported by that evaluation);
   * 'eager' compiles every condition now, for `hookwire check` and tests.
   */
  compile?: 'lazy' | 'eager';
}

/** Applies the user's tuning to a pack and prepares every rule it keeps. */
export function compilePack(pack: Pack, options: PackOptions = {}, compileOptions: CompilePackOptions = {}): CompilePackResult {
  const tuned = applyTuning(pack, options);
  const diagnostics = [...tuned.diagnostics];
  const rules: CompiledRule[] = [];
  const broken: BrokenRule[] = [];
  const seen = new Set<string>();
  tuned.rules.forEach((rule, index) => {
    const path = `rules[${pack.rules.indexOf(rule) === -1 ? index : pack.rules.indexOf(rule)}]`;
    // Eager compiles (`hookwire check`, tests) type-check everything; a lazy one trusts the conditions a built-in pack shipped with, and their guards.
    const shipped = shippedGuards(rule);
    const typeCheck = compileOptions.compile === 'eager' || shipped === undefined;
    const result = prepareRule(rule, `${path}${typeof rule.id === 'string' ? `(${rule.id})` : ''}`, { typeCheck, ...(shipped !== undefined ? { guards: shipped } : {}) });
    const problems = result.ok ? [...(compileOptions.compile === 'eager' ? result.rule.ensure() ?? [] : [])] : [...result.diagnostics];
    if (result.ok && seen.has(rule.id)) problems.push({ message: `duplicate rule id '${rule.id}'`, path: `${path}.id` });
    if (typeof rule.id === 'string') seen.add(rule.id);
    if (result.ok && problems.length === 0) {
      rules.push(result.rule);
    } else {
      diagnostics.push(...problems);
      if (!result.ok || result.rule.ensure() !== undefined) broken.push({ rule: describeBroken(rule, index), events: eventsOf(rule), diagnostics: problems });
    }
  });
  const paths = tuned.settings.paths;
  return {
    pack: {
      name: tuned.name, version: tuned.version, level: tuned.level, rules, broken,
      settings: { ...tuned.settings, pathsView: new Map(Object.entries(paths)) },
    },
    diagnostics,
    actionOptions: { pathClasses: paths },
  };
}

/** Loads the pack the options name (default 'hookwire:recommended'), tunes and compiles it. */
export async function resolvePackOptions(options: PackOptions, loadOptions: LoadPackOptions & CompilePackOptions): Promise<CompilePackResult> {
  const pack = await loadPack(options.pack ?? 'hookwire:recommended', loadOptions);
  return compilePack(pack, options, loadOptions);
}

function eventsOf(rule: Rule): readonly string[] {
  if (typeof rule.event === 'string') return [rule.event];
  if (Array.isArray(rule.event) && rule.event.every((e) => typeof e === 'string')) return rule.event;
  return ['*'];
}

function describeBroken(rule: Rule, index: number): Rule {
  const valid = typeof rule === 'object' && rule !== null;
  const r = (valid ? rule : {}) as Partial<Rule>;
  return {
    id: typeof r.id === 'string' ? r.id : `rules[${index}]`, category: String(r.category ?? 'unknown'),
    severity: r.severity ?? 'high', mode: r.mode === 'observe' ? 'observe' : 'enforce', level: String(r.level ?? ''),
    event: eventsOf(rule) as string[], when: String(r.when ?? ''), decision: r.decision ?? 'deny', reason: String(r.reason ?? ''),
    ...(Array.isArray(r.tools) ? { tools: r.tools } : {}),
  };
}
