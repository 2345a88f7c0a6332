import { describe, expect, it } from 'vitest';
import type { OracleHook } from '../src/oracle-hook.js';
import { NO_LLM_MESSAGE, prepareChatRequest } from '../src/prepare-chat-request.js';

const base = { baseUrl: 'http://127.0.0.1:8765/v1', model: 'm' };

describe('prepareChatRequest', () => {
  it.each([
    ['http://127.0.0.1:8765/v1', 'http://127.0.0.1:8765/v1/chat/completions'],
    ['http://127.0.0.1:8765/v1/', 'http://127.0.0.1:8765/v1/chat/completions'],
    ['http://127.0.0.1:8765/v1///', 'http://127.0.0.1:8765/v1/chat/completions'],
    ['http://127.0.0.1:8765', 'http://127.0.0.1:8765/chat/completions'],
    ['https://example.com/openai/deployments/x?api-version=1', 'https://example.com/openai/deployments/x/chat/completions?api-version=1'],
  ])('joins %s with /chat/completions', (baseUrl, url) => {
    const plan = prepareChatRequest({ prompt: 'p', llm: { ...base, baseUrl } }, {});
    expect(plan.ok && plan.url.href).toBe(url);
  });

  it("prefers the hook's model and builds the headers", () => {
    const plan = prepareChatRequest({ prompt: 'p', model: 'hook', llm: { ...base, apiKeyEnv: 'K', headers: { 'X-A': 'a', Authorization: 'Basic no' } } }, { K: 'key' });
    expect(plan).toEqual({
      ok: true,
      url: new URL('http://127.0.0.1:8765/v1/chat/completions'),
      shown: 'http://127.0.0.1:8765/v1/chat/completions',
      model: 'hook',
      prompt: 'p',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-a': 'a', authorization: 'Bearer key' },
      apiKey: 'key',
      secretHeaders: { 'x-a': 'a' },
      warnings: [],
    });
  });

  it('keeps a configured Authorization without apiKeyEnv, and warns about headers it cannot send', () => {
    const plan = prepareChatRequest({ prompt: 'p', llm: { ...base, headers: { Authorization: 'Basic abc', 'Content-Length': '3', 'X-N': 1 as unknown as string } } }, {});
    expect(plan.ok && plan.headers.authorization).toBe('Basic abc');
    expect(plan.ok && plan.warnings).toEqual([
      'llm.headers "Content-Length" is set by the HTTP client; the configured value is not sent',
      'llm.headers "X-N" must be a string, received number; not sent',
    ]);
  });

  it.each([
    ['no llm', { prompt: 'p' }, {}, NO_LLM_MESSAGE],
    ['llm not an object', { prompt: 'p', llm: 'http://x' }, {}, 'llm must be an object {"baseUrl", "model"}, received string'],
    ['no baseUrl', { prompt: 'p', llm: { model: 'm' } }, {}, 'llm.baseUrl must be a string, received undefined'],
    ['a relative baseUrl', { prompt: 'p', llm: { ...base, baseUrl: '/v1' } }, {}, 'llm.baseUrl "/v1" is not an absolute URL (expected http://… or https://…)'],
    ['no model', { prompt: 'p', llm: { baseUrl: base.baseUrl } }, {}, 'no model for the judge: set "model" on the hook or in llm (received undefined)'],
    ['an empty model', { prompt: 'p', llm: { ...base, model: '' } }, {}, 'no model for the judge: set "model" on the hook or in llm (received string "")'],
    ['no prompt', { llm: base }, {}, 'the prompt hook\'s "prompt" must be a string, received undefined'],
    ['an unset key variable', { prompt: 'p', llm: { ...base, apiKeyEnv: 'K' } }, {}, 'llm.apiKeyEnv names K, but K is not set (or empty) in the environment'],
    ['an empty key variable', { prompt: 'p', llm: { ...base, apiKeyEnv: 'K' } }, { K: '' }, 'llm.apiKeyEnv names K, but K is not set (or empty) in the environment'],
    ['an inherited key name', { prompt: 'p', llm: { ...base, apiKeyEnv: 'toString' } }, {}, 'llm.apiKeyEnv names toString, but toString is not set (or empty) in the environment'],
  ])('refuses %s', (_name, hook, env, message) => {
    expect(prepareChatRequest(hook as unknown as OracleHook, env)).toEqual({ ok: false, message });
  });
});
