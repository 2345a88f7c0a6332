import { Agent } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killServes, startServe, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { childrenOf, cleanup, fdCount, readPids, rssKiB, settleFdCount, survivors, tempDir, writeConfig, type ProcRef } from './harness.js';
import { send, rawSocket } from './serve-client.js';
import { command, TREES, writeTrees } from './trees.js';

afterEach(async () => {
  await killServes();
  await cleanup();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hookPayload = (subject: string, extra: Record<string, unknown> = {}) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: subject, tool_input: {}, ...extra });
const dispatchBody = (subject: string) => JSON.stringify({ event: 'PreToolUse', payload: { tool_name: subject, tool_input: {} } });

/** Polls `/metrics` until nothing is in flight (or 10 s pass); the last `hookwire_inflight` value. */
async function inFlightSettles(server: ServeProcess): Promise<number> {
  let value = Number.NaN;
  for (let waited = 0; waited < 10_000; waited += 50) {
    const text = (await send(server.url, 'GET', '/metrics').answer).text;
    value = Number(/^hookwire_inflight (\d+)$/m.exec(text)?.[1]);
    if (value === 0) return value;
    await wait(50);
  }
  return value;
}

async function healthy(server: ServeProcess): Promise<number> {
  return (await send(server.url, 'GET', '/healthz').answer).status;
}

describe('hookwire serve under faults', () => {
  it('a client that disconnects cancels its dispatch: every process tree is killed, by pid, and serve goes on', async () => {
    const started = await writeTrees(undefined);
    const server = await startServe(['--config', started.config]);
    const inflight = TREES.map((tree, i) => {
      const { request, answer } = i % 2 === 0 ? send(server.url, 'POST', '/v1/dispatch', dispatchBody(tree.subject)) : send(server.url, 'POST', '/hooks/claude', hookPayload(tree.subject));
      answer.catch(() => {});
      return request;
    });
    const refs: ProcRef[] = [];
    for (const tree of TREES) refs.push(...(await readPids(started.pidFile(tree.subject), tree.pids)));
    expect(refs.length).toBe(TREES.reduce((n, tree) => n + tree.pids, 0));
    for (const request of inflight) request.destroy();
    expect(await survivors(refs, 10_000)).toEqual([]);
    expect(await healthy(server)).toBe(200);
    expect(await inFlightSettles(server)).toBe(0);
    expect(childrenOf(server.child.pid!)).toEqual([]);
  });

  it('caps: a body over 16 MiB is 413 (declared or chunked), the concurrency cap is 503 with Retry-After', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [{ event: 'PreToolUse', matcher: 'Slow', type: 'command', command: 'sleep 2' }] });
    const server = await startServe(['--config', config, '--max-inflight', '2']);
    const huge = `{"hook_event_name":"PreToolUse","pad":"${'x'.repeat(17 * 1024 * 1024)}"}`;
    const declared = await send(server.url, 'POST', '/hooks/claude', huge).answer.catch((error: Error) => error);
    expect(declared).toMatchObject({ status: 413, text: expect.stringMatching(/exceeds the limit of 16777216 bytes/) });
    // The server answers 413 once the cap is crossed and reads the rest away (bounded): the client sees the 413, never a reset.
    const chunked = await send(server.url, 'POST', '/v1/dispatch', huge, { chunked: true }).answer;
    expect(chunked).toMatchObject({ status: 413, text: expect.stringMatching(/exceeds the limit of 16777216 bytes/) });
    expect(await healthy(server)).toBe(200);

    const slow = [send(server.url, 'POST', '/v1/dispatch', dispatchBody('Slow')), send(server.url, 'POST', '/hooks/claude', hookPayload('Slow'))];
    await wait(300);
    const refused = await send(server.url, 'POST', '/v1/dispatch', dispatchBody('Fast')).answer;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused.text)).toEqual({ ok: false, error: 'too many requests in flight (the limit is 2)' });
    expect(await healthy(server)).toBe(200);
    expect((await Promise.all(slow.map((s) => s.answer))).map((a) => a.status)).toEqual([200, 200]);
    expect((await send(server.url, 'POST', '/v1/dispatch', dispatchBody('Fast')).answer).status).toBe(200);
  });

  it('slow clients: a request whose headers or body trickle in is cut by the header and request timeouts, and others are served meanwhile', async () => {
    const dir = await tempDir();
    const server = await startServe(['--config', await writeConfig(dir, { hooks: [] })]);
    const headers = await rawSocket(server.url);
    headers.write('POST /v1/dispatch HTTP/1.1\r\nHost: x\r\n');
    const body = await rawSocket(server.url);
    body.write('POST /v1/dispatch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"event":');
    const started = Date.now();
    const trickle = setInterval(() => {
      if (!headers.destroyed) headers.write('X-Slow: 1\r\n');
      if (!body.destroyed) body.write(' ');
    }, 500);
    try {
      expect(await healthy(server)).toBe(200);
      await headers.ended;
      const headersCut = Date.now() - started;
      await body.ended;
      const bodyCut = Date.now() - started;
      expect(headers.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(body.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(headersCut).toBeGreaterThanOrEqual(4_500);
      expect(headersCut).toBeLessThan(9_000);
      expect(bodyCut).toBeGreaterThanOrEqual(9_500);
      expect(bodyCut).toBeLessThan(15_000);
    } finally {
      clearInterval(trickle);
    }
    expect(await healthy(server)).toBe(200);
  });

  it('auth: wrong, hostile and oversized Authorization headers are 401 and leave serve running', async () => {
    const dir = await tempDir();
    const token = 'fault-suite-token-91ab';
    const server = await startServe(['--config', await writeConfig(dir, { hooks: [] }), '--token-env', 'HW_FAULT_TOKEN'], { ...process.env, HW_FAULT_TOKEN: token });
    const attempts = ['', 'Bearer', 'Bearer ', `Bearer  ${token}`, `bearer ${token}`, `Bearer ${'A'.repeat(8000)}`, `Bearer ${token.toUpperCase()}`, 'Bearer é'];
    for (const authorization of attempts) {
      const answer = await send(server.url, 'POST', '/v1/dispatch', dispatchBody('X'), { headers: { authorization } }).answer.catch((error: Error) => error);
      expect({ authorization: authorization.slice(0, 40), status: answer instanceof Error ? answer.message : answer.status }).toEqual({ authorization: authorization.slice(0, 40), status: 401 });
    }
    expect((await send(server.url, 'POST', '/v1/dispatch', dispatchBody('X'), { headers: { authorization: `Bearer ${token}` } }).answer).status).toBe(200);
    const overflow = await rawSocket(server.url);
    overflow.write(`GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'B'.repeat(64 * 1024)}\r\n\r\n`);
    await overflow.ended;
    expect(overflow.received()).toMatch(/^HTTP\/1\.1 431 /);
    expect(await healthy(server)).toBe(200);
    expect(server.stderr()).not.toContain(token);
  });

  it('SIGTERM: stops accepting, lets short dispatches finish, kills the rest after the grace, exits 0', async () => {
    const dir = await tempDir();
    const stuckPids = join(dir, 'stuck.pids');
    const config = await writeConfig(dir, {
      hooks: [
        { event: 'PreToolUse', matcher: 'Short', type: 'command', command: `sleep 1; echo '{"decision":"block","reason":"finished in the grace"}'` },
        { event: 'PreToolUse', matcher: 'Stuck', type: 'command', command: command('fork-deep.sh', stuckPids, '2') },
      ],
    });
    const server = await startServe(['--config', config]);
    const short = send(server.url, 'POST', '/hooks/claude', hookPayload('Short')).answer;
    const stuck = send(server.url, 'POST', '/v1/dispatch', dispatchBody('Stuck')).answer;
    const refs = await readPids(stuckPids, 4);
    const signaled = Date.now();
    server.child.kill('SIGTERM');
    await wait(200);
    const late = await send(server.url, 'GET', '/healthz').answer.catch((error: Error) => error);
    expect(late instanceof Error ? late.message : late.status).toMatch(/ECONNREFUSED|503/);
    expect(await short).toMatchObject({ status: 200, text: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"finished in the grace"}}\n' });
    const cut = await stuck;
    expect(cut.status).toBe(503);
    expect(JSON.parse(cut.text)).toEqual({ ok: false, error: 'canceled: hookwire serve is shutting down' });
    expect(Date.now() - signaled).toBeGreaterThanOrEqual(9_500);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(await survivors(refs, 2_000)).toEqual([]);
  });

  it('hostile bodies: deep nesting, huge strings, invalid UTF-8, binary and prototype keys are answered and serve goes on', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'cat >/dev/null; echo seen >&2; exit 2' }] });
    const server = await startServe(['--config', config]);
    const deep = `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}}`;
    const bodies: [string, string | Buffer, (answer: { status: number; text: string }) => void][] = [
      // Too deep to show whole: never refused (a 400 does not block in Claude Code); the hook runs on the payload cut at 512 levels and denies.
      ['deep nesting', deep, (a) => expect(a).toMatchObject({ status: 200, text: expect.stringMatching(/"permissionDecision":"deny"/) })],
      ['deep nesting, unbalanced', `{"a":${'['.repeat(500_000)}`, (a) => expect(a.status).toBe(400)],
      ['a 12 MiB string', hookPayload('Bash', { pad: 'y'.repeat(12 * 1024 * 1024) }), (a) => expect(a).toMatchObject({ status: 200, text: expect.stringMatching(/"permissionDecision":"deny"/) })],
      ['invalid UTF-8', Buffer.concat([Buffer.from('{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"c":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}}')]), (a) => expect(a).toMatchObject({ status: 200, text: expect.stringMatching(/"permissionDecision":"deny"/) })],
      ['binary', Buffer.from([0, 1, 2, 0xff, 0x7b]), (a) => expect(a.status).toBe(400)],
      ['prototype keys', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{}}', (a) => expect(a.status).toBe(200)],
      ['a number', '1e999999', (a) => expect(a.status).toBe(400)],
      // A name that is not a string names no event: refused, never answered with silence.
      ['hook_event_name not a string', '{"hook_event_name":{"PreToolUse":1},"tool_name":"Bash"}', (a) => expect(a).toMatchObject({ status: 400, text: expect.stringContaining('the hook payload names no event') })],
    ];
    for (const [what, body, check] of bodies) {
      for (const path of ['/hooks/claude', '/v1/dispatch']) {
        const answer = await send(server.url, 'POST', path, body).answer;
        // None of these is a dispatch request (no "event"), so /v1/dispatch refuses each with 400.
        if (path === '/hooks/claude') check(answer);
        else expect({ what, status: answer.status }).toEqual({ what, status: 400 });
        if (answer.text !== '' && answer.status !== 200) expect(JSON.parse(answer.text)).toMatchObject({ ok: false, error: expect.any(String) });
        expect(await healthy(server)).toBe(200);
      }
    }
    expect(server.child.exitCode).toBeNull();
  });

  it('a short faulted soak over HTTP: nothing lost, no process leaked, fds flat', async () => {
    const dir = await tempDir();
    const treePids = join(dir, 'trees.pids');
    const config = await writeConfig(dir, {
      hooks: [
        { event: 'PreToolUse', matcher: 'Deny', type: 'command', command: "echo 'soak says no' >&2; exit 2" },
        { event: 'PreToolUse', matcher: 'Tree', type: 'command', command: command('fork-deep.sh', treePids, '2') },
        { event: 'PreToolUse', matcher: 'Timeout', type: 'command', command: 'sleep 5', timeout: 0.3 },
      ],
    });
    const server = await startServe(['--config', config, '--max-inflight', '64']);
    const pid = server.child.pid!;
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    // Warm up, then take the baseline with the agent's sockets open.
    await Promise.all(Array.from({ length: 32 }, () => send(server.url, 'POST', '/v1/dispatch', dispatchBody('None'), { agent }).answer));
    await wait(300);
    const baselineFds = fdCount(pid);
    const baselineRss = rssKiB(pid);
    const deadline = Date.now() + 15_000;
    const tally = { answered: 0, denied: 0, aborted: 0, refused: 0, bad: 0, lost: [] as string[] };
    let n = 0;
    const worker = async () => {
      while (Date.now() < deadline) {
        const kind = n++ % 10;
        if (kind === 9) {
          // A client that gives up: its tree must die with it.
          const { request, answer } = send(server.url, 'POST', '/v1/dispatch', dispatchBody('Tree'));
          answer.catch(() => {});
          await wait(150);
          request.destroy();
          tally.aborted++;
          continue;
        }
        const [path, body, expectText]: [string, string, RegExp] =
          kind < 5 ? ['/v1/dispatch', dispatchBody('None'), /"decision":"none"/]
          : kind < 7 ? ['/hooks/claude', hookPayload('Deny'), /soak says no/]
          // A timeout under onError "warn" is told to the user once per session (issue 22.2), then answered with silence.
          : kind === 7 ? ['/hooks/claude', hookPayload('Timeout'), /^(\{"systemMessage":"hookwire: hook [^"]+ failed \(timeout\)[^\n]*\}\n)?$/]
          : ['/v1/dispatch', '{"event":', /not valid JSON/];
        try {
          const answer = await send(server.url, 'POST', path, body, { agent }).answer;
          if (answer.status === 503) tally.refused++;
          else if (expectText.test(answer.text) && answer.status === (kind === 8 ? 400 : 200)) {
            tally.answered++;
            if (kind === 5 || kind === 6) tally.denied++;
            if (kind === 8) tally.bad++;
          } else tally.lost.push(`${path} ${answer.status} ${answer.text.slice(0, 200)}`);
        } catch (error) {
          tally.lost.push(`${path} ${(error as Error).message}`);
        }
      }
    };
    const reloads = (async () => {
      while (Date.now() < deadline) {
        await wait(700);
        const answer = await send(server.url, 'POST', '/v1/reload', '').answer;
        if (answer.status !== 200) tally.lost.push(`reload ${answer.status}`);
      }
    })();
    await Promise.all([...Array.from({ length: 12 }, worker), reloads]);
    agent.destroy();
    expect(tally.lost).toEqual([]);
    expect(tally.refused).toBe(0);
    expect(tally.answered).toBeGreaterThan(200);
    expect(tally.aborted).toBeGreaterThan(10);
    // Every tree a departed client left behind is dead, and serve has no children left.
    const pids = (await readPids(treePids, 1)).length;
    const trees = await readPids(treePids, pids);
    expect(await survivors(trees, 10_000)).toEqual([]);
    for (let waited = 0; childrenOf(pid).length > 0 && waited < 5_000; waited += 50) await wait(50);
    expect(childrenOf(pid)).toEqual([]);
    // The agent's sockets are closed: serve drops back to its fds before them.
    const idleFds = await settleFdCount(pid, baselineFds - 16, 10_000);
    expect(idleFds).toBeLessThanOrEqual(baselineFds);
    expect(await inFlightSettles(server)).toBe(0);
    expect(rssKiB(pid) - baselineRss).toBeLessThan(64 * 1024);
    process.stderr.write(`[serve soak] ${JSON.stringify({ ...tally, lost: tally.lost.length, baselineFds, idleFds, rssKiB: { before: baselineRss, after: rssKiB(pid) } })}\n`);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
