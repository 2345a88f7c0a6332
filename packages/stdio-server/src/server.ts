import type { Readable, Writable } from 'node:stream';
import { subscribeAuditLog, type Logger, type Runtime } from '@hookwire/runtime';
import { LineBuffer, type LineEvent } from './line-buffer.js';
import { CancelHandle } from './cancel-handle.js';
import { LineWriter } from './line-writer.js';
import { serializeResponse } from './serialize-line.js';
import { DEFAULT_MAX_LINE_BYTES, PROTOCOL_VERSION, parseRequest, type ParsedRequest, type RequestId } from './protocol.js';

export interface StdioServerOptions {
  runtime: Runtime;
  input: Readable;
  output: Writable;
  logger: Logger;
  /** hookwire's version, reported by `ping`. */
  version: string;
  /** Receives one audit record (docs/audit-log.md) per dispatch of this runtime while the server runs. */
  audit?: Writable;
  /** Leave payloads out of the audit records; default false. */
  auditOmitsPayloads?: boolean;
  maxLineBytes?: number;
}

export interface StdioServer {
  /** Resolves with the exit code once the server has finished (bye, end of input, stop). */
  readonly done: Promise<number>;
  /** Cancels everything in flight, answers open requests `canceled` where output still works, and finishes. */
  stop(exitCode: number): void;
}

/** How long a stop waits for canceled handlers' process trees to be killed before finishing anyway. */
const STOP_GRACE_MS = 5000;

type Response = Record<string, unknown>;

/**
 * Serves the line-delimited JSON protocol of ARCHITECTURE §9 on the given streams: one response per
 * request line, requests without an id answered in order, requests with ids concurrently.
 */
export function createStdioServer(options: StdioServerOptions): StdioServer {
  const { runtime, input, logger } = options;
  const buffer = new LineBuffer(options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
  const writer = new LineWriter(options.output, (error) => {
    logger.error('stdout is broken; canceling everything in flight', { error: error.message });
    stop(1);
  });
  const inFlight = new Set<CancelHandle>();
  const byId = new Map<RequestId, CancelHandle>();
  const pending = new Set<Promise<void>>();
  let ordered: Promise<void> = Promise.resolve();
  let accepting = true;
  let finishing = false;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const send = (response: Response) => writer.write(`${serializeResponse(response)}\n`);
  const withId = (request: { id: unknown; hasId: boolean }, body: Response): Response =>
    request.hasId ? { ok: body.ok, id: request.id, ...body } : body;

  function track(work: Promise<void>): void {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  async function settleAll(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  const unsubscribeAudit =
    options.audit === undefined
      ? undefined
      : subscribeAuditLog({ runtime, write: (line) => options.audit!.write(line), payloads: options.auditOmitsPayloads !== true });

  /** Finishes once queued answers are handed to stdout, or at `deadline` (a stop: a host that reads nothing cannot hold it). */
  async function end(code: number, deadline?: Promise<void>): Promise<void> {
    if (finishing) return;
    finishing = true;
    unsubscribeAudit?.();
    accepting = false;
    input.off('data', onData);
    input.off('end', onEnd);
    await (deadline === undefined ? writer.idle() : Promise.race([writer.idle(), deadline]));
    finish(code);
  }

  function stop(exitCode: number): void {
    if (finishing) return;
    accepting = false;
    for (const handle of inFlight) handle.cancel();
    // One grace bounds both the killing of trees and the flushing of answers.
    const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    void Promise.race([settleAll(), grace]).then(() => end(exitCode, grace));
  }

  async function dispatch(request: Extract<ParsedRequest, { op: 'dispatch' }>): Promise<Response> {
    const handle = new CancelHandle();
    inFlight.add(handle);
    if (request.hasId) byId.set(request.id!, handle);
    try {
      const result = await runtime.dispatch(request.event, request.payload ?? {}, {
        makeSignal: handle.signal,
        subject: request.subject,
        cwd: request.cwd,
        ...(request.hasId ? { requestId: request.id } : {}),
      });
      return withId(request, { ok: true, canonical: result.canonical, outcome: result.outcome, runs: result.runs });
    } catch (error) {
      const message = handle.canceled ? 'canceled' : error instanceof Error ? error.message : String(error);
      return withId(request, { ok: false, error: message });
    } finally {
      inFlight.delete(handle);
      if (request.hasId && byId.get(request.id!) === handle) byId.delete(request.id!);
    }
  }

  async function serve(request: ParsedRequest): Promise<Response> {
    if (!request.ok) return withId(request, { ok: false, error: request.error });
    switch (request.op) {
      case 'ping':
        return withId(request, { ok: true, pong: true, version: options.version, protocol: PROTOCOL_VERSION });
      case 'reload': {
        const result = await runtime.reload();
        return withId(request, result.ok ? { ok: true, diagnostics: result.diagnostics } : { ok: false, error: result.error, diagnostics: result.diagnostics });
      }
      case 'cancel': {
        const target = byId.get(request.target);
        if (!target) return withId(request, { ok: false, error: `no dispatch in flight with id ${JSON.stringify(request.target)}` });
        target.cancel();
        return withId(request, { ok: true });
      }
      case 'dispatch':
        return dispatch(request);
      case 'bye':
        return withId(request, { ok: true });
    }
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
      accepting = false;
      const answer = withId(request, { ok: true });
      void settleAll().then(() => {
        send(answer);
        return end(0);
      });
      return;
    }
    if (request.ok && request.op === 'dispatch' && request.hasId && byId.has(request.id!)) {
      send(withId(request, { ok: false, error: `id ${JSON.stringify(request.id)} is already in flight` }));
      return;
    }
    const answer = (response: Response) => send(response);
    const failed = (error: unknown) => {
      logger.error('request failed unexpectedly', { error: error instanceof Error ? error.message : String(error) });
      send(withId(request, { ok: false, error: 'internal error' }));
    };
    if (request.hasId && request.ok) {
      track(serve(request).then(answer, failed));
    } else {
      const work = ordered.then(() => serve(request).then(answer, failed));
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
    void settleAll().then(() => end(0));
  }

  input.on('data', onData);
  input.on('end', onEnd);
  return { done, stop };
}
