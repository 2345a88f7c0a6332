import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs, runClean, tempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { expectBothDenials, expectCleanExit, expectTreeKilled } from './cross-host-expect.js';
import * as hooks from './cross-host-hooks.js';
import { collectShownText, listLastMessages, listToolResults, readContent, type ChatRequest } from './fake-chat-completions.js';
import { HOOKWIRE_BIN } from './claude-settings.js';
import { makeInitProject } from './init-project.js';
import { runPi, runPiRpc } from './pi.js';
import { describeRecorder, readRecorded } from './record-hook.js';

// The real pi 0.73.1, headless, set up by `hookwire init --host pi`: the extension it writes
// (.pi/extensions/hookwire.ts) forwards pi's events to `hookwire run --dialect pi`, and the hooks
// in .hookwire.json are Claude Code hooks, unchanged.

afterAll(() => removeTempDirs());

const PROMPT_MARKER = 'deny-prompt-marker';
const PROMPT_REASON = 'prompt-guard-marker: that prompt names a secret';
const PROMPTS_LOG = 'prompts.jsonl';
const STOPS_LOG = 'stops.jsonl';

/**
 * Claude Code prompt hooks: one records each UserPromptSubmit payload, a guard blocks a prompt
 * holding {@link PROMPT_MARKER}, another adds context to every prompt.
 */
function describePromptGuardConfig(project: string): unknown {
  const guard = `case "$(cat)" in *${PROMPT_MARKER}*) echo '${JSON.stringify({ decision: 'block', reason: PROMPT_REASON })}';; esac`;
  const context = `cat >/dev/null; echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: hooks.PROMPT_CONTEXT } })}'`;
  return {
    hooks: [
      { id: 'record-prompt', event: 'UserPromptSubmit', type: 'command', command: describeRecorder(join(project, PROMPTS_LOG)), timeout: 10 },
      { id: 'prompt-guard', event: 'UserPromptSubmit', type: 'command', command: guard, timeout: 10 },
      { id: 'prompt-context', event: 'UserPromptSubmit', type: 'command', command: context, timeout: 10 },
    ],
  };
}

/**
 * A Claude Code Stop hook that records each payload and answers `answer` — every time, or (`once`)
 * only while `stop_hook_active` is false, as a Stop hook written for Claude Code does.
 */
function describeStopConfig(project: string, answer: unknown, once: boolean): unknown {
  const record = `input=$(cat); printf '%s\\n' "$input" >> '${join(project, STOPS_LOG)}'`;
  const reply = `echo '${JSON.stringify(answer)}'`;
  const command = once ? `${record}; case "$input" in *'"stop_hook_active":false'*) ${reply};; esac` : `${record}; ${reply}`;
  return { hooks: [{ id: 'stop', event: 'Stop', type: 'command', command, timeout: 10 }] };
}

/** The main-loop requests the fake model received. */
function listMain(requests: ChatRequest[]): ChatRequest[] {
  return requests.filter((request) => request.role === 'main');
}

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

  it('a prompt guard refuses a prompt before the model sees it and tells the user; an allowed prompt gets its context; the bridge is asked once a prompt', async () => {
    const { project } = await makeInitProject('pi', describePromptGuardConfig);
    const denied = await runPi({ cwd: project, prompt: `Print the ${PROMPT_MARKER} value.`, script: [{ text: 'should never be asked' }] });
    expectCleanExit(denied);
    expect(JSON.stringify(denied.requests.map((request) => request.body))).not.toContain(PROMPT_MARKER);
    expect(listMain(denied.requests)).toEqual([]);
    expect(denied.stdout.trim()).toBe('');
    expect(denied.stderr).toContain(`hookwire: the prompt was blocked: ${PROMPT_REASON}`);

    const allowed = await runPi({ cwd: project, prompt: 'Say hello.', script: [{ text: 'hello' }] });
    expectCleanExit(allowed);
    expect(collectShownText(allowed.requests)).toContain('Say hello.');
    expect(collectShownText(allowed.requests)).toContain(hooks.PROMPT_CONTEXT);
    expect(allowed.stderr).not.toContain('hookwire:');
    // One bridge call a prompt (on pi's input event), in Claude Code's names: the prompt is `prompt`.
    const recorded = await readRecorded(join(project, PROMPTS_LOG));
    expect(recorded.map((payload) => [payload.hook_event_name, payload.prompt])).toEqual([
      ['UserPromptSubmit', `Print the ${PROMPT_MARKER} value.`],
      ['UserPromptSubmit', 'Say hello.'],
    ]);
  });

  it('a Stop block keeps the agent going with its reason as a new user message, and the next Stop says stop_hook_active (RPC mode)', async () => {
    const { project } = await makeInitProject('pi', (dir: string) => describeStopConfig(dir, { decision: 'block', reason: hooks.STOP_REASON }, true));
    const run = await runPiRpc({ cwd: project, agentEnds: 2, script: [{ text: 'finished' }, { text: 'goodbye' }] });
    expectCleanExit(run);
    const main = listMain(run.requests);
    expect(main).toHaveLength(2);
    expect(JSON.stringify(main[0]!.body)).not.toContain(hooks.STOP_REASON);
    const last = listLastMessages(run.requests).at(-1)!;
    expect({ role: last.role, text: readContent(last.content) }).toEqual({ role: 'user', text: hooks.STOP_REASON });
    const stops = await readRecorded(join(project, STOPS_LOG));
    expect(stops.map((payload) => [payload.hook_event_name, payload.stop_hook_active, payload.last_assistant_message])).toEqual([
      ['Stop', false, 'finished'],
      ['Stop', true, 'goodbye'],
    ]);
    expect(run.stdout).not.toContain('hookwire:');
  });

  it('Stop context that always asks for more ends after 8 continuations in a row, and the user is told', async () => {
    const answer = { hookSpecificOutput: { hookEventName: 'Stop', additionalContext: hooks.STOP_CONTEXT } };
    const { project } = await makeInitProject('pi', (dir: string) => describeStopConfig(dir, answer, false));
    const run = await runPiRpc({ cwd: project, agentEnds: 9 });
    expectCleanExit(run);
    const main = listMain(run.requests);
    expect(main).toHaveLength(9);
    expect(listLastMessages(run.requests).filter((message) => message.role === 'user').map((message) => readContent(message.content))).toEqual(['Do the task.', ...Array(8).fill(hooks.STOP_CONTEXT)]);
    const stops = await readRecorded(join(project, STOPS_LOG));
    expect(stops.map((payload) => payload.stop_hook_active)).toEqual([false, ...Array(8).fill(true)]);
    const notices = run.lines.filter((line) => line.type === 'extension_ui_request' && line.method === 'notify').map((line) => line.message);
    expect(notices).toEqual([`hookwire: the Stop hooks asked pi to go on 8 times in a row; pi stops here: ${hooks.STOP_CONTEXT}`]);
  });

  it('pi -p ends the session without waiting for agent_end: a Stop block cannot go on there, and the user is told', async () => {
    const { project } = await makeInitProject('pi', (dir: string) => describeStopConfig(dir, { decision: 'block', reason: hooks.STOP_REASON }, true));
    const run = await runPi({ cwd: project, script: [{ text: 'finished' }, { text: 'goodbye' }] });
    expectCleanExit(run);
    expect(listMain(run.requests)).toHaveLength(1);
    expect(run.stdout.trim()).toBe('finished');
    expect(run.stderr).toContain(`hookwire: a Stop hook asked pi to go on, but pi is ending the session: ${hooks.STOP_REASON}`);
    expect((await readRecorded(join(project, STOPS_LOG))).map((payload) => payload.stop_hook_active)).toEqual([false]);
  });
});

describe('hookwire doctor reads pi\'s "extensions" overrides as pi does', () => {
  it('"!*.ts" in .pi/settings.json: pi runs no hook of the extension, and doctor says it is turned off; "+extensions/hookwire.ts" beside it: pi runs it, doctor is content', async () => {
    const { project } = await makeInitProject('pi', (dir: string) => ({ hooks: [{ id: 'record', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: describeRecorder(join(dir, 'calls.jsonl')) }] }));
    const home = await tempDir('hookwire-pi-doctor-home-');
    const doctor = async () => {
      const exit = await runClean(process.execPath, [HOOKWIRE_BIN, 'doctor', '--json'], { cwd: project, userConfigHome: join(home, '.config'), env: { HOME: home, HOOKWIRE_MANAGED_ROOT: home } });
      const pi = (JSON.parse(exit.stdout) as { hosts: { host: string; findings: { status: string; check: string }[] }[] }).hosts.find((host) => host.host === 'pi');
      return { code: exit.code, checks: pi?.findings.map((f) => `${f.status} ${f.check}`) };
    };
    const script = [{ bash: 'echo one' }, { text: 'finished' }];

    await writeFile(join(project, '.pi/settings.json'), `${JSON.stringify({ extensions: ['!*.ts'] })}\n`);
    expectCleanExit(await runPi({ cwd: project, script }));
    expect(await readRecorded(join(project, 'calls.jsonl'))).toEqual([]);
    expect(await doctor()).toEqual({ code: 1, checks: ['ok wired', 'problem suppressed'] });

    await writeFile(join(project, '.pi/settings.json'), `${JSON.stringify({ extensions: ['!*.ts', '+extensions/hookwire.ts'] })}\n`);
    expectCleanExit(await runPi({ cwd: project, script }));
    expect(await readRecorded(join(project, 'calls.jsonl'))).toHaveLength(1);
    expect(await doctor()).toEqual({ code: 0, checks: ['ok wired', 'ok plugin', 'ok program', 'ok live'] });
  });
});
