import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineClient, removeTempDirs, runToEnd as runNode, tempDir as makeTempDir, type Exit } from '@hookwire/test-utils';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The built hookwire executable: the package's `bin`, the bundle scripts/bundle-bin.mjs writes. */
export const HOOKWIRE = join(PACKAGE_DIR, (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { bin: { hookwire: string } }).bin.hookwire);

/** The library entry, which still runs the CLI when started directly (`node lib/index.js listen`). */
export const LIB_ENTRY = join(PACKAGE_DIR, 'lib/index.js');

export { isGone } from '@hookwire/test-utils';
export type RunEnd = Exit;

/** Runs `node <entry> ...args` with `input` on stdin to its end. */
export function runToEnd(entry: string, args: string[], input = '', cwd?: string): Promise<RunEnd> {
  return runNode(entry, args, { input, cwd });
}

/** A running `hookwire` driven through its real stdin and stdout. */
export type Sidecar = LineClient;

const started: Sidecar[] = [];

export function tempDir(): Promise<string> {
  return makeTempDir('hookwire-sidecar-');
}

export { writeConfig } from '@hookwire/test-utils';

/** Starts the built `hookwire ...args`, killed by {@link cleanupSidecars}. */
export function startSidecar(args: string[], env: NodeJS.ProcessEnv = process.env): Sidecar {
  const sidecar = new LineClient(process.execPath, [HOOKWIRE, ...args], { name: 'hookwire', env });
  started.push(sidecar);
  return sidecar;
}

export async function cleanupSidecars(): Promise<void> {
  await Promise.all(started.splice(0).map((sidecar) => sidecar.kill()));
  await removeTempDirs();
}

/** Runs the real `hookwire` executable to completion: its exit code and output. */
export function runHookwire(args: string[], options: { input?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunEnd> {
  return runNode(HOOKWIRE, args, options);
}

/**
 * The environment of a user with no config of their own, outside any host: only a config in the
 * directory a command starts in (or given with --config) is found, and the bridge is not nested.
 */
export function bareEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: join(dir, 'no-user-config') };
  delete env.HOOKWIRE_CONFIG;
  delete env.CLAUDE_PROJECT_DIR;
  delete env.HOOKWIRE_BRIDGE_DEPTH;
  return env;
}
