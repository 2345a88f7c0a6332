import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { describeSlowCommand, describeTimeoutScript } from './cross-host-hooks.js';
import { listFunctionResponses } from './fake-gemini.js';
import { parseGeminiEvents, runGemini } from './gemini.js';
import { describeRecorder, readRecorded } from './record-hook.js';

// Controls: the real Gemini CLI, headless, with its own (native) command hooks — no hookwire. They
// prove the harness drives a scripted shell call and show what Gemini CLI does with a hook by itself.

afterAll(() => removeTempDirs());

function makeProject(): Promise<string> {
  return tempDir('hookwire-gemini-native-');
}

describe('the real Gemini CLI with native hooks', () => {
  it('runs the scripted shell command and a recording hook on every event of the turn', async () => {
    const cwd = await makeProject();
    const log = join(cwd, 'events.jsonl');
    const hook = { hooks: [{ type: 'command', command: describeRecorder(log), timeout: 10_000 }] };
    const events = ['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterTool', 'AfterAgent'];
    const run = await runGemini({
      cwd,
      settings: { hooks: Object.fromEntries(events.map((event) => [event, [hook]])) },
      script: [{ bash: 'echo ran > marker.txt' }, { text: 'finished' }],
    });
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(cwd, 'marker.txt'))).toBe(true);
    const recorded = await readRecorded(log);
    expect(recorded.map((payload) => payload.hook_event_name)).toEqual(events);
    const before = recorded[2];
    expect(before).toMatchObject({ tool_name: 'run_shell_command', tool_input: { command: 'echo ran > marker.txt' }, cwd });
    expect(before?.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(listFunctionResponses(run.requests)).toHaveLength(1);
    expect(parseGeminiEvents(run.stdout).at(-1)).toMatchObject({ type: 'result', status: 'success' });
  });

  it('blocks on a native exit 2, and the model sees "Tool execution blocked: <stderr>"', async () => {
    const cwd = await makeProject();
    const deny = { type: 'command', command: 'echo "native says no" >&2; exit 2', timeout: 10_000 };
    const run = await runGemini({
      cwd,
      settings: { hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [deny] }] } },
      script: [{ bash: 'echo ran > marker.txt' }, { text: 'finished' }],
    });
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(cwd, 'marker.txt'))).toBe(false);
    const [shown] = listFunctionResponses(run.requests);
    expect(shown?.response).toEqual({ error: expect.stringContaining('Tool execution blocked: native says no') });
  });

  // What gemini-bridge.test.ts's timeout case meets without hookwire in front: Gemini CLI signals
  // only the hook at its timeout (shared/research/gemini-cli-observed.md); the grandchild lives on
  // (it also holds the hook's stdout), and the session does not go on: 15 s after the 2 s timeout
  // no tool result has reached the model.
  it('at a hook timeout, leaves the grandchild running and the session stalled behind it', async () => {
    const cwd = await makeProject();
    const slow = { type: 'command', command: describeSlowCommand(cwd), timeout: 2000 };
    const run = await runGemini({
      cwd,
      settings: { hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [slow] }] } },
      script: describeTimeoutScript(cwd),
      timeoutMs: 15_000,
    });
    expect(run.timedOut).toBe(true);
    expect(run.requests.filter((request) => request.role === 'main')).toHaveLength(1);
    expect(existsSync(join(cwd, 'grandchild.pid'))).toBe(true);
  });
});
