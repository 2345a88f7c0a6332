import { describe, expect, it } from 'vitest';
import { bridgeOf, checkOpenClawDuplicates, piOverrideTurningOff, type Registration } from '../../src/doctor/extension-hosts.js';
import { readPluginAnswer, type HandlerResult } from '../../src/doctor/plugin-live.js';

// The pure parts of doctor's pi and OpenClaw sections: how a plugin handler's answer is read, which
// bridge a plugin file runs, and what OpenClaw does with two copies of the plugin.

const result = (answers: unknown[], extra: Partial<HandlerResult> = {}): HandlerResult => ({ answers, said: '', ms: 3, ...extra });

describe('readPluginAnswer', () => {
  const cases: { name: string; result: HandlerResult; expected: ReturnType<typeof readPluginAnswer> }[] = [
    { name: 'no handler answered (undefined → null): allowed', result: result([null]), expected: { denied: false } },
    { name: 'no handler at all', result: result([]), expected: { denied: false } },
    { name: "pi's block with a reason", result: result([{ block: true, reason: 'no rm' }]), expected: { denied: true, reason: 'no rm' } },
    { name: "OpenClaw's block with blockReason", result: result([{ block: true, blockReason: 'no rm' }]), expected: { denied: true, reason: 'no rm' } },
    { name: 'a block without a reason', result: result([{ block: true }]), expected: { denied: true } },
    { name: 'block: false is not a block', result: result([{ block: false, reason: 'x' }]), expected: { denied: false } },
    { name: 'a second handler blocks', result: result([null, { block: true, reason: 'second' }]), expected: { denied: true, reason: 'second' } },
    { name: 'a handler that threw', result: result([], { threw: 'boom' }), expected: { denied: false, problem: 'its handler threw: boom' } },
  ];
  it.each(cases)('$name', ({ result: given, expected }) => {
    expect(readPluginAnswer(given)).toEqual(expected);
  });
});

describe('bridgeOf: the bridge a plugin file runs, as the file finds its project', () => {
  it.each([
    ['pi', '/w/app/.pi/extensions/hookwire.ts', '/w/app'],
    ['pi', '/home/me/.pi/agent/extensions/hookwire.ts', '/home/me/.pi'],
    ['openclaw', '/w/app/.openclaw/extensions/hookwire/index.js', '/w/app'],
    ['openclaw', '/home/me/.openclaw/extensions/hookwire/index.js', '/home/me'],
  ] as const)('%s %s → %s', (host, file, project) => {
    expect(bridgeOf(file, host)).toEqual({ project, bridge: `${project}/node_modules/.bin/hookwire` });
  });
});

describe('checkOpenClawDuplicates', () => {
  const reg = (file: string, level: 'project' | 'user', via: 'scan' | 'list', id?: string): Registration => ({ file, level, via, real: file, state: 'current', ...(id === undefined ? {} : { id }) });
  const project = reg('/w/app/.openclaw/extensions/hookwire/index.js', 'project', 'scan', 'hookwire');
  const global = reg('/home/me/.openclaw/extensions/hookwire/index.js', 'user', 'scan', 'hookwire');
  const listed = reg('/elsewhere/hookwire/index.js', 'user', 'list', 'hookwire');
  const other = reg('/elsewhere/copy/index.js', 'user', 'list', 'copy');
  const cases: { name: string; regs: Registration[]; listed: number; expected: string[] }[] = [
    { name: 'one plugin: nothing', regs: [project], listed: 0, expected: [] },
    { name: 'workspace and global, one id: the workspace copy is kept', regs: [global, project], listed: 0, expected: [`problem duplicate: OpenClaw loads only ${project.file} and drops ${global.file}`] },
    { name: 'a load.paths copy wins over the workspace', regs: [project, listed], listed: 0, expected: [`problem duplicate: OpenClaw loads only ${listed.file} and drops ${project.file}`] },
    { name: 'two ids: every hook twice', regs: [project, other], listed: 0, expected: ['problem duplicate: OpenClaw runs every hook that many times'] },
    { name: 'one folder named twice: a note', regs: [project], listed: 1, expected: ['note duplicate: OpenClaw loads one folder once'] },
  ];
  it.each(cases)('$name', ({ regs, listed: extra, expected }) => {
    const found = checkOpenClawDuplicates(regs, extra);
    expect(found.map((f) => `${f.status} ${f.check}`)).toEqual(expected.map((e) => e.split(':')[0]));
    found.forEach((finding, index) => expect(finding.message).toContain(expected[index]!.slice(expected[index]!.indexOf(': ') + 2)));
  });
});

describe("piOverrideTurningOff: pi's \"extensions\" overrides, as its package manager reads them", () => {
  const base = '/w/app/.pi';
  const file = '/w/app/.pi/extensions/hookwire.ts';
  it.each([
    { entries: [], off: undefined },
    { entries: ['extensions/other.ts'], off: undefined },
    { entries: ['!hookwire.ts'], off: '!hookwire.ts' },
    { entries: ['!extensions/*.ts'], off: '!extensions/*.ts' },
    { entries: ['!**/hookwire.ts'], off: '!**/hookwire.ts' },
    { entries: [`!${file}`], off: `!${file}` },
    { entries: ['!other.ts'], off: undefined },
    { entries: ['!*.ts', '+extensions/hookwire.ts'], off: undefined },
    { entries: ['!*.ts', '+./extensions/hookwire.ts'], off: undefined },
    { entries: ['!*.ts', '+hookwire.ts'], off: undefined },
    { entries: ['-extensions/hookwire.ts'], off: '-extensions/hookwire.ts' },
    { entries: ['+extensions/hookwire.ts', '-extensions/hookwire.ts'], off: '-extensions/hookwire.ts' },
    { entries: ['-hook*.ts'], off: undefined },
  ])('$entries → $off', ({ entries, off }) => {
    expect(piOverrideTurningOff(file, entries, base)).toBe(off);
  });
});
