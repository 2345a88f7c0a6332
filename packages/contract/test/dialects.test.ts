import { describe, expect, it } from 'vitest';
import { DIALECTS, DIALECT_NAMES, eventNameIn, isDialectName, renderPayload, resolveEvent } from '../src/dialects/index.js';
import { CANONICAL_EVENT_NAMES, type CanonicalEvent } from '../src/events.js';
import { normalizePayload } from '../src/payload.js';

const NAMES: [CanonicalEvent, string][] = [
  ['tool:before', 'PreToolUse'],
  ['tool:after', 'PostToolUse'],
  ['prompt:submit', 'UserPromptSubmit'],
  ['session:start', 'SessionStart'],
  ['turn:stop', 'Stop'],
  ['subagent:start', 'SubagentStart'],
  ['subagent:end', 'SubagentStop'],
  ['session:end', 'SessionEnd'],
  ['tool:error', 'PostToolUseFailure'],
  ['compact:before', 'PreCompact'],
  ['permission:request', 'PermissionRequest'],
  ['notification', 'Notification'],
];

describe('event names', () => {
  it('covers every canonical event', () => {
    expect(NAMES.map(([canonical]) => canonical).sort()).toEqual([...CANONICAL_EVENT_NAMES].sort());
    expect(DIALECT_NAMES).toEqual(Object.keys(DIALECTS));
    expect(DIALECT_NAMES.slice(0, 2)).toEqual(['claude', 'native']);
  });

  it.each(NAMES)('%s <-> claude %s', (canonical, claude) => {
    expect(eventNameIn('claude', canonical)).toBe(claude);
    expect(DIALECTS.claude.events[canonical]).toBe(claude);
    expect(resolveEvent(claude)).toStrictEqual({ canonical, dialect: 'claude' });
  });

  it.each(NAMES)('%s <-> native %s', (canonical) => {
    expect(eventNameIn('native', canonical)).toBe(canonical);
    expect(resolveEvent(canonical)).toStrictEqual({ canonical, dialect: 'native' });
  });

  it.each([
    'pretooluse',
    'PreToolUse ',
    'tool:Before',
    'tool',
    'PostToolBatch',
    'BeforeModel',
    '',
    'constructor',
    '__proto__',
    'toString',
  ])('unknown name %j resolves to undefined', (name) => {
    expect(resolveEvent(name)).toBeUndefined();
  });

  it.each([undefined, null, 1, {}, ['PreToolUse']])('non-string %j resolves to undefined', (name) => {
    expect(resolveEvent(name)).toBeUndefined();
  });

  it('knows its dialect names', () => {
    expect(isDialectName('claude')).toBe(true);
    expect(isDialectName('native')).toBe(true);
    expect(isDialectName('gemini')).toBe(true);
    expect(isDialectName('windsurf')).toBe(false);
    expect(isDialectName('constructor')).toBe(false);
    expect(isDialectName(undefined)).toBe(false);
  });
});

describe('renderPayload', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  const payload = normalizePayload(
    'tool:before',
    {
      tool_name: 'Bash',
      tool_input: { command: 'echo "hi"\nls' },
      tool_use_id: 'toolu_1',
      session_id: 's1',
      prompt_id: 'p1',
    },
    { cwd: '/work' },
  );

  it('claude: compact JSON, exactly one newline, base fields first, the Claude event name', () => {
    const text = renderPayload('claude', 'tool:before', payload, now);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.indexOf('\n')).toBe(text.length - 1);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text))}\n`);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 3)).toEqual(['session_id', 'transcript_path', 'cwd']);
    expect(parsed).toStrictEqual({
      session_id: 's1',
      transcript_path: '',
      cwd: '/work',
      hook_event_name: 'PreToolUse',
      permission_mode: 'default',
      tool_name: 'Bash',
      tool_input: { command: 'echo "hi"\nls' },
      tool_use_id: 'toolu_1',
      prompt_id: 'p1',
    });
  });

  it('native: an envelope with event and ts first and the canonical name', () => {
    const text = renderPayload('native', 'tool:before', payload, now);
    expect(text.indexOf('\n')).toBe(text.length - 1);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text))}\n`);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 5)).toEqual(['event', 'ts', 'session_id', 'transcript_path', 'cwd']);
    expect(parsed).toStrictEqual({
      event: 'tool:before',
      ts: '2026-11-30T12:00:00.000Z',
      session_id: 's1',
      transcript_path: '',
      cwd: '/work',
      hook_event_name: 'tool:before',
      permission_mode: 'default',
      tool_name: 'Bash',
      tool_input: { command: 'echo "hi"\nls' },
      tool_use_id: 'toolu_1',
      prompt_id: 'p1',
    });
  });

  it('native: ts defaults to now, as a parseable ISO-8601 time', () => {
    const before = Date.now();
    const parsed = JSON.parse(renderPayload('native', 'turn:stop', normalizePayload('turn:stop', {}, { cwd: '/' }))) as { ts: string };
    const after = Date.now();
    expect(parsed.ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const ts = Date.parse(parsed.ts);
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(after);
  });

  it('native: host fields named event or ts do not replace the envelope', () => {
    const parsed = JSON.parse(
      renderPayload('native', 'prompt:submit', normalizePayload('prompt:submit', { event: 'x', ts: 0, prompt: 'p' }, { cwd: '/' }), now),
    ) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 2)).toEqual(['event', 'ts']);
    expect(parsed.event).toBe('prompt:submit');
    expect(parsed.ts).toBe('2026-11-30T12:00:00.000Z');
    expect(parsed.prompt).toBe('p');
  });

  it.each(NAMES)('%s: hook_event_name is the name in the hook dialect (claude %s)', (canonical, claude) => {
    const normalized = normalizePayload(canonical, { hook_event_name: 'Wrong' }, { cwd: '/' });
    expect((JSON.parse(renderPayload('claude', canonical, normalized, now)) as Record<string, unknown>).hook_event_name).toBe(claude);
    expect((JSON.parse(renderPayload('native', canonical, normalized, now)) as Record<string, unknown>).hook_event_name).toBe(canonical);
  });

  it('escapes line breaks inside strings, so the payload stays one line', () => {
    const normalized = normalizePayload('prompt:submit', { prompt: 'line one\nline two\r\n\u2028' }, { cwd: '/' });
    for (const dialect of DIALECT_NAMES) {
      const text = renderPayload(dialect, 'prompt:submit', normalized, now);
      if (DIALECTS[dialect].newline) expect(text.split('\n')).toEqual([text.slice(0, -1), '']);
      else expect(text.split('\n')).toEqual([text]);
      expect((JSON.parse(text) as { prompt: string }).prompt).toBe('line one\nline two\r\n\u2028');
    }
  });
});
