import type { Readable } from 'node:stream';

/** A response body read up to a byte cap. */
export interface CappedBody {
  text: string;
  /** The body was longer than the cap; `text` holds its first `maxBytes` bytes and the rest was not read. */
  truncated: boolean;
}

/** Reads a body as UTF-8 up to `maxBytes`; past the cap it stops reading and destroys the stream. */
export async function readCappedBody(body: Readable, maxBytes: number): Promise<CappedBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      size += room;
      truncated = true;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  if (truncated) body.destroy();
  return { text: Buffer.concat(chunks, size).toString('utf8'), truncated };
}
