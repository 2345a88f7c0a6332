import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderBridgeCommand, HOSTS } from '../../src/hosts.js';
import { addBridge, isInitBridgeHook, listNpxBridges, removeBridge } from '../../src/init/settings-bridge.js';

const claude = HOSTS.claude;
const FILE = '.claude/settings.json';
const BRIDGE = { type: 'command', command: renderBridgeCommand(claude), timeout: 120 };
const EVENTS = [
  'PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop',
  'SessionEnd', 'PostToolUseFailure', 'PreCompact', 'PermissionRequest', 'Notification',
];

describe('addBridge', () => {
  it('adds one entry per event to an empty settings object, with a matcher where Claude Code takes one', () => {
    const { settings, changed, alreadyBridged } = addBridge({}, claude, FILE);
    expect(changed).toEqual(EVENTS);
    expect(alreadyBridged).toEqual([]);
    expect(settings).toEqual({
      hooks: {
        PreToolUse: [{ matcher: '*', hooks: [BRIDGE] }],
        PostToolUse: [{ matcher: '*', hooks: [BRIDGE] }],
        UserPromptSubmit: [{ hooks: [BRIDGE] }],
        SessionStart: [{ matcher: '*', hooks: [BRIDGE] }],
        Stop: [{ hooks: [BRIDGE] }],
        SubagentStart: [{ matcher: '*', hooks: [BRIDGE] }],
        SubagentStop: [{ matcher: '*', hooks: [BRIDGE] }],
        SessionEnd: [{ matcher: '*', hooks: [BRIDGE] }],
        PostToolUseFailure: [{ matcher: '*', hooks: [BRIDGE] }],
        PreCompact: [{ matcher: '*', hooks: [BRIDGE] }],
        PermissionRequest: [{ matcher: '*', hooks: [BRIDGE] }],
        Notification: [{ matcher: '*', hooks: [BRIDGE] }],
      },
    });
    expect(BRIDGE.command).toBe('"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire run --budget 110');
  });

  it("keeps the user's settings, hooks and key order, appending after the user's entries", () => {
    const user = { model: 'opus', hooks: { PostToolBatch: [{ hooks: [{ type: 'command', command: 'notify' }] }], Stop: [{ hooks: [{ type: 'command', command: 'lint' }] }] }, env: { A: '1' } };
    const { settings } = addBridge(user, claude, FILE);
    expect(Object.keys(settings)).toEqual(['model', 'hooks', 'env']);
    expect(Object.keys(settings.hooks as object)).toEqual(['PostToolBatch', 'Stop', ...EVENTS.filter((event) => event !== 'Stop')]);
    expect((settings.hooks as Record<string, unknown>).Stop).toEqual([{ hooks: [{ type: 'command', command: 'lint' }] }, { hooks: [BRIDGE] }]);
    expect(user.hooks.Stop).toHaveLength(1);
  });

  it('leaves alone an event where a hook already runs a hookwire bridge, however written', () => {
    const user = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'npx hookwire run --config x.json' }] }] } };
    const { settings, changed, alreadyBridged } = addBridge(user, claude, FILE);
    expect(alreadyBridged).toEqual(['PreToolUse']);
    expect(changed).not.toContain('PreToolUse');
    expect((settings.hooks as Record<string, unknown>).PreToolUse).toEqual(user.hooks.PreToolUse);
  });

  it('refuses hooks of the wrong shape with the field and what it received', () => {
    expect(() => addBridge({ hooks: [] }, claude, FILE)).toThrow('.claude/settings.json: "hooks" must be an object of event names, received array []');
    expect(() => addBridge({ hooks: { Stop: {} } }, claude, FILE)).toThrow('.claude/settings.json: "hooks.Stop" must be an array, received object {}');
  });
});

describe('listNpxBridges', () => {
  it('names the events whose bridge runs through npx, and only those', () => {
    const hook = (command: string) => [{ hooks: [{ type: 'command', command }] }];
    const settings = {
      hooks: {
        PreToolUse: hook('npx hookwire run --config x.json'),
        Stop: hook('cd "$CLAUDE_PROJECT_DIR" && npx -y hookwire run'),
        PostToolUse: hook(BRIDGE.command),
        Notification: hook('npx prettier --check'),
      },
    };
    expect(listNpxBridges(settings)).toEqual(['PreToolUse', 'Stop']);
    expect(listNpxBridges({})).toEqual([]);
  });
});

describe('removeBridge and isInitBridgeHook', () => {
  it("removes init's hooks, with their flags edited, and keeps the user's own in the same entry", () => {
    const settings = {
      hooks: {
        PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'guard' }, { ...BRIDGE, command: `${claude.bridgeProgram} run --budget 50 --pass-allow` }] }],
        Stop: [{ hooks: [BRIDGE] }],
        PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'npx hookwire run' }] }],
      },
    };
    const { settings: after, changed } = removeBridge(settings, claude, FILE);
    expect(changed).toEqual(['PreToolUse', 'Stop']);
    expect(after).toEqual({ hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'guard' }] }], PostToolUse: settings.hooks.PostToolUse } });
  });

  it('recognises only the command init writes', () => {
    expect(isInitBridgeHook(BRIDGE, claude)).toBe(true);
    expect(isInitBridgeHook({ type: 'command', command: `${claude.bridgeProgram} run` }, claude)).toBe(true);
    expect(isInitBridgeHook({ type: 'command', command: `${claude.bridgeProgram} runner` }, claude)).toBe(false);
    expect(isInitBridgeHook({ type: 'http', command: BRIDGE.command }, claude)).toBe(false);
    expect(isInitBridgeHook({ type: 'command', command: 'npx hookwire run' }, claude)).toBe(false);
  });
});

/** User settings as Claude Code holds them: other keys, and hooks of the user's (never an empty list, never init's own). */
const userCommand = fc.stringMatching(/^[a-z./ -]{1,20}$/).filter((command) => !/hookwire/.test(command));
const userGroup = fc.record({ matcher: fc.option(fc.constantFrom('*', 'Bash', 'Edit|Write'), { nil: undefined }), hooks: fc.array(fc.record({ type: fc.constant('command'), command: userCommand }), { minLength: 1, maxLength: 3 }) }, { requiredKeys: ['hooks'] });
const userSettings = fc.record(
  {
    model: fc.string(),
    hooks: fc.dictionary(fc.constantFrom(...EVENTS, 'Notification', 'PreCompact'), fc.array(userGroup, { minLength: 1, maxLength: 3 }), { minKeys: 1 }),
    permissions: fc.record({ allow: fc.array(fc.string(), { maxLength: 3 }) }),
  },
  { requiredKeys: [] },
);

describe('properties', () => {
  it('removing what was added gives back the settings, key order included', () => {
    fc.assert(
      fc.property(userSettings, (settings) => {
        const added = addBridge(settings, claude, FILE).settings;
        const restored = removeBridge(added, claude, FILE).settings;
        expect(JSON.stringify(restored)).toBe(JSON.stringify(settings));
      }),
    );
  });

  it('adding twice is adding once', () => {
    fc.assert(
      fc.property(userSettings, (settings) => {
        const once = addBridge(settings, claude, FILE).settings;
        const twice = addBridge(once, claude, FILE);
        expect(twice.changed).toEqual([]);
        expect(JSON.stringify(twice.settings)).toBe(JSON.stringify(once));
      }),
    );
  });

  it('every event runs the bridge exactly once after adding, and every user hook is still there in order', () => {
    fc.assert(
      fc.property(userSettings, (settings) => {
        const added = addBridge(settings, claude, FILE).settings as { hooks: Record<string, { hooks: unknown[] }[]> };
        for (const event of EVENTS) expect(added.hooks[event]!.flatMap((group) => group.hooks).filter((hook) => isInitBridgeHook(hook, claude))).toHaveLength(1);
        for (const [event, groups] of Object.entries(settings.hooks ?? {})) expect(added.hooks[event]!.slice(0, groups.length)).toEqual(groups);
      }),
    );
  });
});
