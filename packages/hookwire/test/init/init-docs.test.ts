import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { hookwire } from './init-run.js';

const REPO = join(import.meta.dirname, '..', '..', '..', '..');
// The pages that show what `hookwire init` prints in a new project.
const PAGES = ['README.md', 'docs/config.md', 'packages/hookwire/README.md'];

afterAll(removeTempDirs);

describe('the docs show what init prints', () => {
  it.each(PAGES)('%s has the lines the real `hookwire init` prints for Claude Code', async (page) => {
    const dir = await tempDir();
    const run = await hookwire(['init'], dir);
    expect(run.code).toBe(0);
    const created = run.stdout.split('\n').filter((line) => line.startsWith('  created '));
    expect(created).toHaveLength(2);
    const text = await readFile(join(REPO, page), 'utf8');
    for (const line of created) expect(text).toContain(line);
  });
});
