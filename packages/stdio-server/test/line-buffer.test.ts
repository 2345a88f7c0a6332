import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineBuffer, type LineEvent } from '../src/line-buffer.js';

const feed = (buffer: LineBuffer, ...chunks: string[]): LineEvent[] => [
  ...chunks.flatMap((chunk) => buffer.push(Buffer.from(chunk))),
];

describe('LineBuffer', () => {
  it('splits chunks into lines and keeps the unterminated rest', () => {
    const buffer = new LineBuffer(100);
    expect(feed(buffer, 'a\nb', 'c\n\nd')).toEqual([
      { type: 'line', line: 'a' },
      { type: 'line', line: 'bc' },
      { type: 'line', line: '' },
    ]);
    expect(buffer.end()).toEqual([{ type: 'line', line: 'd' }]);
    expect(buffer.end()).toEqual([]);
  });

  it('joins a multi-byte character split across chunks', () => {
    const bytes = Buffer.from('é\n');
    const buffer = new LineBuffer(100);
    expect([...buffer.push(bytes.subarray(0, 1)), ...buffer.push(bytes.subarray(1))]).toEqual([{ type: 'line', line: 'é' }]);
  });

  it('reports a line over the cap once, with its size, and goes on with the next line', () => {
    const buffer = new LineBuffer(10);
    expect(feed(buffer, '0123456789', 'abc', 'def\nok\n')).toEqual([
      { type: 'oversize', bytes: 16 },
      { type: 'line', line: 'ok' },
    ]);
  });

  it('accepts a line of exactly the cap', () => {
    expect(feed(new LineBuffer(3), 'abc\n')).toEqual([{ type: 'line', line: 'abc' }]);
  });

  it('reports an oversize unterminated last line at the end', () => {
    const buffer = new LineBuffer(2);
    expect(feed(buffer, 'abcd')).toEqual([]);
    expect(buffer.end()).toEqual([{ type: 'oversize', bytes: 4 }]);
  });

  it('yields the same lines however the input is cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 10 }), fc.array(fc.nat(), { maxLength: 10 }), (lines, cuts) => {
        const text = lines.map((l) => l.replaceAll('\n', '')).join('\n');
        const bytes = Buffer.from(text);
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const buffer = new LineBuffer(1 << 20);
        const events: LineEvent[] = [];
        let start = 0;
        for (const point of [...points, bytes.length]) {
          events.push(...buffer.push(bytes.subarray(start, point)));
          start = point;
        }
        events.push(...buffer.end());
        const expected = text === '' ? [] : text.split('\n');
        if (text.endsWith('\n')) expected.pop();
        expect(events).toEqual(expected.map((line) => ({ type: 'line', line })));
      }),
    );
  });
});
