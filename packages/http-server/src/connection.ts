import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { CancelHandle } from '@hookwire/session';

/**
 * After a client half-closes its side with dispatches still running, its connection is probed
 * with an interim `100 Continue` at these delays (ms; the last one repeats). A client that only
 * half-closed reads and ignores them (every HTTP/1.1 client must accept 1xx answers); a client
 * that is gone answers the first with a reset, and the next fails: the connection closes and its
 * dispatches are canceled. TCP cannot tell the two apart without writing (both send a FIN).
 */
export const PROBE_DELAYS_MS: readonly number[] = [0, 100, 250, 500, 1_000];

/** What the transport knows of one client connection: its answers in pipeline order and the dispatches it holds. */
export interface Connection {
  /** Records a request's response, in the order requests arrive (the order answers are written). */
  addResponse(res: ServerResponse): void;
  /** Whether `res` answers the last request this connection has sent so far. */
  isLast(res: ServerResponse): boolean;
  /** Cancels `handle` when the connection goes away (at once if it is gone); returns the release. */
  holdDispatch(handle: CancelHandle): () => void;
  /** Set while the rest of a refused body is read and discarded: that request was answered. */
  discarding: boolean;
}

const connections = new WeakMap<Socket, Connection>();

/** The one {@link Connection} of a socket, made on first use. */
export function trackConnection(socket: Socket): Connection {
  let connection = connections.get(socket);
  if (connection === undefined) {
    connection = createConnection(socket);
    connections.set(socket, connection);
  }
  return connection;
}

function createConnection(socket: Socket): Connection {
  // node:http gives only the response at the head of a pipeline a 'close' when its socket goes
  // away; the dispatches of the requests queued behind it are canceled here, from the socket.
  const pending: ServerResponse[] = [];
  const dispatches = new Set<CancelHandle>();
  let last: ServerResponse | undefined;
  let closed = false;
  let halfClosed = false;
  let probe: NodeJS.Timeout | undefined;
  let probes = 0;

  socket.once('close', () => {
    closed = true;
    clearTimeout(probe);
    for (const handle of dispatches) handle.cancel();
    dispatches.clear();
  });
  socket.once('end', () => {
    halfClosed = true;
    scheduleProbe();
  });

  function scheduleProbe(): void {
    if (closed || !halfClosed || dispatches.size === 0 || probe !== undefined) return;
    const delay = PROBE_DELAYS_MS[Math.min(probes, PROBE_DELAYS_MS.length - 1)]!;
    probes++;
    probe = setTimeout(() => {
      probe = undefined;
      sendProbe();
      scheduleProbe();
    }, delay);
    probe.unref();
  }

  /** A `100 Continue` ahead of the head answer, only before that answer has started (never inside one). */
  function sendProbe(): void {
    const head = pending[0];
    if (head !== undefined && !head.headersSent && !head.writableEnded && socket.writable) head.writeContinue();
  }

  return {
    discarding: false,
    addResponse(res) {
      pending.push(res);
      last = res;
      const remove = () => {
        const at = pending.indexOf(res);
        if (at !== -1) pending.splice(at, 1);
      };
      res.once('finish', remove);
      res.once('close', remove);
    },
    isLast(res) {
      return last === res;
    },
    holdDispatch(handle) {
      if (closed) {
        handle.cancel();
        return () => {};
      }
      dispatches.add(handle);
      scheduleProbe();
      return () => void dispatches.delete(handle);
    },
  };
}
