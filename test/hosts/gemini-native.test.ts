import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
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
});
