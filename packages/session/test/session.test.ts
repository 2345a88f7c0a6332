import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { DispatchResponseSchema, ErrorResponseSchema, PongResponseSchema, ReloadResponseSchema, ResponseSchema, parseRequest, renderOutcome } from '@hookwire/contract';
import { createRuntime, silentLogger, type Runtime } from '@hookwire/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { isGone, tempDir, writeConfig } from '@hookwire/test-utils';
import { readHostPayload } from '../src/host-payload.js';
import { CancelHandle } from '../src/cancel-handle.js';
import { createSession } from '../src/session.js';

const opened: Runtime[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((runtime) => runtime.close()));
});

async function runtimeOn(config: unknown, dir?: string): Promise<{ runtime: Runtime; path: string }> {
  const folder = dir ?? (await tempDir('hookwire-session-'));
  const path = await writeConfig(folder, config);
  const runtime = await createRuntime({ configPath: path, logger: silentLogger });
  opened.push(runtime);
  return { runtime, path };
}

const guard = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" };
const context = { id: 'ctx', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"be careful"}}'` };
const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

describe('session', () => {
  it('answers each op with the pinned wire shape', async () => {
    const { runtime } = await runtimeOn({ hooks: [guard] });
    const session = createSession({ runtime, version: '9.9.9' });
    const pong = await session.serve(parseRequest('{"op":"ping","id":1}'));
    expect(PongResponseSchema.parse(pong)).toEqual({ ok: true, id: 1, pong: true, version: '9.9.9', protocol: 1 });
    const answer = await session.serve(parseRequest(JSON.stringify({ op: 'dispatch', event: 'PreToolUse', payload: bash })));
    expect(DispatchResponseSchema.parse(answer)).toMatchObject({ ok: true, canonical: 'tool:before', outcome: { decision: 'deny', reason: 'no rm -rf' }, runs: [{ hook: 'guard', exitCode: 2 }] });
    expect(ReloadResponseSchema.parse(await session.serve(parseRequest('{"op":"reload"}')))).toEqual({ ok: true, diagnostics: [] });
    expect(await session.serve(parseRequest('{"op":"bye","id":"b"}'))).toEqual({ ok: true, id: 'b' });
    const bad = await session.serve(parseRequest('{"op":"dispatch","id":2,"event":"Nope"}'));
    expect(ErrorResponseSchema.parse(bad)).toEqual({ ok: false, id: 2, error: expect.stringMatching(/unknown event "Nope"/) });
    expect(session.inFlight).toBe(0);
  });

  it('refuses a reload of a config with errors and keeps the old one in force', async () => {
    const dir = await tempDir();
    const { runtime } = await runtimeOn({ hooks: [guard] }, dir);
    const session = createSession({ runtime, version: '0' });
    await writeConfig(dir, { hooks: [{ event: 'PreToolUse', type: 'command' }] });
    const refused = await session.serve(parseRequest('{"op":"reload","id":"r"}'));
    expect(ReloadResponseSchema.parse(refused)).toMatchObject({ ok: false, id: 'r', error: expect.stringMatching(/error/), diagnostics: [expect.objectContaining({ severity: 'error' })] });
    const answer = await session.serve(parseRequest(JSON.stringify({ op: 'dispatch', event: 'PreToolUse', payload: bash })));
    expect(answer).toMatchObject({ ok: true, outcome: { decision: 'deny' } });
  });

  it('cancels a dispatch by id, killing its process tree, and refuses an id already in flight', async () => {
    const dir = await tempDir();
    const pidFile = join(dir, 'pid');
    const slow = { id: 'slow', event: 'PreToolUse', matcher: 'Sleep', type: 'command', command: `sleep 30 & echo $! > ${pidFile}; wait` };
    const { runtime } = await runtimeOn({ hooks: [slow] }, dir);
    const session = createSession({ runtime, version: '0' });
    const running = session.serve(parseRequest(JSON.stringify({ op: 'dispatch', id: 'x', event: 'PreToolUse', payload: { tool_name: 'Sleep', tool_input: {} } })));
    expect(session.inFlight).toBe(1);
    expect(await session.serve(parseRequest(JSON.stringify({ op: 'dispatch', id: 'x', event: 'Stop' })))).toEqual({ ok: false, id: 'x', error: 'id "x" is already in flight' });
    let pid: number | undefined;
    while (pid === undefined) {
      pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim()) || undefined;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await session.serve(parseRequest('{"op":"cancel","target":"x","id":"c"}'))).toEqual({ ok: true, id: 'c' });
    expect(await running).toEqual({ ok: false, id: 'x', error: 'canceled' });
    expect(await isGone(pid)).toBe(true);
    expect(await session.serve(parseRequest('{"op":"cancel","target":"x"}'))).toEqual({ ok: false, error: 'no dispatch in flight with id "x"' });
    await session.settle();
  });

  it('cancels through a handle the transport owns, and cancelAll reaches host answers too', async () => {
    const slow = { id: 'slow', event: 'PreToolUse', matcher: 'Sleep', type: 'command', command: 'sleep 30' };
    const { runtime } = await runtimeOn({ hooks: [slow] });
    const session = createSession({ runtime, version: '0' });
    const handle = new CancelHandle();
    const running = session.serve(parseRequest(JSON.stringify({ op: 'dispatch', event: 'PreToolUse', payload: { tool_name: 'Sleep' } })), handle);
    const read = readHostPayload({ hook_event_name: 'PreToolUse', tool_name: 'Sleep', tool_input: {} }, 'claude');
    if (!read.ok) throw new Error('payload refused');
    const answering = session.answer('claude', read.host);
    expect(session.inFlight).toBe(2);
    handle.cancel();
    expect(await running).toEqual({ ok: false, error: 'canceled' });
    session.cancelAll();
    await expect(answering).rejects.toThrow(/canceled/);
    await session.settle();
    expect(session.inFlight).toBe(0);
  });

  it('answers a host payload with the bytes the bridge renders, and silence for events it does not know', async () => {
    const { runtime } = await runtimeOn({ hooks: [guard, context] });
    const session = createSession({ runtime, version: '0' });
    const read = readHostPayload({ hook_event_name: 'PreToolUse', ...bash }, 'claude');
    if (!read.ok) throw new Error('payload refused');
    const answer = await session.answer('claude', read.host);
    const direct = await runtime.dispatch('PreToolUse', bash);
    expect(answer).toEqual(renderOutcome('claude', direct.canonical, direct.outcome, { passAllow: false }));
    expect(JSON.parse(answer.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm -rf', additionalContext: 'be careful' },
    });
    const unknown = readHostPayload({ hook_event_name: 'Notification', message: 'hi' }, 'claude');
    if (!unknown.ok) throw new Error('payload refused');
    expect(await session.answer('claude', unknown.host)).toEqual({ exitCode: 0, stdout: '' });
    expect(readHostPayload([1], 'claude')).toEqual({ ok: false, received: 'an array' });
  });

  it('writes one audit line per dispatch and per host answer', async () => {
    const { runtime } = await runtimeOn({ hooks: [guard] });
    const audit = new PassThrough();
    let text = '';
    audit.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const session = createSession({ runtime, version: '0', audit });
    await session.serve(parseRequest(JSON.stringify({ op: 'dispatch', id: 7, event: 'PreToolUse', payload: bash })));
    const read = readHostPayload({ hook_event_name: 'PreToolUse', ...bash }, 'claude');
    if (!read.ok) throw new Error('payload refused');
    await session.answer('claude', read.host);
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { id: 7, event: 'PreToolUse', canonical: 'tool:before', outcome: { decision: 'deny' } },
      { event: 'PreToolUse', canonical: 'tool:before', outcome: { decision: 'deny' } },
    ]);
    expect(lines[1]).not.toHaveProperty('id');
  });
});
