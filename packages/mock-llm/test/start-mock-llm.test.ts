import { connect, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_LLM_LISTEN_FAILED, startMockLlm, type MockLlm } from '../src/index.js';

const started: MockLlm[] = [];
const blockers: Server[] = [];

async function start(options: Parameters<typeof startMockLlm>[0] = {}): Promise<MockLlm> {
  const server = await startMockLlm(options);
  started.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
  await Promise.all(blockers.splice(0).map((blocker) => new Promise((resolve) => blocker.close(resolve))));
});

function ask(url: string, text: string, model = 'mock'): Promise<Response> {
  return fetch(`${url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model, messages: [{ role: 'user', content: text }] }) });
}

async function canListenOn(host: string): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(0, host, () => probe.close(() => resolve(true)));
  });
}

describe('startMockLlm', () => {
  it('listens on 127.0.0.1 and a free port by default and reports its base URL', async () => {
    const server = await start();
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/v1`);
    expect((await ask(server.url, 'hi')).status).toBe(200);
  });

  it('listens on the port it is given', async () => {
    const first = await start();
    const port = first.port;
    await first.close();
    const second = await start({ port });
    expect(second.port).toBe(port);
    expect(second.url).toBe(`http://127.0.0.1:${port}/v1`);
  });

  it('brackets an IPv6 host in the URL', async ({ skip }) => {
    if (!(await canListenOn('::1'))) skip('no IPv6 loopback here');
    const server = await start({ host: '::1' });
    expect(server.url).toBe(`http://[::1]:${server.port}/v1`);
    expect((await ask(server.url, 'hi')).status).toBe(200);
  });

  it('counts every request it receives, on any path', async () => {
    const server = await start();
    expect(server.requests).toBe(0);
    await ask(server.url, 'one');
    await fetch(`${server.url}/models`);
    await fetch(`${server.url}/chat/completions`, { method: 'POST', body: 'nope' });
    expect(server.requests).toBe(3);
  });

  it('answers concurrent requests each on its own', async () => {
    const server = await start();
    const count = 40;
    const answers = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const response = await ask(server.url, index % 3 === 0 ? `request ${index} DENY` : `request ${index}`, `model-${index}`);
        const completion = (await response.json()) as { model: string; choices: Array<{ message: { content: string } }> };
        return { index, model: completion.model, content: completion.choices[0]!.message.content };
      }),
    );
    for (const { index, model, content } of answers) {
      expect(model).toBe(`model-${index}`);
      expect(JSON.parse(content)).toEqual(index % 3 === 0 ? { ok: false, reason: 'mock denied' } : { ok: true });
    }
    expect(server.requests).toBe(count);
  });

  it('rejects with a stable code when the port is taken', async () => {
    const blocker = createServer();
    blockers.push(blocker);
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    const error = await startMockLlm({ port }).then(
      () => undefined,
      (reason: unknown) => reason as Error & { code?: string; cause?: { code?: string } },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.code).toBe(MOCK_LLM_LISTEN_FAILED);
    expect(error!.cause?.code).toBe('EADDRINUSE');
    expect(error!.message).toContain(`127.0.0.1:${port}`);
  });

  it('rejects with a stable code on a port out of range', async () => {
    await expect(startMockLlm({ port: 70_000 })).rejects.toMatchObject({ code: MOCK_LLM_LISTEN_FAILED });
  });
});

describe('close', () => {
  it('releases the port and refuses new connections', async () => {
    const server = await startMockLlm();
    await ask(server.url, 'keep-alive connection now pooled');
    await server.close();
    await expect(ask(server.url, 'after close')).rejects.toThrow();
    const again = await start({ port: server.port });
    expect((await ask(again.url, 'hi')).status).toBe(200);
  });

  it('closes connections that are in the middle of a request', async () => {
    const server = await startMockLlm();
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n');
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    await socketClosed;
    expect(socket.destroyed).toBe(true);
  });

  it('can be called more than once', async () => {
    const server = await startMockLlm();
    await Promise.all([server.close(), server.close()]);
    await expect(server.close()).resolves.toBeUndefined();
  });
});
