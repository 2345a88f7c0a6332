import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_RECORD_VERSION, CHANNEL_NAMES, subscribeAuditLog, type AuditRecord } from '../src/index.js';
import { cleanup, runtimeOf, say } from './helpers.js';

const subscriptions: [string, (message: unknown) => void][] = [];

function listen(name: string): unknown[] {
  const seen: unknown[] = [];
  const onMessage = (message: unknown) => seen.push(structuredClone({ ...(message as object), runtime: undefined }));
  subscribe(name, onMessage);
  subscriptions.push([name, onMessage]);
  return seen;
}

afterEach(async () => {
  for (const [name, onMessage] of subscriptions.splice(0)) unsubscribe(name, onMessage);
  await cleanup();
});

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: '/tmp' };
/** What both a dispatch:start message and the audit record say about a PreToolUse dispatch of `bash`. */
const bashDispatch = { event: 'PreToolUse', canonical: 'tool:before', dialect: 'claude', subject: 'Bash', cwd: '/tmp', payload: bash };

describe('lifecycle channels', () => {
  it('names its channels stably', () => {
    expect(CHANNEL_NAMES).toEqual({
      dispatchStart: 'hookwire:dispatch:start',
      dispatchEnd: 'hookwire:dispatch:end',
      hookStart: 'hookwire:hook:start',
      hookEnd: 'hookwire:hook:end',
    });
  });

  it('publishes dispatch start and end around hook start and end, in order, with what each knows', async () => {
    const order: string[] = [];
    for (const name of Object.values(CHANNEL_NAMES)) {
      const onMessage = (message: unknown) => order.push(`${name}:${(message as { hook?: string }).hook ?? ''}`);
      subscribe(name, onMessage);
      subscriptions.push([name, onMessage]);
    }
    const starts = listen(CHANNEL_NAMES.dispatchStart);
    const ends = listen(CHANNEL_NAMES.dispatchEnd);
    const hookEnds = listen(CHANNEL_NAMES.hookEnd);
    const runtime = await runtimeOf({
      hooks: [
        { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: say({ decision: 'block', reason: 'no' }) },
        { id: 'shadow', event: 'PreToolUse', type: 'command', mode: 'observe', command: 'exit 2' },
        { id: 'slow', event: 'PreToolUse', type: 'command', timeout: 0.2, command: 'sleep 5' },
      ],
    });
    const result = await runtime.dispatch('PreToolUse', bash, { requestId: 7 });
    expect(order).toEqual([
      'hookwire:dispatch:start:',
      'hookwire:hook:start:guard',
      'hookwire:hook:end:guard',
      'hookwire:hook:start:shadow',
      'hookwire:hook:end:shadow',
      'hookwire:hook:start:slow',
      'hookwire:hook:end:slow',
      'hookwire:dispatch:end:',
    ]);
    const start = starts[0] as Record<string, unknown>;
    expect(start).toMatchObject({
      requestId: 7,
      ...bashDispatch,
      configDigest: runtime.configDigest,
      hooks: ['guard', 'shadow', 'slow'],
      observeAll: false,
    });
    expect(runtime.configDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(ends[0]).toMatchObject({ dispatchId: start.dispatchId, outcome: result.outcome, runs: result.runs, durationMs: expect.any(Number) });
    expect(hookEnds).toEqual([
      expect.objectContaining({ dispatchId: start.dispatchId, hook: 'guard', kind: 'shell', mode: 'enforce', decision: 'deny', subject: 'Bash', canonical: 'tool:before' }),
      expect.objectContaining({ hook: 'shadow', mode: 'observe', decision: 'deny', record: expect.objectContaining({ mode: 'observe' }) }),
      expect.objectContaining({ hook: 'slow', decision: 'none', failureClass: 'timeout' }),
    ]);
  });

  it('publishes no-match dispatches too, and a dispatch that throws with its error', async () => {
    const ends = listen(CHANNEL_NAMES.dispatchEnd);
    const runtime = await runtimeOf({ hooks: [{ event: 'PreToolUse', matcher: 'Read', type: 'command', command: 'sleep 5' }] });
    await runtime.dispatch('PreToolUse', bash);
    const controller = new AbortController();
    const pending = runtime.dispatch('PreToolUse', { tool_name: 'Read' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ code: 'HOOKWIRE_CANCELED' });
    expect(ends).toEqual([
      expect.objectContaining({ hooks: [], runs: [], outcome: expect.objectContaining({ decision: 'none' }) }),
      expect.objectContaining({ hooks: ['PreToolUse#1'], error: { code: 'HOOKWIRE_CANCELED', message: 'dispatch canceled' } }),
    ]);
  });

  it('hands subscribers the payload with the config\'s secrets redacted', async () => {
    const starts = listen(CHANNEL_NAMES.dispatchStart);
    const token = 'tok-0123456789-secret';
    const runtime = await runtimeOf(
      { hooks: [{ event: 'PreToolUse', type: 'http', url: 'http://127.0.0.1:9/', headers: { Authorization: 'Bearer $HW_TOKEN' }, allowedEnvVars: ['HW_TOKEN'], matcher: 'Nothing' }] },
      { env: { HW_TOKEN: token } },
    );
    await runtime.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: `curl -H "x: ${token}"` } });
    expect(JSON.stringify(starts)).not.toContain(token);
    expect(starts[0]).toMatchObject({ payload: { tool_input: { command: 'curl -H "x: [redacted]"' } } });
  });
});

describe('audit log subscriber', () => {
  it('writes one versioned line per dispatch of its runtime, and none of another\'s', async () => {
    const lines: string[] = [];
    const runtime = await runtimeOf({ hooks: [{ id: 'guard', event: 'PreToolUse', type: 'command', command: say({ decision: 'block', reason: 'no' }) }] });
    const other = await runtimeOf({ hooks: [] });
    const stop = subscribeAuditLog({ runtime, write: (line) => lines.push(line) });
    await runtime.dispatch('PreToolUse', bash, { requestId: 'a' });
    await other.dispatch('PreToolUse', bash);
    await runtime.dispatch('Stop', {});
    stop();
    await runtime.dispatch('PreToolUse', bash);
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('}\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const [first, second] = lines.map((line) => JSON.parse(line) as AuditRecord);
    expect(first).toEqual({
      v: AUDIT_RECORD_VERSION,
      ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      decision_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      id: 'a',
      ...bashDispatch,
      config: runtime.configDigest,
      hooks: ['guard'],
      outcome: expect.objectContaining({ decision: 'deny', reason: 'no' }),
      runs: [expect.objectContaining({ hook: 'guard', outcome: expect.objectContaining({ decision: 'deny' }) })],
      durationMs: expect.any(Number),
    });
    expect(second).toMatchObject({ event: 'Stop', canonical: 'turn:stop', hooks: [], runs: [] });
    expect(second).not.toHaveProperty('subject');
  });

  it('leaves payloads out when told to, and says when the whole config observed', async () => {
    const lines: string[] = [];
    const runtime = await runtimeOf({ hooks: [] }, { observe: true });
    const stop = subscribeAuditLog({ runtime, write: (line) => lines.push(line), payloads: false });
    await runtime.dispatch('PreToolUse', bash);
    stop();
    const record = JSON.parse(lines[0]!) as AuditRecord;
    expect(record).not.toHaveProperty('payload');
    expect(record.mode).toBe('observe');
  });

  it('digests the normalised config: the same policy digests alike, a changed one differently', async () => {
    const hooks = [{ id: 'g', event: 'PreToolUse', type: 'command', command: 'true' }];
    const a = await runtimeOf({ hooks });
    const b = await runtimeOf(JSON.parse(JSON.stringify({ hooks })));
    const c = await runtimeOf({ hooks: [{ ...hooks[0], command: 'false' }] });
    expect(a.configDigest).toBe(b.configDigest);
    expect(a.configDigest).not.toBe(c.configDigest);
    const before = a.configDigest;
    await a.reload({ hooks, timeoutSec: 3 });
    expect(a.configDigest).not.toBe(before);
  });
});
