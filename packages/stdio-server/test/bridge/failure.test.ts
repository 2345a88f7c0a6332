import type { CanonicalEvent } from '@hookwire/contract';
import { describe, expect, it } from 'vitest';
import { renderBridgeFailure } from '../../src/bridge/failure.js';

describe('renderBridgeFailure', () => {
  it.each<[CanonicalEvent | undefined, 'warn' | 'block', 1 | 2]>([
    [undefined, 'warn', 1],
    ['tool:before', 'warn', 1],
    ['turn:stop', 'warn', 1],
    [undefined, 'block', 2],
    ['tool:before', 'block', 2],
    ['prompt:submit', 'block', 2],
    ['turn:stop', 'block', 2],
    ['subagent:end', 'block', 2],
    ['tool:after', 'block', 1],
    ['session:start', 'block', 1],
    ['subagent:start', 'block', 1],
  ])('event %s with --on-error %s exits %i', (event, onError, exitCode) => {
    expect(renderBridgeFailure(event, 'the config is broken', onError)).toEqual({ exitCode, stderr: 'hookwire run: the config is broken\n' });
  });

  it('ends the reason with exactly one newline', () => {
    expect(renderBridgeFailure(undefined, 'two\nlines\n', 'warn').stderr).toBe('hookwire run: two\nlines\n');
  });
});
