import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HookSpec, HookwireConfig } from '@hookwire/contract';
import { MIN_SECRET_LENGTH, redactSecrets, secretsOf } from '../src/redact-secrets.js';

const hook = (fields: Partial<HookSpec>): HookSpec => ({ id: 'h', event: 'tool:before', eventName: 'PreToolUse', type: 'command', dialect: 'claude', pointer: '/hooks/0', ...fields });
const config = (fields: Partial<HookwireConfig> = {}): HookwireConfig => ({ hooks: [], ...fields });
const env = { TOKEN: 'token-0123456789', SHORT: '1', OTHER: 'other-0123456789', KEY: 'sk-abcdefghijklmnop' };

describe('secretsOf', () => {
  it.each([
    ['a webhook: the values of its allowedEnvVars that are set and long enough', hook({ type: 'http', allowedEnvVars: ['TOKEN', 'SHORT', 'UNSET'] }), config(), ['token-0123456789']],
    ['a webhook without allowedEnvVars: none', hook({ type: 'http' }), config(), []],
    [
      'an LLM judge: the API key and every llm.headers value, longest first',
      hook({ type: 'prompt', prompt: 'p' }),
      config({ llm: { baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKeyEnv: 'KEY', headers: { 'X-Org': 'org-secret-value-long', 'X-Short': 'v2' } } }),
      ['org-secret-value-long', 'sk-abcdefghijklmnop'],
    ],
    ['an LLM judge without llm: none', hook({ type: 'prompt', prompt: 'p' }), config(), []],
    ['a command hook: none (it gets the environment by design)', hook({ type: 'command', command: 'true', allowedEnvVars: ['TOKEN'] }), config(), []],
  ])('%s', (_name, spec, cfg, expected) => {
    expect(secretsOf(spec, cfg, env)).toEqual(expected);
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence at any depth and leaves everything else as it was', () => {
    const result = { warnings: ['sent token-0123456789 twice: token-0123456789'], failure: { class: 'http', message: 'HTTP 500: token-0123456789' }, exitCode: 1 };
    expect(redactSecrets(result, ['token-0123456789'])).toEqual({
      warnings: ['sent [redacted] twice: [redacted]'],
      failure: { class: 'http', message: 'HTTP 500: [redacted]' },
      exitCode: 1,
    });
    expect(redactSecrets(result, [])).toBe(result);
  });

  it('leaves no secret readable, whatever the text around it (property)', () => {
    // Upper-case secrets cannot overlap the lower-case "[redacted]" that replaces them.
    const secretArb = fc.stringMatching(new RegExp(`^[0-9A-Z_-]{${MIN_SECRET_LENGTH},40}$`));
    fc.assert(
      fc.property(secretArb, fc.array(fc.string()), (secret, parts) => {
        const text = parts.join(secret);
        const redacted = redactSecrets({ reason: text, nested: [{ deep: `${secret}${text}` }] }, [secret]);
        expect(JSON.stringify(redacted).includes(JSON.stringify(secret).slice(1, -1))).toBe(false);
      }),
    );
  });
});
