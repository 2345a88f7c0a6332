import { describe, expect, it } from 'vitest';
import { hasHookwireAncestor, isHookwireCommandLine } from '../../src/bridge/ancestry.js';

describe('isHookwireCommandLine: the processes HOOKWIRE_BRIDGE_DEPTH may name', () => {
  it.each([
    [['node', '/usr/lib/node_modules/hookwire/dist/hookwire.cjs', 'run', '--budget', '110'], true],
    [['node', '/app/node_modules/.bin/hookwire', 'serve'], true],
    [['/usr/local/bin/hookwire', 'listen'], true],
    [['node', '/app/node_modules/@hookwire/stdio-server/lib/index.js', 'run'], true],
    [['node', '/x/hookwire.js', 'run'], true],
    [['claude', '-p', 'hookwire run'], false],
    [['node', '/usr/lib/node_modules/npm/bin/npx-cli.js', 'hookwire', 'run'], false],
    [['sh', '-c', 'hookwire run'], false],
    [['node', '/home/me/hookwire-notes/server.js'], false],
    [['node', '/work/hookwire/node_modules/vitest/vitest.mjs', 'run'], false],
    [['bash', '-c', 'echo', 'x', '/opt/hookwire'], false],
    [[], false],
  ])('%j → %s', (argv, expected) => {
    expect(isHookwireCommandLine(argv)).toBe(expected);
  });
});

describe('hasHookwireAncestor', () => {
  it('is false above a test process (nothing above it is hookwire), and follows the parents to the top', () => {
    expect(hasHookwireAncestor(process.pid)).toBe(false);
  });
});
