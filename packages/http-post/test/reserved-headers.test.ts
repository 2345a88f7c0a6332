import { describe, expect, it } from 'vitest';
import { isReservedHeader } from '../src/post-and-read.js';

describe('isReservedHeader', () => {
  it.each(['content-length', 'Content-Length', 'TRANSFER-ENCODING', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer'])('%s is the client\'s', (name) => {
    expect(isReservedHeader(name)).toBe(true);
  });

  it.each(['content-type', 'authorization', 'x-te', 'trailers', ''])('%j is the hook\'s', (name) => {
    expect(isReservedHeader(name)).toBe(false);
  });
});
