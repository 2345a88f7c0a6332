import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCodexEvents, runCodex, squeezeText } from './codex.js';
import { listFunctionOutputs, listMessages } from './fake-responses.js';
import { describeRecorder, readRecorded } from './record-hook.js';

// Controls: the real Codex, `codex exec`, with its own (native) command hooks — no hookwire. They
// prove the harness drives a scripted shell call and show what Codex does with hooks by itself.

afterAll(() => removeTempDirs());

function makeProject(): Promise<string> {
  return tempDir('hookwire-codex-native-');
}

const SCRIPT = [{ bash: 'echo ran > marker.txt' }, { text: 'finished' }];

function describeDeny(reason: string): Record<string, unknown> {
  return { type: 'command', command: `echo '${reason}' >&2; exit 2`, timeout: 10 };
}

const NOTICE = 'notice-for-the-user-marker';
const NOTICE_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'];

/** A hook on every event of the turn that answers with `answer` (a shell line) after reading its payload. */
function describeNoticeHooks(answer: string): Record<string, unknown> {
  const hook = { hooks: [{ type: 'command', command: `cat > /dev/null; ${answer}`, timeout: 10 }] };
  return { hooks: Object.fromEntries(NOTICE_EVENTS.map((event) => [event, [hook]])) };
}

// Every way a hook could tell the user something without blocking, and the status `codex exec`
// (without --json) prints for it on each event, in NOTICE_EVENTS order.
const NOTICE_FORMS = [
  { form: 'a systemMessage, exit 0', answer: `echo '{"systemMessage":"${NOTICE}"}'`, statuses: ['Completed', 'Completed', 'Completed', 'Completed', 'Completed'] },
  { form: 'continue: true with a systemMessage, exit 0', answer: `echo '{"continue":true,"systemMessage":"${NOTICE}"}'`, statuses: ['Completed', 'Completed', 'Completed', 'Completed', 'Completed'] },
  { form: 'text on stderr, exit 1', answer: `echo '${NOTICE}' >&2; exit 1`, statuses: ['Failed', 'Failed', 'Failed', 'Failed', 'Failed'] },
  { form: 'text on stderr, exit 0', answer: `echo '${NOTICE}' >&2`, statuses: ['Completed', 'Completed', 'Completed', 'Completed', 'Completed'] },
  // Plain stdout is context on SessionStart and UserPromptSubmit (the model sees it), and not a valid Stop answer.
  { form: 'plain text on stdout, exit 0', answer: `echo '${NOTICE}'`, statuses: ['Completed', 'Completed', 'Completed', 'Completed', 'Failed'] },
];

const CODEX_EXEC_EVENTS = ['thread.started', 'error', 'turn.started', 'command_execution', 'agent_message', 'turn.completed'];

describe('the real Codex with native hooks', () => {
  it('runs the scripted shell command and a recording hook on every event of the turn', async () => {
    const cwd = await makeProject();
    const log = join(cwd, 'events.jsonl');
    const hook = { hooks: [{ type: 'command', command: describeRecorder(log), timeout: 10 }] };
    const events = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'];
    const run = await runCodex({ cwd, hooks: { hooks: Object.fromEntries(events.map((event) => [event, [hook]])) }, script: SCRIPT });
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(cwd, 'marker.txt'))).toBe(true);
    const recorded = await readRecorded(log);
    expect(recorded.map((payload) => payload.hook_event_name)).toEqual(events);
    expect(recorded[2]).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'echo ran > marker.txt' }, cwd });
    expect(recorded[2]).not.toHaveProperty('timestamp');
    expect(listFunctionOutputs(run.requests)).toHaveLength(1);
    expect(parseCodexEvents(run.stdout).at(-1)).toMatchObject({ type: 'turn.completed' });
  });

  it('runs no project hook without hook trust, and says nothing about it', async () => {
    const cwd = await makeProject();
    const log = join(cwd, 'events.jsonl');
    const hook = { hooks: [{ type: 'command', command: describeRecorder(log), timeout: 10 }] };
    const run = await runCodex({ cwd, hooks: { hooks: { PreToolUse: [hook] } }, script: SCRIPT, hookTrust: 'persisted' });
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(cwd, 'marker.txt'))).toBe(true);
    expect(await readRecorded(log)).toEqual([]);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/hook/i);
  });

  it('shows the model only the first of two native denials', async () => {
    const cwd = await makeProject();
    const run = await runCodex({
      cwd,
      hooks: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [describeDeny('first says no'), describeDeny('second says no')] }] } },
      script: SCRIPT,
    });
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(cwd, 'marker.txt'))).toBe(false);
    const [shown] = listFunctionOutputs(run.requests);
    expect(shown?.output).toContain('Command blocked by PreToolUse hook: first says no');
    expect(shown?.output).not.toContain('second says no');
  });

  // What hookwire's bridge can do to be seen when it cannot work: nothing, under `codex exec`.
  it.each(NOTICE_FORMS)('shows the user no hook notice under codex exec, with or without --json: $form', async ({ answer, statuses }) => {
    for (const json of [true, false]) {
      const cwd = await makeProject();
      const run = await runCodex({ cwd, hooks: describeNoticeHooks(answer), json, script: SCRIPT });
      expect(run.exitCode).toBe(0);
      expect(existsSync(join(cwd, 'marker.txt'))).toBe(true);
      expect(`${run.stdout}${run.stderr}`).not.toContain(NOTICE);
      // --json has no hook event at all: only the run's own events and items (the `error` items are Codex's warnings).
      if (json) expect(new Set(parseCodexEvents(run.stdout).map((event) => event.item?.type ?? event.type))).toEqual(new Set(CODEX_EXEC_EVENTS));
      else expect(run.stderr.split('\n').filter((line) => /^hook: \S+ \S+$/.test(line))).toEqual(NOTICE_EVENTS.map((event, index) => `hook: ${event} ${statuses[index]}`));
    }
  });

  it('reaches the model, not the user, with a plain-stdout notice on SessionStart and UserPromptSubmit', async () => {
    const cwd = await makeProject();
    const run = await runCodex({ cwd, hooks: describeNoticeHooks(`echo '${NOTICE}'`), script: SCRIPT });
    expect(run.exitCode).toBe(0);
    expect(listMessages(run.requests, 'developer').filter((text) => text.includes(NOTICE))).toHaveLength(2);
  });

  it('shows a failed hook in the interactive UI as its exit code, without its stderr', async () => {
    const cwd = await makeProject();
    const run = await runCodex({ cwd, hooks: describeNoticeHooks(`echo '${NOTICE}' >&2; exit 1`), ui: 'tui', script: SCRIPT });
    expect(run.timedOut).toBe(false);
    expect(existsSync(join(cwd, 'marker.txt'))).toBe(true);
    expect(run.stdout.split(squeezeText('Hook failed └ hook exited with code 1'))).toHaveLength(NOTICE_EVENTS.length + 1);
    expect(run.stdout).not.toContain(NOTICE);
  });

  it.each([
    { form: 'exit 2 with the reason on stderr', answer: `echo '${NOTICE}' >&2; exit 2` },
    { form: 'decision: block with the reason (what --dialect codex writes)', answer: `echo '{"decision":"block","reason":"${NOTICE}"}'` },
  ])('blocks a prompt under codex exec without showing why: $form', async ({ answer }) => {
    const cwd = await makeProject();
    const hook = { hooks: [{ type: 'command', command: `cat > /dev/null; ${answer}`, timeout: 10 }] };
    const run = await runCodex({ cwd, hooks: { hooks: { UserPromptSubmit: [hook] } }, json: false, script: SCRIPT });
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(cwd, 'marker.txt'))).toBe(false);
    expect(run.requests.filter((request) => request.role === 'main')).toHaveLength(0);
    expect(run.stderr).toContain('hook: UserPromptSubmit Blocked');
    expect(`${run.stdout}${run.stderr}`).not.toContain(NOTICE);
  });
});
