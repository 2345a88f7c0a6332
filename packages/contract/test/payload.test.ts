import { describe, expect, it } from 'vitest';
import { CANONICAL_EVENT_NAMES, type CanonicalEvent } from '../src/events.js';
import { normalizePayload } from '../src/payload.js';

const STOP_EVENTS: CanonicalEvent[] = ['turn:stop', 'subagent:end'];
const base = { session_id: '', transcript_path: '', cwd: '/run', permission_mode: 'default' };

describe('normalizePayload', () => {
  it.each(CANONICAL_EVENT_NAMES.map((event) => [event]))('%s: fills the base fields of an empty payload', (event) => {
    const normalized = normalizePayload(event, {}, { cwd: '/run' });
    const expected = STOP_EVENTS.includes(event) ? { ...base, stop_hook_active: false } : base;
    expect({ ...normalized, hook_event_name: undefined }).toEqual({ ...expected, hook_event_name: undefined });
    expect(Object.keys(normalized).filter((key) => normalized[key] !== undefined).sort()).toEqual(Object.keys(expected).sort());
  });

  it('puts session_id, transcript_path and cwd first', () => {
    const normalized = normalizePayload('tool:before', { tool_name: 'Bash', cwd: '/w', session_id: 's' }, { cwd: '/run' });
    expect(Object.keys(normalized).slice(0, 3)).toEqual(['session_id', 'transcript_path', 'cwd']);
  });

  it('keeps what the host gave, unknown fields included', () => {
    const given = {
      session_id: 'abc',
      transcript_path: '/t.jsonl',
      cwd: '/w',
      permission_mode: 'acceptEdits',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_9',
      tool_response: { stdout: 'a\nb', stderr: '', interrupted: false },
      prompt_id: 'p-1',
      effort: 'high',
      nested: [1, { two: null }],
    };
    const normalized = normalizePayload('tool:after', given, { cwd: '/run' });
    expect({ ...normalized, hook_event_name: undefined }).toEqual({ ...given, hook_event_name: undefined });
    expect(normalized.tool_response).toBe(given.tool_response);
  });

  it('keeps a plain-text tool_response', () => {
    expect(normalizePayload('tool:after', { tool_response: 'ok' }, { cwd: '/' }).tool_response).toBe('ok');
  });

  it('keeps host fields whose names are those of Object.prototype', () => {
    const given = JSON.parse('{"constructor":"c","toString":"t","hasOwnProperty":1,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const normalized = normalizePayload('prompt:submit', given, { cwd: '/' });
    expect(Object.getPrototypeOf(normalized)).toBe(Object.prototype);
    expect(Object.hasOwn(normalized, 'constructor')).toBe(true);
    expect(normalized.constructor).toBe('c');
    expect(normalized.toString).toBe('t');
    expect(normalized.hasOwnProperty).toBe(1);
    expect(Object.getOwnPropertyDescriptor(normalized, '__proto__')?.value).toStrictEqual({ polluted: true });
    expect((normalized as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(normalized))).toStrictEqual({
      session_id: '',
      transcript_path: '',
      cwd: '/',
      permission_mode: 'default',
      constructor: 'c',
      toString: 't',
      hasOwnProperty: 1,
      ['__proto__']: { polluted: true },
    });
  });

  it.each(STOP_EVENTS.map((event) => [event]))('%s: stop_hook_active is false unless the host says otherwise', (event) => {
    expect(normalizePayload(event, {}, { cwd: '/' }).stop_hook_active).toBe(false);
    expect(normalizePayload(event, { stop_hook_active: true }, { cwd: '/' }).stop_hook_active).toBe(true);
    expect(normalizePayload(event, { stop_hook_active: false }, { cwd: '/' }).stop_hook_active).toBe(false);
  });

  it.each(CANONICAL_EVENT_NAMES.filter((event) => !STOP_EVENTS.includes(event)).map((event) => [event]))(
    '%s: no stop_hook_active is added, but a given one is kept',
    (event) => {
      expect(normalizePayload(event, {}, { cwd: '/' })).not.toHaveProperty('stop_hook_active');
      expect(normalizePayload(event, { stop_hook_active: true }, { cwd: '/' }).stop_hook_active).toBe(true);
    },
  );

  it('fills null base fields like missing ones', () => {
    const normalized = normalizePayload('tool:before', { session_id: null, transcript_path: null, cwd: null, permission_mode: null }, { cwd: '/run' });
    expect(normalized).toMatchObject(base);
  });

  it('does not rewrite base fields the host gave with another type', () => {
    const normalized = normalizePayload('tool:before', { session_id: 7, cwd: '' }, { cwd: '/run' });
    expect(normalized.session_id).toBe(7);
    expect(normalized.cwd).toBe('');
  });

  it.each([[undefined], [null], ['text'], [42], [true], [['a', 'b']], [[{ tool_name: 'Bash' }]]])(
    'a payload that is not a plain object (%j) normalises as an empty one',
    (payload) => {
      expect(normalizePayload('turn:stop', payload, { cwd: '/run' })).toEqual({ ...base, stop_hook_active: false });
    },
  );

  it('does not change the payload it was given', () => {
    const given = { tool_name: 'Bash', tool_input: { command: 'ls' } };
    const copy = structuredClone(given);
    normalizePayload('tool:before', given, { cwd: '/run' });
    expect(given).toStrictEqual(copy);
  });
});
