import { describe, expect, it } from 'vitest';
import { buildWebhookHeaders } from '../src/build-http-headers.js';

describe('buildWebhookHeaders', () => {
  it('sets Content-Type: application/json and adds the expanded hook headers, names lower-cased', () => {
    expect(buildWebhookHeaders({ 'X-Token': '$T' }, ['T'], { T: 'v' })).toEqual({
      headers: { 'content-type': 'application/json', 'x-token': 'v' },
      warnings: [],
    });
  });

  it('lets a hook set its own Content-Type', () => {
    expect(buildWebhookHeaders({ 'Content-Type': 'application/json; charset=utf-8' }, [], {}).headers).toEqual({ 'content-type': 'application/json; charset=utf-8' });
  });

  it.each(['Content-Length', 'transfer-encoding', 'Connection', 'Keep-Alive', 'Upgrade', 'Expect', 'TE', 'Trailer'])('drops %s with a warning', (name) => {
    expect(buildWebhookHeaders({ [name]: 'x' }, [], {})).toEqual({
      headers: { 'content-type': 'application/json' },
      warnings: [`header "${name}" is set by the HTTP client; the configured value is not sent`],
    });
  });
});
