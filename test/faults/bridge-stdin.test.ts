import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, since, spawnHookwire, tempDir, writeConfig } from './harness.js';

afterEach(cleanup);

describe('hookwire run: --budget bounds reading stdin', () => {
  const partial = '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"';

  it.each([
    ['warn', 0],
    ['block', 2],
  ] as const)('a payload still incomplete when the budget is spent is a bridge failure: --on-error %s exits %i', async (onError, code) => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [{ event: 'PreToolUse', type: 'command', command: 'exit 2' }] });
    const bridge = spawnHookwire(['run', '--config', config, '--budget', '2', '--on-error', onError]);
    // stdin stays open on a partial payload.
    bridge.child.stdin.write(partial);
    const start = performance.now();
    expect(await bridge.waitForExit(12_000)).toEqual({ code, signal: null });
    expect(since(start)).toBeLessThan(12_000);
    // Exit 0 tells the user (a systemMessage, the first stderr line: docs/bridge.md, "When the bridge cannot work"); exit 2 blocks.
    expect(bridge.stdout()).toBe(code === 0 ? `${JSON.stringify({ systemMessage: bridge.stderr().split('\n')[0] })}\n` : '');
    expect(bridge.stderr()).toMatch(/^hookwire run: cannot read the hook payload from stdin: it was not complete within the budget of 2 s/);
  });

  it('the time spent reading stdin counts against the budget of the hooks', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [{ id: 'sleeper', event: 'PreToolUse', type: 'command', onError: 'block', command: 'sleep 30' }] });
    const bridge = spawnHookwire(['run', '--config', config, '--budget', '4']);
    bridge.child.stdin.write(partial);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    bridge.child.stdin.end('}}\n');
    expect(await bridge.waitForExit(20_000)).toEqual({ code: 0, signal: null });
    // The cut under onError block denies; the hook got what was left of the 4 s (about 1.5 s, more
    // by however long Node took to start), not a fresh 4 s.
    const answer = JSON.parse(bridge.stdout()) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    const ran = Number(/timed out after (\d+) ms/.exec(answer.hookSpecificOutput.permissionDecisionReason)?.[1]);
    expect(ran).toBeLessThan(3_300);
  });
});
