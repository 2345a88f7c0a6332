// Where things are: the bench's own files, and the checkout it measures (this one, or HOOKWIRE_BENCH_REPO).
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The checkout measured: the one these scripts live in, unless HOOKWIRE_BENCH_REPO names another built one. */
export const REPO_DIR = resolve(process.env.HOOKWIRE_BENCH_REPO ?? join(BENCH_DIR, '..'));
export const RESULTS_DIR = join(BENCH_DIR, 'results');
export const REPORT_PATH = join(BENCH_DIR, 'REPORT.md');
export const FLOOR_ECHO = join(BENCH_DIR, 'floor-echo.mjs');
export const SPAWNER = join(BENCH_DIR, 'spawner.mjs');
export const BARE_BRIDGE = join(BENCH_DIR, 'bare-bridge.cjs');

/** The `hookwire` executable a checkout ships (what `npm i hookwire` puts on PATH). */
export function binOf(repoDir) {
  const dir = join(repoDir, 'packages/hookwire');
  const manifest = createRequire(join(dir, 'package.json'))('./package.json');
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.hookwire;
  return join(dir, bin);
}

export const HOOKWIRE_BIN = binOf(REPO_DIR);
/** The library entry of the hookwire CLI package (the executable bundles it, in builds that bundle). */
export const CLI_LIB = join(REPO_DIR, 'packages/hookwire/lib/index.js');

/** Imports a workspace package's built library (`packages/<name>/lib/index.js`) from a checkout. */
export function importPackage(name, repoDir = REPO_DIR) {
  return import(pathToFileURL(join(repoDir, 'packages', name, 'lib/index.js')).href);
}

/** The file `dependency` resolves to from workspace package `name`, as Node would resolve it there. */
export function resolveDependencyOf(name, dependency, repoDir = REPO_DIR) {
  return createRequire(join(repoDir, 'packages', name, 'package.json')).resolve(dependency);
}

export function importDependencyOf(name, dependency, repoDir = REPO_DIR) {
  return import(pathToFileURL(resolveDependencyOf(name, dependency, repoDir)).href);
}
