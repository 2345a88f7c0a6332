import { getEventListeners } from 'node:events';
import type { ExecRequest, Executor } from '@hookwire/contract';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpExecutor, HTTP_EXECUTOR_INVALID_OPTIONS, type HttpExecutorOptions, type HttpHook } from '../src/index.js';
import { closeTestServers, findClosedPort, reply, startTestServer, type TestServer, waitFor } from '@hookwire/test-utils';

const PAYLOAD = { session_id: 's1', transcript_path: '', cwd: '/w', hook_event_name: 'PreToolUse', permission_mode: 'default', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
const INPUT = `${JSON.stringify(PAYLOAD)}\n`;

const executors: Executor<HttpHook>[] = [];
const agents: Agent[] = [];

function executor(options?: HttpExecutorOptions): Executor<HttpHook> {
  const created = createHttpExecutor(options);
  executors.push(created);
  return created;
}

function execRequest(overrides: Partial<ExecRequest> = {}): ExecRequest {
  return { canonical: 'tool:before', dialect: 'claude', eventName: 'PreToolUse', input: INPUT, cwd: '/w', timeoutMs: 10_000, ...overrides };
}

afterEach(async () => {
  await Promise.all(executors.splice(0).map((created) => created.close()));
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await closeTestServers();
});

describe('createHttpExecutor: options', () => {
  it.each([-1, 1.5, Number.NaN, Infinity])('refuses maxBodyBytes %s with a stable code', (maxBodyBytes) => {
    expect(() => createHttpExecutor({ maxBodyBytes })).toThrow(expect.objectContaining({ code: HTTP_EXECUTOR_INVALID_OPTIONS, message: `maxBodyBytes must be a non-negative integer, received ${maxBodyBytes}` }));
  });

  it('is a webhook executor', () => {
    expect(executor().kind).toBe('webhook');
  });
});

describe('createHttpExecutor: what is sent', () => {
  it('POSTs the payload without its trailing newline as application/json', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.result).toEqual({ warnings: [] });
    expect(server.received).toHaveLength(1);
    const [received] = server.received;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/hook');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.body).toBe(JSON.stringify(PAYLOAD));
  });

  it('removes exactly one trailing newline', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    await executor().run({ url: server.url }, execRequest({ input: '{"a":1}\n\n' }));
    expect(server.received[0]?.body).toBe('{"a":1}\n');
  });

  it('fills header variables only from allowedEnvVars; any other variable arrives empty', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const hook: HttpHook = {
      url: server.url,
      headers: { Authorization: 'Bearer $TOKEN', 'X-Braced': 'pre${TOKEN}post', 'X-Unlisted': 'v=${SECRET}', 'X-Unset': '[$MISSING]' },
      allowedEnvVars: ['TOKEN', 'MISSING'],
    };
    const run = await executor().run(hook, execRequest({ env: { TOKEN: 't0k3n', SECRET: 'sup3r-s3cr3t' } }));
    expect(run.result.failure).toBeUndefined();
    const received = server.received[0];
    expect(received?.headers.authorization).toBe('Bearer t0k3n');
    expect(received?.headers['x-braced']).toBe('pret0k3npost');
    expect(received?.headers['x-unlisted']).toBe('v=');
    expect(received?.headers['x-unset']).toBe('[]');
    expect(received?.rawHeaders.join('\n')).not.toContain('sup3r-s3cr3t');
    expect(received?.body).not.toContain('sup3r-s3cr3t');
  });

  it('reads header variables from process.env when the request has no env', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    process.env.HOOKWIRE_EXEC_HTTP_TEST_TOKEN = 'from-process-env';
    try {
      await executor().run({ url: server.url, headers: { 'X-Token': '$HOOKWIRE_EXEC_HTTP_TEST_TOKEN' }, allowedEnvVars: ['HOOKWIRE_EXEC_HTTP_TEST_TOKEN'] }, execRequest());
    } finally {
      delete process.env.HOOKWIRE_EXEC_HTTP_TEST_TOKEN;
    }
    expect(server.received[0]?.headers['x-token']).toBe('from-process-env');
  });

  it('drops framing headers the HTTP client owns, with a warning', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const run = await executor().run({ url: server.url, headers: { 'Content-Length': '1', 'X-Kept': 'yes' } }, execRequest());
    expect(run.result.failure).toBeUndefined();
    expect(run.result.warnings).toEqual(['header "Content-Length" is set by the HTTP client; the configured value is not sent']);
    expect(server.received[0]?.headers['x-kept']).toBe('yes');
    expect(server.received[0]?.body).toBe(JSON.stringify(PAYLOAD));
  });

  it('reuses one keep-alive connection for sequential runs', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200, '{"decision":"approve"}'));
    const created = executor();
    for (let index = 0; index < 4; index += 1) {
      const run = await created.run({ url: server.url }, execRequest());
      expect(run.result.decision).toBe('allow');
    }
    expect(server.received).toHaveLength(4);
    expect(server.connections).toBe(1);
    expect(new Set(server.received.map((received) => received.socket)).size).toBe(1);
  });

  it('sends through a dispatcher it is given and leaves it open on close', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const agent = new Agent();
    agents.push(agent);
    const created = executor({ dispatcher: agent });
    expect((await created.run({ url: server.url }, execRequest())).status).toBe(200);
    await created.close();
    expect(agent.closed).toBe(false);
    expect(agent.destroyed).toBe(false);
  });
});

describe('createHttpExecutor: reading the answer', () => {
  it('reads a 2xx JSON body like exit-0 stdout: allow', async () => {
    const answer = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'fine' } };
    const server = await startTestServer((_request, response) => reply(response, 200, JSON.stringify(answer)));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run).toMatchObject({ kind: 'webhook', status: 200, timedOut: false, canceled: false, spawnFailed: false, outputTruncated: false });
    expect(run.result).toEqual({ decision: 'allow', reason: 'fine', warnings: [] });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('reads a 2xx JSON body like exit-0 stdout: deny', async () => {
    const server = await startTestServer((_request, response) => reply(response, 201, ' \n{"decision":"block","reason":"no rm"}\n'));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.status).toBe(201);
    expect(run.result).toEqual({ decision: 'deny', reason: 'no rm', warnings: [] });
  });

  it('reads an empty body as no opinion', async () => {
    const server = await startTestServer((_request, response) => reply(response, 204));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.status).toBe(204);
    expect(run.result).toEqual({ warnings: [] });
  });

  it('ignores a plain text body where plain stdout is not context', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200, 'looks fine to me'));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.result).toEqual({ warnings: [] });
  });

  it('reads a plain text body as context where plain stdout is context', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200, 'remember the style guide\n'));
    const run = await executor().run({ url: server.url }, execRequest({ canonical: 'prompt:submit', eventName: 'UserPromptSubmit' }));
    expect(run.result).toEqual({ additionalContext: ['remember the style guide'], warnings: [] });
  });

  it('cuts a body over the cap; one that starts with "{" is a parse failure', async () => {
    const huge = `{"decision":"block","reason":"${'x'.repeat(2 * 1024 * 1024)}"}`;
    const server = await startTestServer((_request, response) => reply(response, 200, huge));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.status).toBe(200);
    expect(run.outputTruncated).toBe(true);
    expect(run.result.decision).toBeUndefined();
    expect(run.result.failure?.class).toBe('parse');
  });

  it('cuts a plain text body at maxBodyBytes and says so', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200, 'a'.repeat(5000)));
    const run = await executor({ maxBodyBytes: 100 }).run({ url: server.url }, execRequest({ canonical: 'prompt:submit', eventName: 'UserPromptSubmit' }));
    expect(run.outputTruncated).toBe(true);
    expect(run.result.failure).toBeUndefined();
    expect(run.result.additionalContext).toEqual(['a'.repeat(100)]);
    expect(run.result.warnings).toContain('the response body exceeded 100 bytes; only the first 100 were read');
  });

  it('stops reading a body that never ends once it passes the cap', async () => {
    const server = await startTestServer((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write('{"x":1}'.repeat(1000)), 5);
      response.on('close', () => clearInterval(timer));
    });
    const run = await executor({ maxBodyBytes: 64 * 1024 }).run({ url: server.url }, execRequest());
    expect(run.outputTruncated).toBe(true);
    expect(run.timedOut).toBe(false);
    expect(run.result.failure?.class).toBe('parse');
  });
});

describe('createHttpExecutor: failures', () => {
  it.each([500, 404, 401])('a %i is an http failure naming the status and the URL', async (status) => {
    const server = await startTestServer((_request, response) => reply(response, status, 'something broke\nsecond line'));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.status).toBe(status);
    expect(run.result.failure?.class).toBe('http');
    expect(run.result.failure?.message).toMatch(new RegExp(`^HTTP ${status} .*from ${server.url}: something broke$`));
    expect(run.result.decision).toBeUndefined();
  });

  it('a 2xx-looking JSON deny in a 500 body is not read', async () => {
    const server = await startTestServer((_request, response) => reply(response, 500, '{"decision":"block","reason":"no"}'));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.result.decision).toBeUndefined();
    expect(run.result.failure?.class).toBe('http');
  });

  it('does not follow a redirect: a 302 is an http failure and the target receives nothing', async () => {
    const target = await startTestServer((_request, response) => reply(response, 200, '{"decision":"approve"}'));
    const server = await startTestServer((_request, response) => reply(response, 302, '', { location: target.url }));
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.status).toBe(302);
    expect(run.result.failure?.class).toBe('http');
    expect(run.result.failure?.message).toContain(`HTTP 302 Found from ${server.url}; redirects are not followed (Location: ${target.url})`);
    expect(target.received).toHaveLength(0);
  });

  it('a refused connection is an http failure with ECONNREFUSED', async () => {
    const port = await findClosedPort();
    const run = await executor().run({ url: `http://127.0.0.1:${port}/hook` }, execRequest());
    expect(run.status).toBeUndefined();
    expect(run.result.failure?.class).toBe('http');
    expect(run.result.failure?.message).toContain('ECONNREFUSED');
    expect(run.result.failure?.message).toContain(`http://127.0.0.1:${port}/hook`);
  });

  it('a socket destroyed by the server is an http failure with the socket error code', async () => {
    const server = await startTestServer((request) => request.socket.destroy());
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.status).toBeUndefined();
    expect(run.timedOut).toBe(false);
    expect(run.result.failure?.class).toBe('http');
    expect(run.result.failure?.message).toMatch(/ECONNRESET|UND_ERR_SOCKET|EPIPE/);
  });

  it('a socket destroyed in the middle of the body is an http failure with the status', async () => {
    const server = await startTestServer((request, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('{"decision":', () => setTimeout(() => request.socket.destroy(), 20));
    });
    const run = await executor().run({ url: server.url }, execRequest());
    expect(run.status).toBe(200);
    expect(run.result.failure?.class).toBe('http');
    expect(run.result.failure?.message).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
  });

  it.each([
    ['not a url', 'webhook url "not a url" is not an absolute URL (expected http://… or https://…)'],
    ['ftp://example.com/hook', 'webhook url "ftp://example.com/hook" must use http: or https:, received ftp:'],
    ['/relative/path', 'webhook url "/relative/path" is not an absolute URL (expected http://… or https://…)'],
  ])('a bad URL %j is an http failure and nothing is sent', async (url, message) => {
    const run = await executor().run({ url }, execRequest());
    expect(run.result).toEqual({ warnings: [], failure: { class: 'http', message } });
    expect(run.status).toBeUndefined();
  });

  it('a hook without a url is an http failure, not a rejection', async () => {
    const run = await executor().run({} as HttpHook, execRequest());
    expect(run.result.failure).toEqual({ class: 'http', message: 'webhook url must be a string, received undefined' });
  });

  it('a server that never answers times out', async () => {
    const server = await startTestServer(() => undefined);
    const started = Date.now();
    const run = await executor().run({ url: server.url }, execRequest({ timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.timedOut).toBe(true);
    expect(run.canceled).toBe(false);
    expect(run.status).toBeUndefined();
    expect(run.result.failure?.class).toBe('timeout');
    expect(run.result.failure?.message).toBe(`timed out after 300 ms (no response) waiting for ${server.url}`);
  });

  it('a body streamed slowly past the timeout times out, with the status that arrived', async () => {
    const server = await startTestServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => clearInterval(timer));
    });
    const run = await executor().run({ url: server.url }, execRequest({ timeoutMs: 400 }));
    expect(run.timedOut).toBe(true);
    expect(run.status).toBe(200);
    expect(run.result.failure?.class).toBe('timeout');
    expect(run.result.failure?.message).toContain('HTTP 200 but the body did not finish');
  });

  it('the caller aborting mid-request cancels at once', async () => {
    const server = await startTestServer(() => undefined);
    const controller = new AbortController();
    const pending = executor().run({ url: server.url }, execRequest({ timeoutMs: 60_000, signal: controller.signal }));
    await waitFor(() => server.received.length === 1);
    const abortedAt = Date.now();
    controller.abort();
    const run = await pending;
    expect(Date.now() - abortedAt).toBeLessThan(5_000);
    expect(run.canceled).toBe(true);
    expect(run.timedOut).toBe(false);
    expect(run.result.failure?.class).toBe('canceled');
  });

  it('an already aborted signal cancels without sending anything', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const run = await executor().run({ url: server.url }, execRequest({ signal: AbortSignal.abort() }));
    expect(run.canceled).toBe(true);
    expect(run.result.failure).toEqual({ class: 'canceled', message: 'canceled before the request was sent' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(0);
    expect(server.connections).toBe(0);
  });

  it('runs after close are http failures', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const created = executor();
    await created.close();
    await created.close();
    const run = await created.run({ url: server.url }, execRequest());
    expect(run.result.failure).toEqual({ class: 'http', message: 'the http executor is closed' });
  });
});

describe('createHttpExecutor: nothing is left behind', () => {
  it('removes its listener from the caller signal however the run ends', async () => {
    const ok = await startTestServer((_request, response) => reply(response, 200));
    const failing = await startTestServer((_request, response) => reply(response, 500));
    const hanging = await startTestServer(() => undefined);
    const port = await findClosedPort();
    const created = executor();
    const controller = new AbortController();
    for (const [url, timeoutMs] of [[ok.url, 10_000], [failing.url, 10_000], [hanging.url, 200], [`http://127.0.0.1:${port}/`, 10_000], ['bad url', 10_000]] as const) {
      await created.run({ url }, execRequest({ signal: controller.signal, timeoutMs }));
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    }
  });

  it('leaves no timer running after a run settles', async () => {
    const server = await startTestServer((_request, response) => reply(response, 200));
    const created = executor();
    await created.run({ url: server.url }, execRequest());
    const timers = (): number => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
    const before = timers();
    await created.run({ url: server.url }, execRequest({ timeoutMs: 3_600_000 }));
    expect(timers()).toBe(before);
  });
});
