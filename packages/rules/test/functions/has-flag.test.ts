import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasFlag } from '../../src/functions/has-flag.js';

describe('hasFlag', () => {
  it.each([
    [['-rf', '/'], 'r', true], [['-fr', '/'], 'r', true], [['-Rfv', 'x'], 'R', true], [['-r', '-f'], 'f', true],
    [['--recursive', 'x'], 'recursive', true], [['--rec', 'x'], 'recursive', true], [['--force=yes'], 'force', true],
    [['-f'], 'force', false], [['--', '-rf'], 'r', false], [['-delete'], '-delete', true], [['-ffdx'], 'f', true], [['-Xmx512m'], 'm', false],
    [['--force-with-lease'], 'force', false], [['--f'], 'force', false], [['file-r'], 'r', false], [['-n5'], '5', true],
  ] as const)('%j has %s: %s', (args, name, expected) => {
    expect(hasFlag(args, name)).toBe(expected);
  });

  it('reads no clusters in programs whose options are words', () => {
    expect(hasFlag(['.', '-delete'], 'd', 'find')).toBe(false);
    expect(hasFlag(['.', '-delete'], '-delete', 'find')).toBe(true);
  });

  it('stops a cluster at a letter that takes a value', () => {
    expect(hasFlag(['-bfeature'], 'f', 'git', 'checkout')).toBe(false);
    expect(hasFlag(['-fb', 'x'], 'f', 'git', 'checkout')).toBe(true);
    expect(hasFlag(['-cfeature'], 'f', 'git', 'switch')).toBe(false);
    expect(hasFlag(['-fmsg'], 'm', 'git', 'commit')).toBe(true);
  });

  it('finds a short flag whatever the order of its cluster', () => {
    fc.assert(fc.property(fc.shuffledSubarray(['r', 'f', 'v', 'i'], { minLength: 1 }), (letters) => {
      const arg = `-${letters.join('')}`;
      for (const letter of ['r', 'f', 'v', 'i']) expect(hasFlag([arg], letter)).toBe(letters.includes(letter));
    }));
  });
});
