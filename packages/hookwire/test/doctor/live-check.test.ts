import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DialectName } from '@hookwire/contract';
import { dangerousCommand, readLiveRun, renderShellEvent, type LiveRun } from '../../src/doctor/live-check.js';

// How the live check reads a host command's answer: vectors per dialect, as each host reads it.

const run = (code: number | null, stdout = '', stderr = '', extra: Partial<LiveRun> = {}): LiveRun => ({ code, stdout, stderr, ms: 5, timedOut: false, ...extra });

describe('readLiveRun', () => {
  const cases: { name: string; dialect: DialectName; run: LiveRun; expected: ReturnType<typeof readLiveRun> }[] = [
    { name: 'exit 0, nothing said: allowed', dialect: 'claude', run: run(0), expected: { denied: false } },
    { name: 'exit 0, an empty JSON object', dialect: 'gemini', run: run(0, '{}'), expected: { denied: false } },
    { name: 'exit 2 with a reason: a deny', dialect: 'claude', run: run(2, '', 'no'), expected: { denied: true } },
    { name: 'a JSON deny', dialect: 'claude', run: run(0, JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } })), expected: { denied: true } },
    { name: 'Copilot CLI’s flat deny', dialect: 'copilot', run: run(0, JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: 'no' })), expected: { denied: true } },
    { name: 'a notice for the user', dialect: 'claude', run: run(0, JSON.stringify({ systemMessage: 'hookwire: hook g failed' })), expected: { denied: false, message: 'hookwire: hook g failed' } },
    { name: 'sh could not find the program', dialect: 'claude', run: run(127, '', 'sh: 1: x: not found\n'), expected: { denied: false, problem: 'exited with code 127: sh: 1: x: not found' } },
    { name: 'text that is not JSON', dialect: 'codex', run: run(0, 'hello'), expected: { denied: false, problem: 'answered text that is not JSON: hello' } },
    { name: 'JSON that is not an object', dialect: 'cursor', run: run(0, '[1]'), expected: { denied: false, problem: 'answered JSON that is not an object: [1]' } },
    { name: 'no answer in time', dialect: 'claude', run: run(null, '', '', { timedOut: true }), expected: { denied: false, problem: 'gave no answer within 10 s' } },
  ];
  it.each(cases)('$dialect: $name', ({ dialect, run: given, expected }) => {
    expect(readLiveRun(dialect, given)).toEqual(expected);
  });
});

describe('renderShellEvent', () => {
  it.each([
    ['claude', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }],
    ['gemini', { hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'ls' } }],
    ['codex', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }],
    ['cursor', { hook_event_name: 'preToolUse' }],
  ] as const)('%s: the shell tool call in the host’s names', (dialect, expected) => {
    expect(JSON.parse(renderShellEvent(dialect, 'ls', '/p'))).toMatchObject(expected);
  });

  it('the dangerous command is built, never written out, and is a recursive delete of /', () => {
    expect(dangerousCommand().split(' ')).toEqual(['rm', '-rf', '/']);
  });
});

describe('readLiveRun, whatever the command printed', () => {
  it('never throws, and names a problem for every non-zero exit that is not a deny', () => {
    fc.assert(
      fc.property(fc.constantFrom<DialectName>('claude', 'gemini', 'codex', 'copilot', 'cursor'), fc.option(fc.integer({ min: 0, max: 255 }), { nil: null }), fc.string(), fc.string(), (dialect, code, stdout, stderr) => {
        const read = readLiveRun(dialect, run(code, stdout, stderr));
        expect(typeof read.denied).toBe('boolean');
        if (code !== 0 && !read.denied) expect(read.problem).toBeDefined();
      }),
    );
  });
});
