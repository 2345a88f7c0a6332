import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runClean, tempDir, type Exit } from '@hookwire/test-utils';
import { HOOKWIRE_BIN, REPO_DIR } from './claude-settings.js';

/** A scratch folder holding a project set up by `hookwire init --host <host>`, and a sibling folder outside it. */
export interface InitProject {
  /** The scratch folder: `project/` and `keep/` are in it. */
  root: string;
  /** The project: `hookwire init` ran here; `node_modules/.bin/hookwire` runs this checkout's built bin. */
  project: string;
  /** `<root>/keep/file`: outside the project, what `rm -rf ../keep` would delete. */
  keep: string;
  /** What `hookwire init` printed. */
  init: Exit;
}

/** The checkout's `cc-safety-net` (a pinned root devDependency), a real third-party Claude Code guard. */
export const CC_SAFETY_NET = join(REPO_DIR, 'node_modules', '.bin', 'cc-safety-net');

/** The built `hookwire` in `dir`, with no host variable and no user config of the machine leaking in. */
export function runHookwire(args: string[], dir: string): Promise<Exit> {
  return runClean(process.execPath, [HOOKWIRE_BIN, ...args], { cwd: dir, userConfigHome: join(dir, '.no-user-config') });
}

/**
 * Makes a project the way a user would, but with this checkout's built bin as its installed
 * `node_modules/.bin/hookwire` (a two-line shim; `claude-init.test.ts` covers the packed install):
 * `hookwire init --host <host>`, then `config` (when given; a function gets the project's path)
 * replaces the starter `.hookwire.json`.
 */
export async function makeInitProject(host: string, config?: unknown): Promise<InitProject> {
  const { root, project, keep } = await makeShimProject(host);
  const init = await runHookwire(['init', '--host', host], project);
  if (init.code !== 0) throw new Error(`hookwire init --host ${host} failed (${init.code}): ${init.stderr}`);
  await writeConfig(project, config);
  return { root, project, keep, init };
}

async function makeShimProject(label: string): Promise<Omit<InitProject, 'init'>> {
  const root = await tempDir(`hookwire-${label}-init-`);
  const project = join(root, 'project');
  const keep = join(root, 'keep', 'file');
  await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
  await mkdir(join(root, 'keep'));
  await writeFile(keep, 'keep me\n');
  const shim = join(project, 'node_modules', '.bin', 'hookwire');
  await writeFile(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(HOOKWIRE_BIN)} "$@"\n`);
  await chmod(shim, 0o755);
  return { root, project, keep };
}

async function writeConfig(project: string, config: unknown): Promise<void> {
  const written = typeof config === 'function' ? (config as (dir: string) => unknown)(project) : config;
  if (written !== undefined) await writeFile(join(project, '.hookwire.json'), `${JSON.stringify(written, null, 2)}\n`);
}
