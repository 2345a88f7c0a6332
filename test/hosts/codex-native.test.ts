import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCodexEvents, runCodex } from './codex.js';
import { listFunctionOutputs } from './fake-responses.js';
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
});
