import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs, runClean } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { runCodex, squeezeText } from './codex.js';
import * as hooks from './cross-host-hooks.js';
import { expectBothDenials, expectCleanExit, expectTreeKilled } from './cross-host-expect.js';
import { collectShownText, listFunctionOutputs, listMessages } from './fake-responses.js';
import { makeInitProject } from './init-project.js';

// The real Codex (`codex exec`), set up by `hookwire init --host codex`: hookwire is its only hook
// (`run --dialect codex`), and the hooks in .hookwire.json are Claude Code hooks, unchanged. Codex
// runs project hooks only when trusted: the harness passes --dangerously-bypass-hook-trust.

afterAll(() => removeTempDirs());


describe('Codex through hookwire init --host codex', () => {
  it('two Claude Code guards (one from npm) deny rm -rf, both reasons in config order; session and prompt context reach the model', async () => {
    const { project, keep } = await makeInitProject('codex', hooks.describeGuardConfig());
    const run = await runCodex({ cwd: project, prompt: 'Clean up.', script: [{ bash: 'rm -rf ../keep' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(keep)).toBe(true);
    const [shown] = listFunctionOutputs(run.requests);
    const output = String(shown?.output);
    expect(output).toContain('Command blocked by PreToolUse hook: ');
    expectBothDenials(output);
    const developer = listMessages(run.requests, 'developer').join('\n');
    expect(developer).toContain(hooks.SESSION_CONTEXT);
    expect(developer).toContain(hooks.PROMPT_CONTEXT);
  });

  it('finds .hookwire.json from a subdirectory of the repository: the entry starts the bridge at the git top level', async () => {
    const { project, keep } = await makeInitProject('codex', hooks.describeGuardConfig());
    expect((await runClean('git', ['init', '-q', project], { cwd: project, userConfigHome: join(project, '.no-user-config') })).code).toBe(0);
    const below = join(project, 'src', 'deep');
    await mkdir(below, { recursive: true });
    const run = await runCodex({ cwd: below, trusted: project, script: [{ bash: 'rm -rf ../../../keep' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(keep)).toBe(true);
    expectBothDenials(String(listFunctionOutputs(run.requests)[0]?.output));
  });

  it('PostToolUse context and feedback reach the model, and a blocked Stop re-prompts it with the reason', async () => {
    const { project } = await makeInitProject('codex', hooks.describeFeedbackConfig);
    const run = await runCodex({ cwd: project, script: hooks.FEEDBACK_SCRIPT });
    expectCleanExit(run);
    const [first, second] = listFunctionOutputs(run.requests);
    expect(first?.output).toContain('first-out');
    expect(listMessages(run.requests, 'developer').join('\n')).toContain(hooks.AFTER_CONTEXT);
    expect(second?.output).toContain(hooks.POST_FEEDBACK);
    expect(second?.output).not.toContain('second-out');
    const main = run.requests.filter((request) => request.role === 'main');
    expect(main).toHaveLength(4);
    expect(collectShownText(main.slice(3))).toContain(hooks.STOP_REASON);
    expect(collectShownText(main.slice(0, 3))).not.toContain(hooks.STOP_REASON);
  });

  // Issue 23: Codex edits files with apply_patch. The same Claude Code guards deny a patch whose
  // second file is .env (the guard reads only file_path), and a Stop hook's additionalContext keeps
  // the turn going as in Claude Code. `gpt-5.5` is a model Codex offers apply_patch to.
  it('one config: a Claude Code Edit|Write guard denies an apply_patch touching .env, and Stop context keeps the turn going', async () => {
    const { project } = await makeInitProject('codex', hooks.describeParityConfig);
    await mkdir(join(project, 'src'));
    await writeFile(join(project, 'src', 'a.ts'), 'export const a = 1;\n');
    await writeFile(join(project, '.env'), 'SECRET=1\n');
    // The same patch through the shell (`apply_patch <<'EOF'`): Codex applies it itself and shows hooks a Bash call.
    const shell = `apply_patch <<'EOF'\n${hooks.ENV_PATCH}EOF\n`;
    const run = await runCodex({ cwd: project, model: 'gpt-5.5', script: [{ tool: 'apply_patch', input: { patch: hooks.ENV_PATCH } }, { bash: shell }, { text: 'finished' }, { text: 'tests ran' }] });
    expectCleanExit(run);
    expect(await readFile(join(project, '.env'), 'utf8')).toBe('SECRET=1\n');
    expect(await readFile(join(project, 'src', 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    const [patched, shelled] = listFunctionOutputs(run.requests);
    expect(patched?.output).toContain(hooks.ENV_REASON);
    expect(shelled?.output).toContain(hooks.ENV_REASON);
    const main = run.requests.filter((request) => request.role === 'main');
    expect(main).toHaveLength(4);
    expect(collectShownText(main.slice(3))).toContain(hooks.STOP_CONTEXT);
    expect(collectShownText(main.slice(0, 3))).not.toContain(hooks.STOP_CONTEXT);
  });

  it('a hook past its timeout is killed with its whole tree while the session goes on', async () => {
    const { project } = await makeInitProject('codex', hooks.describeTimeoutConfig);
    const run = await runCodex({ cwd: project, script: hooks.describeTimeoutScript(project) });
    expectCleanExit(run);
    const [, check] = listFunctionOutputs(run.requests);
    await expectTreeKilled(project, String(check?.output));
  });

  // `codex exec` shows no hook's systemMessage (the notice): the interactive UI does, so this run
  // is the TUI in a pseudo-terminal, ended when it says the turn is done.
  it('a broken .hookwire.json blocks nothing and tells the user (in the interactive UI)', async () => {
    const { project } = await makeInitProject('codex', hooks.BROKEN_CONFIG);
    const run = await runCodex({ cwd: project, ui: 'tui', script: [{ bash: 'touch ran-marker' }, { text: 'finished' }] });
    expect(run.timedOut).toBe(false);
    expect(existsSync(join(project, 'ran-marker'))).toBe(true);
    const notice = 'Hook · hookwire run: cannot load the config: config has 1 error; first: /hooks/0/type: type must be one of "command", "http", "prompt", "agent", "subagent" or "rule", received "comand"';
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop']) {
      expect(run.stdout).toContain(squeezeText(`${notice} (no hookwire hook ran for ${event}, nothing was blocked)`));
    }
  });

  // `codex exec` shows the user no hook text at all (codex-native.test.ts): the broken config is
  // seen there only as hooks that completed. The bridge's answer is valid for Codex on every event.
  it('a broken .hookwire.json under codex exec blocks nothing, and Codex shows no notice', async () => {
    const { project } = await makeInitProject('codex', hooks.BROKEN_CONFIG);
    const run = await runCodex({ cwd: project, json: false, script: [{ bash: 'touch ran-marker' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(join(project, 'ran-marker'))).toBe(true);
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop']) expect(run.stderr).toContain(`hook: ${event} Completed\n`);
    expect(run.stderr).not.toContain('Failed');
    expect(`${run.stdout}${run.stderr}`).not.toContain('hookwire run:');
  });
});
