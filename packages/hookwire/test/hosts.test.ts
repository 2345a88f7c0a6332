import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runsTheBridge } from '@hookwire/contract';
import { HOSTS, isInitBridgeCommand, isUserBridgeCommand, renderBridgeCommand, userHost } from '../src/hosts.js';

describe('renderBridgeCommand for a host pinned to its project (Codex)', () => {
  it('needs the project directory', () => {
    expect(() => renderBridgeCommand(HOSTS.codex, 'PreToolUse')).toThrow('projectDir is required');
  });

  it.each([
    ['PreToolUse', 2],
    ['UserPromptSubmit', 2],
    ['PermissionRequest', 2],
    ['PostToolUse', 1],
    ['Stop', 1],
  ])('on %s, a project that is gone exits %i with a reason', (event, code) => {
    const command = renderBridgeCommand(HOSTS.codex, event, '/nonexistent/hookwire-project');
    let status = 0;
    let stderr = '';
    try {
      execFileSync('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      ({ status, stderr } = error as { status: number; stderr: string });
    }
    expect(status).toBe(code);
    expect(String(stderr)).toContain('hookwire: cannot run /nonexistent/hookwire-project/node_modules/.bin/hookwire');
  });

  it("quotes any folder name for sh, and the command stays init's", () => {
    for (const dir of ["/tmp/it's", '/tmp/$(touch x)', '/tmp/a "b" `c`', '/tmp/\\n']) {
      const command = renderBridgeCommand(HOSTS.codex, 'PreToolUse', dir);
      expect(execFileSync('sh', ['-c', `${command.slice(0, command.indexOf(';'))}; printf %s "$d"`], { encoding: 'utf8' })).toBe(dir);
      expect(isInitBridgeCommand(command, HOSTS.codex)).toBe(true);
    }
  });

  it("tells init's commands, of this and earlier versions, from the user's", () => {
    expect(isInitBridgeCommand('cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)" && ./node_modules/.bin/hookwire run --dialect codex --budget 110', HOSTS.codex)).toBe(true);
    expect(isInitBridgeCommand('./node_modules/.bin/hookwire run --dialect codex', HOSTS.codex)).toBe(false);
    expect(isInitBridgeCommand('"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire run --budget 110', HOSTS.claude)).toBe(true);
    expect(isInitBridgeCommand('npx hookwire run', HOSTS.claude)).toBe(false);
  });
});

describe('renderBridgeCommand for a user-level install (init --user)', () => {
  const claude = userHost(HOSTS.claude, '/opt/hookwire/dist/hookwire.cjs', {});

  it.each([
    [HOSTS.claude, 'PreToolUse', 2],
    [HOSTS.claude, 'PostToolUse', 1],
    [HOSTS.gemini, 'BeforeTool', 2],
    [HOSTS.gemini, 'AfterAgent', 1],
    [HOSTS.codex, 'PermissionRequest', 2],
    [HOSTS.copilot, 'preToolUse', 2],
    [HOSTS.cursor, 'stop', 1],
  ] as const)('%#: on %s, a bin that is gone exits %i with a reason', (host, event, code) => {
    const command = renderBridgeCommand(userHost(host, '/nonexistent/hookwire.cjs', {}), event);
    let status = 0;
    let stderr = '';
    try {
      execFileSync('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      ({ status, stderr } = error as { status: number; stderr: string });
    }
    expect(status).toBe(code);
    expect(String(stderr)).toBe(`hookwire: cannot run /nonexistent/hookwire.cjs (hookwire moved, was upgraded to another path, or was removed): install it again, then run hookwire init --user --host ${host.dialect}\n`);
  });

  it('names no project: no host variable, no node_modules, whatever the host', () => {
    for (const host of Object.values(HOSTS)) {
      const command = renderBridgeCommand(userHost(host, '/opt/hookwire/dist/hookwire.cjs', {}), host.events[0]!.name);
      expect(command).not.toMatch(/PROJECT_DIR|node_modules|\bcd\b/);
    }
  });

  it('quotes any bin path for sh, and init knows the command as its own, whatever bin it names', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 24 }).filter((name) => !name.includes('\0')), (name) => {
        const bin = `/tmp/${name}`;
        const command = renderBridgeCommand(userHost(HOSTS.claude, bin, {}), 'PreToolUse');
        expect(execFileSync('sh', ['-c', `${command.slice(0, command.indexOf('; if '))}; printf %s "$b"`], { encoding: 'utf8' })).toBe(bin);
        expect(isInitBridgeCommand(command, claude)).toBe(true);
        expect(isUserBridgeCommand(command)).toBe(true);
        // A different bin in the test than in the run is not init's command.
        expect(isUserBridgeCommand(command.replace(`then ${command.slice(2, command.indexOf('; if '))} run`, "then '/other' run"))).toBe(false);
        // A project's profile never takes it for its own (init --uninstall in a project leaves it).
        expect(isInitBridgeCommand(command, HOSTS.claude)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it('reads as the bridge to whatever looks for `hookwire ... run` (check, doctor), by the run itself, not its message', () => {
    const command = renderBridgeCommand(claude, 'PreToolUse');
    expect(command.startsWith("b='/opt/hookwire/dist/hookwire.cjs'; if [ -x \"$b\" ]; then '/opt/hookwire/dist/hookwire.cjs' run --budget 110; s=$?;")).toBe(true);
    expect(runsTheBridge(command.slice(0, command.indexOf('; s=$?')))).toBe(true);
  });

  it('settings live under $HOME, or in the folder a host variable names', () => {
    expect(Object.fromEntries(Object.entries(HOSTS).map(([name, host]) => [name, userHost(host, '/b', {}).settingsPath]))).toEqual({
      claude: '.claude/settings.json',
      copilot: '.copilot/hooks/hookwire.json',
      cursor: '.cursor/hooks.json',
      gemini: '.gemini/settings.json',
      codex: '.codex/hooks.json',
      crush: '.config/crush/crush.json',
      letta: '.letta/settings.json',
      qwen: '.qwen/settings.json',
    });
    // Crush's folder is a subfolder of the one $XDG_CONFIG_HOME names.
    expect(userHost(HOSTS.crush, '/b', { XDG_CONFIG_HOME: '/x/' }).settingsPath).toBe('/x/crush/crush.json');
    expect(userHost(HOSTS.codex, '/b', { CODEX_HOME: '/srv/codex/' }).settingsPath).toBe('/srv/codex/hooks.json');
    expect(userHost(HOSTS.claude, '/b', { CLAUDE_CONFIG_DIR: '/c' }).settingsPath).toBe('/c/settings.json');
    expect(userHost(HOSTS.copilot, '/b', { COPILOT_HOME: '' }).settingsPath).toBe('.copilot/hooks/hookwire.json');
  });
});
