import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, packWorkspace, runClean, tempDir } from '@hookwire/test-utils';
import { runClaude } from './claude.js';
import { snapshotProject } from './project-snapshot.js';
import { listToolResults } from './fake-anthropic.js';

// The "done when", with the real Claude Code: in an empty project, install the packed
// `hookwire` (its @hookwire dependencies from their tarballs), `npx hookwire init`, start Claude Code.

const GUARD_REASON = 'rm -rf deletes recursively without asking; remove the files by name, or ask the user';
const made: string[] = [];
let app: string;

afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

beforeAll(async () => {
  const packDir = await tempDir('hookwire-hosts-pack-');
  made.push(packDir);
  app = await installPacked('hookwire', await packWorkspace(packDir));
  made.push(app);
  await writeFile(join(app, 'x'), 'keep me\n');
}, 600_000);

function npxHookwire(args: string[]) {
  return runClean('npx', ['--no-install', 'hookwire', ...args], { cwd: app, userConfigHome: join(app, '.no-user-config') });
}

describe('npm install hookwire, npx hookwire init, then the real Claude Code', () => {
  it('denies rm -rf; init twice leaves every byte; --uninstall gives the project back', { timeout: 240_000 }, async () => {
    const before = await snapshotProject(app);
    expect(Object.keys(before).sort()).toEqual(['package-lock.json', 'package.json', 'x']);

    const init = await npxHookwire(['init']);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    const initialized = await snapshotProject(app);
    expect(Object.keys(initialized).sort()).toEqual(['.claude/settings.json', '.hookwire.json', 'package-lock.json', 'package.json', 'x']);

    const again = await npxHookwire(['init']);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toContain('  nothing to change\n');
    expect(await snapshotProject(app)).toEqual(initialized);

    // No settings given: Claude Code runs with the ones init wrote.
    const run = await runClaude({ cwd: app, prompt: 'Remove x.', script: [{ bash: 'rm -rf ./x' }, { text: 'finished' }] });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
    expect(existsSync(join(app, 'x'))).toBe(true);
    expect(listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: `PreToolUse:Bash hook error: ${GUARD_REASON}`, isError: true }]);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'result', is_error: false, result: 'finished' });
    expect(await snapshotProject(app)).toEqual(initialized);

    const uninstall = await npxHookwire(['init', '--uninstall']);
    expect(uninstall).toMatchObject({ code: 0, stderr: '' });
    expect(await snapshotProject(app)).toEqual(before);
    expect(existsSync(join(app, '.claude'))).toBe(false);
  });
});
