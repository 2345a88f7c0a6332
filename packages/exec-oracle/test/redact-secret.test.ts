import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecret } from '../src/redact-secret.js';

describe('redactSecret', () => {
  it('replaces the secret in strings at any depth, keys included', () => {
    expect(redactSecret({ reason: 'key sk-1 and sk-1', list: ['sk-1', 2], nested: { 'sk-1': true } }, 'sk-1')).toEqual({
      reason: 'key [redacted] and [redacted]',
      list: ['[redacted]', 2],
      nested: { '[redacted]': true },
    });
  });

  it('returns the value itself without a secret', () => {
    const value = { a: 'sk-1' };
    expect(redactSecret(value, undefined)).toBe(value);
    expect(redactSecret(value, '')).toBe(value);
  });

  it('leaves no trace of a secret that the placeholder cannot spell', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^sk-[A-Z0-9]{8,20}$/), fc.array(fc.string()), (secret, parts) => {
        const text = parts.join(secret);
        expect(JSON.stringify(redactSecret({ text, list: [text] }, secret))).not.toContain(secret);
      }),
    );
  });
});
