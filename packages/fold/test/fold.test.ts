import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fold, type FoldInput, type FoldOptions, type Outcome } from '../src/index.js';

interface FoldVector {
  rule: string;
  name: string;
  input: { results: FoldInput[]; options: FoldOptions };
  expected: Outcome;
}

const vectors = JSON.parse(readFileSync(new URL('./vectors/fold.json', import.meta.url), 'utf8')) as FoldVector[];

describe('fold vectors', () => {
  it('has vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(40);
  });

  for (const vector of vectors) {
    it(`${vector.rule}: ${vector.name}`, () => {
      expect(fold(vector.input.results, vector.input.options)).toStrictEqual(vector.expected);
    });
  }
});

describe('fold', () => {
  it('treats an event as blockable when no options are given', () => {
    expect(fold([{ decision: 'deny', reason: 'no' }])).toStrictEqual({
      decision: 'deny',
      reason: 'no',
      continue: true,
      additionalContext: [],
      systemMessage: [],
      downgraded: false,
    });
    expect(fold([{ decision: 'ask' }], {}).decision).toBe('ask');
  });

  it('reads any iterable, in order', () => {
    function* results(): Generator<FoldInput> {
      yield { decision: 'allow', additionalContext: 'first' };
      yield { decision: 'deny', reason: 'second', additionalContext: 'second' };
    }
    expect(fold(results())).toStrictEqual({
      decision: 'deny',
      reason: 'second',
      continue: true,
      additionalContext: ['first', 'second'],
      systemMessage: [],
      downgraded: false,
    });
  });

  it('writes the outcome keys in the order of the pinned outcome object', () => {
    const outcome = fold(
      [{ decision: 'deny', reason: 'r', continue: false, stopReason: 's', additionalContext: 'c', systemMessage: 'm' }],
      { blockable: false },
    );
    expect(Object.keys(outcome)).toEqual([
      'decision',
      'continue',
      'stopReason',
      'additionalContext',
      'systemMessage',
      'downgraded',
      'rawDecision',
      'rawReason',
    ]);
  });

  it('returns fresh arrays that do not alias the inputs', () => {
    const context = ['a'];
    const outcome = fold([{ additionalContext: context }]);
    outcome.additionalContext.push('b');
    expect(context).toEqual(['a']);
    expect(fold([{ additionalContext: context }]).additionalContext).toEqual(['a']);
  });
});
