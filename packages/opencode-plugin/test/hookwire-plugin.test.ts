import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from '@opencode-ai/plugin';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { HookwirePlugin } from '../src/index.js';

// The plugin in Node, with a recording stand-in for OpenCode's client: the host tests
// (test/hosts/opencode-*.test.ts) run it in the real OpenCode, under Bun.

// The plugin's signature fits OpenCode's own plugin type (checked by the typecheck).
const asOpenCodePlugin: Plugin = HookwirePlugin;
void asOpenCodePlugin;

afterAll(() => removeTempDirs());

type Entry = { level: string; message: string };

async function startPlugin(config: unknown, options?: Record<string, unknown>) {
  const directory = await tempDir('hookwire-opencode-unit-');
  if (config !== undefined) await writeFile(join(directory, '.hookwire.json'), typeof config === 'string' ? config : JSON.stringify(config));
  const logged: Entry[] = [];
  const client = { app: { log: async ({ body }: { body: Entry }) => void logged.push({ level: body.level, message: body.message }) } };
  const previous = process.env.HOOKWIRE_CONFIG;
  delete process.env.HOOKWIRE_CONFIG;
  const hooks = await HookwirePlugin({ client, directory }, options);
  if (previous !== undefined) process.env.HOOKWIRE_CONFIG = previous;
  return { hooks, logged, directory };
}

const DENY_RM = { id: 'deny', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `grep -q 'rm -rf' && { echo "NO RM" >&2; exit 2; } || exit 0` };
const CONTEXT = (event: string, text: string) => ({ id: `ctx-${event}`, event, type: 'command', command: `echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } })}'` });

describe('HookwirePlugin', () => {
  it('denies a bash call by throwing the folded reason; a harmless one passes; context lands in the tool output', async () => {
    const { hooks } = await startPlugin({ hooks: [DENY_RM, CONTEXT('PostToolUse', 'AFTER')] });
    await expect(hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c1' }, { args: { command: 'rm -rf /' } })).rejects.toThrow(/^NO RM$/);
    await expect(hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c2' }, { args: { command: 'ls' } })).resolves.toBeUndefined();
    const output = { title: 'ls', output: 'a\n', metadata: { exit: 0 } };
    await hooks['tool.execute.after']({ tool: 'bash', sessionID: 's', callID: 'c2', args: { command: 'ls' } }, output);
    expect(output.output).toBe('a\n\n\nAFTER');
  });

  it('a prompt gets its context as a synthetic part; a denied prompt throws', async () => {
    const { hooks } = await startPlugin({ hooks: [CONTEXT('UserPromptSubmit', 'UPS'), { id: 'no-secrets', event: 'UserPromptSubmit', type: 'command', command: `grep -q SECRET && { echo "no secrets" >&2; exit 2; } || exit 0` }] });
    const parts = [{ type: 'text', text: 'hello', id: 'prt_1', messageID: 'm', sessionID: 's' }];
    await hooks['chat.message']({ sessionID: 's' }, { message: {}, parts });
    expect(parts).toEqual([parts[0], { type: 'text', text: 'UPS', id: 'prt_1hookwire0', messageID: 'm', sessionID: 's', synthetic: true }]);
    await expect(hooks['chat.message']({ sessionID: 's' }, { message: {}, parts: [{ type: 'text', text: 'my SECRET' }] })).rejects.toThrow(/^no secrets$/);
  });

  it('a broken config blocks nothing and logs an error on start and on every event', async () => {
    const { hooks, logged } = await startPlugin('{ "hooks": [ { "evnt": "PreToolUse" } ] }');
    await expect(hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'rm -rf /' } })).resolves.toBeUndefined();
    expect(logged.map((entry) => entry.level)).toEqual(['error', 'error']);
    expect(logged[0]!.message).toMatch(/^hookwire is not guarding this session: cannot load the config: /);
    expect(logged[1]!.message).toMatch(/^tool:before: hookwire is not guarding this session: .*\(nothing blocked\)$/);
  });

  it('with onError "block" a missing config denies every tool call, naming where it looked', async () => {
    const { hooks } = await startPlugin(undefined, { onError: 'block' });
    await expect(hooks['tool.execute.before']({ tool: 'read', sessionID: 's', callID: 'c' }, { args: { filePath: '/etc/hosts' } })).rejects.toThrow(/^hookwire is not guarding this session: cannot load the config: no hookwire config found: /);
  });

  it('a mistyped option is an error, not ignored; an explicit config path is read relative to the project', async () => {
    const typo = await startPlugin({ hooks: [DENY_RM] }, { confg: 'x.json' });
    await expect(typo.hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'rm -rf /' } })).resolves.toBeUndefined();
    expect(typo.logged[0]!.message).toMatch(/unknown plugin option "confg"/);

    const directory = await tempDir('hookwire-opencode-unit-');
    await writeFile(join(directory, 'guards.json'), JSON.stringify({ hooks: [DENY_RM] }));
    const hooks = await HookwirePlugin({ client: { app: { log: async () => undefined } }, directory }, { config: 'guards.json' });
    await expect(hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'rm -rf /' } })).rejects.toThrow(/^NO RM$/);
  });

  it('session events: SessionStart context goes into that session\'s system prompt; a Stop block is logged, not applied', async () => {
    const stop = { id: 'keep-going', event: 'Stop', type: 'command', command: `echo '{"decision":"block","reason":"KEEP-GOING"}'` };
    const { hooks, logged } = await startPlugin({ hooks: [CONTEXT('SessionStart', 'SS'), stop] });
    await hooks.event({ event: { type: 'session.created', properties: { info: { id: 'ses_1' } } } });
    const system = { system: ['base'] };
    await hooks['experimental.chat.system.transform']({ sessionID: 'ses_1' }, system);
    expect(system.system).toEqual(['base', 'SS']);
    const other = { system: ['base'] };
    await hooks['experimental.chat.system.transform']({ sessionID: 'ses_2' }, other);
    expect(other.system).toEqual(['base']);
    await hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } });
    expect(logged.at(-1)).toEqual({ level: 'warn', message: 'a Stop hook asked to keep going ("KEEP-GOING"), but OpenCode cannot continue a turn from a plugin: not applied' });
  });

  it('a PostToolUse block is feedback: its reason is appended to the tool output, before the contexts', async () => {
    const feedback = { id: 'feedback', event: 'PostToolUse', type: 'command', command: `echo '{"decision":"block","reason":"FIX IT"}'` };
    const { hooks } = await startPlugin({ hooks: [feedback, CONTEXT('PostToolUse', 'AFTER')] });
    const output = { title: 'ls', output: 'a', metadata: {} };
    await hooks['tool.execute.after']({ tool: 'bash', sessionID: 's', callID: 'c', args: { command: 'ls' } }, output);
    expect(output.output).toBe('a\n\nFIX IT\n\nAFTER');
  });

  it("a child session's prompt (a Task's) runs no UserPromptSubmit hook; its start and stop are SubagentStart and SubagentStop", async () => {
    const dir = await tempDir('hookwire-opencode-unit-');
    const seen = join(dir, 'seen.jsonl');
    const record = (event: string) => ({ id: `rec-${event}`, event, type: 'command', command: `cat >> ${seen}; echo >> ${seen}` });
    const { hooks } = await startPlugin({ hooks: [record('UserPromptSubmit'), record('SubagentStart'), record('SubagentStop')] });
    await hooks.event({ event: { type: 'session.created', properties: { info: { id: 'ses_child', parentID: 'ses_parent' } } } });
    await hooks['chat.message']({ sessionID: 'ses_child' }, { message: {}, parts: [{ type: 'text', text: 'subtask' }] });
    await hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_child' } } });
    const lines = (await readFile(seen, 'utf8')).split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.hook_event_name, line.session_id, line.agent_id])).toEqual([
      ['SubagentStart', 'ses_parent', 'ses_child'],
      ['SubagentStop', 'ses_parent', 'ses_child'],
    ]);
  });
});
