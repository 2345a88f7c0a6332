import { describe, expect, it } from 'vitest';
import { readGuards } from '../src/read-guards.js';

describe('readGuards', () => {
  it.each([
    ["c.program == 'rm' && c.hasFlag('r')", ['rm']],
    ["c.program in ['npm', 'pnpm'] && c.sub == 'publish'", ['npm', 'pnpm']],
    ["(c.program == 'gh' && c.sub == 'x') || (c.program in ['glab'] && true)", ['gh', 'glab']],
    ["c.program == 'rm'", ['rm']],
    ["((c.program == 'a' || c.program == 'b') && c.dynamic)", undefined],
    ["c.program == 'git' || c.dynamic", undefined],
    ["!(c.program == 'ls') && c.dynamic", undefined],
    ["c.args.exists(a, a == 'x || y') && c.program == 'rm'", undefined],
    ["c.program == 'a' && c.text.contains(\"') || true\")", ['a']],
  ])('reads the programs of %s', (when, programs) => {
    const guards = readGuards(when);
    expect(guards.programs === undefined ? undefined : [...guards.programs]).toEqual(programs);
  });

  it('reads a leading line regex, lower-cased or not', () => {
    expect(readGuards("shell.line.matches(r'curl\\s') && shell.unparsed").line).toEqual({ pattern: /curl\s/, lower: false });
    expect(readGuards("shell.line.lowerAscii().matches(r'drop') && true").line?.lower).toBe(true);
    expect(readGuards("shell.line.matches(r'a') || shell.unparsed").line).toBeUndefined();
    expect(readGuards("shell.line.matches(r'(') && true").line).toBeUndefined();
  });
});

describe('readGuards on whole-action rules', () => {
  it('reads the programs some command must run', () => {
    const guards = readGuards("shell.commands.exists(d, d.program in ['curl', 'wget'] || (d.program == 'base64' && d.hasFlag('d'))) && shell.commands.exists(s, s.program == 'sh')");
    expect([...guards.anyPrograms!]).toEqual(['curl', 'wget', 'base64']);
    expect(guards.programs).toBeUndefined();
    const two = readGuards("shell.commands.exists(c, c.program == 'psql') && true || (shell.commands.exists(c, c.program in ['redis-cli']) && false)");
    expect([...two.anyPrograms!]).toEqual(['psql', 'redis-cli']);
    expect(readGuards("shell.commands.exists(c, c.dynamic) && true").anyPrograms).toBeUndefined();
    expect(readGuards("shell.commands.exists(c, c.program == 'a') || shell.unparsed").anyPrograms).toBeUndefined();
  });
});
