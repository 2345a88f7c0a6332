import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH } from '../src/nesting-depth.js';
import { collectSecrets, MIN_SECRET_FRAGMENT, redactSecrets, redactText, secretForms } from '../src/redact-secrets.js';

const redactSecret = <T>(value: T, secret: string | undefined): T => (secret ? redactSecrets(value, [secret]) : value);

describe('redactSecrets with one secret', () => {
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

describe('secretForms and collectSecrets', () => {
  it('cover a value as configured, as a header carries it and as JSON spells it', () => {
    expect(secretForms('tok-0123456789\r\n')).toEqual(['tok-0123456789\r\n', 'tok-0123456789', 'tok-0123456789\\r\\n']);
    expect(secretForms('  a"b-0123456789 ')).toEqual(['  a"b-0123456789 ', 'a"b-0123456789', '  a\\"b-0123456789 ', 'a\\"b-0123456789']);
    expect(collectSecrets(['short', undefined, 'tok-0123456789\r'])).toEqual(['tok-0123456789\\r', 'tok-0123456789\r', 'tok-0123456789']);
  });
});

describe('redactText', () => {
  const secret = 'S3CRET-ABCDEFGHIJ';
  it.each([
    ['every occurrence', `a ${secret} b ${secret}`, false, 'a [redacted] b [redacted]'],
    ['a cut text ending inside a secret loses that start', `body ${secret.slice(0, 9)}`, true, 'body [redacted]'],
    [`a start shorter than MIN_SECRET_FRAGMENT stays`, `body ${secret.slice(0, MIN_SECRET_FRAGMENT - 1)}`, true, `body ${secret.slice(0, MIN_SECRET_FRAGMENT - 1)}`],
    ['an uncut text keeps a trailing start (it is not a secret)', `body ${secret.slice(0, 9)}`, false, `body ${secret.slice(0, 9)}`],
  ])('%s', (_name, text, cut, expected) => {
    expect(redactText(text, [secret], cut)).toBe(expected);
  });

  it('leaves no fragment of MIN_SECRET_FRAGMENT characters at the cut, wherever the cut falls (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{8,40}$/), fc.string({ maxLength: 30 }), fc.nat(), (s, before, at) => {
        const whole = `${before.toLowerCase()}${s}`;
        const cut = whole.slice(0, before.length + (at % s.length));
        const redacted = redactText(cut, [s], true);
        for (let length = MIN_SECRET_FRAGMENT; length < s.length; length += 1) expect(redacted.endsWith(s.slice(0, length))).toBe(false);
      }),
    );
  });
});

describe('redactSecrets on object keys and deep values', () => {
  it('redacts keys as well as values', () => {
    expect(redactSecrets({ updatedInput: { 'tok-0123456789': 'tok-0123456789', list: [{ 'x-tok-0123456789': 1 }] } }, ['tok-0123456789'])).toEqual({
      updatedInput: { '[redacted]': '[redacted]', list: [{ 'x-[redacted]': 1 }] },
    });
  });

  it(`walks no deeper than MAX_NESTING_DEPTH: a deeper value is dropped, a value 100,000 deep does not overflow the stack`, () => {
    let value: unknown = 'tok-0123456789';
    for (let i = 0; i < 100_000; i += 1) value = { a: value };
    const redacted = redactSecrets({ deep: value }, ['tok-0123456789']);
    let depth = 0;
    for (let item: unknown = redacted; typeof item === 'object' && item !== null; item = Object.values(item)[0]) depth += 1;
    expect(depth).toBe(MAX_NESTING_DEPTH);
    expect(JSON.stringify(redacted)).not.toContain('tok-0123456789');
  });
});
