import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDirs } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { expectBothDenials, expectCleanExit, expectTreeKilled } from './cross-host-expect.js';
import * as hooks from './cross-host-hooks.js';
import { collectShownText, listToolResults } from './fake-chat-completions.js';
import { makeInitProject } from './init-project.js';
import { runLetta } from './letta.js';

// The real Letta Code 0.32.18, headless (`letta -p`) under the pinned Node 24 with its local backend
// (no Letta server), set up by `hookwire init --host letta`: .letta/settings.json runs
// `hookwire run --dialect letta` on every event, and the hooks in .hookwire.json are Claude Code
// hooks, unchanged. A run takes about 2 s.

afterAll(() => removeTempDirs());

describe('Letta Code through hookwire init --host letta', () => {
  it('two Claude Code guards (one from npm) deny rm -rf, joined in config order; headless, the prompt hook does not run', async () => {
    const { project, keep } = await makeInitProject('letta', hooks.describeGuardConfig());
    const run = await runLetta({ cwd: project, prompt: 'Clean up.', script: [{ bash: 'rm -rf ../keep' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(keep)).toBe(true);
    const [denied] = listToolResults(run.requests);
    // Letta Code names the blocking hook by its command line: "Error: Tool execution blocked by hook. [<command>]: <stderr>".
    expect(String(denied)).toMatch(/^Error: Tool execution blocked by hook\. \[.*hookwire run --dialect letta --budget 110.*\]: /s);
    expectBothDenials(String(denied));
    // Letta Code 0.32.18 runs UserPromptSubmit (and Stop, SessionStart, SessionEnd) hooks in its interactive UI only.
    expect(collectShownText(run.requests)).not.toContain(hooks.PROMPT_CONTEXT);
  });

  it('PostToolUse context and feedback reach the model after the tool result', async () => {
    const { project } = await makeInitProject('letta', hooks.describeFeedbackConfig);
    const run = await runLetta({ cwd: project, script: hooks.FEEDBACK_SCRIPT });
    expectCleanExit(run);
    const [first, second] = listToolResults(run.requests);
    expect(first).toMatch(new RegExp(`first-out[\\s\\S]*\\[Hook feedback\\]:\\n${hooks.AFTER_CONTEXT}$`));
    expect(second).toMatch(new RegExp(`second-out[\\s\\S]*\\[Hook feedback\\]:\\n${hooks.POST_FEEDBACK}$`));
  });

  it('a hook past its timeout is killed with its whole tree while the session goes on', async () => {
    const { project } = await makeInitProject('letta', hooks.describeTimeoutConfig);
    const run = await runLetta({ cwd: project, script: [...hooks.describeTimeoutScript(project), { text: 'finished' }] });
    expectCleanExit(run);
    const [, check] = listToolResults(run.requests);
    await expectTreeKilled(project, String(check));
  });

  it('a broken .hookwire.json blocks nothing and tells the user', async () => {
    const { project } = await makeInitProject('letta', hooks.BROKEN_CONFIG);
    const run = await runLetta({ cwd: project, script: [{ bash: 'touch ran-marker' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(join(project, 'ran-marker'))).toBe(true);
    expect(run.stdout).toMatch(/hookwire run: cannot load the config: .*"comand"/);
  });
});
