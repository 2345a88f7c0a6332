import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, packWorkspace, removeTempDirs, runClean, tempDir } from '@hookwire/test-utils';
import { runCopilot } from './copilot.js';

// The premise of init's double-run warning, with the real Copilot CLI: it runs the hooks of
// .claude/settings.json besides .github/hooks/*.json, so a project with both bridges runs every
// hookwire hook twice per event. `init --host claude,copilot` says so; this checks it is true.

let app: string;

afterAll(() => removeTempDirs());

beforeAll(async () => {
  app = await installPacked('hookwire', await packWorkspace(await tempDir('hookwire-hosts-pack-')), await tempDir('hookwire-hosts-app-'));
}, 600_000);

describe('Copilot CLI with both bridges', () => {
  it('init warns, and Copilot CLI does run the hooks once per bridge', { timeout: 240_000 }, async () => {
    // A config whose one hook counts its runs.
    await writeFile(join(app, '.hookwire.json'), JSON.stringify({ hooks: [{ id: 'count', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'echo ran >> "$HOOKWIRE_CONFIG_DIR/ran.log"' }] }));
    const init = await runClean('npx', ['--no-install', 'hookwire', 'init', '--host', 'claude,copilot'], { cwd: app, userConfigHome: join(app, '.no-user-config'), env: { HOME: join(app, '.no-home') } });
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toContain('warning: GitHub Copilot CLI would run every hook twice: it runs the hooks of .github/hooks/hookwire.json and .claude/settings.json, and each runs the hookwire bridge;');
    const run = await runCopilot({ cwd: app, prompt: 'List the files.', script: [{ bash: 'ls' }, { text: 'finished' }] });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    // One Bash call, one PreToolUse: the counting hook ran once through each bridge.
    expect(await readFile(join(app, 'ran.log'), 'utf8')).toBe('ran\nran\n');
  });
});
