import type { IncomingMessage } from 'node:http';

/** What reading a request body gave: its text, or why it cannot be read. */
export type BodyRead = { ok: true; text: string } | { ok: false; status: 413; error: string } | { ok: false; status: 0 };

/**
 * Reads a request body up to `maxBytes`, decoded as UTF-8 (invalid sequences become U+FFFD, as on
 * the bridge's stdin). A declared or actual length over the cap is answered 413 without reading
 * the rest; status 0 means the client went away first. (Three listeners and a flag rather than
 * adding and removing more: this runs once per request.)
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes) {
    return Promise.resolve({ ok: false, status: 413, error: `request body of ${declared} bytes exceeds the limit of ${maxBytes} bytes` });
  }
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    request.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) {
        settled = true;
        chunks = [];
        resolve({ ok: false, status: 413, error: `request body exceeds the limit of ${maxBytes} bytes` });
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ ok: true, text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8') });
    });
    // 'close' follows 'end' on a complete request; before it, the client went away (or broke the stream).
    request.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ ok: false, status: 0 });
    });
  });
}
