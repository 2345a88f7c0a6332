import { chmod, lstat, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, tempDir } from '../sidecar.js';
import { replaceFile } from '../../src/init/replace-file.js';

afterEach(cleanupSidecars);

describe('replaceFile', () => {
  it.each([0o600, 0o444, 0o755])('keeps mode %o and leaves no temp file', async (mode) => {
    const dir = await tempDir();
    const path = join(dir, 'settings.json');
    await writeFile(path, 'old');
    await chmod(path, mode);
    await replaceFile(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
    expect((await stat(path)).mode & 0o7777).toBe(mode);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('writes through a chain of links and keeps every link', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'real.json'), 'old');
    await symlink(join(dir, 'real.json'), join(dir, 'middle.json'));
    await symlink('middle.json', join(dir, 'settings.json'));
    await replaceFile(join(dir, 'settings.json'), 'new');
    expect(await readFile(join(dir, 'real.json'), 'utf8')).toBe('new');
    expect((await lstat(join(dir, 'settings.json'))).isSymbolicLink()).toBe(true);
    expect((await lstat(join(dir, 'middle.json'))).isSymbolicLink()).toBe(true);
  });

  it('makes a missing file, and its folders, with the default mode', async () => {
    const dir = await tempDir();
    const path = join(dir, 'a', 'b', 'settings.json');
    await replaceFile(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
    expect((await stat(path)).mode & 0o7777).toBe(0o666 & ~process.umask());
  });
});
