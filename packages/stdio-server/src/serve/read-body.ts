import type { IncomingMessage } from 'node:http';

/** What reading a request body gave: its text, or why it cannot be read. */
export type BodyRead = { ok: true; text: string } | { ok: false; status: 413; error: string } | { ok: false; status: 0 };

/**
 * Reads a request body up to `maxBytes`, decoded as UTF-8 (invalid sequences become U+FFFD, as on
 * the bridge's stdin). A declared or actual length over the cap is answered 413 without reading
 * the rest; status 0 means the client went away first.
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.resolve({ ok: false, status: 413, error: `request body of ${declared} bytes exceeds the limit of ${maxBytes} bytes` });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        resolve({ ok: false, status: 413, error: `request body exceeds the limit of ${maxBytes} bytes` });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve({ ok: true, text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8') });
    };
    const onGone = () => {
      done();
      resolve({ ok: false, status: 0 });
    };
    const done = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onGone);
      request.off('close', onClose);
    };
    const onClose = () => {
      if (!request.complete) onGone();
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onGone);
    request.on('close', onClose);
  });
}
