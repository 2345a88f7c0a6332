import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipFirstLine } from '../src/describe-failure.js';

describe('clipFirstLine', () => {
  it.each([
    ['', ''],
    ['something broke\nsecond line', 'something broke'],
    ['  \n  database unavailable  \nmore', 'database unavailable'],
    ['x'.repeat(200), 'x'.repeat(200)],
    ['x'.repeat(201), `${'x'.repeat(197)}...`],
  ])('%j', (text, expected) => {
    expect(clipFirstLine(text)).toBe(expected);
  });

  it('gives one line of at most 200 characters, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600, unit: fc.constantFrom('a', ' ', '\n', '✓', 'b') }), (text) => {
        const line = clipFirstLine(text);
        expect(line.length).toBeLessThanOrEqual(200);
        expect(line).not.toContain('\n');
      }),
    );
  });
});
