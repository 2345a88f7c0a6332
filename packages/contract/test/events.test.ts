import { describe, expect, it } from 'vitest';
import { CANONICAL_EVENTS, CANONICAL_EVENT_NAMES, deriveSubject, eventTraits, isCanonicalEvent, type CanonicalEvent } from '../src/events.js';

describe('canonical events', () => {
  it('are the rows of ARCHITECTURE §3, with their blockable and context columns', () => {
    expect(Object.fromEntries(CANONICAL_EVENT_NAMES.map((event) => [event, [eventTraits(event).blockable, eventTraits(event).contextFromStdout]]))).toEqual({
      'tool:before': [true, false],
      'tool:after': [false, false],
      'prompt:submit': [true, true],
      'session:start': [false, true],
      'turn:stop': [true, false],
      'subagent:start': [false, false],
      'subagent:end': [true, false],
      'session:end': [false, false],
      'tool:error': [false, false],
      'compact:before': [true, false],
      'permission:request': [true, false],
      'notification': [false, false],
    });
    expect(CANONICAL_EVENT_NAMES).toEqual(Object.keys(CANONICAL_EVENTS));
  });

  it('recognises canonical names only', () => {
    for (const event of CANONICAL_EVENT_NAMES) expect(isCanonicalEvent(event)).toBe(true);
    for (const name of ['PreToolUse', 'tool', '', 'constructor', 'hasOwnProperty', undefined, null, 3]) expect(isCanonicalEvent(name)).toBe(false);
  });
});

describe('deriveSubject', () => {
  const table: [CanonicalEvent, unknown, string | undefined][] = [
    ['tool:before', { tool_name: 'Bash', tool: 'Read', name: 'Edit' }, 'Bash'],
    ['tool:before', { tool: 'Read', name: 'Edit' }, 'Read'],
    ['tool:before', { name: 'Edit' }, 'Edit'],
    ['tool:before', { tool_name: 3, tool: 'Read' }, 'Read'],
    ['tool:before', { tool_name: null, tool: {}, name: 'Edit' }, 'Edit'],
    ['tool:before', { tool_name: '' }, ''],
    ['tool:before', { source: 'startup', agent_type: 'x' }, undefined],
    ['tool:after', { tool_name: 'mcp__github__create_issue' }, 'mcp__github__create_issue'],
    ['tool:after', {}, undefined],
    ['session:start', { source: 'resume', tool_name: 'Bash' }, 'resume'],
    ['session:start', { source: 1 }, undefined],
    ['session:start', {}, undefined],
    ['subagent:start', { agent_type: 'Explore', tool_name: 'Bash' }, 'Explore'],
    ['subagent:end', { agent_type: 'general-purpose', agent_id: 'a1' }, 'general-purpose'],
    ['subagent:end', { agent_id: 'a1' }, undefined],
    ['prompt:submit', { prompt: 'hi', tool_name: 'Bash', name: 'x' }, undefined],
    ['turn:stop', { tool_name: 'Bash', source: 's', agent_type: 'a' }, undefined],
    ['tool:before', null, undefined],
    ['tool:before', 'Bash', undefined],
    ['tool:before', ['Bash'], undefined],
    ['tool:before', undefined, undefined],
  ];

  it.each(table)('%s %j -> %j', (event, payload, expected) => {
    expect(deriveSubject(event, payload)).toBe(expected);
  });

  it('gives no subject for a name that is not a canonical event', () => {
    expect(deriveSubject('PreToolUse' as CanonicalEvent, { tool_name: 'Bash' })).toBeUndefined();
    expect(deriveSubject('constructor' as CanonicalEvent, { tool_name: 'Bash' })).toBeUndefined();
  });
});
