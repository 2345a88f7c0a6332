import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, packWorkspace, runClean, tempDir } from '@hookwire/test-utils';
import { runClaude } from './claude.js';
import { listToolResults, type ScriptStep } from './fake-anthropic.js';
import { listFunctionResponses } from './fake-gemini.js';
import { GEMINI_USER_SETTINGS, runGemini } from './gemini.js';

// hookwire init --user with the real hosts: hookwire installed once (the packed package, in a
// folder of its own, as a global install would be), `hookwire init --user` writes the host's user
// settings and the user config, and the host started in another project — with no hookwire, no
// .hookwire.json and no settings of its own — is guarded by the user layer.

const made: string[] = [];
let install: string;
let home: string;
let project: string;

afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

beforeAll(async () => {
  const packDir = await tempDir('hookwire-hosts-pack-');
  made.push(packDir);
  install = await installPacked('hookwire', await packWorkspace(packDir));
  made.push(install);
  const root = await tempDir('hookwire-user-init-');
  made.push(root);
  home = join(root, 'home');
  project = join(root, 'project');
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(project);
  await writeFile(join(project, '.env'), 'API_TOKEN=hookwire-test-secret-7f3a\n');
}, 600_000);

/** The installed hookwire (its bin, through node_modules/.bin), with `home` (default the Claude Code test's) as $HOME. */
function hookwire(args: string[], cwd: string, at = home) {
  return runClean(join(install, 'node_modules', '.bin', 'hookwire'), args, { cwd, userConfigHome: join(at, '.config'), env: { HOME: at, CLAUDE_CONFIG_DIR: '' } });
}

describe('hookwire init --user, then the real Claude Code in a project with nothing of hookwire', () => {
  it('the user layer denies a .env read and names the rule, lets ls pass; --user --uninstall gives the files back', { timeout: 240_000 }, async () => {
    const init = await hookwire(['init', '--user', '--host', 'claude'], project);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toContain(`hookwire init --user (host claude) in ${home} (your user settings, for every project)\n`);
    const settings = JSON.parse(await readFile(join(home, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    expect(settings.hooks.PreToolUse![0]!.hooks[0]!.command).toContain(`b='${join(install, 'node_modules', 'hookwire', 'dist', 'hookwire.cjs')}'`);
    const written = { settings: await readFile(join(home, '.claude', 'settings.json'), 'utf8'), config: await readFile(join(home, '.config', 'hookwire', 'config.json'), 'utf8') };

    const script: ScriptStep[] = [{ bash: 'cat .env' }, { bash: 'ls -a' }, { text: 'finished' }];
    // Claude Code's HOME is the one init wrote into (the harness would make a fresh one).
    const run = await runClaude({ cwd: project, prompt: 'Look around.', script, env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), TMPDIR: join(home, 'tmp') } });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
    const results = listToolResults(run.requests);
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ isError: true, text: expect.stringMatching(/^PreToolUse:Bash hook error: .*\[hookwire rule secrets-read-file, matched: /) });
    expect(results[1]).toMatchObject({ isError: false, text: expect.stringContaining('.env') });
    expect(JSON.stringify(run.requests.map((request) => request.body))).not.toContain('hookwire-test-secret-7f3a');

    // From the project, check lists the one layer the bridge loaded there: the user's.
    const check = await hookwire(['check'], project);
    expect(check.stdout.split('\n').slice(0, 2)).toEqual([
      "loaded 1 config layer, in order (hooks run in this order; a later layer's settings win):",
      `  1. user  ${join(home, '.config', 'hookwire', 'config.json')}  (the user layer, for every project: $XDG_CONFIG_HOME/hookwire/config.json)`,
    ]);

    // Claude Code has written files of its own into HOME since: the two of init's are what --uninstall looks at.
    expect(await readFile(join(home, '.claude', 'settings.json'), 'utf8')).toBe(written.settings);
    const uninstall = await hookwire(['init', '--user', '--uninstall', '--host', 'claude'], project);
    expect(uninstall).toMatchObject({ code: 0, stderr: '' });
    expect(uninstall.stdout).toContain('  deleted .claude/settings.json: nothing but the bridge was in it');
    expect(uninstall.stdout).toContain('  deleted .config/hookwire/config.json: the starter, unchanged since init wrote it');
    expect(written.config).toContain('"pack": "hookwire:recommended"');
  });
});

describe('hookwire init --user, then the real Gemini CLI in a project with nothing of hookwire', () => {
  it("adds the bridge to the user's own ~/.gemini/settings.json; the user layer denies a .env read, lets ls pass; --uninstall gives the file back byte for byte", { timeout: 240_000 }, async () => {
    const geminiHome = join(home, '..', 'gemini-home');
    await mkdir(join(geminiHome, 'tmp'), { recursive: true });
    await mkdir(join(geminiHome, '.gemini'));
    // The user's settings as they were: the harness's (API-key auth, no statistics, no updates).
    const mine = `${JSON.stringify(GEMINI_USER_SETTINGS, null, 2)}\n`;
    await writeFile(join(geminiHome, '.gemini', 'settings.json'), mine);
    const init = await hookwire(['init', '--user', '--host', 'gemini'], project, geminiHome);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toContain('  updated .gemini/settings.json: the bridge runs on BeforeTool, ');
    const written = await readFile(join(geminiHome, '.gemini', 'settings.json'), 'utf8');
    expect(JSON.parse(written)).toMatchObject(GEMINI_USER_SETTINGS);

    const script: ScriptStep[] = [{ bash: 'cat .env' }, { bash: 'ls -a' }, { text: 'finished' }];
    const run = await runGemini({ cwd: project, prompt: 'Look around.', script, env: { HOME: geminiHome, XDG_CONFIG_HOME: join(geminiHome, '.config'), TMPDIR: join(geminiHome, 'tmp') } });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    const shown = listFunctionResponses(run.requests);
    expect(shown).toHaveLength(2);
    expect(shown[0]).toEqual({ name: 'run_shell_command', response: { error: expect.stringMatching(/^Tool execution blocked: .*\[hookwire rule secrets-read-file, matched: /) } });
    expect(shown[1]?.response.error).toBeUndefined();
    expect(String(shown[1]?.response.output)).toContain('.env');
    expect(JSON.stringify(run.requests)).not.toContain('hookwire-test-secret-7f3a');

    expect(await readFile(join(geminiHome, '.gemini', 'settings.json'), 'utf8')).toBe(written);
    const uninstall = await hookwire(['init', '--user', '--uninstall', '--host', 'gemini'], project, geminiHome);
    expect(uninstall).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(join(geminiHome, '.gemini', 'settings.json'), 'utf8')).toBe(mine);
  });
});
