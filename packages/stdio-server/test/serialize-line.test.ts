import { describe, expect, it } from 'vitest';
import { serializeLine, serializeResponse } from '../src/serialize-line.js';

const cyclic = (): Record<string, unknown> => {
  const value: Record<string, unknown> = { a: 1 };
  value.self = value;
  return value;
};
const deep = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
};

describe('serializeResponse', () => {
  it('serialises a response as it is', () => {
    expect(serializeResponse({ ok: true, id: 3, pong: true })).toBe('{"ok":true,"id":3,"pong":true}');
  });

  it.each([
    ['a cycle', cyclic()],
    ['nesting 200,000 deep', deep(200_000)],
  ])('an answer holding %s becomes an error that still echoes the id', (_name, value) => {
    for (const id of ['req-1', 0, 42]) {
      const line = JSON.parse(serializeResponse({ ok: true, id, outcome: value, error: 'earlier' })) as Record<string, unknown>;
      expect(line).toEqual({ ok: false, id, error: expect.stringMatching(/^earlier; the response could not be serialized \(/) });
    }
    expect(JSON.parse(serializeResponse({ ok: true, outcome: value }))).toEqual({ ok: false, error: expect.stringMatching(/could not be serialized/) });
  });
});

describe('serializeLine', () => {
  it('keeps the named fields of a record that cannot be serialised', () => {
    expect(JSON.parse(serializeLine({ ts: 't', id: 1, event: 'e', runs: cyclic() }, ['ts', 'id', 'event'], {}))).toEqual({ ts: 't', id: 1, event: 'e', error: expect.stringMatching(/the record could not be serialized/) });
  });
});

describe('serializeResponse with an id that cannot be serialised', () => {
  it('answers without the id rather than not at all', () => {
    const id = deep(200_000);
    expect(JSON.parse(serializeResponse({ ok: false, id, error: 'id must be a string or a number, received object' }))).toEqual({
      ok: false,
      error: expect.stringMatching(/^id must be a string or a number, received object; the response could not be serialized/),
    });
  });
});
