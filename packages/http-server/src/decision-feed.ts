import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { subscribeAuditLog, type Runtime } from '@hookwire/runtime';

/** How many of the newest decisions serve keeps for a viewer that connects (or reconnects): `hookwire ui --serve` shows them first. */
export const DECISION_BACKLOG = 1_000;

/**
 * `GET /v1/decisions`: serve's audit records as server-sent events, for `hookwire ui --serve`.
 * Records are built only while a viewer is connected (no subscriber, no cost per dispatch, as
 * for every other lifecycle subscriber); the newest {@link DECISION_BACKLOG} seen are kept, so a
 * viewer that reconnects misses none of them. Each event is `id: SEQ`, `event: decision`,
 * `data: RECORD` (the audit record `--log` writes, payload redacted, or left out as the log's
 * are); the first is `event: hello` with this serve's instance id, which a viewer compares to
 * know whether the sequence numbers it holds are still this serve's.
 */
export interface DecisionFeed {
  /** Streams to `response` from after `after` (the backlog when `instance` is another serve's), then live, until the response closes. */
  attach(response: ServerResponse, after: number | undefined, instance: string | undefined): void;
  /** Ends every stream (serve drains). */
  close(): void;
}

export function createDecisionFeed(options: { runtime: Runtime; payloads: boolean; bundle?: string }): DecisionFeed {
  const instance = randomUUID();
  const backlog: { seq: number; json: string }[] = [];
  const viewers = new Set<ServerResponse>();
  let seq = 0;
  let unsubscribe: (() => void) | undefined;
  const send = (response: ServerResponse, entry: { seq: number; json: string }) => response.write(`id: ${entry.seq}\nevent: decision\ndata: ${entry.json}\n\n`);
  // The line --log writes (serialised as it is, a record too deep cut the same way), without its newline.
  const onLine = (line: string) => {
    const entry = { seq: ++seq, json: line.trimEnd() };
    backlog.push(entry);
    if (backlog.length > DECISION_BACKLOG) backlog.shift();
    for (const viewer of viewers) send(viewer, entry);
  };
  const keepAlive = setInterval(() => {
    for (const viewer of viewers) viewer.write(': keep-alive\n\n');
  }, 15_000);
  keepAlive.unref();
  return {
    attach(response, after, given) {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      response.write(`event: hello\ndata: ${JSON.stringify({ instance, seq, payloads: options.payloads })}\n\n`);
      const from = given === instance && after !== undefined ? after : 0;
      for (const entry of backlog) if (entry.seq > from) send(response, entry);
      viewers.add(response);
      unsubscribe ??= subscribeAuditLog({ runtime: options.runtime, payloads: options.payloads, ...(options.bundle === undefined ? {} : { bundle: options.bundle }), write: onLine });
      response.once('close', () => {
        viewers.delete(response);
        if (viewers.size === 0) {
          unsubscribe?.();
          unsubscribe = undefined;
        }
      });
    },
    close() {
      clearInterval(keepAlive);
      for (const viewer of viewers) viewer.end();
      viewers.clear();
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}
