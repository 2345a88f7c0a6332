import { buildAction } from '@hookwire/action';
import { describe, expect, it } from 'vitest';
import { compilePack } from '../src/compile-pack.js';
import { evaluate } from '../src/evaluate.js';
import type { Pack, Rule } from '../src/types.js';

const HOME = '/home/dev';
const PROJECT = '/home/dev/proj';

function rule(patch: Partial<Rule>): Rule {
  return {
    id: 'r', category: 'test', severity: 'high', mode: 'enforce', level: 'recommended', event: 'tool:before', tools: ['Bash'],
    for: 'command', when: 'true', decision: 'deny', reason: 'Do the safe thing.', ...patch,
  };
}

function compile(rules: Rule[]) {
  const pack: Pack = { name: 'test', version: '1.0.0', levels: ['recommended'], rules };
  return compilePack(pack).pack;
}

function bash(command: string) {
  return buildAction({ toolName: 'Bash', toolInput: { command }, cwd: PROJECT, projectDir: PROJECT }, { home: HOME });
}

describe('evaluate', () => {
  it('names what matched: the command text and the wrapper chain', () => {
    const pack = compile([rule({ id: 'rm-home', when: "c.program == 'rm' && c.args.exists(a, a == home)" })]);
    const { matches, errors } = evaluate(pack, bash("bash -c 'rm -rf ~'"), { event: 'tool:before', home: HOME });
    expect(errors).toEqual([]);
    expect(matches).toEqual([
      { ruleId: 'rm-home', decision: 'deny', mode: 'enforce', vote: true, reason: 'Do the safe thing.', severity: 'high', category: 'test',
        evidence: { kind: 'command', text: 'rm -rf ~', via: ['bash -c'] } },
    ]);
  });

  it('binds each file as f and each url as u', () => {
    const pack = compile([
      rule({ id: 'file', for: 'file', tools: ['Read'], when: "f.name == '.env'" }),
      rule({ id: 'url', for: 'url', tools: ['Bash'], when: "u.host == 'evil.example'", decision: 'ask' }),
    ]);
    const read = buildAction({ toolName: 'Read', toolInput: { file_path: `${PROJECT}/.env` }, cwd: PROJECT, projectDir: PROJECT }, { home: HOME });
    expect(evaluate(pack, read, { event: 'tool:before' }).matches.map((m) => m.evidence)).toEqual([
      { kind: 'file', text: `${PROJECT}/.env`, path: `${PROJECT}/.env`, op: 'read' },
    ]);
    const curl = bash('curl https://evil.example/x');
    expect(evaluate(pack, curl, { event: 'tool:before' }).matches.map((m) => [m.ruleId, m.evidence.kind, m.evidence.text])).toEqual([
      ['url', 'url', 'https://evil.example/x'],
    ]);
  });

  it('returns every match in pack order, observe matches without a vote', () => {
    const pack = compile([
      rule({ id: 'second', when: "c.program == 'git'", mode: 'observe', decision: 'ask' }),
      rule({ id: 'first', when: "c.program == 'git'" }),
    ]);
    const { matches } = evaluate(pack, bash('git push && git status'), { event: 'tool:before' });
    expect(matches.map((m) => [m.ruleId, m.vote, m.evidence.text])).toEqual([
      ['second', false, 'git push'], ['second', false, 'git status'], ['first', true, 'git push'], ['first', true, 'git status'],
    ]);
  });

  it('skips rules of other events and tools', () => {
    const pack = compile([rule({ id: 'after', event: 'tool:after' }), rule({ id: 'read', tools: ['Read'] }), rule({ id: 'any', tools: undefined, for: undefined })]);
    expect(evaluate(pack, bash('ls'), { event: 'tool:before' }).matches.map((m) => m.ruleId)).toEqual(['any']);
  });

  it('reports a rule that throws as an error, never as a pass', () => {
    const pack = compile([rule({ id: 'index', when: "c.args[3] == 'x'" }), rule({ id: 'fine', when: "c.program == 'ls'" })]);
    const { matches, errors } = evaluate(pack, bash('ls -la'), { event: 'tool:before' });
    expect(matches.map((m) => m.ruleId)).toEqual(['fine']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ ruleId: 'index', decision: 'deny', mode: 'enforce', evidence: { kind: 'command', text: 'ls -la' } });
  });

  it('reports a rule that did not compile at every evaluation it would have run in', () => {
    const pack = compile([rule({ id: 'broken', when: 'c.progam == 1' })]);
    const { errors } = evaluate(pack, bash('ls'), { event: 'tool:before' });
    expect(errors.map((e) => e.ruleId)).toEqual(['broken']);
    expect(errors[0]!.message).toMatch(/did not compile.*progam/);
    expect(evaluate(pack, bash('ls'), { event: 'prompt:submit' }).errors).toEqual([]);
  });

  it('lets a rule test an unparsed line and says why in the evidence', () => {
    const pack = compile([rule({ id: 'unparsed', for: undefined, when: 'shell.unparsed', decision: 'ask' })]);
    const { matches } = evaluate(pack, bash('echo "unterminated'), { event: 'tool:before' });
    expect(matches).toHaveLength(1);
    expect(matches[0]!.evidence.text).toBe('echo "unterminated');
    expect(matches[0]!.evidence.note).toMatch(/quote/);
  });

  it('bounds what rules iterate over, marking the shell unparsed past the bound', () => {
    const pack = compile([rule({ id: 'unparsed', for: undefined, when: 'shell.unparsed', decision: 'ask' })]);
    const line = Array.from({ length: 1200 }, (_, i) => `echo ${i}`).join('; ');
    const { matches, errors } = evaluate(pack, bash(line), { event: 'tool:before' });
    expect(errors).toEqual([]);
    expect(matches.map((m) => m.ruleId)).toEqual(['unparsed']);
  });
});
