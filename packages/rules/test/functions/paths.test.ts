import { describe, expect, it } from 'vitest';
import { isPathIn, isRootish, resolvePath } from '../../src/functions/paths.js';
import { branchOf } from '../../src/functions/branch-of.js';
import { matchesGlob } from '../../src/functions/glob.js';

describe('path functions', () => {
  it.each([
    ['/', true], ['/*', true], ['//', true], ['/.', true], ['~', true], ['~/', true], ['$HOME', true], ['/etc', true],
    ['/home/dev', true], ['/home/dev/', true], ['/Users/me', true], ['/home/dev/*', true], ['/root', true],
    ['/home/dev/proj', false], ['/tmp/x', false], ['dist', false], ['./', false], ['', false], ['/usr/local', false],
  ])('isRootish(%j) is %s', (path, expected) => {
    expect(isRootish(path)).toBe(expected);
  });

  it('resolves against the cwd and compares folders by segment', () => {
    expect(resolvePath('../x', '/home/dev/proj')).toBe('/home/dev/x');
    expect(resolvePath('/a//b/./c/', '/x')).toBe('/a/b/c');
    expect(isPathIn('/home/dev/proj/src', '/home/dev/proj')).toBe(true);
    expect(isPathIn('/home/dev/project2', '/home/dev/proj')).toBe(false);
  });

  it('reads the branch a refspec pushes to', () => {
    expect(['main', '+main', 'HEAD:main', 'HEAD:refs/heads/main', 'refs/heads/main:+refs/heads/main'].map(branchOf)).toEqual(['main', 'main', 'main', 'main', 'main']);
  });

  it('matches globs on names and on paths', () => {
    expect(matchesGlob('/p/config/a.key', 'config/*.key')).toBe(true);
    expect(matchesGlob('/p/a.key', '*.key')).toBe(true);
    expect(matchesGlob('release/1.2', 'release/*')).toBe(true);
    expect(matchesGlob('main', 'release/*')).toBe(false);
  });
});
