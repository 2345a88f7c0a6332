import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import * as hooks from './cross-host-hooks.js';
import { expectBothDenials, expectCleanExit, expectTreeKilled } from './cross-host-expect.js';
import { collectShownText, listFunctionResponses } from './fake-gemini.js';
import { runGemini } from './gemini.js';
import { makeInitProject } from './init-project.js';

// The real Gemini CLI, headless, set up by `hookwire init --host gemini`: hookwire is its only hook
// (`run --dialect gemini`), and the hooks in .hookwire.json are Claude Code hooks, unchanged.

afterAll(() => removeTempDirs());


describe('Gemini CLI through hookwire init --host gemini', () => {
  it('two Claude Code guards (one from npm) deny rm -rf, joined in config order; session and prompt context reach the model', async () => {
    const { project, keep } = await makeInitProject('gemini', hooks.describeGuardConfig());
    const run = await runGemini({ cwd: project, prompt: 'Clean up.', script: [{ bash: 'rm -rf ../keep' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(keep)).toBe(true);
    const [shown] = listFunctionResponses(run.requests);
    const error = String(shown?.response.error);
    expect(error).toContain('Tool execution blocked: ');
    expectBothDenials(error);
    const text = collectShownText(run.requests);
    expect(text).toContain(hooks.SESSION_CONTEXT);
    expect(text).toContain(hooks.PROMPT_CONTEXT);
  });

  it('AfterTool context and feedback reach the model, and a blocked AfterAgent re-invokes it with the reason', async () => {
    const { project } = await makeInitProject('gemini', hooks.describeFeedbackConfig);
    const run = await runGemini({ cwd: project, script: hooks.FEEDBACK_SCRIPT });
    expectCleanExit(run);
    const [first, second] = listFunctionResponses(run.requests);
    expect(JSON.stringify(first?.response)).toContain(hooks.AFTER_CONTEXT);
    expect(JSON.stringify(first?.response)).toContain('first-out');
    expect(JSON.stringify(second?.response)).toContain(hooks.POST_FEEDBACK);
    expect(JSON.stringify(second?.response)).not.toContain('second-out');
    const main = run.requests.filter((request) => request.role === 'main');
    expect(main).toHaveLength(4);
    expect(collectShownText(main.slice(3))).toContain(hooks.STOP_REASON);
    expect(collectShownText(main.slice(0, 3))).not.toContain(hooks.STOP_REASON);
  });

  // Issue 23: the config Codex runs (codex-bridge.test.ts): the Claude Code Edit|Write guard denies
  // Gemini's write_file of an env file, and a Stop hook's additionalContext keeps the turn going
  // (AfterAgent). Not `.env` itself: Gemini CLI refuses to touch that file before any hook runs.
  it('one config: a Claude Code Edit|Write guard denies write_file of an env file, and Stop context keeps the turn going', async () => {
    const { project } = await makeInitProject('gemini', hooks.describeParityConfig);
    await writeFile(join(project, 'prod.env'), 'SECRET=1\n');
    const run = await runGemini({ cwd: project, script: [{ tool: 'write_file', input: { file_path: 'prod.env', content: 'SECRET=2\n' } }, { text: 'finished' }, { text: 'tests ran' }] });
    expectCleanExit(run);
    expect(await readFile(join(project, 'prod.env'), 'utf8')).toBe('SECRET=1\n');
    const [shown] = listFunctionResponses(run.requests);
    expect(String(shown?.response.error)).toContain(hooks.ENV_REASON);
    const main = run.requests.filter((request) => request.role === 'main');
    expect(main).toHaveLength(3);
    expect(collectShownText(main.slice(2))).toContain(hooks.STOP_CONTEXT);
    expect(collectShownText(main.slice(0, 2))).not.toContain(hooks.STOP_CONTEXT);
  });

  it('a hook past its timeout is killed with its whole tree while the session goes on', async () => {
    const { project } = await makeInitProject('gemini', hooks.describeTimeoutConfig);
    const run = await runGemini({ cwd: project, script: hooks.describeTimeoutScript(project) });
    expectCleanExit(run);
    const [, check] = listFunctionResponses(run.requests);
    await expectTreeKilled(project, String(check?.response.output));
  });

  it('a broken .hookwire.json blocks nothing and tells the user', async () => {
    const { project } = await makeInitProject('gemini', hooks.BROKEN_CONFIG);
    const run = await runGemini({ cwd: project, script: [{ bash: 'touch ran-marker' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(join(project, 'ran-marker'))).toBe(true);
    expect(`${run.stdout}\n${run.stderr}`).toMatch(/hookwire.*comand/s);
  });
});
