import { describe, expect, it } from 'vitest';
import { finish, fold, normalizeDecision, tally, type FoldInput } from '../src/index.js';
import { EMPTY_TALLY, combine, tallyOf } from '../src/tally.js';

describe('normalizeDecision', () => {
  it.each([
    ['allow', 'allow'],
    ['approve', 'allow'],
    ['ask', 'ask'],
    ['deny', 'deny'],
    ['block', 'deny'],
    ['Deny', undefined],
    ['none', undefined],
    ['', undefined],
    ['constructor', undefined],
    ['__proto__', undefined],
    [undefined, undefined],
    [null, undefined],
    [3, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeDecision(input)).toBe(expected);
  });
});

describe('tallyOf', () => {
  it('keeps the reason of a result only when it carries a decision', () => {
    expect(tallyOf({ reason: 'orphan' }).reasons).toEqual([]);
    expect(tallyOf({ decision: 'block', reason: 'why' })).toStrictEqual({
      level: 'deny',
      reasons: ['why'],
      stopped: false,
      stopReason: undefined,
      additionalContext: [],
      systemMessage: [],
    });
  });

  it('keeps a stopReason only on a result that stops', () => {
    expect(tallyOf({ continue: true, stopReason: 's' }).stopReason).toBeUndefined();
    expect(tallyOf({ continue: false, stopReason: 's' }).stopReason).toBe('s');
  });

  it('keeps only the strings of a list', () => {
    const odd = { additionalContext: ['a', 1, null, 'b'] } as unknown as FoldInput;
    expect(tallyOf(odd).additionalContext).toEqual(['a', 'b']);
  });
});

describe('tally, combine, finish', () => {
  const first: FoldInput[] = [
    { decision: 'ask', reason: 'k', additionalContext: 'a' },
    { continue: false, systemMessage: 'm' },
  ];
  const second: FoldInput[] = [
    { decision: 'ask', reason: 'k2', continue: false, stopReason: 'late' },
    { decision: 'allow', reason: 'a', additionalContext: ['b', 'c'] },
  ];

  it('the empty tally is the identity of combine', () => {
    const t = tally(first);
    expect(combine(EMPTY_TALLY, t)).toStrictEqual(t);
    expect(combine(t, EMPTY_TALLY)).toStrictEqual(t);
    expect(tally([])).toStrictEqual(EMPTY_TALLY);
  });

  it('finishing the combined tallies of two halves gives the fold of the whole', () => {
    const whole = fold([...first, ...second]);
    expect(finish(combine(tally(first), tally(second)))).toStrictEqual(whole);
    expect(whole).toStrictEqual({
      decision: 'ask',
      reason: 'k\n\nk2',
      continue: false,
      stopReason: 'late',
      additionalContext: ['a', 'b', 'c'],
      systemMessage: ['m'],
      downgraded: false,
    });
  });

  it('finish downgrades on a non-blockable event', () => {
    expect(finish(tally(first), { blockable: false })).toStrictEqual({
      decision: 'none',
      continue: false,
      additionalContext: ['a'],
      systemMessage: ['m'],
      downgraded: true,
      rawDecision: 'ask',
      rawReason: 'k',
    });
  });

  it('does not mutate the tallies it combines', () => {
    const a = tally(first);
    const b = tally(second);
    const before = JSON.stringify([a, b]);
    combine(a, b);
    expect(JSON.stringify([a, b])).toBe(before);
    expect(Object.isFrozen(EMPTY_TALLY)).toBe(true);
  });
});
