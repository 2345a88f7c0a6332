// The builds a run measures: this checkout ("hookwire") and, with --compare DIR, a second built checkout.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { binOf, importPackage } from './paths.mjs';

/** The short commit of a checkout, or undefined when it is not a git checkout. */
export function commitOf(dir) {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return undefined;
  }
}

/**
 * A built checkout: its `hookwire` executable and the libraries the in-process figures call.
 * `suffix` tells its sides apart (`hookwire` for this build, `hookwire@compare` for the other).
 */
export async function loadBuild(key, label, dir) {
  const root = resolve(dir);
  const bin = binOf(root);
  if (!existsSync(bin)) throw new Error(`${label}: ${bin} does not exist; build that checkout first (pnpm install && pnpm build)`);
  const [contract, runtimeLib, foldLib] = await Promise.all([importPackage('contract', root), importPackage('runtime', root), importPackage('fold', root)]);
  return { key, label, dir: root, commit: commitOf(root), bin, suffix: key === 'hookwire' ? '' : `@${key}`, tag: '', contract, runtimeLib, foldLib };
}

/** Reads side `name` of build-suffixed sides through the unsuffixed name, for row functions written against the first build. */
function viewOf(samples, suffix, names) {
  return new Proxy(samples, { get: (target, name) => (typeof name === 'string' && names.includes(name) ? target[`${name}${suffix}`] : target[name]) });
}

function renamed(ref, suffix, names) {
  if (typeof ref === 'string') return names.includes(ref) ? `${ref}${suffix}` : ref;
  if (typeof ref === 'function') return (samples) => ref(viewOf(samples, suffix, names));
  return ref;
}

/**
 * The rows of a figure for every build. `rows` are written against the first build's side names;
 * `names` lists the side names that exist once per build (the rest, floors, are shared). For each
 * further build a figure gains the same rows on that build's sides (labelled “[before]”, not in the
 * main table) and, for each main row with a named subject, a change row pairing the two builds'
 * subjects round by round (the “Against before” table).
 */
export function expandRows(builds, rows, names) {
  const out = rows.map((row) => ({ ...row, main: row.main ?? true }));
  for (const build of builds.slice(1)) {
    for (const row of rows) {
      const perBuild = (ref) => typeof ref === 'function' || names.includes(ref);
      if (!perBuild(row.floor) && !perBuild(row.subject)) continue; // the same for every build
      out.push({ ...row, label: `${row.label} [${build.label}]`, floor: renamed(row.floor, build.suffix, names), subject: renamed(row.subject, build.suffix, names), also: renamed(row.also, build.suffix, names), build: build.key, main: false });
      if (typeof row.subject === 'string' && row.main !== false && names.includes(row.subject)) {
        out.push({ label: row.label, floor: `${row.subject}${build.suffix}`, subject: row.subject, floorLabel: build.label, subjectLabel: 'hookwire', change: build.label, main: false });
      }
    }
  }
  return out;
}
