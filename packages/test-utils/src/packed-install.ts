import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PACKAGES_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Every published package of the workspace, by folder (each tarball is keyed by the name its package.json gives). */
export const PUBLISHED_PACKAGES = ['fold', 'contract', 'action', 'rules', 'http-post', 'exec-shell', 'exec-http', 'exec-oracle', 'runtime', 'session', 'otlp', 'stdio-server', 'http-server', 'mock-llm', 'hookwire', 'opencode-plugin'] as const;

/** Package name (`@hookwire/runtime`, `hookwire`) → `file:<tarball>`. */
export type Tarballs = Record<string, string>;

/** Packs one workspace package as pnpm publishes it (workspace:* becomes the real version; `prepack` builds it first). */
async function pack(folder: string, into: string): Promise<string> {
  const before = new Set(await readdir(into));
  await run('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', into], { cwd: join(PACKAGES_DIR, folder), timeout: 120_000 });
  const added = (await readdir(into)).filter((file) => !before.has(file) && file.endsWith('.tgz'));
  if (added.length !== 1) throw new Error(`packing ${folder} made ${added.length} tarballs: ${added.join(', ')}`);
  return join(into, added[0]!);
}

/** Packs every published package into `into`, one after the other (each `prepack` runs `tsc -b`). */
export async function packWorkspace(into: string): Promise<Tarballs> {
  const tarballs: Tarballs = {};
  for (const folder of PUBLISHED_PACKAGES) {
    const { name } = JSON.parse(await readFile(join(PACKAGES_DIR, folder, 'package.json'), 'utf8')) as { name: string };
    tarballs[name] = `file:${await pack(folder, into)}`;
  }
  return tarballs;
}

/**
 * Makes an empty project (under `parent`, default the temp folder) that installs only `name` (one
 * package or several) as devDependencies. Every @hookwire package comes from its tarball (npm `overrides`; they are not on a
 * registry here); the third-party dependencies they declare come from the npm registry, as for any user.
 */
export async function installPacked(name: string | readonly string[], tarballs: Tarballs, parent = tmpdir()): Promise<string> {
  const app = await mkdtemp(join(parent, 'hookwire-app-'));
  const overrides = Object.fromEntries(Object.entries(tarballs).filter(([key]) => key.startsWith('@hookwire/') || key === 'hookwire'));
  const devDependencies = Object.fromEntries((typeof name === 'string' ? [name] : name).map((each) => [each, tarballs[each]]));
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, devDependencies, overrides }));
  await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: app, timeout: 240_000, env: { ...process.env, npm_config_update_notifier: 'false' } });
  return app;
}

/**
 * Makes an empty project (under `parent`) and installs the one tarball into it as a user would, `npm
 * install --save-dev <tarball>`, with the network off: `--offline` and an empty npm cache of its own
 * (so nothing can come from a registry or an earlier install). Resolves to the project folder and that
 * cache, for later npm commands that must stay offline too.
 */
export async function installOffline(tarball: string, parent = tmpdir()): Promise<{ app: string; cache: string }> {
  const app = await mkdtemp(join(parent, 'hookwire-app-'));
  const cache = join(app, '.empty-npm-cache');
  await mkdir(cache);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_offline: 'true', npm_config_cache: cache };
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', cache, '--save-dev', tarball], { cwd: app, timeout: 120_000, env });
  return { app, cache };
}
