import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../src/protocol.js';

describe('parseRequest', () => {
  it.each([
    ['{"op":"ping"}', { ok: true, id: undefined, hasId: false, op: 'ping' }],
    ['{"op":"ping","id":7}', { ok: true, id: 7, hasId: true, op: 'ping' }],
    ['{"op":"reload","id":"r"}', { ok: true, id: 'r', hasId: true, op: 'reload' }],
    ['{"op":"bye"}', { ok: true, id: undefined, hasId: false, op: 'bye' }],
    ['{"op":"cancel","target":3}', { ok: true, id: undefined, hasId: false, op: 'cancel', target: 3 }],
    [
      '{"op":"dispatch","event":"PreToolUse","payload":{"tool_name":"Bash"},"subject":"Bash","cwd":"/w","id":1}',
      { ok: true, id: 1, hasId: true, op: 'dispatch', event: 'PreToolUse', payload: { tool_name: 'Bash' }, subject: 'Bash', cwd: '/w' },
    ],
    ['{"op":"dispatch","event":"Stop"}', { ok: true, id: undefined, hasId: false, op: 'dispatch', event: 'Stop', payload: undefined, subject: undefined, cwd: undefined }],
  ])('accepts %s', (line, expected) => {
    expect(parseRequest(line)).toEqual(expected);
  });

  it.each([
    ['not json', undefined, false, /^request is not valid JSON: /],
    ['[1,2]', undefined, false, /^request must be a JSON object, received array$/],
    ['"ping"', undefined, false, /^request must be a JSON object, received string$/],
    ['null', undefined, false, /^request must be a JSON object, received null$/],
    ['{"id":1}', 1, true, /^request has no "op"/],
    ['{"op":5,"id":"x"}', 'x', true, /^op must be a string, received number$/],
    ['{"op":"launch","id":2}', 2, true, /^unknown op "launch"/],
    ['{"op":"ping","id":{"a":1}}', { a: 1 }, true, /^id must be a string or a number, received object$/],
    ['{"op":"ping","id":null}', null, true, /^id must be a string or a number, received null$/],
    ['{"op":"cancel"}', undefined, false, /^cancel needs "target"/],
    ['{"op":"dispatch","payload":{}}', undefined, false, /^dispatch needs "event" as a string, received undefined$/],
    ['{"op":"dispatch","event":"Stop","payload":[]}', undefined, false, /^dispatch "payload" must be a JSON object, received array$/],
    ['{"op":"dispatch","event":"Stop","subject":1}', undefined, false, /^dispatch "subject" must be a string, received number$/],
    ['{"op":"dispatch","event":"Stop","cwd":false}', undefined, false, /^dispatch "cwd" must be a string, received boolean$/],
  ])('refuses %s with a precise error and the id to echo', (line, id, hasId, message) => {
    const parsed = parseRequest(line);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.id).toEqual(id);
    expect(parsed.hasId).toBe(hasId);
    expect(parsed.error).toMatch(message);
  });

  it('never throws, whatever the line', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((v) => JSON.stringify(v))), (line) => {
        const parsed = parseRequest(line);
        expect(typeof parsed.ok).toBe('boolean');
        if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(0);
      }),
    );
  });
});
