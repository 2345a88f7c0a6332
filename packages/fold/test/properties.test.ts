import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finish, fold, normalizeDecision, tally, type FoldInput, type Outcome } from '../src/index.js';
import { combine } from '../src/tally.js';

const DECISIONS = ['allow', 'ask', 'deny', 'approve', 'block'] as const;
const RANK = { none: 0, allow: 1, ask: 2, deny: 3 } as const;

const textArb = fc.oneof(fc.string({ maxLength: 8 }), fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }));
const inputArb: fc.Arbitrary<FoldInput> = fc.record(
  {
    decision: fc.constantFrom(...DECISIONS),
    reason: fc.string({ maxLength: 8 }),
    continue: fc.boolean(),
    stopReason: fc.string({ maxLength: 8 }),
    additionalContext: textArb,
    systemMessage: textArb,
  },
  { requiredKeys: [] },
);
const inputsArb = fc.array(inputArb, { maxLength: 12 });
const blockableArb = fc.boolean();

/** A list together with one of its permutations. */
const permutedArb = inputsArb.chain((list) =>
  fc.array(fc.double({ noNaN: true }), { minLength: list.length, maxLength: list.length }).map((keys) => {
    const order = list.map((_, index) => index).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
    return { list, permuted: order.map((index) => list[index] as FoldInput) };
  }),
);

const asList = (value: FoldInput['additionalContext']): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];

function expectWellFormed(outcome: Outcome): void {
  expect(['allow', 'ask', 'deny', 'none']).toContain(outcome.decision);
  expect(typeof outcome.continue).toBe('boolean');
  expect(typeof outcome.downgraded).toBe('boolean');
  expect(outcome.additionalContext.every((item) => typeof item === 'string')).toBe(true);
  expect(outcome.systemMessage.every((item) => typeof item === 'string')).toBe(true);
  for (const [key, value] of Object.entries(outcome)) expect([key, value]).not.toEqual([key, undefined]);
  for (const key of ['reason', 'stopReason', 'rawReason'] as const) {
    if (key in outcome) expect(outcome[key]).not.toBe('');
  }
  if (outcome.decision === 'none') expect(outcome).not.toHaveProperty('reason');
  if (outcome.continue) expect(outcome).not.toHaveProperty('stopReason');
  if (!outcome.downgraded) {
    expect(outcome).not.toHaveProperty('rawDecision');
    expect(outcome).not.toHaveProperty('rawReason');
  }
}

describe('fold properties', () => {
  it('never throws, whatever the list holds, and always returns a well-formed outcome', () => {
    fc.assert(
      fc.property(fc.array(fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true })), blockableArb, (list, blockable) => {
        expectWellFormed(fold(list as FoldInput[], { blockable }));
      }),
    );
  });

  it('never throws on lists of objects with recognised keys of any type', () => {
    const looseArb = fc.record(
      {
        decision: fc.anything(),
        reason: fc.anything(),
        continue: fc.anything(),
        stopReason: fc.anything(),
        additionalContext: fc.anything(),
        systemMessage: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(looseArb), blockableArb, (list, blockable) => {
        expectWellFormed(fold(list as FoldInput[], { blockable }));
      }),
    );
  });

  it('deny wins whatever the order on a blockable event', () => {
    const withDeny = fc.tuple(inputsArb, fc.constantFrom('deny', 'block'), fc.nat()).map(([list, spelling, at]) => {
      const copy = [...list];
      copy.splice(at % (copy.length + 1), 0, { decision: spelling });
      return copy;
    });
    fc.assert(
      fc.property(withDeny, fc.nat(), (list, seed) => {
        const rotated = [...list.slice(seed % list.length), ...list.slice(0, seed % list.length)];
        expect(fold(list, { blockable: true }).decision).toBe('deny');
        expect(fold(rotated, { blockable: true }).decision).toBe('deny');
        expect(fold([...list].reverse(), { blockable: true }).decision).toBe('deny');
      }),
    );
  });

  it('the decision is the highest level given, and its reasons are those of that level, in order', () => {
    fc.assert(
      fc.property(inputsArb, (list) => {
        const levels = list.map((item) => normalizeDecision(item.decision) ?? 'none');
        const top = levels.reduce<keyof typeof RANK>((best, level) => (RANK[level] > RANK[best] ? level : best), 'none');
        const reasons = list
          .filter((item, index) => levels[index] === top && top !== 'none' && typeof item.reason === 'string' && item.reason !== '')
          .map((item) => item.reason);
        const outcome = fold(list, { blockable: true });
        expect(outcome.decision).toBe(top);
        expect(outcome.reason).toBe(reasons.length > 0 ? reasons.join('\n\n') : undefined);
      }),
    );
  });

  it('a downgraded outcome never says deny or ask, and keeps what it replaced', () => {
    fc.assert(
      fc.property(inputsArb, (list) => {
        const blocked = fold(list, { blockable: true });
        const outcome = fold(list, { blockable: false });
        expect(['allow', 'none']).toContain(outcome.decision);
        if (outcome.downgraded) {
          expect(outcome.decision).toBe('none');
          expect(outcome.rawDecision).toBe(blocked.decision);
          expect(outcome.rawReason).toBe(blocked.reason);
        }
        expect(outcome.downgraded).toBe(blocked.decision === 'deny' || blocked.decision === 'ask');
        if (!outcome.downgraded) expect(outcome).toStrictEqual(blocked);
        expect(outcome.continue).toBe(blocked.continue);
        expect(outcome.stopReason).toBe(blocked.stopReason);
        expect(outcome.additionalContext).toEqual(blocked.additionalContext);
        expect(outcome.systemMessage).toEqual(blocked.systemMessage);
      }),
    );
  });

  it('finish(combine(tally(a), tally(b))) is fold([...a, ...b]) for any split', () => {
    fc.assert(
      fc.property(inputsArb, fc.nat(), blockableArb, (list, at, blockable) => {
        const cut = at % (list.length + 1);
        const a = list.slice(0, cut);
        const b = list.slice(cut);
        expect(finish(combine(tally(a), tally(b)), { blockable })).toStrictEqual(fold(list, { blockable }));
      }),
    );
  });

  it('combine is associative', () => {
    fc.assert(
      fc.property(inputsArb, inputsArb, inputsArb, (a, b, c) => {
        const [ta, tb, tc] = [tally(a), tally(b), tally(c)];
        expect(combine(combine(ta, tb), tc)).toStrictEqual(combine(ta, combine(tb, tc)));
      }),
    );
  });

  it('is order-insensitive in its decision and stop, order-preserving in contexts and messages', () => {
    fc.assert(
      fc.property(permutedArb, blockableArb, ({ list, permuted }, blockable) => {
        const original = fold(list, { blockable });
        const shuffled = fold(permuted, { blockable });
        expect(shuffled.decision).toBe(original.decision);
        expect(shuffled.downgraded).toBe(original.downgraded);
        expect(shuffled.rawDecision).toBe(original.rawDecision);
        expect(shuffled.continue).toBe(original.continue);
        expect(shuffled.additionalContext).toEqual(permuted.flatMap((item) => asList(item.additionalContext)));
        expect(shuffled.systemMessage).toEqual(permuted.flatMap((item) => asList(item.systemMessage)));
      }),
    );
  });

  it('stops when any result says continue false, with the first stopReason given by a stopping result', () => {
    fc.assert(
      fc.property(inputsArb, (list) => {
        const stoppers = list.filter((item) => item.continue === false);
        const outcome = fold(list);
        expect(outcome.continue).toBe(stoppers.length === 0);
        const first = stoppers.map((item) => item.stopReason).find((reason) => typeof reason === 'string' && reason !== '');
        expect(outcome.stopReason).toBe(first);
      }),
    );
  });
});
