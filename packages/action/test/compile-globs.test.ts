import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGlobs, readGlobBase } from '../src/compile-globs.js';

const SEGMENT_GLOBS = ['a', 'b', '.x', 'a.b', '*', '*.b', 'a*', '?', '.?', '{a,b}', '{a,.x}*', '[ab]', '**'];
const PATH_SEGMENTS = ['a', 'b', '.x', 'a.b', 'ab', 'x.b', 'ba', '.xa'];

const globArb = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...SEGMENT_GLOBS), { minLength: 1, maxLength: 4 }))
  .map(([absolute, segments]) => (absolute ? '/' : '') + segments.join('/'));
const pathArb = fc.array(fc.constantFrom(...PATH_SEGMENTS), { minLength: 1, maxLength: 5 }).map((segments) => `/${segments.join('/')}`);

describe('compileGlobs', () => {
  it('agrees with picomatch (dot: true) on absolute paths', () => {
    fc.assert(
      // Two known differences, where picomatch is not consistent with itself: its `/**/a` does not match
      // `/a` (its `/a/**/b` matches `/a/b`), and its `/a*/**` does not match `/a` (its `/a/**` and
      // `/?/**` match `/a`). Here `**` matches no segment wherever it stands, as bash's globstar does.
      fc.property(globArb.filter((glob) => !glob.startsWith('/**/') && !/\*[^/]*\/\*\*$/.test(glob)), pathArb, (glob, path) => {
        expect(compileGlobs([glob])(path)).toBe(picomatch(glob, { dot: true })(path));
      }),
      { numRuns: 3000 },
    );
  });

  it('matches the default class shapes', () => {
    const cases: [string, string, boolean][] = [
      ['**/.env', '/p/.env', true],
      ['**/.env', '/p/x.env', false],
      ['**/.env.*', '/p/.env.local', true],
      ['/etc/**', '/etc', true],
      ['/etc/**', '/etc/ssh/sshd_config', true],
      ['/etc/**', '/etcetera', false],
      ['/lib*/**', '/lib64/ld.so', true],
      ['**/.claude/settings*.json', '/home/u/.claude/settings.local.json', true],
      ['**/.opencode/plugin*/**', '/p/.opencode/plugins/a.ts', true],
      ['**/id_rsa*', '/home/u/.ssh/id_rsa.pub', true],
      ['/a+b/(c)/**', '/a+b/(c)/d', true],
      ['/a.b', '/axb', false],
    ];
    for (const [glob, path, expected] of cases) expect([glob, path, compileGlobs([glob])(path)]).toStrictEqual([glob, path, expected]);
  });

  it('lets ** match no segment wherever it stands', () => {
    expect(compileGlobs(['/**/a'])('/a')).toBe(true);
    expect(compileGlobs(['/lib*/**'])('/lib64')).toBe(true);
  });

  it('matches nothing without globs', () => {
    expect(compileGlobs([])('/a')).toBe(false);
  });
});

describe('readGlobBase', () => {
  it('gives the literal directories a glob starts from', () => {
    expect(readGlobBase('/etc/**')).toBe('/etc');
    expect(readGlobBase('/home/u/.kube/config')).toBe('/home/u/.kube');
    expect(readGlobBase('/lib*/**')).toBe('');
    expect(readGlobBase('**/.env')).toBe('');
  });
});

describe('compileGlobs on globstars in a row', () => {
  it.each([
    ['/a/**/**/a', '/a/a', true],
    ['/a/**/**/a', '/a/b/c/a', true],
    ['/.x/**/**/a', '/.x/a', true],
    ['/a/**/**', '/a', true],
    ['**/**/.env', '/p/.env', true],
    ['/a/**/**/a', '/a/b', false],
  ])('%s on %s: %s', (glob, path, expected) => {
    expect(compileGlobs([glob])(path)).toBe(expected);
  });
});
