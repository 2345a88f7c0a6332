import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderBridgeCommand, HOSTS } from '../../src/hosts.js';
import { addBridge, removeBridge } from '../../src/init/settings-bridge.js';
import { addBridgeToText, removeBridgeFromText } from '../../src/init/settings-text.js';

const claude = HOSTS.claude;
const FILE = '.claude/settings.json';
const EVENTS = [
  'PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop',
  'SessionEnd', 'PostToolUseFailure', 'PreCompact', 'PermissionRequest', 'Notification',
];

/** examples/claude-settings.json's layout: the file and `hooks` on lines, each event's list compact on one line. */
function renderMixed(settings: Record<string, unknown>, indent: string): string {
  const lines = Object.entries(settings).map(([key, value]) => {
    if (key !== 'hooks') return `${indent}${JSON.stringify(key)}: ${JSON.stringify(value)}`;
    const events = Object.entries(value as Record<string, unknown>).map(([event, groups]) => `${indent}${indent}${JSON.stringify(event)}: ${JSON.stringify(groups).replaceAll('":', '": ').replaceAll(',"', ', "')}`);
    return `${indent}"hooks": {\n${events.join(',\n')}\n${indent}}`;
  });
  return lines.length === 0 ? '{}\n' : `{\n${lines.join(',\n')}\n}\n`;
}

const LAYOUTS: Record<string, (settings: Record<string, unknown>) => string> = {
  'two spaces': (settings) => `${JSON.stringify(settings, null, 2)}\n`,
  'four spaces, no final newline': (settings) => JSON.stringify(settings, null, 4),
  tabs: (settings) => `${JSON.stringify(settings, null, '\t')}\n`,
  CRLF: (settings) => `${JSON.stringify(settings, null, 2).replaceAll('\n', '\r\n')}\r\n`,
  'one line': (settings) => JSON.stringify(settings),
  'compact lists': (settings) => renderMixed(settings, '  '),
};

const userCommand = fc.stringMatching(/^[a-z./ -]{1,20}$/).filter((command) => !/hookwire/.test(command));
const userGroup = fc.record({ matcher: fc.option(fc.constantFrom('*', 'Bash', 'Edit|Write'), { nil: undefined }), hooks: fc.array(fc.record({ type: fc.constant('command'), command: userCommand }), { minLength: 1, maxLength: 3 }) }, { requiredKeys: ['hooks'] });
const userSettings = fc.record(
  {
    model: fc.string(),
    hooks: fc.dictionary(fc.constantFrom(...EVENTS, 'PostToolBatch'), fc.array(userGroup, { minLength: 1, maxLength: 2 }), { minKeys: 1 }),
    permissions: fc.record({ allow: fc.array(fc.string(), { maxLength: 2 }) }),
  },
  { requiredKeys: [] },
);

describe('addBridgeToText and removeBridgeFromText', () => {
  for (const [name, render] of Object.entries(LAYOUTS)) {
    it(`(${name}) add what addBridge means, and removing it gives back every byte`, () => {
      fc.assert(
        fc.property(userSettings, (settings) => {
          const text = render(settings);
          const added = addBridgeToText(text, claude, FILE);
          expect(JSON.stringify(JSON.parse(added.text))).toBe(JSON.stringify(addBridge(settings, claude, FILE).settings));
          const removed = removeBridgeFromText(added.text, claude, FILE);
          expect(JSON.stringify(removed.settings)).toBe(JSON.stringify(removeBridge(JSON.parse(added.text), claude, FILE).settings));
          expect(removed.text).toBe(text);
        }),
        { numRuns: 60 },
      );
    });
  }

  it("only inserts: every line of the user's compact file is still there, in order", () => {
    const text = renderMixed({ model: 'opus', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'lint' }] }], PostToolBatch: [{ hooks: [{ type: 'command', command: 'ping' }] }] } }, '  ');
    const added = addBridgeToText(text, claude, FILE).text;
    expect(added).toBe(
      [
        '{',
        '  "model": "opus",',
        '  "hooks": {',
        `    "Stop": [{"hooks": [{"type": "command", "command": "lint"}]}, {"hooks": [{"type": "command", "command": ${JSON.stringify(renderBridgeCommand(claude))}, "timeout": 120}]}],`,
        '    "PostToolBatch": [{"hooks": [{"type": "command", "command": "ping"}]}],',
        '    "PreToolUse": [',
        '      {',
        '        "matcher": "*",',
      ].join('\n') + '\n' + added.split('\n').slice(8).join('\n'),
    );
    let at = 0;
    for (const line of text.split('\n').filter((l) => !l.includes('"Stop"') && !l.includes('"PostToolBatch"'))) {
      const found = added.indexOf(line, at);
      expect(found, line).toBeGreaterThanOrEqual(at);
      at = found + line.length;
    }
  });

  it('writes a new file with two spaces and a final newline', () => {
    const { text } = addBridgeToText(undefined, claude, FILE);
    expect(text).toBe(`${JSON.stringify(addBridge({}, claude, FILE).settings, null, 2)}\n`);
  });

  it('leaves the text alone when nothing changes', () => {
    const text = '{ "model":"x" ,\n "hooks": {} }';
    expect(removeBridgeFromText(text, claude, FILE).text).toBe(text);
    const once = addBridgeToText(text, claude, FILE).text;
    expect(addBridgeToText(once, claude, FILE).text).toBe(once);
  });
});
