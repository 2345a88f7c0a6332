import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDirs } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { expectBothDenials, expectCleanExit, expectTreeKilled } from './cross-host-expect.js';
import * as hooks from './cross-host-hooks.js';
import { collectShownText, listToolResults } from './fake-chat-completions.js';
import { makeInitProject } from './init-project.js';
import { runPi } from './pi.js';

// The real pi 0.73.1, headless, set up by `hookwire init --host pi`: the extension it writes
// (.pi/extensions/hookwire.ts) forwards pi's events to `hookwire run --dialect pi`, and the hooks
// in .hookwire.json are Claude Code hooks, unchanged.

afterAll(() => removeTempDirs());

describe('pi through hookwire init --host pi', () => {
  it('two Claude Code guards (one from npm) deny rm -rf, joined in config order; prompt context reaches the model', async () => {
    const { project, keep } = await makeInitProject('pi', hooks.describeGuardConfig());
    const run = await runPi({ cwd: project, prompt: 'Clean up.', script: [{ bash: 'rm -rf ../keep' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(keep)).toBe(true);
    const [denied] = listToolResults(run.requests);
    // pi gives the model the block's reason as the tool's result, and nothing else.
    expect(String(denied).startsWith(hooks.GUARD_REASON)).toBe(true);
    expectBothDenials(String(denied));
    expect(collectShownText(run.requests)).toContain(hooks.PROMPT_CONTEXT);
  });

  it('PostToolUse context and feedback reach the model in the tool result', async () => {
    const { project } = await makeInitProject('pi', hooks.describeFeedbackConfig);
    const run = await runPi({ cwd: project, script: hooks.FEEDBACK_SCRIPT });
    expectCleanExit(run);
    const [first, second] = listToolResults(run.requests);
    // The extension appends the context as a text part of the result; pi joins the parts with a newline.
    expect(first).toBe(`first-out\n\n${hooks.AFTER_CONTEXT}`);
    expect(second).toBe(`second-out\n\n${hooks.POST_FEEDBACK}`);
  });

  it('a hook past its timeout is killed with its whole tree while the session goes on', async () => {
    const { project } = await makeInitProject('pi', hooks.describeTimeoutConfig);
    const run = await runPi({ cwd: project, script: [...hooks.describeTimeoutScript(project), { text: 'finished' }] });
    expectCleanExit(run);
    const [, check] = listToolResults(run.requests);
    await expectTreeKilled(project, String(check));
  });

  it('a broken .hookwire.json blocks nothing and tells the user (on stderr, headless)', async () => {
    const { project } = await makeInitProject('pi', hooks.BROKEN_CONFIG);
    const run = await runPi({ cwd: project, script: [{ bash: 'touch ran-marker' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(join(project, 'ran-marker'))).toBe(true);
    expect(run.stderr).toMatch(/hookwire run: cannot load the config: .*"comand"/);
  });
});
