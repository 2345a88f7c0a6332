import { channel } from 'node:diagnostics_channel';
import { PROTOCOL_VERSION, type DialectName, type ParsedDispatch, type ParsedRequest, type RequestId, nowMs } from '@hookwire/contract';
import { subscribeAuditLog, type DispatchResult, type Runtime } from '@hookwire/runtime';
import { answerHost, type HostAnswer, type HostPayload } from './answer-host.js';
import { CancelHandle } from './cancel-handle.js';

/** A response object, before a transport serialises it. */
export type SessionResponse = Record<string, unknown>;

export interface SessionOptions {
  runtime: Runtime;
  /** hookwire's version, reported by `ping`. */
  version: string;
  /** Receives one audit record (docs/audit-log.md) per dispatch of this session's runtime until `close`. */
  audit?: { write(line: string): unknown };
  /** Leave payloads out of the audit records (such a log cannot be replayed); default false. */
  auditOmitsPayloads?: boolean;
  /** The revision of the bundle the organisation layer came from: every audit record names it (`bundle`). */
  auditBundle?: string;
  /** Says why dispatches cannot be served yet (no verified policy bundle active); they are then answered `ok: false` with it. */
  notReady?: () => string | undefined;
}

/** What a transport received with a request besides the request itself. */
export interface RequestContext {
  /** The W3C `traceparent` (an HTTP header on `serve`): the dispatch's trace continues it. */
  traceparent?: string;
}

/** What the session publishes on {@link DISPATCH_CHANNEL} after each dispatch, when someone listens. */
export interface DispatchMessage {
  session: Session;
  result: DispatchResult;
  durationMs: number;
}

/** The `node:diagnostics_channel` a session publishes finished dispatches on (metrics subscribe; nothing is built when nobody does). */
export const DISPATCH_CHANNEL = 'hookwire:session:dispatch';
const dispatchChannel = channel(DISPATCH_CHANNEL);

/**
 * The protocol of ARCHITECTURE §9 apart from any transport: ping, dispatch, reload, cancel and bye,
 * plus the host-form answer of `hookwire run`. The stdio sidecar and the HTTP server both drive
 * one; a transport owns framing, ordering and lifecycle, the session owns what each op means.
 */
export interface Session {
  /**
   * Answers one request. A dispatch is canceled through `handle` (a transport passes its own to
   * cancel on disconnect); a dispatch with an id is registered, synchronously, for `cancel`.
   */
  serve(request: ParsedRequest, handle?: CancelHandle, context?: RequestContext): Promise<SessionResponse>;
  /** Answers a host's own hook payload exactly as `hookwire run` would (stdout body and exit code). */
  answer(dialect: DialectName, payload: HostPayload, handle?: CancelHandle, context?: RequestContext): Promise<HostAnswer>;
  /** Cancels every dispatch in flight (their process trees are killed). */
  cancelAll(): void;
  /** Resolves once nothing is in flight. */
  settle(): Promise<void>;
  /** How many dispatches and answers are in flight. */
  readonly inFlight: number;
  /** Stops writing audit records; the owner of the audit stream calls it before ending the stream. */
  close(): void;
}

function withId(request: { id: unknown; hasId: boolean }, body: SessionResponse): SessionResponse {
  return request.hasId ? { ok: body.ok, id: request.id, ...body } : body;
}

export function createSession(options: SessionOptions): Session {
  const { runtime } = options;
  const inFlight = new Set<CancelHandle>();
  const byId = new Map<RequestId, CancelHandle>();
  const idle: (() => void)[] = [];

  function release(handle: CancelHandle): void {
    inFlight.delete(handle);
    if (inFlight.size === 0) for (const resolve of idle.splice(0)) resolve();
  }

  // One subscriber per session: the runtime publishes each finished dispatch, the subscriber writes its record.
  const audit = options.audit;
  const unsubscribeAudit =
    audit === undefined ? undefined : subscribeAuditLog({ runtime, write: (line) => audit.write(line), payloads: options.auditOmitsPayloads !== true, ...(options.auditBundle === undefined ? {} : { bundle: options.auditBundle }) });

  function publish(result: DispatchResult, started: number): void {
    if (dispatchChannel.hasSubscribers) dispatchChannel.publish({ session, result, durationMs: nowMs() - started } satisfies DispatchMessage);
  }

  async function dispatch(request: ParsedDispatch, handle: CancelHandle, context: RequestContext | undefined): Promise<SessionResponse> {
    const notReady = options.notReady?.();
    if (notReady !== undefined) return withId(request, { ok: false, error: notReady });
    if (request.hasId) {
      if (byId.has(request.id!)) return withId(request, { ok: false, error: `id ${JSON.stringify(request.id)} is already in flight` });
      byId.set(request.id!, handle);
    }
    inFlight.add(handle);
    const started = dispatchChannel.hasSubscribers ? nowMs() : 0;
    try {
      const result = await runtime.dispatch(request.event, request.payload ?? {}, {
        makeSignal: handle.signal,
        subject: request.subject,
        cwd: request.cwd,
        ...(request.hasId ? { requestId: request.id } : {}),
        ...(context?.traceparent === undefined ? {} : { traceparent: context.traceparent }),
      });
      publish(result, started);
      return withId(request, result.bundle === undefined ? { ok: true, canonical: result.canonical, outcome: result.outcome, runs: result.runs } : { ok: true, canonical: result.canonical, outcome: result.outcome, runs: result.runs, bundle: result.bundle });
    } catch (error) {
      const message = handle.canceled ? 'canceled' : error instanceof Error ? error.message : String(error);
      return withId(request, { ok: false, error: message });
    } finally {
      release(handle);
      if (request.hasId && byId.get(request.id!) === handle) byId.delete(request.id!);
    }
  }

  const session: Session = {
    async serve(request, handle, context) {
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
          return dispatch(request, handle ?? new CancelHandle(), context);
        case 'bye':
          return withId(request, { ok: true });
      }
    },
    async answer(dialect, payload, handle = new CancelHandle(), context) {
      inFlight.add(handle);
      const started = dispatchChannel.hasSubscribers ? nowMs() : 0;
      try {
        return await answerHost(runtime, dialect, payload, {
          makeSignal: handle.signal,
          passAllow: false,
          onResult: (result) => publish(result, started),
          ...(context?.traceparent === undefined ? {} : { traceparent: context.traceparent }),
        });
      } finally {
        release(handle);
      }
    },
    cancelAll() {
      for (const handle of inFlight) handle.cancel();
    },
    settle() {
      if (inFlight.size === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    get inFlight() {
      return inFlight.size;
    },
    close() {
      unsubscribeAudit?.();
    },
  };
  return session;
}
