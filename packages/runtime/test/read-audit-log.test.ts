import { describe, expect, it } from 'vitest';
import { readAuditLog } from '../src/read-audit-log.js';

const good = { v: 1, ts: 't', event: 'PreToolUse', canonical: 'tool:before', dialect: 'claude', cwd: '/', config: 'sha256:0', hooks: ['g'], outcome: { decision: 'deny', continue: true, warnings: [] }, runs: [{ hook: 'g', kind: 'command', outcome: { decision: 'deny', warnings: [] }, durationMs: 1 }], durationMs: 1 };

describe('readAuditLog', () => {
  it('reads a v1 record and names its line', () => {
    expect(readAuditLog(`\n${JSON.stringify(good)}\n`)).toMatchObject({ ok: true, records: [{ line: 2, record: good }] });
  });

  it.each([
    ['a run that is not an object', { ...good, runs: [null] }, /runs\[0\] must be an object with "hook" \(a string\) and "outcome" \(an object\)/],
    ['a run without an outcome', { ...good, runs: [{ hook: 'g' }] }, /runs\[0\] must be an object/],
    ['a run whose hook is not a string', { ...good, runs: [{ hook: 1, outcome: {} }] }, /runs\[0\] must be an object/],
    ['an outcome that is not an object', { ...good, outcome: 'deny' }, /"outcome", when present, must be an object/],
    ['no runs', { ...good, runs: undefined }, /"runs" \(an array\) are required/],
  ])('refuses %s, naming the line', (_what, record, message) => {
    const reading = readAuditLog(`${JSON.stringify(good)}\n${JSON.stringify(record)}\n`);
    expect(reading).toMatchObject({ ok: false, line: 2, message: expect.stringMatching(message) });
  });
});
