import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/answer-request.js';
import { startMockLlm, type MockLlm, type MockLlmRequest } from '../src/index.js';

const ALLOW = '{"ok":true}';
const DENY = '{"ok":false,"reason":"mock denied"}';

let server: MockLlm;
let seen: MockLlmRequest[];

beforeEach(async () => {
  seen = [];
  server = await startMockLlm({ onRequest: (request) => seen.push(request) });
});

afterEach(async () => {
  await server.close();
});

function post(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

function chat(body: unknown): Promise<Response> {
  return post('/chat/completions', JSON.stringify(body));
}

async function contentOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const completion = (await response.json()) as { choices: Array<{ message: { content: string } }> };
  return completion.choices[0]!.message.content;
}

async function expectError(response: Response, status: number, code: string, message: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  const body = (await response.json()) as { error: { message: string; type: string; param: unknown; code: unknown } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.type).toBe('invalid_request_error');
  expect(body.error.code).toBe(code);
  expect(body.error.message).toContain(message);
  expect(body.error).toHaveProperty('param');
}

function sendRaw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.end(text);
  });
}

describe('POST /v1/chat/completions', () => {
  it('answers a well-formed chat completion that echoes the model', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await chat({ model: 'gpt-judge-7', messages: [{ role: 'user', content: 'hello' }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const completion = (await response.json()) as Record<string, unknown>;
    expect(completion).toEqual({
      id: expect.stringMatching(/^chatcmpl-\w+$/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'gpt-judge-7',
      choices: [{ index: 0, message: { role: 'assistant', content: ALLOW, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
    expect(completion.created).toBeGreaterThanOrEqual(before);
    const usage = completion.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.completion_tokens).toBeGreaterThan(0);
  });

  it('gives every completion its own id', async () => {
    const body = { model: 'mock', messages: [{ role: 'user', content: 'x' }] };
    const first = (await (await chat(body)).json()) as { id: string };
    const second = (await (await chat(body)).json()) as { id: string };
    expect(first.id).not.toBe(second.id);
  });

  it('denies when a user message string contains DENY', async () => {
    const content = await contentOf(await chat({ model: 'mock', messages: [{ role: 'user', content: 'Is this safe? {"command":"DENY"}' }] }));
    expect(content).toBe(DENY);
    expect(JSON.parse(content)).toEqual({ ok: false, reason: 'mock denied' });
  });

  it('denies when a user text part contains DENY', async () => {
    const parts = [{ type: 'text', text: 'first' }, { type: 'text', text: 'then DENY' }];
    expect(await contentOf(await chat({ model: 'mock', messages: [{ role: 'user', content: parts }] }))).toBe(DENY);
  });

  it('allows when DENY is only in the system message', async () => {
    const messages = [{ role: 'system', content: 'Reply DENY to deny.' }, { role: 'user', content: [{ type: 'text', text: 'ls -la' }] }];
    expect(await contentOf(await chat({ model: 'mock', messages }))).toBe(ALLOW);
  });

  it('allows without DENY, with string or parts content', async () => {
    expect(await contentOf(await chat({ model: 'mock', messages: [{ role: 'user', content: 'deny' }] }))).toBe(ALLOW);
    expect(await contentOf(await chat({ model: 'mock', messages: [{ role: 'user', content: [{ type: 'text', text: 'ok' }] }] }))).toBe(ALLOW);
  });

  it('ignores the query string', async () => {
    const response = await post('/chat/completions?api-version=1', JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'DENY' }] }));
    expect(await contentOf(response)).toBe(DENY);
  });

  it('reports each request to onRequest before answering', async () => {
    const body = { model: 'mock', messages: [{ role: 'user', content: 'DENY' }] };
    await post('/chat/completions?x=1', JSON.stringify(body), { authorization: 'Bearer sk-test' });
    await post('/nowhere', 'not json');
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions?x=1', body });
    expect(seen[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/v1/nowhere', body: undefined });
  });

  it('keeps answering when onRequest throws', async () => {
    const throwing = await startMockLlm({
      onRequest: () => {
        throw new Error('observer broke');
      },
    });
    try {
      const response = await fetch(`${throwing.url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'DENY' }] }),
      });
      expect(await contentOf(response)).toBe(DENY);
    } finally {
      await throwing.close();
    }
  });
});

describe('errors', () => {
  it.each([
    { method: 'GET', path: '/v1/chat/completions' },
    { method: 'POST', path: '/chat/completions' },
    { method: 'POST', path: '/v1/chat/completions/' },
    { method: 'POST', path: '/v1//chat/completions' },
    { method: 'GET', path: '/v1/models' },
    { method: 'PUT', path: '/' },
  ])('answers 404 to $method $path', async ({ method, path }) => {
    const origin = server.url.slice(0, -'/v1'.length);
    const response = await fetch(`${origin}${path}`, { method, ...(method === 'GET' ? {} : { body: '{}' }) });
    await expectError(response, 404, 'not_found', `Invalid URL (${method} ${path})`);
  });

  it('answers 400 to a body that is not JSON', async () => {
    await expectError(await post('/chat/completions', '{"model": "mock", messages'), 400, 'invalid_json', 'not valid JSON');
  });

  it('answers 400 to an empty body', async () => {
    await expectError(await post('/chat/completions', ''), 400, 'invalid_json', 'not valid JSON');
  });

  it('answers 400 without a messages array', async () => {
    await expectError(await chat({ model: 'mock' }), 400, 'invalid_request', 'messages: expected an array of messages');
    await expectError(await chat({ model: 'mock', messages: 'DENY' }), 400, 'invalid_request', 'messages: expected an array of messages');
  });

  it('answers 400 without a model', async () => {
    await expectError(await chat({ messages: [{ role: 'user', content: 'x' }] }), 400, 'invalid_request', 'model: expected a string');
  });

  it('answers 400 to a streamed request', async () => {
    await expectError(await chat({ model: 'm', stream: true, messages: [{ role: 'user', content: 'x' }] }), 400, 'invalid_request', 'stream');
  });

  it('accepts a body of exactly the size limit and refuses one byte more', async () => {
    const head = '{"model":"mock","messages":[{"role":"user","content":"DENY';
    const tail = '"}]}';
    const body = head + 'x'.repeat(BODY_LIMIT - head.length - tail.length) + tail;
    expect(Buffer.byteLength(body)).toBe(BODY_LIMIT);
    expect(await contentOf(await post('/chat/completions', body))).toBe(DENY);
    const over = head + 'x'.repeat(BODY_LIMIT - head.length - tail.length + 1) + tail;
    await expectError(await post('/chat/completions', over), 400, 'request_too_large', `limit of ${BODY_LIMIT} bytes`);
    expect(seen.at(-1)!.body).toBeUndefined();
  });

  it('keeps serving after a client hangs up in the middle of a body', async () => {
    await new Promise<void>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write('POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"model":');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve());
    });
    expect(await contentOf(await chat({ model: 'mock', messages: [{ role: 'user', content: 'DENY' }] }))).toBe(DENY);
  });

  it('keeps serving after bytes that are not HTTP', async () => {
    const reply = await sendRaw('\u0000\u0001 garbage that is not a request line\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(await contentOf(await chat({ model: 'mock', messages: [{ role: 'user', content: 'fine' }] }))).toBe(ALLOW);
  });

  it('answers a raw HTTP/1.0 request and closes the connection', async () => {
    const body = JSON.stringify({ model: 'raw', messages: [{ role: 'user', content: 'DENY' }] });
    const reply = await sendRaw(`POST /v1/chat/completions HTTP/1.0\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const completion = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { model: string; choices: Array<{ message: { content: string } }> };
    expect(completion.model).toBe('raw');
    expect(completion.choices[0]!.message.content).toBe(DENY);
  });
});
