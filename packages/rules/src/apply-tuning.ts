import { suggestName } from './suggest-name.js';
import type { Diagnostic, Mode, Pack, PackSettings, Rule } from './types.js';

export type RuleSetting = Mode | 'off';

/** What a user writes to use a pack without copying it. */
export interface PackOptions {
  pack?: string;
  /** One of the pack's levels; rules of this level and looser ones are on. */
  level?: string;
  /** Per rule id: 'off', 'observe' or 'enforce' (naming a stricter-level rule turns it on). */
  rules?: Record<string, RuleSetting>;
  /** Extra globs per sensitive-path class, e.g. { secrets: ['config/*.key'] }. */
  paths?: Record<string, string[]>;
  /** Branch globs a forced push must not rewrite. */
  protectedBranches?: string[];
}

export interface TunedPack {
  name: string;
  version: string;
  level: string;
  rules: Rule[];
  settings: PackSettings;
  diagnostics: Diagnostic[];
}

export const DEFAULT_PROTECTED_BRANCHES: readonly string[] = ['main', 'master', 'trunk', 'develop', 'production', 'release/*'];
const OPTION_KEYS = ['pack', 'level', 'rules', 'paths', 'protectedBranches'];
const SETTINGS: readonly RuleSetting[] = ['off', 'observe', 'enforce'];

/**
 * Picks the rules of the chosen level and applies the user's per-rule settings. Mistakes (an
 * unknown rule id, level or setting) come back as diagnostics with a did-you-mean and change
 * nothing: a typo never turns a rule off.
 */
export function applyTuning(pack: Pack, options: PackOptions = {}, path = 'options'): TunedPack {
  const diagnostics: Diagnostic[] = [];
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key)) diagnostics.push(withSuggestion({ message: `unknown option '${key}'`, path: `${path}.${key}` }, key, OPTION_KEYS));
  }
  let level = pack.levels[0]!;
  if (options.level !== undefined) {
    if (pack.levels.includes(options.level)) level = options.level;
    else diagnostics.push(withSuggestion({ message: `unknown level '${options.level}' (levels: ${pack.levels.join(', ')}); using '${level}'`, path: `${path}.level` }, options.level, pack.levels));
  }
  const depth = pack.levels.indexOf(level);
  const ids = pack.rules.map((r) => (r as Partial<Rule>).id).filter((id): id is string => typeof id === 'string');
  const settings = new Map<string, RuleSetting>();
  for (const [id, setting] of Object.entries(options.rules ?? {})) {
    const at = `${path}.rules.${id}`;
    if (!ids.includes(id)) diagnostics.push(withSuggestion({ message: `unknown rule '${id}' in pack ${pack.name}`, path: at }, id, ids));
    else if (!SETTINGS.includes(setting)) diagnostics.push(withSuggestion({ message: `rule '${id}': expected off | observe | enforce, received ${JSON.stringify(setting)}; keeping its default`, path: at }, String(setting), SETTINGS));
    else settings.set(id, setting);
  }
  const rules: Rule[] = [];
  for (const rule of pack.rules) {
    const id = (rule as Partial<Rule>).id;
    const setting = typeof id === 'string' ? settings.get(id) : undefined;
    if (setting === 'off') continue;
    const ruleDepth = pack.levels.indexOf((rule as Partial<Rule>).level ?? '');
    const inLevel = ruleDepth === -1 || ruleDepth <= depth;
    if (!inLevel && setting === undefined) continue;
    rules.push(setting === undefined ? rule : { ...rule, mode: setting });
  }
  return {
    name: pack.name, version: pack.version, level, rules, diagnostics,
    settings: { protectedBranches: [...(options.protectedBranches ?? DEFAULT_PROTECTED_BRANCHES)], paths: mergePaths(pack.paths ?? {}, options.paths ?? {}) },
  };
}

function mergePaths(base: Record<string, string[]>, extra: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, globs] of [...Object.entries(base), ...Object.entries(extra)]) {
    if (Array.isArray(globs)) out[name] = [...(out[name] ?? []), ...globs.filter((g) => typeof g === 'string')];
  }
  return out;
}

function withSuggestion(diagnostic: Diagnostic, name: string, candidates: readonly string[]): Diagnostic {
  const best = suggestName(name, candidates);
  if (best === undefined) return diagnostic;
  return { ...diagnostic, message: `${diagnostic.message}; did you mean '${best}'?`, suggestion: `did you mean '${best}'?` };
}
