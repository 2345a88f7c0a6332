import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBridgePayload, readBridgeInput } from '../../src/bridge/payload.js';

describe('parseBridgePayload', () => {
  it.each([
    ['PreToolUse', 'tool:before'],
    ['PostToolUse', 'tool:after'],
    ['UserPromptSubmit', 'prompt:submit'],
    ['SessionStart', 'session:start'],
    ['Stop', 'turn:stop'],
    ['SubagentStart', 'subagent:start'],
    ['SubagentStop', 'subagent:end'],
  ])('knows %s as %s', (name, event) => {
    const text = `{"session_id":"s","cwd":"/w","hook_event_name":"${name}"}\n`;
    expect(parseBridgePayload(text)).toEqual({ ok: true, payload: { session_id: 's', cwd: '/w', hook_event_name: name }, event, eventName: name });
  });

  it.each([
    ['{"hook_event_name":"PostToolBatch"}', 'PostToolBatch'],
    ['{"hook_event_name":"PostCompact"}', 'PostCompact'],
    ['{"hook_event_name":"StopFailure"}', 'StopFailure'],
    ['{"hook_event_name":"tool:before"}', 'tool:before'],
    ['{"hook_event_name":"pretooluse"}', 'pretooluse'],
    ['{"hook_event_name":5}', undefined],
    ['{}', undefined],
  ])('leaves the event of %s undefined', (text, eventName) => {
    const parsed = parseBridgePayload(text);
    expect(parsed).toMatchObject({ ok: true, event: undefined, eventName });
  });

  it('skips white space around the object', () => {
    expect(parseBridgePayload(' \n{"hook_event_name":"Stop"}  \n\n')).toMatchObject({ ok: true, event: 'turn:stop' });
  });

  it.each([
    ['', /^no hook payload on stdin \(it was empty\)$/],
    [' \n', /^no hook payload on stdin \(it was empty\)$/],
    ['not json', /^the hook payload on stdin is not valid JSON: /],
    ['{"hook_event_name":"Stop"', /^the hook payload on stdin is not valid JSON: /],
    ['[1,2]', /^the hook payload on stdin must be a JSON object, received an array$/],
    ['null', /^the hook payload on stdin must be a JSON object, received null$/],
    ['"PreToolUse"', /^the hook payload on stdin must be a JSON object, received a string$/],
    ['42', /^the hook payload on stdin must be a JSON object, received a number$/],
  ])('refuses %j', (text, message) => {
    const parsed = parseBridgePayload(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(typeof parseBridgePayload(text).ok).toBe('boolean');
      }),
    );
  });
});

describe('readBridgeInput', () => {
  it('reads to the end of input', async () => {
    const input = new PassThrough();
    input.end('{"a":\n1}');
    expect(await readBridgeInput(input)).toBe('{"a":\n1}');
  });

  it('answers once a line completes a JSON document, even if the host keeps stdin open', async () => {
    const input = new PassThrough();
    input.write('{"hook_event_name":');
    input.write('"Stop"}\n');
    expect(await readBridgeInput(input)).toBe('{"hook_event_name":"Stop"}\n');
    input.destroy();
  });

  it('keeps reading a pretty-printed object until it is complete', async () => {
    const input = new PassThrough();
    input.write('{\n  "a": {\n    "b": 1\n  }\n');
    input.write('}\n');
    expect(await readBridgeInput(input)).toBe('{\n  "a": {\n    "b": 1\n  }\n}\n');
    input.destroy();
  });

  it('decodes UTF-8 split across chunks', async () => {
    const input = new PassThrough();
    const bytes = Buffer.from('{"prompt":"ü€"}\n');
    input.write(bytes.subarray(0, 13));
    input.end(bytes.subarray(13));
    expect(await readBridgeInput(input)).toBe('{"prompt":"ü€"}\n');
  });
});
