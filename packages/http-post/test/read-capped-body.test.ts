import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCappedBody } from '../src/read-capped-body.js';

describe('readCappedBody', () => {
  it('reads a body under the cap whole', async () => {
    expect(await readCappedBody(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 4)).toEqual({ text: 'abcd', truncated: false });
  });

  it('cuts a body over the cap, stops reading and destroys the stream', async () => {
    let pulled = 0;
    const body = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.from('0123456789'));
      },
    });
    expect(await readCappedBody(body, 25)).toEqual({ text: '0123456789012345678901234', truncated: true });
    expect(body.destroyed).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  it('decodes UTF-8 across chunk boundaries', async () => {
    const bytes = Buffer.from('héllo ✓');
    expect((await readCappedBody(Readable.from([bytes.subarray(0, 2), bytes.subarray(2)]), 100)).text).toBe('héllo ✓');
  });

  it('rejects with the stream error', async () => {
    const body = new Readable({ read() { this.destroy(Object.assign(new Error('boom'), { code: 'EBOOM' })); } });
    await expect(readCappedBody(body, 10)).rejects.toMatchObject({ code: 'EBOOM' });
  });
});
