import { describe, expect, it } from 'vitest';
import { readGuardSpec, readGuards } from '../src/read-guards.js';

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

describe('readGuardSpec: every conjunct of every branch that is a plain field test', () => {
  it.each([
    ["c.program == 'git' && c.sub == 'reset' && c.hasFlag('hard')", { programs: ['git'], admits: { all: [{ field: 'program', in: ['git'] }, { field: 'sub', in: ['reset'] }] } }],
    ["c.program == 'git' && (c.sub == 'a' || c.sub in ['b', 'c'])", { programs: ['git'], admits: { all: [{ field: 'program', in: ['git'] }, { any: [{ field: 'sub', in: ['a'] }, { field: 'sub', in: ['b', 'c'] }] }] } }],
    ["!(c.program in ['ls', 'cat']) && c.paths.exists(f, f.name != '')", { admits: { all: [{ field: 'program', notIn: ['ls', 'cat'] }, { nonEmpty: 'paths' }] } }],
    ["c.words.exists(w, w in ['db:drop', 'db:reset']) || c.args.exists(a, a.lowerAscii().startsWith('core.hookspath='))", { admits: { any: [{ field: 'words', someIn: ['db:drop', 'db:reset'] }, { field: 'args', some: 'startsWith', value: 'core.hookspath=', lower: true }] } }],
    ["'HUSKY' in c.assignments || c.assignments.exists(k, k.startsWith('HOOKWIRE_'))", { admits: { any: [{ assigns: 'HUSKY' }, { assignsPrefix: 'HOOKWIRE_' }] } }],
    ["c.code.source.matches(r'rmtree') && c.redirects.exists(r, r.op == '>')", { admits: { all: [{ field: 'code.source', matches: 'rmtree' }, { nonEmpty: 'redirects' }] } }],
    // No test in one branch: no guard. A test with more after it, or a negation of a conjunction: not a field test.
    ["c.program == 'rm' || c.dynamic", {}],
    ["c.paths.exists(f, true) == false && c.program == 'x'", { admits: { field: 'program', in: ['x'] } }],
    ["!(c.program == 'git' && c.sub == 'rm')", {}],
    ["c.args.exists(a, b.contains('x'))", {}],
  ])('%s', (when, spec) => {
    expect(readGuardSpec(when)).toEqual(spec);
  });

  it('reads whole-action rules: command tests, line regexes, files, urls, an unparsed line', () => {
    expect(readGuardSpec("files.exists(f, f.op != 'read') && !files.exists(f, f.op == 'read')").admitsAction).toEqual({ anyFile: { file: 'op', notIn: ['read'] } });
    expect(readGuardSpec("files.exists(f, f.size() > 0)").admitsAction).toEqual({ nonEmpty: 'files' });
    expect(readGuardSpec("shell.line.matches(r'a') || shell.line.lowerAscii().matches(r'b')").admitsAction).toEqual({ any: [{ line: 'a', lower: false }, { line: 'b', lower: true }] });
    expect(readGuardSpec("shell.commands.exists(c, c.dynamic) || urls.exists(u, true) || shell.unparsed").admitsAction).toEqual({ any: [{ command: true }, { nonEmpty: 'urls' }, { unparsed: true }] });
    expect(readGuardSpec("shell.commands.exists(c, c.program == 'a') || shell.line.matches(r'b')").admitsAction).toEqual({ any: [{ command: { field: 'program', in: ['a'] } }, { line: 'b', lower: false }] });
    expect(readGuardSpec("files.exists(f, true) || input.size() > 0").admitsAction).toBeUndefined();
  });

  it('reads the first plain test inside an exists over args or words', () => {
    expect(readGuardSpec("c.program == 'cat' && c.args.exists(a, a.contains('/proc/') && a.endsWith('/environ'))").admits).toEqual({
      all: [{ field: 'program', in: ['cat'] }, { field: 'args', some: 'contains', value: '/proc/', lower: false }],
    });
    expect(readGuardSpec("c.program == 'x' && c.words.exists(w, size(w) > 3 && w in ['ab', 'cd'])").admits).toEqual({
      all: [{ field: 'program', in: ['x'] }, { field: 'words', someIn: ['ab', 'cd'] }],
    });
    // An `||` inside the body is not a plain test: no element test.
    expect(readGuardSpec("c.program == 'x' && c.args.exists(a, a == 'p' || a == 'q')").admits).toBeUndefined();
  });

  it('reads file rules: op, classes, name, path and source tests', () => {
    expect(readGuardSpec("f.op == 'delete' && (isRootish(f.path) || f.path == home)").admitsFile).toEqual({ file: 'op', in: ['delete'] });
    expect(readGuardSpec("f.op != 'read' && ('guard' in f.classes || f.path.matches(r'/\\.husky/'))").admitsFile).toEqual({
      all: [{ file: 'op', notIn: ['read'] }, { any: [{ classesIn: ['guard'] }, { file: 'path', matches: '/\\.husky/' }] }],
    });
    expect(readGuardSpec("f.classes.exists(k, k in ['a', 'b']) || f.source.startsWith('shell:') && f.name.endsWith('.pem')").admitsFile).toEqual({
      any: [{ classesIn: ['a', 'b'] }, { all: [{ file: 'source', startsWith: 'shell:' }, { file: 'name', endsWith: '.pem' }] }],
    });
    expect(readGuardSpec("f.classes.exists(k, k.startsWith('s'))").admitsFile).toEqual({ classesNonEmpty: true });
    // A branch with no plain test: no guard.
    expect(readGuardSpec("f.op == 'read' || isRootish(f.path)").admitsFile).toBeUndefined();
    const guards = readGuards("f.op != 'read' && 'system' in f.classes");
    const file = (op: string, classes: string[]) => ({ path: '/etc/x', name: 'x', op, classes, source: 'shell:tee' });
    expect([guards.admitsFile!(file('write', ['system'])), guards.admitsFile!(file('read', ['system'])), guards.admitsFile!(file('write', []))]).toEqual([true, false, false]);
  });

  it('lower-cases as CEL does: ASCII letters only', () => {
    const guards = readGuards("shell.line.lowerAscii().matches(r'^i') || shell.line.lowerAscii().matches(r'x')");
    const action = (line: string) => ({ shell: { line, unparsed: false, commands: [] }, files: [], urls: [] });
    expect(guards.admitsAction!(action('Id'))).toBe(true);
    // 'İ'.toLowerCase() starts with 'i'; CEL's lowerAscii leaves it alone.
    expect(guards.admitsAction!(action('İd'))).toBe(false);
  });
});
