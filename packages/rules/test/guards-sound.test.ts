import { readFileSync } from 'node:fs';
import { buildAction } from '@hookwire/action';
import { describe, expect, it } from 'vitest';
import { compilePack } from '../src/compile-pack.js';
import { evaluate } from '../src/evaluate.js';
import { loadPack } from '../src/load-pack.js';
import type { CompiledPack, RuleTestCase } from '../src/types.js';

// The guards (read-guards.ts, shipped precomputed for built-in packs) only skip work: a rule they
// skip must be one whose condition is false. Checked on both scoring corpora (bench/guards) and
// every rule's own cases, against the same pack with every guard taken away.

const HOME = '/home/dev';
const PROJECT = '/home/dev/proj';
const pack = await loadPack('hookwire:recommended', { from: process.cwd() });
const guarded = compilePack(pack, { level: 'strict' });
const bare: CompiledPack = {
  ...guarded.pack,
  rules: guarded.pack.rules.map(({ programs: _p, anyPrograms: _a, line: _l, admits: _ad, admitsAny: _aa, admitsAction: _ac, admitsFile: _af, ...rest }) => rest),
};

interface CorpusLine {
  id: string;
  tool: string;
  input: Record<string, unknown>;
}
const corpus = ['corpus/dev.jsonl', 'heldout/heldout.jsonl', 'heldout/heldout2.jsonl']
  .map((file) => readFileSync(new URL(`../../../bench/guards/${file}`, import.meta.url), 'utf8'))
  .join('\n')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as CorpusLine);
const cases = pack.rules.flatMap((rule) => Object.values(rule.tests ?? {}).flat() as RuleTestCase[]);

function actionOf(tool: string, input: Record<string, unknown>) {
  return buildAction({ toolName: tool, toolInput: input, cwd: PROJECT, projectDir: PROJECT }, { home: HOME, pathClasses: guarded.actionOptions.pathClasses });
}

describe('the guards are sound', () => {
  it('guarded and unguarded packs agree on every corpus action and every rule case', () => {
    expect(corpus.length).toBeGreaterThan(1000);
    const actions = [
      ...corpus.map((line) => ({ id: line.id, action: actionOf(line.tool, line.input) })),
      ...cases.map((c) => (typeof c === 'string' ? { id: c, action: actionOf('Bash', { command: c }) } : undefined)).filter((x) => x !== undefined),
    ];
    let matched = 0;
    for (const { id, action } of actions) {
      const withGuards = evaluate(guarded.pack, action, { event: 'tool:before', home: HOME });
      const without = evaluate(bare, action, { event: 'tool:before', home: HOME });
      expect(withGuards, id).toEqual(without);
      matched += without.matches.length;
    }
    // The check means something only if the corpus makes rules match.
    expect(matched).toBeGreaterThan(500);
  });
});
