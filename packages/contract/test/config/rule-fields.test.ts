import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/index.js';

const parse = (hooks: unknown[]) => parseConfig({ hooks });
const errors = (hooks: unknown[]) => parse(hooks).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.path}: ${d.message}`);

describe('rule hooks in the native shape', () => {
  it('a pack without an event runs on tool:before, tool:after and prompt:submit, one hook with one id', () => {
    const result = parse([{ id: 'guards', type: 'rule', pack: 'hookwire:recommended', onError: 'block' }]);
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.hooks.map((h) => [h.id, h.event, h.type, h.rule, h.onError, h.pointer])).toEqual([
      ['guards', 'tool:before', 'rule', { pack: 'hookwire:recommended' }, 'block', '/hooks/0'],
      ['guards', 'tool:after', 'rule', { pack: 'hookwire:recommended' }, 'block', '/hooks/0'],
      ['guards', 'prompt:submit', 'rule', { pack: 'hookwire:recommended' }, 'block', '/hooks/0'],
    ]);
  });

  it('a pack with an event runs on that event only, and its tuning is read', () => {
    const hook = { type: 'rule', event: 'PreToolUse', matcher: 'Bash', pack: './my-pack.json', level: 'strict', rules: { 'git-reset-hard': 'observe', 'fs-rm-root-home': 'off' }, paths: { secrets: ['config/*.key'] }, protectedBranches: ['main', 'release/*'] };
    const result = parse([hook]);
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.hooks).toHaveLength(1);
    expect(result.config?.hooks[0]).toMatchObject({ id: 'PreToolUse#1', event: 'tool:before', matcher: 'Bash', rule: { pack: './my-pack.json', level: 'strict', rules: hook.rules, paths: hook.paths, protectedBranches: hook.protectedBranches } });
    expect(parse([{ type: 'rule', pack: 'hookwire:recommended' }, { type: 'rule', pack: 'x' }]).config?.hooks.map((h) => h.id)).toEqual(['rule#1', 'rule#1', 'rule#1', 'rule#2', 'rule#2', 'rule#2']);
  });

  it('reads an inline rule, which needs an event, a decision and a reason', () => {
    const inline = { id: 'no-prod', type: 'rule', event: 'PreToolUse', matcher: 'Bash', for: 'command', when: "c.program == 'kubectl'", decision: 'ask', reason: 'kubectl touches a cluster; use the staging context' };
    expect(parse([inline]).config?.hooks[0]).toMatchObject({ id: 'no-prod', event: 'tool:before', rule: { for: 'command', when: inline.when, decision: 'ask', reason: inline.reason } });
    expect(errors([{ type: 'rule', when: 'true' }])).toEqual([
      expect.stringMatching(/^\/hooks\/0\/event: event is required: one of tool:before, /),
      '/hooks/0/decision: decision is required for an inline rule: one of "deny", "ask", "allow" or "context"',
      '/hooks/0/reason: reason is required for an inline rule: why, and what to do instead (the model reads it)',
    ]);
  });

  it('refuses a rule hook that is neither a pack nor an inline rule, or both, and bad values with a did-you-mean', () => {
    expect(errors([{ type: 'rule', event: 'PreToolUse' }])).toEqual(['/hooks/0: a rule hook needs a pack ("pack": "hookwire:recommended") or an inline rule ("when", "decision", "reason"), received neither']);
    expect(errors([{ type: 'rule', pack: 'hookwire:recommended', when: 'true', decision: 'deny', reason: 'r' }])).toEqual([
      '/hooks/0/when: a rule hook is a pack or an inline rule, not both: pack belong to a pack, when, decision, reason to an inline rule',
    ]);
    expect(errors([{ type: 'rule', pack: 'hookwire:recommended', rules: { 'git-reset-hard': 'obsrve' } }])).toEqual([
      '/hooks/0/rules/git-reset-hard: git-reset-hard must be one of "enforce", "observe" or "off", received "obsrve"; did you mean "observe"?',
    ]);
    expect(errors([{ type: 'rule', event: 'PreToolUse', when: 'true', decision: 'deny', reason: 'r', for: 'commands' }])).toEqual([
      '/hooks/0/for: for must be one of "command", "file" or "url", received "commands"; did you mean "command"?',
    ]);
    expect(errors([{ type: 'rule', pack: 'p', paths: { secrets: 'config/*.key' }, protectedBranches: [''] }])).toEqual([
      '/hooks/0/paths/secrets: paths.secrets must be an array of non-empty strings, received "config/*.key"',
      '/hooks/0/protectedBranches: protectedBranches must be an array of non-empty strings, received [""]',
    ]);
  });

  it('never takes a rule hook with a broken field for a working one (property)', () => {
    const field = fc.constantFrom('pack', 'level', 'when', 'reason', 'decision', 'for', 'rules', 'paths', 'protectedBranches');
    const bad = fc.oneof(fc.integer(), fc.constant(''), fc.constant(null), fc.array(fc.integer(), { minLength: 1 }), fc.constant({ x: 1 }));
    fc.assert(
      fc.property(field, bad, (key, value) => {
        const hook = { type: 'rule', event: 'PreToolUse', pack: 'hookwire:recommended', [key]: value };
        const result = parse([hook]);
        // Either the value is refused with an error (and no hook is made), or it is a value the field accepts.
        const refused = result.diagnostics.some((d) => d.severity === 'error');
        expect(refused).toBe(true);
        expect(result.config?.hooks ?? []).toEqual([]);
      }),
    );
  });
});
