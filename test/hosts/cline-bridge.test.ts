import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDirs } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { runCline, type ClineRun } from './cline.js';
import { expectTreeKilled } from './cross-host-expect.js';
import * as hooks from './cross-host-hooks.js';
import { listLastMessages, listToolResults, readContent } from './fake-chat-completions.js';
import { makeInitProject } from './init-project.js';

// The real Cline CLI 3.0.65, headless, set up by `hookwire init --host cline` (one executable per
// event in .clinerules/hooks/ running `hookwire run --dialect cline`), with the cross-host configs of
// Claude Code hooks.

afterAll(() => removeTempDirs());

function expectFinished(run: ClineRun, reason: 'completed' | 'aborted'): void {
  expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
  expect(run.events.find((event) => event.type === 'run_result')).toMatchObject({ finishReason: reason });
}

describe('Cline through hookwire init --host cline', () => {
  it('the two Claude Code guards (one from npm) stop rm -rf: Cline cancels the whole run, the command never runs, and the model is not re-asked', async () => {
    const { project, keep } = await makeInitProject('cline', hooks.describeGuardConfig());
    const run = await runCline({ cwd: project, prompt: 'Clean up.', script: [{ bash: 'rm -rf ../keep' }, { text: 'finished' }] });
    expectFinished(run, 'aborted');
    expect(existsSync(keep)).toBe(true);
    // Cline's only refusal, `cancel: true`, ends the task: no tool result and no second model request.
    expect(run.requests.filter((request) => request.role === 'main')).toHaveLength(1);
    expect(run.events.some((event) => event.type === 'hook_event' && event.hookEventName === 'agent_error')).toBe(true);
  });

  it('PostToolUse context reaches the model after the tool result, in <hook_context>; a Stop block cannot keep Cline going', async () => {
    const { project } = await makeInitProject('cline', hooks.describeFeedbackConfig);
    const run = await runCline({ cwd: project, script: hooks.FEEDBACK_SCRIPT });
    expectFinished(run, 'completed');
    const [first, second] = listToolResults(run.requests);
    expect(first).toContain('first-out');
    expect(second).toContain('second-out');
    const shown = listLastMessages(run.requests).map((message) => readContent(message.content));
    const context = shown.findIndex((text) => text.includes(hooks.AFTER_CONTEXT));
    expect(shown[context]).toMatch(/^<hook_context source="PostToolUse" tool_name="run__commands" tool_call_id="call__fake__1">\n/);
    expect(shown.slice(context + 1).join('\n')).not.toContain(hooks.POST_FEEDBACK);
    // TaskComplete takes no block: the task ends after "finished", the reason is never sent.
    expect(run.requests.filter((request) => request.role === 'main')).toHaveLength(3);
    expect(JSON.stringify(run.requests.map((request) => request.body))).not.toContain(hooks.STOP_REASON);
  });

  it('a hook past its timeout is killed with its whole tree while the session goes on', async () => {
    const { project } = await makeInitProject('cline', hooks.describeTimeoutConfig);
    const run = await runCline({ cwd: project, script: [...hooks.describeTimeoutScript(project), { text: 'finished' }] });
    expectFinished(run, 'completed');
    const [, check] = listToolResults(run.requests);
    await expectTreeKilled(project, JSON.parse(String(check))[0].result as string);
  });

  it('a broken .hookwire.json blocks nothing (and Cline shows the bridge\'s notice nowhere)', async () => {
    const { project } = await makeInitProject('cline', hooks.BROKEN_CONFIG);
    const run = await runCline({ cwd: project, script: [{ bash: 'touch ran-marker' }, { text: 'finished' }] });
    expectFinished(run, 'completed');
    expect(existsSync(join(project, 'ran-marker'))).toBe(true);
    expect(`${run.stdout}\n${run.stderr}`).not.toContain('comand');
  });
});
