import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../src/matcher.js';

type Case = [matcher: string | undefined, subject: string | undefined, matches: boolean];

const CASES: Case[] = [
  [undefined, 'Bash', true],
  [undefined, undefined, true],
  ['', 'Bash', true],
  ['', undefined, true],
  ['*', 'mcp__memory__create', true],
  ['*', undefined, true],
  ['Bash', 'Bash', true],
  ['Bash', 'bash', false],
  ['bash', 'Bash', false],
  ['Bas', 'Bash', false],
  ['Bash', 'BashOutput', false],
  ['Bash', undefined, false],
  ['Ba.*', 'Bash', true],
  ['Ba.*', 'NotBash', true],
  ['Edit.*', 'NotebookEdit', true],
  ['^Edit.*', 'NotebookEdit', false],
  ['Notebook.dit', 'NotebookEdit', true],
  ['Edit|Write', 'Write', true],
  ['Edit|Write', 'Edit', true],
  ['Edit|Write', 'MultiEdit', false],
  ['Edit, Write', 'Write', true],
  [' Edit ,Write ', 'Edit', true],
  ['Edit||Write', '', false],
  ['Bash|Edit', 'Bash|Edit', false],
  ['mcp__memory', 'mcp__memory__create', false],
  ['mcp__memory__.*', 'mcp__memory__create', true],
  ['my-tool', 'my-tool', true],
  ['my-tool', 'my-tool-2', false],
  ['startup|resume', 'resume', true],
  ['startup|resume', 'clear', false],
  ['.*', '', true],
  ['.*', undefined, false],
  ['^(Explore|Plan)$', 'Plan', true],
  ['^(Explore|Plan)$', 'Planner', false],
  [' ', 'Bash', false],
  [' | ', ' ', false],
];

describe('compileMatcher', () => {
  it.each(CASES)('%j tests %j as %s', (matcher, subject, matches) => {
    const compiled = compileMatcher(matcher);
    if (!compiled.ok) throw new Error(compiled.error);
    expect(compiled.test(subject)).toBe(matches);
  });

  it.each([
    [undefined, 'all'],
    ['', 'all'],
    ['*', 'all'],
    ['Bash', 'names'],
    ['Edit|Write, Multi_Edit-2', 'names'],
    ['Ba.*', 'regex'],
    ['**', 'error'],
    ['.*', 'regex'],
  ] as const)('sorts %j as %s', (matcher, kind) => {
    const compiled = compileMatcher(matcher);
    expect(compiled.ok ? compiled.kind : 'error').toBe(kind);
  });

  it('lists the names of a name list, trimmed, empties dropped', () => {
    const compiled = compileMatcher(' Edit ,Write|| MultiEdit ');
    expect(compiled.ok && compiled.kind === 'names' && compiled.names).toEqual(['Edit', 'Write', 'MultiEdit']);
  });

  it.each(['Ba(sh', '*.ts', 'mcp__[a-', '(?<name', 'a{2,1}'])('reports %j as a bad regular expression', (matcher) => {
    const compiled = compileMatcher(matcher);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error).toMatch(/Invalid regular expression/);
  });

  it('builds the regular expression once', () => {
    const compiled = compileMatcher('Ba.*');
    if (!compiled.ok || compiled.kind !== 'regex') throw new Error('expected a regex matcher');
    const regex = compiled.regex;
    compiled.test('Bash');
    compiled.test('Edit');
    expect(compiled.kind === 'regex' && compiled.regex).toBe(regex);
  });
});

/** Whether JavaScript itself accepts the pattern as a RegExp. */
function isValidRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

describe('compileMatcher properties', () => {
  it('never throws, whatever the string, and a specific matcher never matches an absent subject', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.option(fc.string({ unit: 'binary' }), { nil: undefined }), (matcher, subject) => {
        const compiled = compileMatcher(matcher);
        if (!compiled.ok) {
          expect(compiled.error.length).toBeGreaterThan(0);
          return;
        }
        expect(typeof compiled.test(subject)).toBe('boolean');
        if (compiled.kind !== 'all') expect(compiled.test(undefined)).toBe(false);
      }),
    );
  });

  it('a list of names matches exactly its names', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 5 }), fc.constantFrom('|', ',', ' | ', ', '), name, (names, separator, other) => {
        const compiled = compileMatcher(names.join(separator));
        if (!compiled.ok) throw new Error(compiled.error);
        for (const each of names) expect(compiled.test(each)).toBe(true);
        expect(compiled.test(other)).toBe(names.includes(other));
      }),
    );
  });

  it('anything else tests like an unanchored RegExp', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 12 }), (matcher, subject) => {
        const compiled = compileMatcher(matcher);
        const valid = isValidRegExp(matcher);
        // A pattern JavaScript accepts is either compiled or refused as needing backtracking, never dropped.
        if (valid) expect(compiled.ok || compiled.needsBacktracking === true).toBe(true);
        if (!compiled.ok || compiled.kind !== 'regex') return;
        expect(compiled.test(subject)).toBe(new RegExp(matcher).test(subject));
      }),
    );
  });
});

describe('compileMatcher on the linear-time engine', () => {
  it.each(['^(?!Read).*', '(?=Bash)Bash', '(?<=mcp__)x', '(a)\\1', 'a{1000}'])('refuses %j, which needs backtracking, with a reason', (matcher) => {
    expect(new RegExp(matcher)).toBeInstanceOf(RegExp);
    const compiled = compileMatcher(matcher);
    expect(compiled).toEqual({ ok: false, needsBacktracking: true, error: expect.stringMatching(/^it cannot be matched in linear time: it needs backtracking/) });
  });

  it.each(['mcp__.*__write.*', '(a+)+$', '(\\w*_)*x', 'Notebook.*', '^(Explore|Plan)$', 'a{2,}', '(?<tool>Bash)'])('runs %j with the l flag', (matcher) => {
    const compiled = compileMatcher(matcher);
    expect(compiled.ok && compiled.kind === 'regex' && compiled.regex.flags).toBe('l');
  });

  it('answers catastrophic-backtracking shapes at once, whatever the subject', () => {
    const compiled = compileMatcher('(a+)+$');
    if (!compiled.ok) throw new Error(compiled.error);
    expect(compiled.test(`${'a'.repeat(100_000)}!`)).toBe(false);
    expect(compiled.test('a'.repeat(100_000))).toBe(true);
  });

  it('tests as a backtracking RegExp does, on patterns built from quantifiers and groups', () => {
    const piece = fc.constantFrom('a', 'b', '.', '*', '+', '?', '(', ')', '|', '^', '$', '[ab]', '\\w', '{2,}', '*?');
    let compared = 0;
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 9 }), fc.stringMatching(/^[ab_]{0,14}$/), (pieces, subject) => {
        const matcher = pieces.join('');
        const compiled = compileMatcher(matcher);
        const valid = isValidRegExp(matcher);
        // These pieces need no backtracking: every pattern JavaScript accepts must compile.
        if (valid) expect(compiled.ok).toBe(true);
        if (!compiled.ok || compiled.kind !== 'regex') return;
        compared += 1;
        // Matchers only test, and whether some match exists is a property of the pattern, not of the
        // engine: that verdict must agree. Which match is returned may not — V8's linear engine gives
        // `(|a)?` on "a" the empty match where a backtracking RegExp gives "a" — and matching never reads it.
        expect(compiled.test(subject)).toBe(new RegExp(matcher).test(subject));
      }),
      { numRuns: 2000 },
    );
    expect(compared).toBeGreaterThanOrEqual(200);
  });
});
