import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The last `maxBytes` of a file (all of it when smaller), from the start of a line: when the file
 * goes on before them, the bytes up to the first newline are dropped (the tail of a longer line).
 * For a reader that wants the newest records of an audit log that may hold 100,000 of them
 * (`hookwire statusline` answers on every redraw): one read, then native searches in the bytes
 * (`lastIndexOf`), undecoded. Synchronous: a one-shot reader with nothing else to do meanwhile.
 */
export function readTail(path: string, maxBytes: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.allocUnsafe(size - start);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    const tail = buffer.subarray(0, read);
    return start === 0 ? tail : tail.subarray(tail.indexOf(10) + 1);
  } finally {
    closeSync(fd);
  }
}

/** The bounds of the line of `buffer` that holds byte `at` (without its newline). */
export function lineAt(buffer: Buffer, at: number): { start: number; end: number } {
  const end = buffer.indexOf(10, at);
  return { start: buffer.lastIndexOf(10, at) + 1, end: end === -1 ? buffer.length : end };
}
