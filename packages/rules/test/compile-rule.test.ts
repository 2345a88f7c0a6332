import { describe, expect, it } from 'vitest';
import { compileRule } from '../src/compile-rule.js';
import type { Rule } from '../src/types.js';

const base: Rule = {
  id: 'x-rule', category: 'test', severity: 'high', mode: 'enforce', level: 'recommended', event: 'tool:before',
  tools: ['Bash'], for: 'command', when: "c.program == 'rm'", decision: 'deny', reason: 'Use the safe thing instead.',
};

function diagnose(patch: Partial<Rule> & Record<string, unknown>) {
  const result = compileRule({ ...base, ...patch }, 'rules[0]');
  if (result.ok) throw new Error('expected diagnostics');
  return result.diagnostics;
}

describe('compileRule', () => {
  it('compiles a valid rule into a test function', () => {
    const result = compileRule(base);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.rule.events).toEqual(['tool:before']);
  });

  it.each([
    { when: 'shel.commands.size() > 0', for: undefined, suggestion: "did you mean 'shell'?", offset: 0 },
    { when: "c.progam == 'rm'", for: 'command', suggestion: "did you mean 'program'?", offset: 2 },
    { when: "isRootsh(c.program)", for: 'command', suggestion: "did you mean 'isRootish'?", offset: 0 },
    { when: "c.hasFlg('r')", for: 'command', suggestion: "did you mean 'hasFlag'?", offset: 0 },
    { when: "c.program == 'rm'", for: 'file', suggestion: '\'c\' is bound by "for": "command"', offset: 0 },
    { when: "f.pth == '/'", for: 'file', suggestion: "did you mean 'path'?", offset: 2 },
  ] as const)('points at $when with a did-you-mean', ({ when, suggestion, offset, ...rest }) => {
    const patch: Partial<Rule> = { when };
    if (rest.for === undefined) patch.for = undefined;
    else patch.for = rest.for;
    const [diagnostic, ...others] = diagnose(patch);
    expect(others).toEqual([]);
    expect(diagnostic).toMatchObject({ path: 'rules[0].when', offset, line: 1, suggestion });
    expect(diagnostic!.message).toContain(suggestion);
  });

  it('gives the offset, line and column of a syntax error', () => {
    const [diagnostic] = diagnose({ when: "c.program == 'rm' &&\n  c.args.exists(a, a ==)" });
    expect(diagnostic).toMatchObject({ path: 'rules[0].when', line: 2 });
    expect(diagnostic!.offset).toBeGreaterThan(20);
    expect(diagnostic!.column).toBeGreaterThan(1);
  });

  it('refuses a condition that does not give a bool', () => {
    expect(diagnose({ when: 'c.program' })[0]!.message).toMatch(/must give a bool/);
  });

  it('bounds the length of a condition', () => {
    const when = Array.from({ length: 400 }, (_, i) => `c.program == 'p${i}'`).join(' || ');
    expect(diagnose({ when })[0]!.message).toMatch(/longer than 4096/);
  });

  it('bounds the depth of a condition', () => {
    const when = `${'('.repeat(200)}true${')'.repeat(200)}`;
    expect(diagnose({ when })[0]!.path).toBe('rules[0].when');
  });

  it('names each bad field with what was expected and received', () => {
    const diagnostics = diagnose({ decision: 'block' as never, reason: '', extra: 1 });
    expect(diagnostics.map((d) => d.path)).toEqual(['rules[0].decision', 'rules[0].reason', 'rules[0].extra']);
    expect(diagnostics[0]!.message).toBe('decision: expected deny | ask | allow | context, received "block"');
  });

  it('turns a non-object into a diagnostic, not a throw', () => {
    expect(compileRule(null, 'rules[2]')).toEqual({ ok: false, diagnostics: [{ message: 'expected a rule object, received null', path: 'rules[2]' }] });
  });
});
