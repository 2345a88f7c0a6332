import type { Readable, Writable } from 'node:stream';
import type { Logger, Runtime } from '@hookwire/runtime';
import { LineBuffer, type LineEvent } from './line-buffer.js';
import { LineWriter } from './line-writer.js';
import { serializeResponse } from './serialize-line.js';
import { DEFAULT_MAX_LINE_BYTES, parseRequest, type ParsedRequest } from './protocol.js';
import { createSession, type Session, type SessionResponse } from '@hookwire/session';

export interface StdioServerOptions {
  runtime: Runtime;
  input: Readable;
  output: Writable;
  logger: Logger;
  /** hookwire's version, reported by `ping`. */
  version: string;
  /** Receives one audit record (docs/audit-log.md) per dispatch of this runtime while the server runs. */
  audit?: { write(line: string): unknown };
  /** Leave payloads out of the audit records; default false. */
  auditOmitsPayloads?: boolean;
  /** The bundle revision every audit record names (`bundle`). */
  auditBundle?: string;
  maxLineBytes?: number;
  /** Why dispatches cannot be served yet (no verified policy bundle active): they are answered `ok: false` with it. */
  notReady?: () => string | undefined;
  /** The session to drive; default a new one on `runtime`. */
  session?: Session;
}

export interface StdioServer {
  /** Resolves with the exit code once the server has finished (bye, end of input, stop). */
  readonly done: Promise<number>;
  /** Cancels everything in flight, answers open requests `canceled` where output still works, and finishes. */
  stop(exitCode: number): void;
}

/** How long a stop waits for canceled handlers' process trees to be killed before finishing anyway. */
const STOP_GRACE_MS = 5000;

/**
 * The stdio transport of the protocol (ARCHITECTURE §9): one request per line in, one response
 * per line out. Requests without an id are answered in order, requests with ids concurrently;
 * what each op means is the session's.
 */
export function createStdioServer(options: StdioServerOptions): StdioServer {
  const { input, logger } = options;
  const owned = options.session === undefined;
  const session =
    options.session ??
    createSession({
      runtime: options.runtime,
      version: options.version,
      ...(options.audit === undefined ? {} : { audit: options.audit, auditOmitsPayloads: options.auditOmitsPayloads === true, ...(options.auditBundle === undefined ? {} : { auditBundle: options.auditBundle }) }),
      ...(options.notReady === undefined ? {} : { notReady: options.notReady }),
    });
  const buffer = new LineBuffer(options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
  const writer = new LineWriter(options.output, (error) => {
    logger.error('stdout is broken; canceling everything in flight', { error: error.message });
    stop(1);
  });
  const pending = new Set<Promise<void>>();
  let ordered: Promise<void> = Promise.resolve();
  let accepting = true;
  /** A bye is waiting for the requests before it; it ends the transport, not the end of input. */
  let byeing = false;
  let finishing = false;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const send = (response: SessionResponse) => writer.write(`${serializeResponse(response)}\n`);

  function track(work: Promise<void>): void {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  async function settleAll(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  /** Finishes once queued answers are handed to stdout, or at `deadline` (a stop: a host that reads nothing cannot hold it). */
  async function end(code: number, deadline?: Promise<void>): Promise<void> {
    if (finishing) return;
    finishing = true;
    if (owned) session.close();
    accepting = false;
    input.off('data', onData);
    input.off('end', onEnd);
    await (deadline === undefined ? writer.idle() : Promise.race([writer.idle(), deadline]));
    finish(code);
  }

  function stop(exitCode: number): void {
    if (finishing) return;
    accepting = false;
    session.cancelAll();
    // One grace bounds both the killing of trees and the flushing of answers.
    const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    void Promise.race([settleAll(), grace]).then(() => end(exitCode, grace));
  }

  function accept(event: LineEvent): void {
    if (!accepting) return;
    let request: ParsedRequest;
    if (event.type === 'oversize') {
      request = { ok: false, id: undefined, hasId: false, error: `request line of ${event.bytes} bytes exceeds the limit of ${buffer.maxLineBytes} bytes` };
    } else {
      if (event.line.trim() === '') return;
      request = parseRequest(event.line);
    }
    if (request.ok && request.op === 'bye') {
      // bye is answered after every request sent before it, then the transport ends.
      accepting = false;
      byeing = true;
      const bye = request;
      void settleAll()
        .then(() => session.serve(bye))
        .then((answer) => {
          send(answer);
          return end(0);
        });
      return;
    }
    const failed = (error: unknown) => {
      logger.error('request failed unexpectedly', { error: error instanceof Error ? error.message : String(error) });
      send(request.hasId ? { ok: false, id: request.id, error: 'internal error' } : { ok: false, error: 'internal error' });
    };
    if (request.hasId && request.ok) {
      track(session.serve(request).then(send, failed));
    } else {
      const work = ordered.then(() => session.serve(request).then(send, failed));
      ordered = work;
      track(work);
    }
  }

  function onData(chunk: Buffer): void {
    for (const event of buffer.push(chunk)) accept(event);
  }

  function onEnd(): void {
    for (const event of buffer.end()) accept(event);
    accepting = false;
    if (!byeing) void settleAll().then(() => end(0));
  }

  input.on('data', onData);
  input.on('end', onEnd);
  return { done, stop };
}
