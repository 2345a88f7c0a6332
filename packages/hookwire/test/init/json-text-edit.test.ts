import { describe, expect, it } from 'vitest';
import { detectLayout } from '../../src/init/json-layout.js';
import { appendMember, removeMember, type JsonPath } from '../../src/init/json-text-edit.js';

// [text, container path, key, value, the text after appending]; removing the member gives the text back.
const VECTORS: [string, JsonPath, string | undefined, unknown, string][] = [
  ['{\n  "a": 1\n}\n', [], 'b', { c: [2] }, '{\n  "a": 1,\n  "b": {\n    "c": [\n      2\n    ]\n  }\n}\n'],
  ['{"a": [1, 2]}', ['a'], undefined, { x: 'y' }, '{"a": [1, 2, {"x": "y"}]}'],
  ['{"a":[1,2]}', ['a'], undefined, 3, '{"a":[1,2,3]}'],
  ['{"a": [1]}', ['a'], undefined, 2, '{"a": [1, 2]}'],
  ['{\r\n\t"a": {\r\n\t\t"b": 1\r\n\t}\r\n}', ['a'], 'c', [true], '{\r\n\t"a": {\r\n\t\t"b": 1,\r\n\t\t"c": [\r\n\t\t\ttrue\r\n\t\t]\r\n\t}\r\n}'],
];

describe('appendMember and removeMember', () => {
  for (const [text, path, key, value, expected] of VECTORS) {
    it(`append ${JSON.stringify(value)} to /${path.join('/')} of ${JSON.stringify(text)}, and remove it`, () => {
      const added = appendMember(text, path, key, value, detectLayout(text));
      expect(added).toBe(expected);
      const memberPath = key === undefined ? [...path, (JSON.parse(added) as Record<string, unknown[]>)[path[0] as string]!.length - 1] : [...path, key];
      expect(removeMember(added, memberPath)).toBe(text);
    });
  }

  it('fills an empty container on its own lines in a multi-line file, on one line in a one-line file', () => {
    expect(appendMember('{\n  "h": {}\n}\n', ['h'], 'E', [1], detectLayout('{\n  "h": {}\n}\n'))).toBe('{\n  "h": {\n    "E": [\n      1\n    ]\n  }\n}\n');
    expect(appendMember('{}', [], 'h', { a: 1 }, detectLayout('{}'))).toBe('{"h":{"a":1}}');
    expect(removeMember('{\n  "h": {\n    "E": []\n  }\n}\n', ['h', 'E'])).toBe('{\n  "h": {}\n}\n');
  });

  it('removes a first member with the separator after it', () => {
    expect(removeMember('[1, 2, 3]', [0])).toBe('[2, 3]');
    expect(removeMember('{\n  "a": 1,\n  "b": 2\n}', ['a'])).toBe('{\n  "b": 2\n}');
  });

  it('names a path that holds nothing to edit', () => {
    expect(() => appendMember('{"a": 1}', ['a'], undefined, 2, detectLayout(''))).toThrow('no object or array at /a');
    expect(() => removeMember('{"a": 1}', ['b'])).toThrow('no member at /b');
  });
});
