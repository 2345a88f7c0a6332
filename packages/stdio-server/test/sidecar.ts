import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineClient, removeTempDirs, runToEnd, tempDir as makeTempDir } from '@hookwire/test-utils';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** This package's own bin, `hookwire-stdio-server` (`lib/bin.js`). */
export const STDIO_BIN = join(PACKAGE_DIR, 'lib/bin.js');

/** The library entry, which still runs the sidecar when started directly (`node lib/index.js listen`, ARCHITECTURE §12). */
export const LIB_ENTRY = join(PACKAGE_DIR, 'lib/index.js');

export { isGone, runToEnd } from '@hookwire/test-utils';
export type { Exit as RunEnd } from '@hookwire/test-utils';

/** A running sidecar driven through its real stdin and stdout. */
export type Sidecar = LineClient;

const started: Sidecar[] = [];

export function tempDir(): Promise<string> {
  return makeTempDir('hookwire-sidecar-');
}

export { writeConfig } from '@hookwire/test-utils';

/** Starts `node <entry> ...args` (default this package's bin), killed by {@link cleanupSidecars}. */
export function startSidecar(args: string[], env: NodeJS.ProcessEnv = process.env, entry = STDIO_BIN): Sidecar {
  const sidecar = new LineClient(process.execPath, [entry, ...args], { name: 'hookwire-stdio-server', env });
  started.push(sidecar);
  return sidecar;
}

export async function cleanupSidecars(): Promise<void> {
  await Promise.all(started.splice(0).map((sidecar) => sidecar.kill()));
  await removeTempDirs();
}

/** Runs this package's bin to its end. */
export function runSidecar(args: string[], options: { input?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): ReturnType<typeof runToEnd> {
  return runToEnd(STDIO_BIN, args, options);
}
