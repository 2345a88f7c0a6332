import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import * as hooks from './cross-host-hooks.js';
import { expectBothDenials, expectCleanExit, expectTreeKilled } from './cross-host-expect.js';
import { collectShownText, listLastMessages, listToolResults, readContent } from './fake-chat-completions.js';
import { makeInitProject } from './init-project.js';
import { runQwen } from './qwen.js';

// The real Qwen Code, headless, set up by `hookwire init --host qwen`: hookwire is its only hook
// (`run --dialect qwen`), and the hooks in .hookwire.json are Claude Code hooks, unchanged.

afterAll(() => removeTempDirs());

describe('Qwen Code through hookwire init --host qwen', () => {
  it('init wrote every event Qwen Code has under its names, each through the bridge', async () => {
    const { project } = await makeInitProject('qwen');
    const settings = JSON.parse(await readFile(join(project, '.qwen', 'settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    expect(Object.keys(settings.hooks)).toEqual([
      'PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop', 'SessionEnd',
      'PostToolUseFailure', 'PreCompact', 'PermissionRequest', 'Notification',
    ]);
    expect(settings.hooks.PreToolUse?.[0]?.hooks[0]?.command).toBe('"$QWEN_PROJECT_DIR"/node_modules/.bin/hookwire run --dialect qwen --budget 110');
  });

  it('two Claude Code guards (one from npm) deny rm -rf, joined in config order; session and prompt context reach the model', async () => {
    const { project, keep } = await makeInitProject('qwen', hooks.describeGuardConfig());
    const run = await runQwen({ cwd: project, prompt: 'Clean up.', script: [{ bash: 'rm -rf ../keep' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(keep)).toBe(true);
    const [denied] = listToolResults(run.requests);
    expectBothDenials(String(denied));
    const text = collectShownText(run.requests);
    expect(text).toContain(hooks.SESSION_CONTEXT);
    expect(text).toContain(hooks.PROMPT_CONTEXT);
  });

  it('PostToolUse context reaches the model, and a blocked Stop re-invokes it with the reason', async () => {
    const { project } = await makeInitProject('qwen', hooks.describeFeedbackConfig);
    const run = await runQwen({ cwd: project, script: hooks.FEEDBACK_SCRIPT });
    expectCleanExit(run);
    const [first, second] = listToolResults(run.requests);
    expect(first).toContain('first-out');
    expect(first).toContain(hooks.AFTER_CONTEXT);
    expect(second).toContain('second-out');
    // Qwen Code takes no PostToolUse feedback: the downgraded deny is a message to the user, not the model.
    expect(second).not.toContain(hooks.POST_FEEDBACK);
    const main = run.requests.filter((request) => request.role === 'main');
    expect(main).toHaveLength(4);
    const lastUser = listLastMessages(run.requests).filter((message) => message.role === 'user').at(-1);
    expect(readContent(lastUser?.content)).toBe(hooks.STOP_REASON);
    expect(collectShownText(main.slice(0, 3))).not.toContain(hooks.STOP_REASON);
  });

  it('a hook past its timeout is killed with its whole tree while the session goes on', async () => {
    const { project } = await makeInitProject('qwen', hooks.describeTimeoutConfig);
    const run = await runQwen({ cwd: project, script: hooks.describeTimeoutScript(project) });
    expectCleanExit(run);
    const [, check] = listToolResults(run.requests);
    // Qwen Code echoes the command (which holds the word it prints) before its output: only the output counts.
    await expectTreeKilled(project, String(check).split('\nOutput: ')[1]?.split('\nError: ')[0] ?? '');
  });

  it('a broken .hookwire.json blocks nothing and tells the user (headless, in Qwen Code\'s debug log: it shows hook messages nowhere else)', async () => {
    const { project } = await makeInitProject('qwen', hooks.BROKEN_CONFIG);
    let debugLog = '';
    const run = await runQwen({
      cwd: project,
      args: ['--debug'],
      script: [{ bash: 'touch ran-marker' }, { text: 'finished' }],
      inspectHome: async (home) => {
        const dir = join(home, '.qwen', 'debug');
        for (const name of await readdir(dir)) debugLog += await readFile(join(dir, name), 'utf8');
      },
    });
    expectCleanExit(run);
    expect(existsSync(join(project, 'ran-marker'))).toBe(true);
    expect(debugLog).toMatch(/\[WARN\] \[TRUSTED_HOOKS\] Hook system message: hookwire run: cannot load the config: .*received "comand" \(no hookwire hook ran for PreToolUse, nothing was blocked\)/);
    expect(`${run.stdout}\n${run.stderr}`).not.toContain('comand');
  });
});
