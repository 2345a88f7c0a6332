import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestSchema, ResponseSchema, parseRequest, readRequest } from '../../src/index.js';

const id = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined), fc.array(fc.integer(), { maxLength: 2 }));
const field = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }), fc.array(fc.integer(), { maxLength: 2 }));
const op = fc.oneof(fc.constantFrom('ping', 'dispatch', 'reload', 'bye', 'cancel', 'fly'), field);

/** Request-like objects: every protocol field present or absent, right-typed or not. */
const requestLike = fc
  .record({ op, id, target: fc.oneof(id, field), event: field, payload: field, subject: field, cwd: field }, { requiredKeys: [] })
  .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));

describe('the protocol schemas', () => {
  it('accept exactly the requests the fast parser accepts', () => {
    fc.assert(
      fc.property(requestLike, (request) => {
        const parsed = readRequest(request);
        expect(RequestSchema.safeParse(request).success).toBe(parsed.ok);
        expect(parseRequest(JSON.stringify(request)).ok).toBe(parsed.ok);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [{ ok: true, pong: true, version: '1.0.0', protocol: 1 }],
    [{ ok: true, id: 3, canonical: 'tool:before', outcome: { decision: 'none', continue: true, additionalContext: [], systemMessage: [], downgraded: false }, runs: [] }],
    [{ ok: false, error: 'config has 1 error', diagnostics: [{ severity: 'error', path: '/hooks/0', message: 'x' }] }],
    [{ ok: true, diagnostics: [] }],
    [{ ok: true, id: 'b' }],
    [{ ok: false, id: 'x', error: 'canceled' }],
  ])('accept the documented response %j', (response) => {
    expect(ResponseSchema.safeParse(response).success).toBe(true);
  });

  it.each([
    [{ ok: 'yes' }],
    [{ ok: false }],
    [{ ok: true, canonical: 'tool:sideways', outcome: { decision: 'none', continue: true, additionalContext: [], systemMessage: [], downgraded: false }, runs: [] }],
    [{ ok: true, pong: true, version: 1, protocol: 1 }],
  ])('refuse the malformed response %j', (response) => {
    expect(ResponseSchema.safeParse(response).success).toBe(false);
  });
});
