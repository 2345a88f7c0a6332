import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, packWorkspace, runClean, tempDir } from '@hookwire/test-utils';
import { runClaude } from './claude.js';
import { snapshotProject } from './project-snapshot.js';
import { listToolResults, type ScriptStep } from './fake-anthropic.js';

// The "done when", with the real Claude Code: in an empty project, install the packed
// `hookwire` (its @hookwire dependencies from their tarballs), `npx hookwire init`, start Claude Code.

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
  await writeFile(join(app, '.env'), 'API_TOKEN=hookwire-test-secret-7f3a\n');
}, 600_000);

function npxHookwire(args: string[]) {
  return runClean('npx', ['--no-install', 'hookwire', ...args], { cwd: app, userConfigHome: join(app, '.no-user-config') });
}

describe('npm install hookwire, npx hookwire init, then the real Claude Code', () => {
  it('the recommended pack denies the evasion forms, a .env read and an edit of its own config, names the rule, lets everyday work pass; init twice leaves every byte; --uninstall gives the project back', { timeout: 240_000 }, async () => {
    const before = await snapshotProject(app);
    expect(Object.keys(before).sort()).toEqual(['.env', 'package-lock.json', 'package.json', 'x']);

    const init = await npxHookwire(['init']);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    const initialized = await snapshotProject(app);
    expect(Object.keys(initialized).sort()).toEqual(['.claude/settings.json', '.env', '.hookwire.json', 'package-lock.json', 'package.json', 'x']);

    const again = await npxHookwire(['init']);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toContain('  nothing to change\n');
    expect(await snapshotProject(app)).toEqual(initialized);

    // No settings given: Claude Code runs with the ones init wrote. HOME is a fresh folder of the harness's,
    // so a home-deleting form that got through would delete only that (the denials below say none did).
    const denied: [step: ScriptStep, rule: string][] = [
      [{ bash: 'bash -c "rm -rf ~"' }, 'fs-rm-root-home'],
      [{ bash: 'X=rm; $X -rf ~' }, 'fs-rm-root-home'],
      [{ bash: 'FORCE=1 \\rm -fr ~/' }, 'fs-rm-root-home'],
      [{ bash: 'find ~ -delete' }, 'fs-delete-rootish-path'],
      [{ bash: '/bin/rm -rf ~/' }, 'fs-rm-root-home'],
      // The interpreter form, aimed at a home folder that does not exist: had the guard let it through, it would fail and delete nothing.
      [{ bash: `python3 -c "import shutil; shutil.rmtree('/home/hookwire-no-such-user')"` }, 'code-delete-root-home'],
      [{ bash: 'cat .env' }, 'secrets-read-file'],
      [{ tool: 'Read', input: { file_path: join(app, '.env') } }, 'secrets-read-file'],
      [{ tool: 'Write', input: { file_path: join(app, '.hookwire.json'), content: '{"hooks":[]}' } }, 'guard-edit-config'],
    ];
    const script: ScriptStep[] = [...denied.map(([step]) => step), { bash: 'ls x && git --version >/dev/null && echo everyday-ok' }, { text: 'finished' }];
    const run = await runClaude({ cwd: app, prompt: 'Tidy up.', script });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
    expect(existsSync(join(app, 'x'))).toBe(true);
    const results = listToolResults(run.requests);
    expect(results).toHaveLength(denied.length + 1);
    denied.forEach(([step, rule], index) => {
      const tool = 'bash' in step ? 'Bash' : (step as { tool: string }).tool;
      expect(results[index], JSON.stringify(step)).toMatchObject({ isError: true, text: expect.stringMatching(new RegExp(`^PreToolUse:${tool} hook error: .*\\[hookwire rule ${rule}, matched: `)) });
    });
    expect(results.at(-1)).toMatchObject({ isError: false, text: expect.stringContaining('everyday-ok') });
    // The secret never reached the model.
    expect(JSON.stringify(run.requests.map((request) => request.body))).not.toContain('hookwire-test-secret-7f3a');
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'result', is_error: false, result: 'finished' });
    expect(await snapshotProject(app)).toEqual(initialized);

    const uninstall = await npxHookwire(['init', '--uninstall']);
    expect(uninstall).toMatchObject({ code: 0, stderr: '' });
    expect(await snapshotProject(app)).toEqual(before);
    expect(existsSync(join(app, '.claude'))).toBe(false);
  });
});
