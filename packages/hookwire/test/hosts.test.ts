import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HOSTS, isInitBridgeCommand, renderBridgeCommand } from '../src/hosts.js';

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
