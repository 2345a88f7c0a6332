import { describe, expect, it } from 'vitest';
import { detectLayout, parseJsonText, stringifyJson } from '../../src/init/json-layout.js';

describe('detectLayout and stringifyJson', () => {
  const texts = ['{}\n', '{\n  "a": 1\n}\n', '{\n    "a": [\n        1\n    ]\n}\n', '{\n\t"a": {\n\t\t"b": true\n\t}\n}', '{\r\n  "a": 1\r\n}\r\n'];
  for (const text of texts) {
    it(`rewrites ${JSON.stringify(text)} byte for byte`, () => {
      expect(stringifyJson(JSON.parse(text), detectLayout(text))).toBe(text);
    });
  }
});

describe('parseJsonText', () => {
  it('names the line and column of a syntax error', () => {
    expect(() => parseJsonText('{\n  "a": 1,\n  "b" 2\n}\n', 'settings.json')).toThrow(/^settings\.json:3:7: not valid JSON: /);
  });
});
