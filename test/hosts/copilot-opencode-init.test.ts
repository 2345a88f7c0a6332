import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, packWorkspace, removeTempDirs, runClean, tempDir } from '@hookwire/test-utils';
import { runCopilot } from './copilot.js';
import { snapshotProject } from './project-snapshot.js';
import { listToolResults } from './fake-chat-completions.js';
import { runOpenCode } from './opencode.js';

// The "done when" for Copilot CLI and OpenCode, as a user gets there: in an empty project,
// install the packed `hookwire` and `@hookwire/opencode`, `npx hookwire init --host <host>`, start
// the real host: the starter (the hookwire:recommended pack) denies a .env read through the shell and
// names its rule; init twice leaves every byte; --uninstall gives the project back.

/** The pack's secrets rule, as the model is told, on the project's .env. */
const starterReason = (app: string) => new RegExp(`^(Denied by preToolUse hook: )?This reads a secret .* \\[hookwire rule secrets-read-file, matched: ${join(app, '.env').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(; also: [^\\]]+)?\\]$`);
let tarballs: Awaited<ReturnType<typeof packWorkspace>>;

afterAll(() => removeTempDirs());

beforeAll(async () => {
  tarballs = await packWorkspace(await tempDir('hookwire-hosts-pack-'));
}, 600_000);

async function installApp(): Promise<string> {
  const app = await installPacked(['hookwire', '@hookwire/opencode'], tarballs, await tempDir('hookwire-hosts-app-'));
  await writeFile(join(app, 'x'), 'keep me\n');
  await writeFile(join(app, '.env'), 'API_TOKEN=hookwire-test-secret-7f3a\n');
  return app;
}

function npxHookwire(app: string, args: string[]) {
  return runClean('npx', ['--no-install', 'hookwire', ...args], { cwd: app, userConfigHome: join(app, '.no-user-config') });
}

/** init, init again, uninstall, init: checks the promises, and leaves the project initialized. */
async function checkInitPromises(app: string, host: string, files: string[]): Promise<void> {
  const before = await snapshotProject(app);
  const init = await npxHookwire(app, ['init', '--host', host]);
  expect(init).toMatchObject({ code: 0, stderr: '' });
  // The only note is the host's trust note (Copilot CLI skips hooks silently in an untrusted folder; the tests start it with --trust-folder).
  const notes = init.stdout.split('\n').filter((line) => line.startsWith('note: '));
  expect(notes).toEqual(host === 'copilot' ? [expect.stringMatching(/^note: Copilot CLI loads repository hooks only in a trusted folder, and skips them silently in any other: /)] : []);
  const initialized = await snapshotProject(app);
  expect(Object.keys(initialized).sort()).toEqual([...Object.keys(before), ...files].sort());
  const again = await npxHookwire(app, ['init', '--host', host]);
  expect(again).toMatchObject({ code: 0, stderr: '' });
  expect(again.stdout).toContain('  nothing to change\n');
  expect(await snapshotProject(app)).toEqual(initialized);
  expect(await npxHookwire(app, ['init', '--host', host, '--uninstall'])).toMatchObject({ code: 0, stderr: '' });
  expect(await snapshotProject(app)).toEqual(before);
  expect(await npxHookwire(app, ['init', '--host', host])).toMatchObject({ code: 0, stderr: '' });
  expect(await snapshotProject(app)).toEqual(initialized);
}

describe('npm install hookwire, npx hookwire init --host <host>, then the real host', () => {
  it('OpenCode: the plugin file init wrote loads @hookwire/opencode and the starter denies a .env read', { timeout: 240_000 }, async () => {
    const app = await installApp();
    await checkInitPromises(app, 'opencode', ['.hookwire.json', '.opencode/plugin/hookwire.js']);
    // No plugin and no project opencode.json given: OpenCode runs with what init wrote (the fake provider is in the user config).
    const run = await runOpenCode({ cwd: app, writeConfig: false, prompt: 'Remove x.', script: [{ bash: 'cat .env' }, { text: 'finished' }] });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    expect(listToolResults(run.requests)).toEqual([expect.stringMatching(starterReason(app))]);
    expect(JSON.stringify(run.requests)).not.toContain('hookwire-test-secret-7f3a');
    expect(existsSync(join(app, 'x'))).toBe(true);
  });

  it('Copilot CLI: the .github/hooks/hookwire.json init wrote runs the bridge and the starter denies a .env read', { timeout: 240_000 }, async () => {
    const app = await installApp();
    await checkInitPromises(app, 'copilot', ['.hookwire.json', '.github/hooks/hookwire.json']);
    const run = await runCopilot({ cwd: app, prompt: 'Remove x.', script: [{ bash: 'cat .env' }, { text: 'finished' }] });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    expect(listToolResults(run.requests)).toEqual([expect.stringMatching(starterReason(app))]);
    expect(JSON.stringify(run.requests)).not.toContain('hookwire-test-secret-7f3a');
    expect(existsSync(join(app, 'x'))).toBe(true);
  });
});
