import type { IncomingMessage } from 'node:http';

export type ReadBody =
  | { readonly kind: 'read'; readonly text: string }
  | { readonly kind: 'tooLarge'; readonly size: number }
  | { readonly kind: 'aborted' };

// Reads a request body up to `limit` bytes; a larger body is drained and discarded, never buffered.
export function readBody(request: IncomingMessage, limit: number): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    };
    const settle = (result: ReadBody): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onClose);
      resolve(result);
    };
    const onEnd = (): void => {
      settle(size > limit ? { kind: 'tooLarge', size } : { kind: 'read', text: Buffer.concat(chunks).toString('utf8') });
    };
    const onClose = (): void => settle({ kind: 'aborted' });
    request.on('error', () => undefined);
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('close', onClose);
  });
}
