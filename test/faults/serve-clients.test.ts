import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killServes, startServe, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { childrenOf, cleanup, readPids, survivors, tempDir, writeConfig, type ProcRef } from './harness.js';
import { rawSocket, send } from './serve-client.js';
import { command } from './trees.js';

afterEach(async () => {
  await killServes();
  await cleanup();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dispatchBody = (subject: string) => JSON.stringify({ event: 'PreToolUse', payload: { tool_name: subject, tool_input: {} } });
const hookBody = (subject: string) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: subject, tool_input: {} });

/** One HTTP/1.1 request as raw bytes, for pipelining several on one socket. */
function rawRequest(path: string, body: string): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The final (non-1xx) answers in a raw HTTP/1.1 stream (ASCII bodies: lengths are counted in characters), in order: status and body. */
function finalAnswers(stream: string): { status: number; body: string }[] {
  const answers: { status: number; body: string }[] = [];
  let rest = stream;
  for (;;) {
    const head = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n((?:[^\r\n]+\r\n)*)\r\n/.exec(rest);
    if (!head) return answers;
    const status = Number(head[1]);
    const length = Number(/content-length: (\d+)/i.exec(head[2]!)?.[1] ?? 0);
    const body = rest.slice(head[0].length, head[0].length + length);
    if (status >= 200) answers.push({ status, body });
    rest = rest.slice(head[0].length + (status >= 200 ? length : 0));
  }
}

async function inFlight(server: ServeProcess): Promise<number> {
  const text = (await send(server.url, 'GET', '/metrics').answer).text;
  return Number(/^hookwire_inflight (\d+)$/m.exec(text)?.[1]);
}

async function inFlightSettles(server: ServeProcess, withinMs = 10_000): Promise<number> {
  let value = await inFlight(server);
  for (let waited = 0; value !== 0 && waited < withinMs; waited += 50) {
    await wait(50);
    value = await inFlight(server);
  }
  return value;
}

/** Three hooks, each a process tree of 4 pids (fork-deep.sh, 2 levels) that runs until killed. */
async function treeConfig(): Promise<{ config: string; pidFile(n: number): string }> {
  const dir = await tempDir();
  const pidFile = (n: number) => join(dir, `tree${n}.pids`);
  const config = await writeConfig(dir, {
    hooks: [1, 2, 3].map((n) => ({ id: `tree${n}`, event: 'PreToolUse', matcher: `Tree${n}`, type: 'command', command: command('fork-deep.sh', pidFile(n), '2') })),
  });
  return { config, pidFile };
}

describe('hookwire serve under real clients', () => {
  it('a client that pipelines dispatches and drops the connection: every dispatch is canceled and every tree killed, and the slots come back', async () => {
    const { config, pidFile } = await treeConfig();
    const server = await startServe(['--config', config, '--max-inflight', '3']);
    const socket = await rawSocket(server.url);
    socket.write(rawRequest('/v1/dispatch', dispatchBody('Tree1')) + rawRequest('/hooks/claude', hookBody('Tree2')) + rawRequest('/v1/dispatch', dispatchBody('Tree3')));
    const refs: ProcRef[] = [];
    for (const n of [1, 2, 3]) refs.push(...(await readPids(pidFile(n), 4)));
    socket.destroy();
    expect(await survivors(refs, 10_000)).toEqual([]);
    expect(await inFlightSettles(server)).toBe(0);
    expect(childrenOf(server.child.pid!)).toEqual([]);
    // The slots are free: a new client is served, not refused with 503.
    expect((await send(server.url, 'POST', '/v1/dispatch', dispatchBody('Other')).answer).status).toBe(200);
  });

  it('a client that half-closes after its requests (as nc -N does) gets every answer; its dispatches are not canceled', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      hooks: [1, 2].map((n) => ({ event: 'PreToolUse', matcher: `Slow${n}`, type: 'command', command: `sleep 1; echo '{"decision":"block","reason":"slow ${n} finished"}'` })),
    });
    const server = await startServe(['--config', config]);
    const socket = await rawSocket(server.url);
    socket.write(rawRequest('/hooks/claude', hookBody('Slow1')) + rawRequest('/v1/dispatch', dispatchBody('Slow2')));
    socket.end();
    await socket.ended;
    const answers = finalAnswers(socket.received());
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toContain('slow 1 finished');
    expect(JSON.parse(answers[1]!.body)).toMatchObject({ ok: true, outcome: { decision: 'deny', reason: 'slow 2 finished' } });
  });

  it('SIGTERM while pipelined dispatches run: every one of them is answered before serve exits', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      hooks: [1, 2, 3].map((n) => ({ event: 'PreToolUse', matcher: `Slow${n}`, type: 'command', command: `sleep 1; echo '{"decision":"block","reason":"slow ${n} finished"}'` })),
    });
    const server = await startServe(['--config', config]);
    const socket = await rawSocket(server.url);
    socket.write([1, 2, 3].map((n) => rawRequest(n === 2 ? '/hooks/claude' : '/v1/dispatch', n === 2 ? hookBody(`Slow${n}`) : dispatchBody(`Slow${n}`))).join(''));
    await wait(300);
    server.child.kill('SIGTERM');
    await socket.ended;
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const answers = finalAnswers(socket.received());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const [i, answer] of answers.entries()) expect(answer.body).toContain(`slow ${i + 1} finished`);
  });

  it('a body over the cap sent chunked is answered 413, never a reset, and a body that never ends is cut after the bound', async () => {
    const dir = await tempDir();
    const server = await startServe(['--config', await writeConfig(dir, { hooks: [] })]);
    const huge = `{"event":"PreToolUse","pad":"${'x'.repeat(17 * 1024 * 1024)}"}`;
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const path = i % 2 === 0 ? '/v1/dispatch' : '/hooks/claude';
      const answer = await send(server.url, 'POST', path, huge, { chunked: i < 4 }).answer.then(
        (a) => `${a.status} ${/exceeds the limit of 16777216 bytes/.test(a.text)}`,
        (error: Error) => error.message,
      );
      seen.push(answer);
    }
    expect(seen).toEqual(Array.from({ length: 6 }, () => '413 true'));
    // A chunked body that never ends: the 413 comes, then the connection is closed within the bound.
    const endless = await rawSocket(server.url);
    endless.write('POST /v1/dispatch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = `100000\r\n${'y'.repeat(0x100000)}\r\n`;
    let writing = true;
    void (async () => {
      while (writing && !endless.destroyed) {
        if (!endless.write(chunk)) await new Promise((resolve) => endless.once('drain', resolve).once('close', resolve));
      }
    })();
    const started = Date.now();
    await endless.ended;
    writing = false;
    expect(endless.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect((await send(server.url, 'GET', '/healthz').answer).status).toBe(200);
  });

  it('reloads in quick succession: the newest always wins, even when an older read finishes last', async () => {
    const dir = await tempDir();
    const path = join(dir, 'hookwire.json');
    const configOf = (reason: string, pad = 0) => JSON.stringify({ $schema: 'p'.repeat(pad), hooks: [{ event: 'PreToolUse', matcher: 'Probe', type: 'command', command: `echo '{"decision":"block","reason":"${reason}"}'` }] });
    await writeFile(path, configOf('start'));
    const server = await startServe(['--config', path]);
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      // The older config is big (slow to read and parse), the newer small: the older read ends last.
      await writeFile(join(dir, 'old.json'), configOf(`old ${round}`, 24 * 1024 * 1024));
      await writeFile(join(dir, 'new.json'), configOf(`new ${round}`));
      await rename(join(dir, 'old.json'), path);
      const older = send(server.url, 'POST', '/v1/reload', '').answer;
      await wait(15);
      await rename(join(dir, 'new.json'), path);
      const newer = send(server.url, 'POST', '/v1/reload', '').answer;
      const answers = await Promise.all([older, newer]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const probe = await send(server.url, 'POST', '/v1/dispatch', dispatchBody('Probe')).answer;
      outcomes.push((JSON.parse(probe.text) as { outcome: { reason: string } }).outcome.reason);
    }
    expect(outcomes).toEqual([0, 1, 2, 3].map((round) => `new ${round}`));
  }, 120_000);
});
