import { compileMatcher } from '@hookwire/contract';
import { describe, expect, it } from 'vitest';
import { MAX_MATCH_THREADS, matchOffThread } from '../src/match-off-thread.js';

const long = 'mcp__'.repeat(8_000);
/** Compiled as the runtime compiles them: on the linear-time engine (`l`). */
const REGEXES = ['mcp__.*__write.*', '^mcp__', 'x$'].map((pattern) => {
  const compiled = compileMatcher(pattern);
  if (!compiled.ok || compiled.kind !== 'regex') throw new Error(`${pattern} did not compile to a regex`);
  return compiled.regex;
});

describe('matchOffThread', () => {
  it('answers what RegExp.test answers, for more dispatches at once than there are matching threads', async () => {
    const subjects = Array.from({ length: MAX_MATCH_THREADS * 3 }, (_, n) => (n % 2 === 0 ? long : `${long}__write_x`));
    const results = await Promise.all(subjects.map((subject) => matchOffThread(REGEXES, subject, undefined)));
    expect(results).toEqual(subjects.map((subject) => REGEXES.map((regex) => regex.test(subject))));
  });

  it('rejects HOOKWIRE_CANCELED for a dispatch aborted while it waits for a thread, and the others still answer', async () => {
    const busy = Array.from({ length: MAX_MATCH_THREADS }, () => matchOffThread(REGEXES, long, undefined));
    const controller = new AbortController();
    const waiting = matchOffThread(REGEXES, long, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'HOOKWIRE_CANCELED' });
    expect(await Promise.all(busy)).toEqual(busy.map(() => [false, true, false]));
    expect(await matchOffThread(REGEXES, `${long}__write`, undefined)).toEqual([true, true, false]);
  });
});
