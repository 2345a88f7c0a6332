import { buildAction } from '@hookwire/action';
import { describe, expect, it } from 'vitest';
import { compilePack } from '../../src/compile-pack.js';
import { evaluate } from '../../src/evaluate.js';
import { loadPack } from '../../src/load-pack.js';
import { readGuardSpec } from '../../src/read-guards.js';
import shipped from '../../src/packs/recommended.guards.json' with { type: 'json' };
import type { Decision, RuleTestCase } from '../../src/types.js';

const HOME = '/home/dev';
const PROJECT = '/home/dev/proj';

/** A rule test case as the action the runtime would build for it. */
function buildCaseAction(testCase: RuleTestCase) {
  const spec = typeof testCase === 'string' ? { tool: 'Bash', input: { command: testCase } } : testCase;
  return buildAction(
    {
      ...(spec.tool !== undefined ? { toolName: spec.tool, toolInput: spec.input ?? {} } : {}),
      ...(spec.prompt !== undefined ? { prompt: spec.prompt } : {}),
      ...(spec.output !== undefined ? { output: spec.output } : {}),
      cwd: spec.cwd ?? PROJECT,
      projectDir: PROJECT,
    },
    { home: HOME, pathClasses },
  );
}

const pack = await loadPack('hookwire:recommended', { from: process.cwd() });
const strict = compilePack(pack, { level: 'strict' }, { compile: 'eager' });
/** As the runtime compiles it: lazily, the built-in conditions parsed without a second type-check. */
const lazy = compilePack(pack, { level: 'strict' });
const { pathClasses } = strict.actionOptions;

describe('hookwire:recommended', () => {
  it('compiles every rule at every level', () => {
    expect(strict.diagnostics).toEqual([]);
    expect(strict.pack.rules.length).toBe(pack.rules.length);
  });

  it('ships each rule\'s guards as read-guards reads them today (else: node packages/rules/scripts/write-guards.mjs)', () => {
    expect(shipped).toEqual(Object.fromEntries(pack.rules.map((rule) => [rule.id, readGuardSpec(rule.when)])));
  });

  it('gives every rule a reason, a mode with its why, and tests of both kinds', () => {
    for (const rule of pack.rules) {
      const positives = Object.entries(rule.tests ?? {}).filter(([k]) => k !== 'allow').flatMap(([, v]) => v ?? []);
      expect.soft(positives.length, `${rule.id} has cases that must match`).toBeGreaterThan(0);
      expect.soft(rule.tests?.allow?.length ?? 0, `${rule.id} has cases that must pass`).toBeGreaterThan(0);
      expect.soft(rule.modeWhy, `${rule.id} says why its mode is what it is`).toBeTruthy();
    }
  });

  for (const rule of pack.rules) {
    describe(rule.id, () => {
      const event = typeof rule.event === 'string' ? rule.event : rule.event[0]!;
      for (const [key, cases] of Object.entries(rule.tests ?? {}) as [Decision, RuleTestCase[]][]) {
        for (const testCase of cases) {
          const label = typeof testCase === 'string' ? testCase : JSON.stringify(testCase);
          it(`${key === 'allow' ? 'passes' : 'matches'}: ${label}`, () => {
            const result = evaluate(strict.pack, buildCaseAction(testCase), { event, home: HOME });
            expect(evaluate(lazy.pack, buildCaseAction(testCase), { event, home: HOME }), 'the lazily compiled pack agrees').toEqual(result);
            expect(result.errors.filter((e) => e.ruleId === rule.id)).toEqual([]);
            const mine = result.matches.filter((m) => m.ruleId === rule.id);
            if (key === 'allow') {
              expect(mine).toEqual([]);
            } else {
              expect(mine.length).toBeGreaterThan(0);
              expect(mine[0]!.decision).toBe(key);
            }
          });
        }
      }
    });
  }
});
