import { describe, expect, it } from 'vitest';
import { exceedsDepth, MAX_NESTING_DEPTH } from '../src/nesting-depth.js';
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
