import { describe, expect, it } from 'vitest';
import { findNestedQuantifier } from '../src/nested-quantifier.js';

describe('findNestedQuantifier', () => {
  it.each([
    ['(a+)+$', '(a+)+'],
    ['(a*)*', '(a*)*'],
    ['mcp__(\\w*_)*x', '(\\w*_)*'],
    ['((a+))+', '((a+))+'],
    ['(a+){2,}', '(a+){2,}'],
    ['(a{1,}b)+?', '(a{1,}b)+?'],
    ['(?:x|[a-z]+)*y', '(?:x|[a-z]+)*'],
    ['(a|(b+))*', '(a|(b+))*'],
  ])('finds the nested quantifier of %j: %j', (pattern, found) => {
    expect(findNestedQuantifier(pattern)).toBe(found);
  });

  it.each(['mcp__.*__write.*', '^(Explore|Plan)$', '(a+)?', '(a+)b+', '(a?)+', '(ab)+', '[(a+)]+', '\\(a+\\)+', '(a{2})+', '(a+){1}', '(a+){0,1}', 'Edit|Write'])(
    'finds none in %j',
    (pattern) => {
      expect(findNestedQuantifier(pattern)).toBeUndefined();
    },
  );
});
