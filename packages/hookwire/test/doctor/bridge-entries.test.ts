import { describe, expect, it } from 'vitest';
import { listBridgeEntries } from '../../src/doctor/bridge-entries.js';
import { HOSTS, renderBridgeCommand } from '../../src/hosts.js';

// Which hooks of a host settings object run the bridge: vectors for each layout and each way of writing it.

const claudeBridge = renderBridgeCommand(HOSTS.claude, 'PreToolUse');
const copilotBridge = renderBridgeCommand(HOSTS.copilot, 'preToolUse');

describe('listBridgeEntries', () => {
  const cases: { name: string; host: keyof typeof HOSTS; settings: unknown; expected: { event: string; command: string }[] }[] = [
    { name: 'init’s grouped entry', host: 'claude', settings: { hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: claudeBridge }] }] } }, expected: [{ event: 'PreToolUse', command: claudeBridge }] },
    { name: 'the bridge through npx', host: 'claude', settings: { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'npx hookwire run' }] }] } }, expected: [{ event: 'Stop', command: 'npx hookwire run' }] },
    { name: 'a user hook beside the bridge is not the bridge', host: 'claude', settings: { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: './guard.sh' }, { type: 'command', command: claudeBridge }] }] } }, expected: [{ event: 'PreToolUse', command: claudeBridge }] },
    { name: '`hookwire check` is not the bridge', host: 'claude', settings: { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'hookwire check' }] }] } }, expected: [] },
    { name: 'an http hook is not a command', host: 'claude', settings: { hooks: { PreToolUse: [{ hooks: [{ type: 'http', command: 'hookwire run', url: 'http://x' }] }] } }, expected: [] },
    { name: 'Copilot CLI’s flat handler in its bash field', host: 'copilot', settings: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: copilotBridge, timeoutSec: 120 }] } }, expected: [{ event: 'preToolUse', command: copilotBridge }] },
    { name: 'Copilot CLI’s cross-platform command field', host: 'copilot', settings: { version: 1, hooks: { preToolUse: [{ command: 'hookwire run --dialect copilot --event preToolUse' }] } }, expected: [{ event: 'preToolUse', command: 'hookwire run --dialect copilot --event preToolUse' }] },
    { name: 'Cursor’s handler without a type', host: 'cursor', settings: { version: 1, hooks: { stop: [{ command: 'hookwire run --dialect cursor' }] } }, expected: [{ event: 'stop', command: 'hookwire run --dialect cursor' }] },
    { name: 'no hooks key', host: 'claude', settings: { theme: 'dark' }, expected: [] },
    { name: 'hooks of the wrong shape', host: 'claude', settings: { hooks: { PreToolUse: 'hookwire run' } }, expected: [] },
    { name: 'not an object', host: 'claude', settings: ['hookwire run'], expected: [] },
  ];
  it.each(cases)('$name', ({ host, settings, expected }) => {
    expect(listBridgeEntries(settings, HOSTS[host])).toEqual(expected);
  });
});
