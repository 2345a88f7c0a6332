#!/usr/bin/env node
// `pnpm pack:hookwire [DIR]`: builds the `hookwire` package and writes it as one self-contained
// tarball, DIR/hookwire-<version>.tgz (default DIR: packed/ in the repository), then prints its path.
// That tarball is all a project needs before a registry release: `npm install --save-dev
// <path>` installs it with no network (its bin and its library entry are bundles, and it declares
// no dependency). `pnpm pack` runs the package's prepack (tsc -b, scripts/bundle-bin.mjs) and
// applies its publishConfig (exports on dist/); the tarball is checked before its path is printed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'packages/hookwire');

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  process.stderr.write(`pack:hookwire: expected at most one argument, the folder to write the tarball to (default packed/), got ${args.join(' ')}\n`);
  process.exit(2);
}
// pnpm runs a script in the package's folder; INIT_CWD is where it was typed.
const into = args[0] === undefined ? join(ROOT, 'packed') : resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
const { version } = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
const tarball = join(into, `hookwire-${version}.tgz`);
mkdirSync(into, { recursive: true });
rmSync(tarball, { force: true });

// The pnpm that runs this script (npm_execpath: a script or, as pnpm 12 ships, an executable), else
// the one the repository pins (packageManager) through npx.
const execpath = process.env.npm_execpath;
const pnpm = execpath !== undefined && /pnpm/.test(execpath)
  ? (/\.[cm]?js$/.test(execpath) ? [process.execPath, [execpath]] : [execpath, []])
  : ['npx', ['-y', JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).packageManager]];
execFileSync(pnpm[0], [...pnpm[1], 'pack', '--pack-destination', into], { cwd: PACKAGE, stdio: ['ignore', 2, 'inherit'] });

// What `npm install` would read: no dependency of any kind, and every entry point inside the tarball.
const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
const files = new Set(execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n'));
const problems = [];
for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies']) {
  if (manifest[field] !== undefined && Object.keys(manifest[field]).length > 0) problems.push(`it declares ${field}: ${Object.keys(manifest[field]).join(', ')}`);
}
/** The file paths of an `exports` value (conditions and subpaths nest objects; the leaves are paths). */
const targets = (value) => (typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap(targets));
const entries = [manifest.main, manifest.types, ...Object.values(manifest.bin ?? {}), ...targets(manifest.exports)];
for (const entry of entries.filter((path) => path !== './package.json')) {
  if (!files.has(`package/${entry.replace(/^\.\//, '')}`)) problems.push(`${entry} (named by its package.json) is not in it`);
}
if (problems.length > 0) {
  process.stderr.write(`pack:hookwire: ${tarball} is not self-contained: ${problems.join('; ')}\n`);
  process.exit(1);
}
process.stdout.write(`${tarball}\n`);
process.stderr.write(`pack:hookwire: install it in a project with: npm install --save-dev ${tarball}\n`);
