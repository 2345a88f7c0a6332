import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import recommended from './packs/recommended.json' with { type: 'json' };
import recommendedGuards from './packs/recommended.guards.json' with { type: 'json' };
import type { GuardSpec } from './read-guards.js';
import { PackError } from './pack-error.js';
import type { Pack } from './types.js';

/** Names of the packs that ship inside this package. */
export const BUILT_IN_PACKS: Record<string, Pack> = { 'hookwire:recommended': recommended as Pack };

/**
 * Every built-in condition, by what it binds (`for`) and its text, with its guards as shipped
 * (scripts/write-guards.mjs). The conditions are type-checked by this package's tests.
 */
const BUILT_IN_CONDITIONS = new Map<string, GuardSpec>(
  Object.values(BUILT_IN_PACKS).flatMap((pack) => pack.rules.map((rule) => [conditionKey(rule), (recommendedGuards as Record<string, GuardSpec>)[rule.id] ?? {}] as const)),
);

function conditionKey(rule: { for?: unknown; when?: unknown }): string {
  return `${String(rule.for ?? '')}\0${String(rule.when)}`;
}

/**
 * The shipped guards of a rule whose condition a built-in pack ships, word for word and bound the
 * same way (a user's copy of it included: it reads and types the same); undefined for any other.
 */
export function shippedGuards(rule: { for?: unknown; when?: unknown }): GuardSpec | undefined {
  return typeof rule.when === 'string' && (rule.for === undefined || typeof rule.for === 'string') ? BUILT_IN_CONDITIONS.get(conditionKey(rule)) : undefined;
}

export interface LoadPackOptions {
  /** Folder that relative paths and package names resolve from (the config's folder). */
  from: string;
}

/**
 * Loads a pack: 'hookwire:recommended' is built in; './x.json' or '/abs/x.js' is a file; any other
 * name goes through Node's module resolution from `options.from`, as ESLint shareable configs do.
 * A JSON file is parsed, a JS module gives its default export. The pack's outer shape is checked
 * here (name, version, levels, rules); each rule is checked when the pack is compiled.
 */
export async function loadPack(ref: string | Pack, options: LoadPackOptions): Promise<Pack> {
  if (typeof ref !== 'string') return checkPack(ref, '(inline pack)');
  const builtIn = BUILT_IN_PACKS[ref];
  if (builtIn !== undefined) return builtIn;
  if (ref.startsWith('hookwire:')) {
    throw new PackError('HOOKWIRE_PACK_NOT_FOUND', `no built-in pack '${ref}'; built in: ${Object.keys(BUILT_IN_PACKS).join(', ')}`);
  }
  const file = resolvePackFile(ref, options.from);
  let value: unknown;
  try {
    if (extname(file) === '.json') {
      value = JSON.parse(await readFile(file, 'utf8'));
    } else {
      const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
      value = module.default ?? module;
    }
  } catch (error) {
    throw new PackError('HOOKWIRE_PACK_INVALID', `pack '${ref}' (${file}) could not be read: ${(error as Error).message}`, { cause: error });
  }
  return checkPack(value, `${ref} (${file})`);
}

function resolvePackFile(ref: string, from: string): string {
  if (ref.startsWith('.') || isAbsolute(ref)) return resolve(from, ref);
  try {
    return createRequire(join(resolve(from), 'noop.js')).resolve(ref);
  } catch (error) {
    throw new PackError('HOOKWIRE_PACK_NOT_FOUND', `pack '${ref}' was not found from ${from}: install it, or give a path such as ./${ref}.json`, { cause: error });
  }
}

function checkPack(value: unknown, label: string): Pack {
  const pack = value as Partial<Pack> | null;
  const problems: string[] = [];
  if (typeof pack !== 'object' || pack === null || Array.isArray(pack)) {
    problems.push('expected an object { name, version, levels, rules }');
  } else {
    if (typeof pack.name !== 'string' || pack.name === '') problems.push('name: expected a non-empty string');
    if (typeof pack.version !== 'string') problems.push('version: expected a string');
    if (!Array.isArray(pack.levels) || pack.levels.length === 0 || !pack.levels.every((l) => typeof l === 'string')) {
      problems.push('levels: expected a non-empty list of level names, loosest first');
    }
    if (!Array.isArray(pack.rules)) problems.push('rules: expected a list of rules');
    if (pack.paths !== undefined && (typeof pack.paths !== 'object' || pack.paths === null || !Object.values(pack.paths).every((g) => Array.isArray(g) && g.every((x) => typeof x === 'string')))) {
      problems.push('paths: expected { class: [glob, ...] }');
    }
  }
  if (problems.length > 0) throw new PackError('HOOKWIRE_PACK_INVALID', `pack ${label} is invalid: ${problems.join('; ')}`);
  return pack as Pack;
}
