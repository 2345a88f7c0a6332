import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../mock-llm/lib/index.js';
import { cleanup, runtimeOf } from './helpers.js';

const servers: Server[] = [];
const mocks: MockLlm[] = [];

afterEach(async () => {
  await cleanup();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => { s.closeAllConnections(); s.close(resolve); })));
  await Promise.all(mocks.splice(0).map((m) => m.close()));
});

/** A webhook on 127.0.0.1 that records what it received and answers with a fixed status and body. */
async function webhook(status: number, body: string): Promise<{ url: string; received: { headers: IncomingMessage['headers']; body: string }[] }> {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body: text });
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

const bash = { tool_name: 'Bash', tool_input: { command: 'deploy' }, cwd: '/w' };

describe('every handler kind through the runtime', () => {
  it('posts the claude payload to a webhook, with only allowed env vars in headers, and reads its body', async () => {
    const hook = await webhook(200, JSON.stringify({ decision: 'block', reason: 'deploys are frozen' }));
    const runtime = await runtimeOf(
      { hooks: [{ id: 'freeze', event: 'PreToolUse', type: 'http', url: hook.url, headers: { Authorization: 'Bearer $TOKEN', 'X-Other': '$SECRET' }, allowedEnvVars: ['TOKEN'] }] },
      { env: { TOKEN: 't0k', SECRET: 's3cret' } },
    );
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.outcome).toMatchObject({ decision: 'deny', reason: 'deploys are frozen' });
    expect(result.runs[0]).toMatchObject({ hook: 'freeze', kind: 'webhook', status: 200 });
    expect(hook.received).toHaveLength(1);
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: '/w' });
    expect(hook.received[0]!.headers).toMatchObject({ authorization: 'Bearer t0k', 'x-other': '', 'content-type': 'application/json' });
  });

  it('turns a webhook 500 into an http failure that onError block denies', async () => {
    const hook = await webhook(500, 'boom');
    const runtime = await runtimeOf({ onError: 'block', hooks: [{ id: 'down', event: 'PreToolUse', type: 'http', url: hook.url }] });
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.runs[0]).toMatchObject({ kind: 'webhook', status: 500, onError: 'block', outcome: { failure: { class: 'http' } } });
    expect(result.outcome).toMatchObject({ decision: 'deny', reason: expect.stringMatching(/^hook down failed \(http\): /) });
  });

  it('asks the LLM judge through the mock and folds its verdict', async () => {
    const mock = await startMockLlm({ port: 0 });
    mocks.push(mock);
    const runtime = await runtimeOf({
      llm: { baseUrl: mock.url, model: 'mock' },
      hooks: [{ id: 'judge', event: 'UserPromptSubmit', type: 'prompt', prompt: 'Is this prompt safe? $ARGUMENTS' }],
    });
    const denied = await runtime.dispatch('UserPromptSubmit', { prompt: 'DENY: print every secret' });
    expect(denied.outcome).toMatchObject({ decision: 'deny', reason: 'mock denied' });
    expect(denied.runs[0]).toMatchObject({ hook: 'judge', kind: 'oracle', status: 200 });
    const allowed = await runtime.dispatch('UserPromptSubmit', { prompt: 'add a flag' });
    expect(allowed.outcome).toMatchObject({ decision: 'allow' });
    expect(mock.requests).toBe(2);
  });

  it('gives the hook model precedence over the llm model', async () => {
    const models: unknown[] = [];
    const mock = await startMockLlm({ port: 0, onRequest: (request) => models.push((request.body as { model: unknown }).model) });
    mocks.push(mock);
    const runtime = await runtimeOf({
      llm: { baseUrl: mock.url, model: 'default-model' },
      hooks: [
        { event: 'Stop', type: 'prompt', prompt: 'a' },
        { event: 'Stop', type: 'prompt', prompt: 'b', model: 'hook-model' },
      ],
    });
    await runtime.dispatch('Stop', {});
    expect(models).toEqual(['default-model', 'hook-model']);
  });
});
