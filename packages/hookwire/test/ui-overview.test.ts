import { appendFile, rename, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { waitUntil } from '@hookwire/test-utils';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { followFile, readLines, type NumberedLine } from '../src/follow-file.js';
import { matches, overviewOf } from '../src/ui-server.js';
import { cleanupSidecars, tempDir } from './sidecar.js';

afterEach(cleanupSidecars);

type Item = Parameters<typeof matches>[0];

function item(fields: { line: number; ts?: string; decision?: string; dialect?: string; session?: string; hooks?: string[]; text?: string; runs?: Item['runs']; rules?: Item['rules'] }): Item {
  return {
    entry: { line: fields.line, ts: fields.ts ?? '2026-12-05T04:10:00.000Z', dialect: fields.dialect ?? 'claude', event: 'PreToolUse', decision: fields.decision ?? 'none', decidedBy: [], ...(fields.session === undefined ? {} : { session: fields.session }) },
    offset: 0,
    bytes: 0,
    hooks: fields.hooks ?? [],
    haystack: fields.text ?? '',
    runs: fields.runs ?? [],
    rules: fields.rules ?? [],
  };
}

describe('the timeline filters', () => {
  const deny = item({ line: 1, decision: 'deny', dialect: 'gemini', session: 's1', hooks: ['guard', 'no-rm-rf'], text: 'pretooluse bash rm -rf /tmp' });
  it.each([
    [{}, true],
    [{ decision: 'deny' }, true],
    [{ decision: 'ask' }, false],
    [{ host: 'gemini' }, true],
    [{ host: 'claude' }, false],
    [{ session: 's1' }, true],
    [{ session: 's' }, false],
    [{ hook: 'guard' }, true],
    [{ hook: 'no-rm-rf' }, true],
    [{ hook: 'guar' }, false],
    [{ text: 'rm -rf' }, true],
    [{ text: 'curl' }, false],
    [{ decision: 'deny', host: 'gemini', session: 's1', hook: 'guard', text: 'bash' }, true],
    [{ decision: 'deny', host: 'claude' }, false],
  ])('%j matches: %s', (filters, expected) => expect(matches(deny, filters)).toBe(expected));
});

describe('the overview', () => {
  it('counts decisions per hour, and per hook its runs, decisions, failures and time percentiles', () => {
    const overview = overviewOf([
      item({ line: 1, ts: '2026-12-05T04:10:00Z', decision: 'deny', runs: [{ hook: 'guard', ms: 10, decision: 'deny', observe: false }, { hook: 'slow', ms: 1000, failure: 'timeout', observe: false }], rules: [{ rule: 'no-rm-rf', decision: 'deny' }] }),
      item({ line: 2, ts: '2026-12-05T04:50:00Z', decision: 'none', runs: [{ hook: 'guard', ms: 20, observe: false }, { hook: 'shadow', ms: 5, decision: 'deny', observe: true }] }),
      item({ line: 3, ts: '2026-12-05T05:00:00Z', decision: 'bridge-failure' }),
      item({ line: 4, ts: '2026-12-05T03:59:59Z', decision: 'ask', runs: [{ hook: 'guard', ms: 30, decision: 'ask', observe: false }], rules: [{ rule: 'push-force', decision: 'ask' }, { rule: 'no-rm-rf', decision: 'deny' }] }),
    ]);
    expect(overview.hours).toEqual([
      { hour: '2026-12-05T03', counts: { ask: 1 } },
      { hour: '2026-12-05T04', counts: { deny: 1, none: 1 } },
      { hour: '2026-12-05T05', counts: { 'bridge-failure': 1 } },
    ]);
    expect(overview.hooks).toEqual([
      { hook: 'guard', runs: 3, decisions: { deny: 1, none: 1, ask: 1 }, failures: {}, p50: 20, p95: 30, p99: 30, max: 30 },
      { hook: 'slow', runs: 1, decisions: { none: 1 }, failures: { timeout: 1 }, p50: 1000, p95: 1000, p99: 1000, max: 1000 },
      { hook: 'shadow', runs: 1, decisions: { 'deny (observed)': 1 }, failures: {}, p50: 5, p95: 5, p99: 5, max: 5 },
    ]);
    expect(overview.rules).toEqual([
      { rule: 'no-rm-rf', decisions: { deny: 2 } },
      { rule: 'push-force', decisions: { ask: 1 } },
    ]);
  });

  it('percentiles are values that were measured, in order, whatever the times', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }), (times) => {
        const [hook] = overviewOf([item({ line: 1, runs: times.map((ms) => ({ hook: 'h', ms, observe: false })) })]).hooks;
        for (const value of [hook!.p50, hook!.p95, hook!.p99, hook!.max]) expect(times).toContain(value);
        expect(hook!.p50 <= hook!.p95 && hook!.p95 <= hook!.p99 && hook!.p99 <= hook!.max).toBe(true);
        expect(hook!.max).toBe(Math.max(...times));
      }),
    );
  });

  it('keeps the newest 48 hours that have decisions', () => {
    const items = Array.from({ length: 60 }, (_, i) => item({ line: i + 1, ts: new Date(Date.UTC(2026, 11, 1) + i * 3_600_000).toISOString() }));
    const { hours } = overviewOf(items);
    expect(hours).toHaveLength(48);
    expect(hours[0]!.hour).toBe('2026-12-01T12');
    expect(hours.at(-1)!.hour).toBe('2026-12-03T11');
  });
});

describe('reading a log line by line', () => {
  it('numbers lines as the audit reader does, with their byte offsets, whatever the chunking', async () => {
    const dir = await tempDir();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !s.includes('\n')), { maxLength: 20 }), fc.boolean(), async (lines, endsWithNewline) => {
        const text = lines.join('\n') + (endsWithNewline && lines.length > 0 ? '\n' : '');
        const path = join(dir, 'lines.txt');
        await writeFile(path, text);
        const read: NumberedLine[] = [];
        await readLines(path, (batch) => void read.push(...batch));
        // What follows the last newline is a line only when it is not empty (as in any text file).
        const parts = text.split('\n');
        const expected = parts.at(-1) === '' ? parts.slice(0, -1) : parts;
        expect(read.map((l) => l.text)).toEqual(expected);
        expect(read.map((l) => l.line)).toEqual(expected.map((_, i) => i + 1));
        const bytes = Buffer.from(text);
        for (const l of read) expect(bytes.subarray(l.offset, l.offset + l.bytes).toString('utf8')).toBe(l.text);
      }),
      { numRuns: 50 },
    );
  });

  it('follows appends, a half-written line, truncation and rotation, and says when it starts over', async () => {
    const dir = await tempDir();
    const path = join(dir, 'grow.log');
    const seen: string[] = [];
    const notices: string[] = [];
    let restarts = 0;
    const follower = followFile(path, { pollMs: 50, onLines: (lines) => seen.push(...lines.map((l) => `${l.line}:${l.text}`)), onNotice: (m) => notices.push(m), onRestart: () => restarts++ });
    await follower.ready;
    expect(notices).toEqual([`waiting for ${path} to appear`]);
    await writeFile(path, 'a\nb');
    expect(await waitUntil(() => seen.length === 1)).toBe(true);
    await appendFile(path, '\nc\n');
    expect(await waitUntil(() => seen.length === 3)).toBe(true);
    expect(seen).toEqual(['1:a', '2:b', '3:c']);
    await truncate(path, 0);
    await appendFile(path, 'd\n');
    expect(await waitUntil(() => seen.length === 4)).toBe(true);
    expect(seen[3]).toBe('1:d');
    expect(restarts).toBe(1);
    await appendFile(path, 'e\n');
    await rename(path, `${path}.1`);
    await writeFile(path, 'f\n');
    expect(await waitUntil(() => seen.length === 6)).toBe(true);
    // What reached the old file before it moved is still shown, then the new file from its start.
    expect(seen.slice(4)).toEqual(['2:e', '1:f']);
    expect(restarts).toBe(2);
    follower.stop();
    await follower.done;
  });
});
