import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineWriter } from '../src/line-writer.js';

/** A writable that records each write call and can be told to apply backpressure. */
function sink(highWaterMark = 1 << 20) {
  const writes: string[] = [];
  let hold: (() => void) | undefined;
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      writes.push(chunk.toString());
      if (hold === undefined) callback();
      else hold = callback;
    },
  });
  return {
    stream,
    writes,
    block: () => (hold = () => {}),
    release: () => {
      const callback = hold;
      hold = undefined;
      callback?.();
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('LineWriter', () => {
  it('writes a lone line at once and gathers the lines that follow it in the same turn', async () => {
    const { stream, writes } = sink();
    const writer = new LineWriter(stream, () => {});
    writer.write('a\n');
    expect(writes).toEqual(['a\n']);
    writer.write('b\n');
    writer.write('c\n');
    expect(writes).toEqual(['a\n']);
    await turn();
    expect(writes).toEqual(['a\n', 'b\nc\n']);
    await writer.idle();
    writer.write('d\n');
    await turn();
    expect(writes.join('')).toBe('a\nb\nc\nd\n');
  });

  it('keeps every line, in order, through backpressure', async () => {
    const target = sink(4);
    const writer = new LineWriter(target.stream, () => {});
    target.block();
    const lines = Array.from({ length: 200 }, (_, i) => `${i}\n`);
    for (const [i, line] of lines.entries()) {
      writer.write(line);
      if (i % 50 === 0) await turn();
    }
    let idle = false;
    void writer.idle().then(() => (idle = true));
    await turn();
    expect(idle).toBe(false);
    target.release();
    await writer.idle();
    await turn();
    expect(target.writes.join('')).toBe(lines.join(''));
  });

  it('reports a broken stream once and drops later lines', async () => {
    const stream = new Writable({ write: (_chunk, _encoding, callback) => callback(new Error('EPIPE')) });
    const errors: string[] = [];
    const writer = new LineWriter(stream, (error) => errors.push(error.message));
    writer.write('a\n');
    await turn();
    writer.write('b\n');
    await turn();
    expect(errors).toEqual(['EPIPE']);
    expect(writer.broken).toBe(true);
    await writer.idle();
  });
});
