import { describe, expect, it } from 'vitest';
import { parsePs, parseStat, readProcessTable, selectTree, type ProcessEntry } from '../src/process-table.js';

const stat = (pid: number, comm: string, state: string, ppid: number, pgid: number, start: number): string =>
  `${pid} (${comm}) ${state} ${ppid} ${pgid} ${pgid} 0 -1 4194560 90 0 0 0 0 0 0 0 20 0 1 0 ${start} 2568192 130 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n`;

describe('parseStat', () => {
  it.each([
    [stat(42, 'sh', 'S', 1, 42, 777), { pid: 42, ppid: 1, pgid: 42, zombie: false, startTime: '777' }],
    [stat(43, 'we) (ird S 9 9', 'Z', 42, 42, 5), { pid: 43, ppid: 42, pgid: 42, zombie: true, startTime: '5' }],
    ['garbage', undefined],
    ['12 (x) S y z', undefined],
  ])('parses %j', (text, expected) => {
    expect(parseStat(text)).toEqual(expected);
  });
});

describe('parsePs', () => {
  it('parses pid, ppid, pgid and the zombie state', () => {
    expect(parsePs('    1     0     1 Ss\n  200     1   200 S+\n  201   200   200 Z\n\nbad line here\n')).toEqual([
      { pid: 1, ppid: 0, pgid: 1, zombie: false },
      { pid: 200, ppid: 1, pgid: 200, zombie: false },
      { pid: 201, ppid: 200, pgid: 200, zombie: true },
    ]);
  });
});

const entry = (pid: number, ppid: number, pgid: number, extra: Partial<ProcessEntry> = {}): ProcessEntry => ({
  pid,
  ppid,
  pgid,
  zombie: false,
  startTime: `${pid}0`,
  ...extra,
});

describe('selectTree', () => {
  const table = [
    entry(1, 0, 1),
    entry(100, 1, 100),
    entry(101, 100, 100),
    entry(102, 101, 102),
    entry(103, 102, 102),
    entry(104, 1, 100),
    entry(105, 100, 100, { zombie: true }),
    entry(200, 1, 200),
    entry(201, 200, 200),
  ];
  const pids = (entries: ProcessEntry[]) => entries.map((item) => item.pid).sort((a, b) => a - b);

  it('takes the group, the descendants that left it, and group members re-parented to init; not zombies or strangers', () => {
    expect(pids(selectTree(table, 100))).toEqual([100, 101, 102, 103, 104]);
  });

  it('takes known processes re-parented to init, with their descendants, when their start time still matches', () => {
    const later = [entry(1, 0, 1), entry(102, 1, 102), entry(103, 102, 102), entry(106, 103, 106)];
    expect(pids(selectTree(later, 100, [entry(102, 101, 102)]))).toEqual([102, 103, 106]);
  });

  it('skips a known pid that a later process reused', () => {
    const reused = [entry(1, 0, 1), entry(102, 1, 102, { startTime: '999' })];
    expect(selectTree(reused, 100, [entry(102, 101, 102)])).toEqual([]);
  });

  it('finds nothing for a gone tree', () => {
    expect(selectTree(table, 999)).toEqual([]);
  });
});

describe('readProcessTable', () => {
  it('lists this process with its parent and group', async () => {
    const table = await readProcessTable();
    const self = table?.find((item) => item.pid === process.pid);
    expect(self).toMatchObject({ pid: process.pid, ppid: process.ppid, zombie: false });
  });
});
