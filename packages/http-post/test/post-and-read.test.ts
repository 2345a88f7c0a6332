import { getEventListeners } from 'node:events';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { closeTestServers, findClosedPort, reply, startTestServer, type TestServer, waitFor } from '@hookwire/test-utils';
import { parseTargetUrl } from '../src/parse-target-url.js';
import { postAndRead, type PostRequest, type PostTarget } from '../src/post-and-read.js';

const agents: Agent[] = [];

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await closeTestServers();
});

function targetOf(url: string): PostTarget {
  const target = parseTargetUrl(url, 'url');
  if (!target.ok) throw new Error(target.message);
  return target;
}

function post(url: string, overrides: Partial<PostRequest> = {}): ReturnType<typeof postAndRead> {
  const agent = new Agent();
  agents.push(agent);
  return postAndRead({ dispatcher: agent, target: targetOf(url), headers: { 'content-type': 'application/json' }, body: '{"a":1}', timeoutMs: 10_000, maxBodyBytes: 1024, ...overrides });
}

describe('postAndRead: responses', () => {
  it('POSTs the body with the headers given and reads a 2xx response', async () => {
    const server = await startTestServer((_request, response) => reply(response, 201, '{"ok":true}', { 'x-answer': 'yes' }));
    const outcome = await post(server.url, { headers: { 'content-type': 'text/plain', 'x-token': 't0k3n' }, body: 'hello' });
    expect(outcome).toMatchObject({ ok: true, status: 201, statusText: 'Created', body: '{"ok":true}', truncated: false });
    expect(outcome.ok && outcome.headers['x-answer']).toBe('yes');
    const [received] = server.received;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/hook');
    expect(received?.headers['content-type']).toBe('text/plain');
    expect(received?.headers['x-token']).toBe('t0k3n');
    expect(received?.body).toBe('hello');
  });

  it('cuts a 2xx body at maxBodyBytes and says so', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200, 'a'.repeat(5000)));
    expect(await post(server.url, { maxBodyBytes: 100 })).toMatchObject({ ok: true, status: 200, body: 'a'.repeat(100), truncated: true });
  });

  it('reads any other status as a response too, up to maxErrorBodyBytes', async () => {
    const server = await startTestServer((_request, response) => reply(response, 500, 'e'.repeat(3000)));
    expect(await post(server.url, { maxErrorBodyBytes: 10 })).toMatchObject({ ok: true, status: 500, statusText: 'Internal Server Error', body: 'e'.repeat(10), truncated: true });
    expect(await post(server.url)).toMatchObject({ ok: true, status: 500, body: 'e'.repeat(1024), truncated: true });
  });

  it('does not follow a redirect: the 302 and its Location come back and the target receives nothing', async () => {
    const target = await startTestServer((_request, response) => reply(response, 200));
    const server = await startTestServer((_request, response) => reply(response, 302, '', { location: target.url }));
    const outcome = await post(server.url);
    expect(outcome).toMatchObject({ ok: true, status: 302, body: '' });
    expect(outcome.ok && outcome.headers.location).toBe(target.url);
    expect(target.received).toHaveLength(0);
  });

  it('lets sequential requests reuse one keep-alive connection', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200, 'fine'));
    const agent = new Agent();
    agents.push(agent);
    for (let index = 0; index < 4; index += 1) {
      expect(await postAndRead({ dispatcher: agent, target: targetOf(server.url), headers: {}, body: '', timeoutMs: 10_000, maxBodyBytes: 1024 })).toMatchObject({ ok: true, body: 'fine' });
    }
    expect(server.connections).toBe(1);
  });
});

describe('postAndRead: failures', () => {
  it('times out on a server that never answers, with no status', async () => {
    const server = await startTestServer(() => undefined);
    const started = Date.now();
    const outcome = await post(server.url, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome).toEqual({ ok: false, failure: { class: 'timeout', message: `timed out after 300 ms (no response) waiting for ${server.url}` }, timedOut: true, canceled: false });
    expect(outcome).not.toHaveProperty('status');
  });

  it('times out on a body streamed slowly past the deadline, keeping the status', async () => {
    const server = await startTestServer((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => clearInterval(timer));
    });
    const outcome = await post(server.url, { timeoutMs: 400 });
    expect(outcome).toEqual({ ok: false, failure: { class: 'timeout', message: `timed out after 400 ms (HTTP 200 but the body did not finish) waiting for ${server.url}` }, timedOut: true, canceled: false, status: 200 });
  });

  it('cancels at once when the caller aborts mid-request', async () => {
    const server = await startTestServer(() => undefined);
    const controller = new AbortController();
    const pending = post(server.url, { timeoutMs: 60_000, signal: controller.signal });
    await waitFor(() => server.received.length === 1);
    controller.abort();
    expect(await pending).toEqual({ ok: false, failure: { class: 'canceled', message: `canceled while waiting for ${server.url}` }, timedOut: false, canceled: true });
  });

  it('sends nothing when the signal is already aborted', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const outcome = await post(server.url, { signal: AbortSignal.abort() });
    expect(outcome).toEqual({ ok: false, failure: { class: 'canceled', message: 'canceled before the request was sent' }, timedOut: false, canceled: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections).toBe(0);
  });

  it('names the error codes of a refused connection, and shows the URL without its password', async () => {
    const port = await findClosedPort();
    const outcome = await post(`http://user:hunter2@127.0.0.1:${port}/hook`);
    expect(outcome.ok).toBe(false);
    expect(outcome).not.toHaveProperty('status');
    const failure = outcome.ok ? undefined : outcome.failure;
    expect(failure?.class).toBe('http');
    expect(failure?.message).toMatch(new RegExp(`^POST http://user:\\*\\*\\*@127\\.0\\.0\\.1:${port}/hook failed: .*ECONNREFUSED`));
    expect(failure?.message).not.toContain('hunter2');
  });

  it('keeps the status when the socket is destroyed in the middle of the body', async () => {
    const server = await startTestServer((request, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('{"decision":', () => setTimeout(() => request.socket.destroy(), 20));
    });
    const outcome = await post(server.url);
    expect(outcome).toMatchObject({ ok: false, failure: { class: 'http' }, timedOut: false, canceled: false, status: 200 });
    expect(outcome.ok ? '' : outcome.failure.message).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
  });

  it('resolves, never rejects, when the dispatcher itself refuses', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const closed = new Agent();
    await closed.close();
    const outcome = await postAndRead({ dispatcher: closed, target: targetOf(server.url), headers: {}, body: '', timeoutMs: 10_000, maxBodyBytes: 1024 });
    expect(outcome).toMatchObject({ ok: false, failure: { class: 'http' }, timedOut: false, canceled: false });
    expect(outcome.ok ? '' : outcome.failure.message).toContain(`POST ${server.url} failed: `);
  });
});

describe('postAndRead: nothing is left behind', () => {
  const timers = (): number => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;

  it('removes its listener from the caller signal however the request ends', async () => {
    const ok = await startTestServer((_request, response) => reply(response, 200));
    const hanging = await startTestServer(() => undefined);
    const port = await findClosedPort();
    const controller = new AbortController();
    const servers: [TestServer | string, number][] = [[ok, 10_000], [hanging, 200], [`http://127.0.0.1:${port}/`, 10_000]];
    for (const [server, timeoutMs] of servers) {
      await post(typeof server === 'string' ? server : server.url, { signal: controller.signal, timeoutMs });
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    }
  });

  it('leaves no timer running once it settles', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const agent = new Agent();
    agents.push(agent);
    const request: PostRequest = { dispatcher: agent, target: targetOf(server.url), headers: {}, body: '', timeoutMs: 3_600_000, maxBodyBytes: 1024 };
    await postAndRead(request);
    const before = timers();
    await postAndRead(request);
    expect(timers()).toBe(before);
  });
});
