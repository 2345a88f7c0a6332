import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killServes, startServe } from '../../packages/hookwire/test/serve/serve-process.js';
import { cleanup, onCleanup, runHookwire, startSidecar, tempDir, writeConfig } from './harness.js';
import { send } from './serve-client.js';

afterEach(async () => {
  await killServes();
  await cleanup();
});

/** Makes a FIFO nobody reads; cleanup opens its read end, so that a writer blocked on opening it is released. */
function makeFifo(path: string): void {
  execFileSync('mkfifo', [path]);
  onCleanup(() => {
    try {
      closeSync(openSync(path, constants.O_RDONLY | constants.O_NONBLOCK));
    } catch {
      // Gone already.
    }
  });
}

const denyConfig = { hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no shell today' >&2; exit 2" }] };
const payload = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: '/tmp', tool_name: 'Bash', tool_input: { command: 'ls' } });
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms))]);

describe('an audit log path that blocks never stands between a decision and the host', () => {
  it('run --log FIFO (nobody reads it): the deny is answered and run exits, with or without --budget', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, denyConfig);
    const fifo = join(dir, 'audit.fifo');
    makeFifo(fifo);
    for (const extra of [[], ['--budget', '3000']]) {
      const started = Date.now();
      const ran = await runHookwire(['run', '--config', config, '--log', fifo, ...extra], { input: payload, timeoutMs: 15_000 });
      expect({ extra, code: ran.code }).toEqual({ extra, code: 0 });
      expect(JSON.parse(ran.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no shell today' } });
      expect(ran.stderr).toMatch(/cannot write the audit log .*audit\.fifo/);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });

  it('run --log FIFO with a reader: the line reaches it', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, denyConfig);
    const fifo = join(dir, 'audit.fifo');
    makeFifo(fifo);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    onCleanup(() => void reader.kill('SIGKILL'));
    let read = '';
    reader.stdout.setEncoding('utf8').on('data', (chunk: string) => (read += chunk));
    const readerExit = new Promise((resolve) => reader.on('exit', resolve));
    // The reader opens the FIFO when it starts: wait for it, as the bridge does (it retries within its bound).
    const ran = await runHookwire(['run', '--config', config, '--log', fifo], { input: payload, timeoutMs: 15_000 });
    expect(ran.code).toBe(0);
    await within(readerExit, 5_000);
    expect(JSON.parse(read.trim())).toMatchObject({ v: 1, event: 'PreToolUse', outcome: { decision: 'deny' } });
  });

  it('serve --log FIFO: dispatches are answered and SIGTERM ends serve', async () => {
    const dir = await tempDir();
    const fifo = join(dir, 'audit.fifo');
    makeFifo(fifo);
    const server = await startServe(['--config', await writeConfig(dir, denyConfig), '--log', fifo]);
    const answer = await send(server.url, 'POST', '/hooks/claude', payload).answer;
    expect(answer).toMatchObject({ status: 200, text: expect.stringContaining('"permissionDecision":"deny"') });
    server.child.kill('SIGTERM');
    expect(await within(server.exited, 10_000)).toEqual({ code: 0, signal: null });
  });

  it('listen --log FIFO: dispatches are answered and bye ends listen', async () => {
    const dir = await tempDir();
    const fifo = join(dir, 'audit.fifo');
    makeFifo(fifo);
    const sidecar = startSidecar(await writeConfig(dir, denyConfig), { args: ['--log', fifo] });
    expect(await sidecar.ask({ op: 'dispatch', id: 1, event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: {} } })).toMatchObject({ ok: true, outcome: { decision: 'deny' } });
    sidecar.send({ op: 'bye', id: 2 });
    expect(await within(sidecar.exited, 10_000)).toMatchObject({ code: 0 });
  });
});
