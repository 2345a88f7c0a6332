import type { IncomingMessage } from 'node:http';
import { trackConnection } from './connection.js';

/** After a body is refused (413), at most this many more of its bytes are read and discarded. */
export const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
/** ... and for at most this long; then the connection is closed. */
export const DISCARD_MAX_MS = 2_000;
/** Once closing, what the client still sends is read for this long before the socket is destroyed. */
export const LINGER_MS = 1_000;

/**
 * A lingering close for a refused body. Closing a socket whose receive queue still holds the
 * client's bytes makes the kernel send a reset, which can reach the client before it read the 413
 * (it then sees EPIPE or ECONNRESET instead). So the rest of the body is read and thrown away:
 * when it ends within {@link DISCARD_MAX_BYTES} and {@link DISCARD_MAX_MS} the connection stays
 * usable; otherwise its write side is closed (a FIN after the answer), reading goes on for
 * {@link LINGER_MS}, and only then is the socket destroyed. (node:http has no lingering close: its
 * `connection: close` destroys the socket as soon as the answer is written.)
 */
export function discardRefusedBody(req: IncomingMessage): void {
  const { socket } = req;
  const connection = trackConnection(socket);
  connection.discarding = true;
  let bytes = 0;
  let closing = false;
  const timer = setTimeout(close, DISCARD_MAX_MS);
  timer.unref();
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DISCARD_MAX_BYTES) close();
  };
  const finished = () => {
    clearTimeout(timer);
    req.off('data', onData);
    if (!closing) connection.discarding = false;
  };
  req.on('data', onData);
  req.once('end', finished);
  req.once('close', finished);
  req.resume();

  function close(): void {
    if (closing) return;
    closing = true;
    clearTimeout(timer);
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  }
}
