import type { HookSpec } from '@hookwire/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INLINE_MATCH_CHARS, indexHooks, MAX_REMEMBERED_SUBJECT_LENGTH, needsOffThreadMatch, selectHooks, selectHooksOffThread } from '../src/hook-index.js';
import { SelectionMemo } from '../src/selection-memo.js';

const MATCHERS = [undefined, '', '*', 'Bash', 'Read', 'Bash|Read', 'Edit, Write', 'Ba.*', '^Re', 'mcp__.*', 'Notebook-Edit', '.*'];
const SUBJECTS = [undefined, 'Bash', 'Read', 'Edit', 'Write', 'NotebookEdit', 'mcp__memory__get', 'Notebook-Edit'];

function spec(matcher: string | undefined, n: number, event: HookSpec['event'] = 'tool:before'): HookSpec {
  return { id: `h${n}`, event, eventName: event, type: 'command', command: 'true', dialect: 'claude', pointer: `/hooks/${n}`, ...(matcher === undefined ? {} : { matcher }) } as HookSpec;
}

const memo = new SelectionMemo();

describe('selectHooks', () => {
  it.each([
    ['Bash', ['exact', 'list', 'regex', 'all']],
    ['Read', ['list', 'all']],
    ['Edit', ['all']],
    [undefined, ['all']],
  ])('selects for subject %s in configuration order', (subject, expected) => {
    const hooks = [spec('Bash', 0), spec('Bash|Read', 1), spec('Ba.*', 2), spec('*', 3)].map((s, i) => ({ spec: { ...s, id: ['exact', 'list', 'regex', 'all'][i]! }, configDir: '/c' }));
    const index = indexHooks(hooks);
    expect(selectHooks(index.get('tool:before'), true, subject, memo).map((h) => h.spec.id)).toEqual(expected);
  });

  it('runs every hook of an event without a subject, whatever its matcher', () => {
    const index = indexHooks([spec('Bash', 0, 'turn:stop'), spec(undefined, 1, 'turn:stop')].map((s) => ({ spec: s, configDir: '/c' })));
    expect(selectHooks(index.get('turn:stop'), false, undefined, memo).map((h) => h.spec.id)).toEqual(['h0', 'h1']);
    expect(selectHooks(index.get('tool:before'), true, 'Bash', memo)).toEqual([]);
  });

  it('selects exactly what testing every matcher in order selects', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MATCHERS), { maxLength: 40 }), fc.constantFrom(...SUBJECTS), (matchers, subject) => {
        const index = indexHooks(matchers.map((m, n) => ({ spec: spec(m, n), configDir: '/c' })));
        const all = index.get('tool:before')?.all ?? [];
        const naive = all.filter((hook) => hook.matches(subject)).map((h) => h.spec.id);
        expect(selectHooks(index.get('tool:before'), true, subject, memo).map((h) => h.spec.id)).toEqual(naive);
        expect(selectHooks(index.get('tool:before'), true, subject, memo).map((h) => h.spec.id)).toEqual(naive);
      }),
    );
  });

  it('stays right after more subjects than it remembers', () => {
    const index = indexHooks([spec('Bash', 0), spec('mcp__.*', 1)].map((s) => ({ spec: s, configDir: '/c' })));
    const event = index.get('tool:before');
    for (let i = 0; i < 2000; i++) expect(selectHooks(event, true, `mcp__s${i}__t`, memo).map((h) => h.spec.id)).toEqual(['h1']);
    expect(selectHooks(event, true, 'Bash', memo).map((h) => h.spec.id)).toEqual(['h0']);
    expect(selectHooks(event, true, 'Read', memo)).toEqual([]);
  });
});

describe('selecting hooks for long subjects off the thread', () => {
  const LONG_MATCHERS = ['Bash', 'mcp__.*__write.*', '(a+)+$', '*', '^mcp__', 'x$'];
  const longSubject = fc
    .tuple(fc.constantFrom('a', 'mcp__', 'ab'), fc.integer({ min: INLINE_MATCH_CHARS, max: 3 * INLINE_MATCH_CHARS }), fc.constantFrom('', '__write', 'x', '!'))
    .map(([unit, length, tail]) => unit.repeat(Math.ceil(length / unit.length)) + tail);

  it('selects what testing every matcher in order selects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...LONG_MATCHERS), { minLength: 1, maxLength: 6 }), longSubject, async (matchers, subject) => {
        const index = indexHooks(matchers.map((m, n) => ({ spec: spec(m, n), configDir: '/c' })));
        const event = index.get('tool:before')!;
        const naive = event.all.filter((hook) => hook.matches(subject)).map((h) => h.spec.id);
        expect(needsOffThreadMatch(event, true, subject)).toBe(event.tested.some((hook) => hook.regex !== undefined));
        expect((await selectHooksOffThread(event, subject, undefined)).map((h) => h.spec.id)).toEqual(naive);
      }),
      { numRuns: 15 },
    );
  });

  it('keeps short subjects on the thread, and a canceled selection rejects HOOKWIRE_CANCELED', async () => {
    const event = indexHooks([spec('(a+)+$', 0)].map((s) => ({ spec: s, configDir: '/c' }))).get('tool:before')!;
    expect(needsOffThreadMatch(event, true, 'a'.repeat(INLINE_MATCH_CHARS))).toBe(false);
    const controller = new AbortController();
    const selecting = selectHooksOffThread(event, 'a'.repeat(4 * INLINE_MATCH_CHARS), controller.signal);
    controller.abort();
    await expect(selecting).rejects.toMatchObject({ code: 'HOOKWIRE_CANCELED' });
  });
});

describe('the selection memory', () => {
  it('remembers subjects up to MAX_REMEMBERED_SUBJECT_LENGTH only, so its keys stay within 512 × 256 code units', () => {
    const index = indexHooks([spec('Bash', 0), spec('^x', 1)].map((s) => ({ spec: s, configDir: '/c' })));
    const event = index.get('tool:before')!;
    const short = 'x'.repeat(MAX_REMEMBERED_SUBJECT_LENGTH);
    const long = 'x'.repeat(MAX_REMEMBERED_SUBJECT_LENGTH + 1);
    expect(selectHooks(event, true, short, memo).map((h) => h.spec.id)).toEqual(['h1']);
    expect(selectHooks(event, true, long, memo).map((h) => h.spec.id)).toEqual(['h1']);
    expect([...memo.of(event).keys()]).toEqual([short]);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 600 }), { maxLength: 50 }), (subjects) => {
        for (const subject of subjects) selectHooks(event, true, subject, memo);
        const keyUnits = [...memo.of(event).keys()].reduce((sum, key) => sum + key.length, 0);
        expect(keyUnits).toBeLessThanOrEqual(512 * MAX_REMEMBERED_SUBJECT_LENGTH);
        for (const key of memo.of(event).keys()) expect(key.length).toBeLessThanOrEqual(MAX_REMEMBERED_SUBJECT_LENGTH);
      }),
    );
  });
});

describe('SelectionMemo', () => {
  it('keeps each event index entry\'s selections apart, and the index itself holds none', () => {
    const fresh = new SelectionMemo();
    const first = indexHooks([spec('Bash', 0)].map((s) => ({ spec: s, configDir: '/c' }))).get('tool:before')!;
    const second = indexHooks([spec('Read', 0)].map((s) => ({ spec: s, configDir: '/c' }))).get('tool:before')!;
    expect(selectHooks(first, true, 'Bash', fresh).map((h) => h.spec.id)).toEqual(['h0']);
    expect(selectHooks(second, true, 'Bash', fresh)).toEqual([]);
    expect([...fresh.of(first).keys()]).toEqual(['Bash']);
    expect([...fresh.of(second).keys()]).toEqual(['Bash']);
    expect(Object.keys(first).sort()).toEqual(['all', 'byName', 'dialects', 'tested']);
  });
});
