import type { CanonicalEvent } from '@hookwire/contract';
import { describe, expect, it } from 'vitest';
import { renderBridgeFailure } from '../../src/bridge/failure.js';

describe('renderBridgeFailure', () => {
  it.each<[CanonicalEvent | undefined, boolean | undefined, 'warn' | 'block', 0 | 2]>([
    [undefined, undefined, 'warn', 0],
    ['tool:before', undefined, 'warn', 0],
    ['turn:stop', false, 'warn', 0],
    [undefined, undefined, 'block', 2],
    ['tool:before', undefined, 'block', 2],
    ['prompt:submit', undefined, 'block', 2],
    ['turn:stop', false, 'block', 2],
    ['subagent:end', false, 'block', 2],
    ['turn:stop', true, 'block', 0],
    ['subagent:end', true, 'block', 0],
    ['turn:stop', undefined, 'block', 0],
    ['tool:after', undefined, 'block', 0],
    ['session:start', undefined, 'block', 0],
    ['subagent:start', undefined, 'block', 0],
  ])('event %s (stop_hook_active %s) with --on-error %s exits %i', (event, stopHookActive, onError, exitCode) => {
    const failure = renderBridgeFailure({ event, stopHookActive }, 'the config is broken', onError);
    expect(failure.exitCode).toBe(exitCode);
    expect(failure.notice).toMatch(/^hookwire run: the config is broken \(.+\)$/);
    expect(failure.stderr).toBe(`${failure.notice}\n`);
    expect(failure.stdout).toBe(exitCode === 0 ? `${JSON.stringify({ systemMessage: failure.notice })}\n` : '');
  });

  it('names the event and what was done about it', () => {
    expect(renderBridgeFailure({ event: 'tool:before', stopHookActive: undefined }, 'x', 'warn').notice).toBe(
      'hookwire run: x (no hookwire hook ran for PreToolUse, nothing was blocked)',
    );
    expect(renderBridgeFailure({ event: 'tool:before', stopHookActive: undefined }, 'x', 'block').notice).toBe('hookwire run: x (--on-error block: blocking PreToolUse)');
    expect(renderBridgeFailure({ event: 'turn:stop', stopHookActive: true }, 'x', 'block').notice).toBe(
      'hookwire run: x (--on-error block: not blocking Stop again (stop_hook_active is true), so this failure cannot loop the session; no hookwire hook ran)',
    );
  });

  it('puts the first line in the notice and the rest on stderr after it', () => {
    const failure = renderBridgeFailure({ event: undefined, stopHookActive: undefined }, 'two\nlines\n', 'warn');
    expect(failure.stderr).toBe(`${failure.notice}\nlines\n`);
    expect(failure.notice).toBe('hookwire run: two (no hookwire hook ran, nothing was blocked)');
  });

  it('keeps a long problem below Claude Code\'s systemMessage cap', () => {
    const failure = renderBridgeFailure({ event: undefined, stopHookActive: undefined }, 'x'.repeat(50_000), 'warn');
    expect(failure.notice.length).toBeLessThan(10_000);
    expect(failure.notice).toMatch(/… \(no hookwire hook ran, nothing was blocked\)$/);
  });

  // Codex 0.171 shows a hook's systemMessage in its interactive UI only; no answer a hook can give
  // is shown by `codex exec` (test/hosts/codex-native.test.ts), and an exit 1 would replace the
  // notice in the UI by "hook exited with code 1". So the codex failure stays a systemMessage.
  it.each<CanonicalEvent>(['session:start', 'prompt:submit', 'tool:before', 'tool:after', 'turn:stop', 'subagent:start', 'subagent:end'])(
    'answers Codex on %s under --on-error warn with exit 0 and only the notice as systemMessage',
    (event) => {
      const failure = renderBridgeFailure({ event, stopHookActive: false }, 'the config is broken', 'warn', 'codex');
      expect(failure.exitCode).toBe(0);
      expect(JSON.parse(failure.stdout)).toEqual({ systemMessage: failure.notice });
      expect(failure.stderr).toBe(`${failure.notice}\n`);
    },
  );
});
