import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDir, tempDir } from '@hookwire/test-utils';
import { expect, it } from 'vitest';
import { describeCommandHooks } from './claude-settings.js';
import { timeClaudeTurn } from './time-claude-turn.js';

it('times a whole turn with no hooks even in a project that had some, and rejects a broken one', async () => {
  const cwd = await tempDir('hookwire-claude-turn-');
  try {
    await mkdir(join(cwd, '.claude'));
    // Left over from an earlier run: hooks that would block both the prompt and the tool.
    await writeFile(join(cwd, '.claude', 'settings.json'), JSON.stringify(describeCommandHooks('exit 2')));
    const ms = await timeClaudeTurn(undefined, { cwd, command: 'touch ran' });
    expect(ms).toBeGreaterThan(0);
    expect(await readFile(join(cwd, '.claude', 'settings.json'), 'utf8')).toBe('{}\n');
    await expect(readFile(join(cwd, 'ran'), 'utf8')).resolves.toBe('');
    await expect(timeClaudeTurn(undefined, { cwd, timeoutMs: 1 })).rejects.toThrow(/timeClaudeTurn: the turn did not complete \(exit null, timed out true/);
  } finally {
    await removeTempDir(cwd);
  }
});
