import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cutDepth, exceedsDepth, MAX_NESTING_DEPTH } from '../src/nesting-depth.js';
import { readStdout } from '../src/response.js';

const nest = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

describe('exceedsDepth', () => {
  it.each([
    ['a scalar', 'x', 2, false],
    ['{} is depth 1', {}, 1, false],
    ['{} with limit 0', {}, 0, true],
    ['depth exactly the limit', nest(MAX_NESTING_DEPTH), MAX_NESTING_DEPTH, false],
    ['one deeper', nest(MAX_NESTING_DEPTH + 1), MAX_NESTING_DEPTH, true],
    ['100,000 deep, without overflowing the stack', nest(100_000), MAX_NESTING_DEPTH, true],
    ['deep in a later sibling', { a: 1, b: [2, nest(70)] }, MAX_NESTING_DEPTH, true],
  ])('%s', (_name, value, limit, expected) => {
    expect(exceedsDepth(value, limit)).toBe(expected);
  });
});

describe('an answer with a deep updatedInput', () => {
  const answer = (updatedInput: unknown) =>
    JSON.stringify({ decision: 'block', reason: 'no', hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'ctx', updatedInput } });

  it('drops updatedInput nested deeper than MAX_NESTING_DEPTH with a warning, and keeps every other field', () => {
    const result = readStdout(answer({ a: nest(MAX_NESTING_DEPTH) }), 'PreToolUse');
    expect(result).toEqual({ decision: 'deny', reason: 'no', additionalContext: ['ctx'], warnings: [`hookSpecificOutput.updatedInput is nested deeper than ${MAX_NESTING_DEPTH} levels; dropped`] });
  });

  it('keeps an updatedInput of exactly MAX_NESTING_DEPTH levels', () => {
    const updated = { a: nest(MAX_NESTING_DEPTH - 1) };
    expect(readStdout(answer(updated), 'PreToolUse').updatedInput).toEqual(updated);
  });
});

describe('cutDepth', () => {
  it.each([
    ['a scalar is kept', 'x', 0, 'x'],
    ['{} at limit 0 becomes the marker', {}, 0, '#'],
    ['a value within the limit is kept', { a: [1, { b: 2 }] }, 3, { a: [1, { b: 2 }] }],
    ['the level below the limit becomes the marker', { a: [1, { b: 2 }] }, 2, { a: [1, '#'] }],
    ['scalars at the limit are kept', { a: ['s', null, [[]]] }, 2, { a: ['s', null, '#'] }],
  ])('%s', (_name, value, limit, expected) => {
    expect(cutDepth(value, limit, '#')).toEqual(expected);
  });

  it('cuts 100,000 levels without overflowing the stack', () => {
    expect(exceedsDepth(cutDepth(nest(100_000), MAX_NESTING_DEPTH, '#'), MAX_NESTING_DEPTH)).toBe(false);
  });

  it('property: the result never exceeds the limit, and a value within it comes back equal', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, limit) => {
        const cut = cutDepth(value, limit, '#');
        expect(exceedsDepth(cut, limit)).toBe(false);
        if (!exceedsDepth(value, limit)) expect(cut).toEqual(value);
      }),
    );
  });
});
