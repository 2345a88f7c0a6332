import { describe, expect, it } from 'vitest';
import { describeReceived, describeType, describeValue, isRecord, typeName } from '../src/describe-value.js';

const KINDS: [unknown, string, string, boolean][] = [
  // value, typeName, describeType, isRecord
  [undefined, 'undefined', 'nothing', false],
  [null, 'null', 'null', false],
  [[1], 'array', 'an array', false],
  [{ a: 1 }, 'object', 'an object', true],
  ['s', 'string', 'a string', false],
  [1, 'number', 'a number', false],
  [true, 'boolean', 'a boolean', false],
  [1n, 'bigint', 'a bigint', false],
];

describe('typeName, describeType and isRecord', () => {
  it.each(KINDS.map(([value, type, prose, record]) => ({ value, type, prose, record })))('$type is $prose', ({ value, type, prose, record }) => {
    expect(typeName(value)).toBe(type);
    expect(describeType(value)).toBe(prose);
    expect(isRecord(value)).toBe(record);
  });
});

describe('describeValue', () => {
  it.each([
    [5, 'number 5'],
    [[1], 'array [1]'],
    [null, 'null'],
    [undefined, 'undefined'],
    ['x'.repeat(100), `string "${'x'.repeat(56)}...`],
    [1n, 'bigint 1n'],
  ])('%#: describes the value as %s', (value, text) => {
    expect(describeValue(value)).toBe(text);
  });
});

describe('describeReceived', () => {
  it.each([
    [-1, '-1'],
    ['5', '"5"'],
    [null, 'null'],
    [true, 'true'],
    [[1, 'a'], '[1,"a"]'],
    [{ a: 1 }, '{"a":1}'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [10n, '10n'],
    [undefined, 'nothing'],
    ['x'.repeat(100), `"${'x'.repeat(56)}...`],
  ])('%#: describes the value as %s', (value, text) => {
    expect(describeReceived(value)).toBe(text);
  });

  it('never throws on values JSON cannot write', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    let deep: unknown[] = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(describeReceived(circular)).toBe('an object');
    expect(describeReceived(deep)).toBe('an array');
    expect(describeReceived({ big: 1n })).toBe('an object');
    expect(describeReceived(Symbol('s'))).toBe('a symbol');
    expect(describeReceived(() => 1)).toBe('a function');
  });
});
