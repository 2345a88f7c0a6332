import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createRuntime, silentLogger, type Runtime } from '@hookwire/runtime';
import { createSession } from '@hookwire/session';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpTransport, createServeMetrics, isLoopbackHost, type HttpTransport } from '../src/index.js';

const opened: { runtime: Runtime; transport: HttpTransport; close(): void }[] = [];

afterEach(async () => {
  for (const { runtime, transport, close } of opened.splice(0)) {
    await new Promise<void>((resolve) => {
      transport.server.close(() => resolve());
      transport.server.closeAllConnections();
    });
    close();
    await runtime.close();
  }
  await removeTempDirs();
});

const GUARD = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" };

/** The transport on a real loopback socket, over a real session and runtime, as `hookwire serve` assembles them. */
async function start(token?: string): Promise<string> {
  const dir = await tempDir('hookwire-http-');
  const configPath = join(dir, 'hookwire.json');
  await writeFile(configPath, JSON.stringify({ hooks: [GUARD] }));
  const runtime = await createRuntime({ configPath, logger: silentLogger });
  const session = createSession({ runtime, version: '1.2.3' });
  const metrics = createServeMetrics(session);
  const reload = () => session.serve({ ok: true, op: 'reload', id: undefined, hasId: false });
  const transport = createHttpTransport({ session, metrics, logger: silentLogger, version: '1.2.3', maxInflight: 4, reload, ...(token === undefined ? {} : { token }) });
  opened.push({ runtime, transport, close: () => (metrics.close(), session.close()) });
  await new Promise<void>((resolve) => transport.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(transport.server.address() as AddressInfo).port}`;
}

const bash = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

describe('the HTTP transport', () => {
  it('dispatches the protocol at /v1/dispatch and answers a host in its own dialect at /hooks/<dialect>', async () => {
    const url = await start();
    const dispatched = await fetch(`${url}/v1/dispatch`, { method: 'POST', body: JSON.stringify({ event: 'PreToolUse', payload: bash }) });
    expect(dispatched.status).toBe(200);
    expect(await dispatched.json()).toMatchObject({ ok: true, canonical: 'tool:before', outcome: { decision: 'deny', reason: 'no rm -rf' }, runs: [{ hook: 'guard' }] });

    const claude = await fetch(`${url}/hooks/claude`, { method: 'POST', body: JSON.stringify(bash) });
    expect(claude.status).toBe(200);
    expect(await claude.json()).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm -rf' } });

    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ ok: true, version: '1.2.3', protocol: 1 });
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^hookwire_dispatches_total\{[^}]*decision="deny"[^}]*\} 2$/m);
  });

  it('refuses every route but /healthz without the bearer token, and an unknown dialect with 404', async () => {
    const url = await start('s3cret');
    expect((await fetch(`${url}/v1/dispatch`, { method: 'POST', body: JSON.stringify({ event: 'PreToolUse', payload: bash }) })).status).toBe(401);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const authorized = await fetch(`${url}/hooks/nope`, { method: 'POST', headers: { authorization: 'Bearer s3cret' }, body: '{}' });
    expect(authorized.status).toBe(404);
  });

  it('tells loopback hosts from others', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.8.9.10'].map(isLoopbackHost)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '10.0.0.1', 'example.com', '::'].map(isLoopbackHost)).toEqual([false, false, false, false]);
  });
});
