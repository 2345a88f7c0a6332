import { describe, expect, it } from 'vitest';
import { quoteList, suggest } from '../../src/config/fields.js';

describe('suggest', () => {
  it.each([
    ['tiemout', ['timeout', 'matcher'], 'timeout'],
    ['timeoutsec', ['timeoutSec', 'onError'], 'timeoutSec'],
    ['PreToolUs', ['PreToolUse', 'PostToolUse'], 'PreToolUse'],
    ['description', ['id', 'event', 'matcher'], undefined],
    ['x', ['id'], undefined],
    ['a'.repeat(100), ['a'.repeat(100)], undefined],
  ] as const)('%j is near %j: %j', (name, candidates, near) => {
    expect(suggest(name, candidates)).toBe(near);
  });
});

describe('quoteList', () => {
  it.each([
    [[], ''],
    [['a'], '"a"'],
    [['a', 'b'], '"a" or "b"'],
    [['a', 'b', 'c'], '"a", "b" or "c"'],
  ])('%j', (items, text) => {
    expect(quoteList(items)).toBe(text);
  });
});
