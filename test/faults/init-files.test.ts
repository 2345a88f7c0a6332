import { chmod, chown, lstat, mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, runHookwire, tempDir } from './harness.js';

afterEach(cleanup);

// Issue 21 item 11: init edits a settings file that can hold secrets (`env`) and may be shared
// through a link; it must keep the file's mode, owner and link.

const SETTINGS = JSON.stringify({ env: { API_TOKEN: 'secret-value-123456' }, permissions: { allow: [] } }, null, 2);

async function init(dir: string, ...extra: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.HOOKWIRE_BRIDGE_DEPTH;
  return runHookwire(['init', '--host', 'claude', '--dir', dir, ...extra], { env });
}

describe('hookwire init keeps the settings file it edits as it was', () => {
  it.each([
    ['0600', 0o600],
    ['0640', 0o640],
    ['0444', 0o444],
  ])('mode %s is kept through init and --uninstall', async (_octal, mode) => {
    const dir = await tempDir();
    const settings = join(dir, '.claude', 'settings.json');
    await mkdir(join(dir, '.claude'));
    await writeFile(settings, SETTINGS);
    await chmod(settings, mode);
    expect((await init(dir)).code).toBe(0);
    expect(await readFile(settings, 'utf8')).toContain('hookwire');
    expect((await stat(settings)).mode & 0o7777).toBe(mode);
    expect((await init(dir, '--uninstall')).code).toBe(0);
    expect(await readFile(settings, 'utf8')).not.toContain('hookwire');
    expect((await stat(settings)).mode & 0o7777).toBe(mode);
  });

  it.runIf(process.getuid?.() === 0)('the owner and group are kept (run as root, on a file of another user)', async () => {
    const dir = await tempDir();
    const settings = join(dir, '.claude', 'settings.json');
    await mkdir(join(dir, '.claude'));
    await writeFile(settings, SETTINGS);
    await chown(settings, 4321, 4322);
    expect((await init(dir)).code).toBe(0);
    expect(await readFile(settings, 'utf8')).toContain('hookwire');
    expect(await stat(settings)).toMatchObject({ uid: 4321, gid: 4322 });
  });

  it('a symlinked settings file stays a link: init and --uninstall write through it to its target', async () => {
    const dir = await tempDir();
    const shared = await tempDir();
    const target = join(shared, 'claude-settings.json');
    await writeFile(target, SETTINGS);
    await chmod(target, 0o600);
    await mkdir(join(dir, '.claude'));
    const link = join(dir, '.claude', 'settings.json');
    await symlink(target, link);
    expect((await init(dir)).code).toBe(0);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(target);
    expect(await readFile(target, 'utf8')).toContain('hookwire');
    expect((await stat(target)).mode & 0o7777).toBe(0o600);
    expect((await init(dir, '--uninstall')).code).toBe(0);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual(JSON.parse(SETTINGS));
  });

  it('a link to a settings file that held nothing but the bridge: --uninstall empties the target and keeps the link', async () => {
    const dir = await tempDir();
    const target = join(await tempDir(), 'claude-settings.json');
    await mkdir(join(dir, '.claude'));
    const link = join(dir, '.claude', 'settings.json');
    // A link to a file not there yet: init makes the file where the link points.
    await symlink(target, link);
    expect((await init(dir)).code).toBe(0);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(target, 'utf8')).toContain('hookwire');
    expect((await init(dir, '--uninstall')).code).toBe(0);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(target, 'utf8')).not.toContain('hookwire');
  });
});
