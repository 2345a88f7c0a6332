import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServes, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { cleanup, runHookwire, startListenAndServe, tempDir, writeConfig, type Sidecar } from './harness.js';
import { send } from './serve-client.js';

// Issue 22.2: under the default onError "warn", a hook that failed at run time was invisible to
// the user: a log line on stderr, which Claude Code keeps in its debug log. Now the user is told
// through the host's user-facing message (Claude Code's systemMessage), once per hook per event
// kind per session in a sidecar, on every event where it fails through the one-shot bridge.

let config: string;

beforeAll(async () => {
  const dir = await tempDir('hookwire-visible-');
  config = await writeConfig(dir, {
    hooks: [
      { id: 'lint', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'no-such-linter' },
      { id: 'slow', event: 'PostToolUse', matcher: 'Bash', type: 'command', command: 'sleep 5', timeout: 1 },
      { id: 'quiet', event: 'PreToolUse', matcher: 'Read', type: 'command', command: 'no-such-linter', onError: 'ignore' },
    ],
  });
});
afterAll(async () => {
  await killServes();
  await cleanup();
});

const pre = (session: string, tool = 'Bash') => ({ session_id: session, cwd: '/', hook_event_name: 'PreToolUse', tool_name: tool, tool_input: { command: 'ls' } });
const post = (session: string) => ({ ...pre(session), hook_event_name: 'PostToolUse', tool_response: 'done' });

describe('a hook that fails under onError "warn" reaches the user', () => {
  it('hookwire run: the answer carries a systemMessage naming the hook and the failure; the action proceeds', async () => {
    const run = await runHookwire(['run', '--config', config], { input: JSON.stringify(pre('s1')) });
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout) as { systemMessage?: string; hookSpecificOutput?: unknown };
    expect(answer.systemMessage).toMatch(/^hookwire: hook lint failed \(spawn\): could not start: exit 127: .*no-such-linter: not found; the action went ahead \(onError "warn"\)$/);
    expect(answer.hookSpecificOutput).toBeUndefined();
    const slow = await runHookwire(['run', '--config', config], { input: JSON.stringify(post('s1')) });
    expect((JSON.parse(slow.stdout) as { systemMessage?: string }).systemMessage).toMatch(/^hookwire: hook slow failed \(timeout\): timed out after 1000 ms/);
  });

  it('onError "ignore" stays silent', async () => {
    const run = await runHookwire(['run', '--config', config], { input: JSON.stringify(pre('s1', 'Read')) });
    expect(run).toMatchObject({ code: 0, stdout: '' });
  });

  describe('in a sidecar, once per hook per event kind per session', () => {
    let sidecar: Sidecar;
    let server: ServeProcess;
    beforeAll(async () => {
      ({ sidecar, server } = await startListenAndServe(config));
    });

    it('listen', async () => {
      const messages = async (id: string, event: string, payload: Record<string, unknown>) => (await sidecar.ask({ op: 'dispatch', id, event, payload })).outcome?.systemMessage;
      expect(await messages('a', 'PreToolUse', pre('s1'))).toEqual([expect.stringMatching(/^hookwire: hook lint failed \(spawn\)/)]);
      expect(await messages('b', 'PreToolUse', pre('s1'))).toEqual([]);
      expect(await messages('c', 'PostToolUse', post('s1'))).toEqual([expect.stringMatching(/^hookwire: hook slow failed \(timeout\)/)]);
      expect(await messages('d', 'PreToolUse', pre('s2'))).toEqual([expect.stringMatching(/^hookwire: hook lint failed \(spawn\)/)]);
      expect(await messages('e', 'PreToolUse', pre('s2'))).toEqual([]);
    });

    it('serve', async () => {
      const message = async (payload: Record<string, unknown>) => (JSON.parse((await send(server.url, 'POST', '/hooks/claude', JSON.stringify(payload)).answer).text || '{}') as { systemMessage?: string }).systemMessage;
      expect(await message(pre('s1'))).toMatch(/^hookwire: hook lint failed \(spawn\)/);
      expect(await message(pre('s1'))).toBeUndefined();
      expect(await message(pre('s3'))).toMatch(/^hookwire: hook lint failed \(spawn\)/);
    });
  });
});
