import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandHeaderValue, expandHeaders } from '../src/expand-headers.js';

interface Vector {
  name: string;
  value: string;
  allowed: string[];
  env: Record<string, string>;
  expected: string;
}

const vectors = JSON.parse(readFileSync(new URL('./vectors/expand-headers.json', import.meta.url), 'utf8')) as Vector[];

describe('expandHeaderValue', () => {
  it.each(vectors)('$name', ({ value, allowed, env, expected }) => {
    expect(expandHeaderValue(value, new Set(allowed), env)).toBe(expected);
  });

  it('never sends the value of a variable that is not allowed', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/).map((text) => `\u2603${text}\u2603`);
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/), secret), (template, env) => {
        const expanded = expandHeaderValue(template.replaceAll('\u2603', ''), new Set(), env);
        expect(expanded).not.toContain('\u2603');
      }),
    );
  });

  it('leaves a value without "$" unchanged and never throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), fc.dictionary(fc.string(), fc.string()), (template, allowed, env) => {
        const expanded = expandHeaderValue(template, new Set(allowed), env);
        if (!template.includes('$')) expect(expanded).toBe(template);
      }),
    );
  });

  it('puts no CR, LF or NUL into a value that had none', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[^\r\n\0]*$/), fc.dictionary(fc.stringMatching(/^[A-Z]{1,3}$/), fc.string()), (template, env) => {
        expect(expandHeaderValue(template, new Set(Object.keys(env)), env)).not.toMatch(/[\r\n\0]/);
      }),
    );
  });
});

describe('expandHeaders', () => {
  it('expands every header with the allow-list', () => {
    expect(expandHeaders({ Authorization: 'Bearer $TOKEN', 'X-Other': '$OTHER' }, ['TOKEN'], { TOKEN: 't', OTHER: 'o' })).toEqual({
      headers: { Authorization: 'Bearer t', 'X-Other': '' },
      warnings: [],
    });
  });

  it('treats a missing allow-list as empty', () => {
    expect(expandHeaders({ A: '$TOKEN' }, undefined, { TOKEN: 't' }).headers).toEqual({ A: '' });
  });

  it('drops a value that is not a string, with a warning', () => {
    expect(expandHeaders({ A: 1, B: null, C: 'c' }, [], {})).toEqual({
      headers: { C: 'c' },
      warnings: ['header "A" must be a string, received number; not sent', 'header "B" must be a string, received null; not sent'],
    });
  });

  it('sends no header when headers is not an object', () => {
    expect(expandHeaders('Authorization: x', [], {})).toEqual({ headers: {}, warnings: ['headers must be an object of strings, received string; no header sent'] });
    expect(expandHeaders(['x'], [], {}).headers).toEqual({});
    expect(expandHeaders(undefined, [], {})).toEqual({ headers: {}, warnings: [] });
  });
});
