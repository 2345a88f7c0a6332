import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/parse-config.js';

const hooksOf = (input: unknown, source?: string) => {
  const result = parseConfig(input, source === undefined ? {} : { source });
  return { diagnostics: result.diagnostics, hooks: result.config?.hooks.map(({ pointer: _p, source: _s, ...spec }) => spec) };
};

describe('host hook configs read as configs, each hook in its host dialect', () => {
  it('.gemini/settings.json: Gemini names, milliseconds converted to seconds', () => {
    const gemini = { hooks: { BeforeTool: [{ matcher: 'run_shell_command', sequential: true, hooks: [{ type: 'command', command: 'guard.sh', timeout: 1500 }] }] } };
    expect(hooksOf(gemini, '/p/.gemini/settings.json')).toEqual({
      diagnostics: [],
      hooks: [{ id: 'BeforeTool#1', event: 'tool:before', eventName: 'BeforeTool', matcher: 'run_shell_command', type: 'command', command: 'guard.sh', dialect: 'gemini', timeout: 1.5 }],
    });
    // Known by a Gemini-only name even without its path; SessionStart there is Gemini's too.
    expect(hooksOf({ hooks: { AfterAgent: [{ hooks: [{ type: 'command', command: 'x', timeout: 60000 }] }], SessionStart: [{ hooks: [{ type: 'command', command: 'y' }] }] } }).hooks).toMatchObject([
      { event: 'turn:stop', dialect: 'gemini', timeout: 60 },
      { event: 'session:start', dialect: 'gemini' },
    ]);
  });

  it('.gemini/settings.json: a bad millisecond timeout and a Claude-only name are precise errors', () => {
    const { diagnostics } = hooksOf({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x' }] }], BeforeTool: [{ hooks: [{ type: 'command', command: 'x', timeout: -1 }] }] } }, '.gemini/settings.json');
    expect(diagnostics).toEqual([
      { severity: 'error', path: '/hooks/PreToolUse', message: 'event "PreToolUse" is neither an event hookwire handles nor a Gemini CLI event (supported: BeforeTool, AfterTool, BeforeAgent, SessionStart, AfterAgent, SessionEnd, PreCompress, Notification)' },
      { severity: 'error', path: '/hooks/BeforeTool/0/hooks/0/timeout', message: 'timeout must be a positive number of milliseconds (Gemini CLI counts in milliseconds) no larger than 2147483000, received -1' },
    ]);
  });

  it('.codex/hooks.json: Claude Code\'s shape, seconds, the codex dialect', () => {
    expect(hooksOf({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'g', timeout: 5 }] }] } }, '/p/.codex/hooks.json').hooks).toEqual([
      { id: 'PreToolUse#1', event: 'tool:before', eventName: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'g', dialect: 'codex', timeout: 5 },
    ]);
    expect(hooksOf({ hooks: { PostToolUseFailure: [{ hooks: [{ type: 'command', command: 'g' }] }] } }, '.codex/hooks.json').diagnostics).toMatchObject([{ severity: 'warning', path: '/hooks/PostToolUseFailure' }]);
  });

  it('.github/hooks/*.json: Copilot CLI\'s flat handlers, camelCase in its dialect, PascalCase in Claude Code\'s, 30 s by default', () => {
    const copilot = {
      version: 1,
      hooks: {
        preToolUse: [{ type: 'command', bash: 'guard.sh', matcher: 'bash', timeoutSec: 10, cwd: 'x' }],
        PreToolUse: [{ type: 'command', command: 'claude-guard.sh' }],
        agentStop: [{ bash: 'stop.sh' }],
      },
    };
    const { diagnostics, hooks } = hooksOf(copilot, '/p/.github/hooks/guard.json');
    expect(diagnostics).toEqual([{ severity: 'warning', path: '/hooks/preToolUse/0/cwd', message: "cwd is not supported by hookwire; the hook runs in the session's working directory with hookwire's environment" }]);
    expect(hooks).toEqual([
      { id: 'preToolUse#1', event: 'tool:before', eventName: 'preToolUse', matcher: 'bash', type: 'command', command: 'guard.sh', dialect: 'copilot', timeout: 10 },
      { id: 'PreToolUse#1', event: 'tool:before', eventName: 'PreToolUse', type: 'command', command: 'claude-guard.sh', dialect: 'claude', timeout: 30 },
      { id: 'agentStop#1', event: 'turn:stop', eventName: 'agentStop', type: 'command', command: 'stop.sh', dialect: 'copilot', timeout: 30 },
    ]);
    expect(hooksOf({ version: 1, hooks: { preToolUse: [{ bash: 'x' }] } }).hooks).toMatchObject([{ dialect: 'copilot' }]);
  });

  it('.cursor/hooks.json: flat handlers, tool-kind events as tool events, failClosed as onError block', () => {
    const cursor = { version: 1, hooks: { beforeShellExecution: [{ command: 'shell-guard.sh', failClosed: true, timeout: 3 }], stop: [{ command: 'stop.sh', loop_limit: 5 }] } };
    expect(hooksOf(cursor, '/p/.cursor/hooks.json')).toEqual({
      diagnostics: [],
      hooks: [
        { id: 'beforeShellExecution#1', event: 'tool:before', eventName: 'beforeShellExecution', matcher: 'Shell', type: 'command', command: 'shell-guard.sh', dialect: 'cursor', timeout: 3, onError: 'block' },
        { id: 'stop#1', event: 'turn:stop', eventName: 'stop', type: 'command', command: 'stop.sh', dialect: 'cursor' },
      ],
    });
  });

  it('a flat file that could be either host\'s is a precise error; a broken one names the field', () => {
    expect(hooksOf({ version: 1, hooks: { preToolUse: [{ command: 'x' }] } }).diagnostics).toMatchObject([{ severity: 'error', path: '/hooks', message: expect.stringMatching(/Copilot CLI .* and Cursor/) }]);
    expect(hooksOf({ version: 1, hooks: { preToolUse: [{ type: 'command', matcher: 'bash' }] } }, '.github/hooks/a.json').diagnostics).toEqual([
      { severity: 'error', path: '/hooks/preToolUse/0/command', message: 'command is required for Copilot CLI command hooks (bash or command): a non-empty string (a shell command)' },
    ]);
    expect(hooksOf({ version: 1, hooks: { prToolUse: [{ command: 'x' }] } }, '.cursor/hooks.json').diagnostics).toEqual([
      { severity: 'error', path: '/hooks/prToolUse', message: 'event "prToolUse" is not a Cursor event hookwire handles; did you mean "preToolUse"?' },
    ]);
  });
});
