import type { Readable } from 'node:stream';

/** What was read from one output stream, up to a cap. */
export interface Capture {
  /** Resolves once the stream has closed: ended, failed or destroyed. */
  readonly closed: Promise<void>;
  /** Whether the stream has closed. */
  readonly isClosed: boolean;
  /** Whether bytes past the cap arrived and were dropped. */
  readonly truncated: boolean;
  /** The kept bytes decoded as UTF-8; invalid sequences become U+FFFD. */
  text(): string;
  /** Stops reading and closes the stream. */
  destroy(): void;
}

/**
 * Reads `stream` to its end, keeping at most `maxBytes`. Bytes past the cap are read and dropped,
 * so the writer never blocks on a full pipe.
 */
export function captureOutput(stream: Readable, maxBytes: number): Capture {
  const chunks: Buffer[] = [];
  let kept = 0;
  let truncated = false;
  stream.on('data', (chunk: Buffer) => {
    const room = maxBytes - kept;
    if (chunk.length <= room) {
      chunks.push(chunk);
      kept += chunk.length;
      return;
    }
    truncated = true;
    if (room > 0) {
      chunks.push(chunk.subarray(0, room));
      kept = maxBytes;
    }
  });
  stream.on('error', ignoreError);
  let isClosed = stream.closed || stream.destroyed;
  const closed = isClosed
    ? Promise.resolve()
    : new Promise<void>((resolve) =>
        stream.once('close', () => {
          isClosed = true;
          resolve();
        }),
      );
  return {
    closed,
    get isClosed() {
      return isClosed;
    },
    get truncated() {
      return truncated;
    },
    text: () => (chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, kept).toString('utf8')),
    destroy: () => stream.destroy(),
  };
}

function ignoreError(): void {}
