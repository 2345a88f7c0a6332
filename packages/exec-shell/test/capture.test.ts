import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../src/capture.js';

async function capture(chunks: readonly Uint8Array[], maxBytes: number) {
  const stream = new PassThrough();
  const captured = captureOutput(stream, maxBytes);
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await captured.closed;
  return captured;
}

describe('captureOutput', () => {
  it.each([
    { chunks: ['abc', 'def'], maxBytes: 100, text: 'abcdef', truncated: false },
    { chunks: ['abc', 'def'], maxBytes: 6, text: 'abcdef', truncated: false },
    { chunks: ['abc', 'def'], maxBytes: 4, text: 'abcd', truncated: true },
    { chunks: ['abc', 'def', 'ghi'], maxBytes: 3, text: 'abc', truncated: true },
    { chunks: ['abc'], maxBytes: 0, text: '', truncated: true },
    { chunks: [], maxBytes: 0, text: '', truncated: false },
  ])('keeps $maxBytes bytes of $chunks', async ({ chunks, maxBytes, text, truncated }) => {
    const captured = await capture(chunks.map((chunk) => Buffer.from(chunk)), maxBytes);
    expect([captured.text(), captured.truncated, captured.isClosed]).toEqual([text, truncated, true]);
  });

  it('decodes a character split across chunks, and invalid bytes as U+FFFD', async () => {
    const euro = Buffer.from('€');
    const captured = await capture([euro.subarray(0, 1), euro.subarray(1), Buffer.from([0x20, 0xff, 0x20])], 100);
    expect(captured.text()).toBe('€ \uFFFD ');
  });

  it('keeps reading past the cap, so the writer never blocks', async () => {
    const stream = new PassThrough({ highWaterMark: 16 });
    const captured = captureOutput(stream, 8);
    let accepted = 0;
    for (let index = 0; index < 1000; index += 1) if (stream.write(Buffer.alloc(64, 1))) accepted += 1;
    stream.end();
    await captured.closed;
    expect(captured.text()).toBe('\u0001'.repeat(8));
    expect(captured.truncated).toBe(true);
    expect(accepted).toBeGreaterThan(0);
  });

  it('resolves closed when destroyed mid-stream', async () => {
    const stream = new PassThrough();
    const captured = captureOutput(stream, 100);
    stream.write('partial');
    await new Promise((resolve) => setImmediate(resolve));
    captured.destroy();
    await captured.closed;
    expect([captured.text(), captured.isClosed, stream.destroyed]).toEqual(['partial', true, true]);
  });

  it('keeps exactly the first maxBytes bytes of any output', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 20 }), fc.nat(400), async (chunks, maxBytes) => {
        const all = Buffer.concat(chunks);
        const captured = await capture(chunks, maxBytes);
        expect(captured.text()).toBe(all.subarray(0, maxBytes).toString('utf8'));
        expect(captured.truncated).toBe(all.length > maxBytes);
      }),
    );
  });
});
