import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, runHookwire, tempDir, writeConfig } from './harness.js';

// Issue 22.3: a typo in an optional key of hookwire's own config shape silently changed behaviour
// (`"onEror": "block"` was a warning, `check` exited 0 and the guard failed open). Unknown keys
// in the native shape are errors with a did-you-mean; Claude Code's settings shape stays as
// lenient as Claude Code is.

const TYPO = { hooks: [{ id: 'g', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'no-such-guard', onEror: 'block' }] };
const BASH = JSON.stringify({ session_id: 's', cwd: '/', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });

afterAll(cleanup);

describe('a typo in an optional key of the native shape', () => {
  it('hookwire check refuses it, naming the key and the one meant', async () => {
    const config = await writeConfig(await tempDir(), TYPO);
    const check = await runHookwire(['check', '--config', config]);
    expect(check.code, check.stdout + check.stderr).toBe(1);
    expect(check.stdout + check.stderr).toContain('/hooks/0/onEror: unknown key "onEror"; did you mean "onError"?');
  });

  it('hookwire listen refuses to start on it (exit 2)', async () => {
    const config = await writeConfig(await tempDir(), TYPO);
    const listen = await runHookwire(['listen', '--config', config], { input: '{"op":"ping"}\n' });
    expect(listen.code).toBe(2);
    expect(listen.stderr).toContain('first: /hooks/0/onEror: unknown key \\"onEror\\"; did you mean \\"onError\\"?');
  });

  it('hookwire run --on-error block fails closed on it, and without it says so to the user', async () => {
    const config = await writeConfig(await tempDir(), TYPO);
    const strict = await runHookwire(['run', '--config', config, '--on-error', 'block'], { input: BASH });
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('did you mean "onError"?');
    const lenient = await runHookwire(['run', '--config', config], { input: BASH });
    expect(lenient.code).toBe(0);
    expect((JSON.parse(lenient.stdout) as { systemMessage: string }).systemMessage).toMatch(/^hookwire run: cannot load the config: .*did you mean "onError"\?/);
  });

  it("Claude Code's settings shape keeps its leniency: its own keys and unknown handler keys pass check", async () => {
    const config = await writeConfig(await tempDir(), {
      permissions: { allow: ['Bash(ls)'] },
      model: 'opus',
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true', statusMessage: 'checking', futureKey: 1 }] }] },
    });
    const check = await runHookwire(['check', '--config', config]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });
});
