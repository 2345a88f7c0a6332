import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { describeType, DIALECT_NAMES, DispatchError, isDialectName, readRequest, resolveEvent, resolveEventIn, PROTOCOL_VERSION, type DialectName } from '@hookwire/contract';
import type { Logger } from '@hookwire/runtime';
import { bundleNotReady, CancelHandle, readHostPayload, type BundleFeed, type RequestContext, type Session, type SessionResponse } from '@hookwire/session';
import { createBearerCheck } from './bearer.js';
import { trackConnection } from './connection.js';
import { discardRefusedBody } from './discard-body.js';
import type { ServeMetrics } from './metrics.js';
import { readBody } from './read-body.js';
import type { DecisionFeed } from './decision-feed.js';
import { isLoopbackHost } from './loopback.js';

/** The cap on one request body: 16 MiB, as the sidecar's request line. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** A client has this long to send its request headers (node:http `headersTimeout`). */
export const HEADERS_TIMEOUT_MS = 5_000;
/** A client has this long to send its whole request, headers and body (node:http `requestTimeout`). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** How long `Retry-After` tells a client to wait when the concurrency cap is reached. */
export const RETRY_AFTER_SECONDS = 1;
/** The dialects served under `/hooks/<dialect>`: every dialect hookwire speaks. */
export const HOOK_DIALECTS: readonly DialectName[] = DIALECT_NAMES;

export interface HttpTransportOptions {
  session: Session;
  metrics: ServeMetrics;
  logger: Logger;
  version: string;
  /** Dispatches (and host answers) allowed in flight at once; more are answered 503. */
  maxInflight: number;
  /** When set, every route but `/healthz` needs `Authorization: Bearer <token>`. */
  token?: string;
  /** Reloads the config, answering as the sidecar's `reload` does. */
  reload(): Promise<SessionResponse>;
  /** `GET /v1/decisions`: the audit records as server-sent events, to loopback clients with the token. */
  decisions?: DecisionFeed;
  maxBodyBytes?: number;
  /** The polled policy bundle (`--bundle`): its state is in `/healthz`, readiness is its being active. */
  bundleFeed?: BundleFeed;
}

export interface HttpTransport {
  readonly server: Server;
  /** Stops taking requests: `/healthz` answers 503, new requests get 503, responses close their connection. */
  drain(): void;
}

const JSON_TYPE = 'application/json';

/** What a request carries for the session besides its body: the W3C `traceparent` header, continued by tracing. */
function contextOf(req: IncomingMessage): RequestContext {
  const traceparent = req.headers.traceparent;
  return typeof traceparent === 'string' ? { traceparent } : {};
}

/**
 * The HTTP transport of the protocol: `POST /hooks/<dialect>`, `POST /v1/dispatch`,
 * `POST /v1/reload`, `GET /healthz`, `GET /metrics`. What each op means is the session's; this
 * only frames requests and answers and guards the door (auth, caps, timeouts, disconnects).
 */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const { session, metrics, logger } = options;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const authorized = options.token === undefined ? undefined : createBearerCheck(options.token);
  let draining = false;
  let inFlight = 0;

  function send(res: ServerResponse, route: string, status: number, body: string, type = JSON_TYPE, headers?: Record<string, string | number>): void {
    metrics.countRequest(route, status);
    if (res.destroyed) return;
    if (headers) for (const name in headers) res.setHeader(name, headers[name]!);
    // Draining closes a connection after its last answer only: closing it after an earlier one
    // would drop the answers of the requests pipelined behind it.
    if (draining && trackConnection(res.req.socket).isLast(res)) res.setHeader('connection', 'close');
    res.setHeader('content-length', body === '' ? 0 : Buffer.byteLength(body));
    if (body !== '') res.setHeader('content-type', type);
    res.statusCode = status;
    res.end(body);
  }

  const sendJson = (res: ServerResponse, route: string, status: number, body: SessionResponse, headers?: Record<string, string | number>) =>
    send(res, route, status, `${JSON.stringify(body)}\n`, JSON_TYPE, headers);
  const sendError = (res: ServerResponse, route: string, status: number, error: string, headers?: Record<string, string | number>) =>
    sendJson(res, route, status, { ok: false, error }, headers);

  /** Reads and parses a JSON body; answers the client itself when it cannot, and returns undefined. */
  async function readJson(req: IncomingMessage, res: ServerResponse, route: string): Promise<{ value: unknown } | undefined> {
    const body = await readBody(req, maxBodyBytes);
    if (!body.ok) {
      if (body.status === 413) {
        // The client may still be sending: the rest is read and discarded (bounded) so that it gets
        // the 413 rather than a reset (see discard-body.ts).
        discardRefusedBody(req);
        sendError(res, route, 413, body.error);
      }
      return undefined;
    }
    if (body.text.trim() === '') {
      sendError(res, route, 400, 'the request body is empty: expected a JSON object');
      return undefined;
    }
    try {
      return { value: JSON.parse(body.text) };
    } catch (error) {
      sendError(res, route, 400, `the request body is not valid JSON: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Runs one dispatch-like piece of work under the concurrency cap, canceled if the client goes away first. */
  async function admit(res: ServerResponse, route: string, work: (handle: CancelHandle) => Promise<void>): Promise<void> {
    if (draining) return sendError(res, route, 503, 'hookwire serve is shutting down', { 'retry-after': RETRY_AFTER_SECONDS });
    // Not ready (no verified bundle yet): answering from the other layers alone would pretend the organisation's policy ran.
    const notReady = bundleNotReady(options.bundleFeed);
    if (notReady !== undefined) return sendError(res, route, 503, notReady, { 'retry-after': RETRY_AFTER_SECONDS });
    if (inFlight >= options.maxInflight) {
      return sendError(res, route, 503, `too many requests in flight (the limit is ${options.maxInflight})`, { 'retry-after': RETRY_AFTER_SECONDS });
    }
    inFlight++;
    const handle = new CancelHandle();
    // Canceled when its connection goes away: every request of it, pipelined ones included.
    const untrack = trackConnection(res.req.socket).holdDispatch(handle);
    try {
      await work(handle);
    } finally {
      untrack();
      inFlight--;
    }
  }

  async function hooks(req: IncomingMessage, res: ServerResponse, route: string, dialect: DialectName, eventName: string | undefined): Promise<void> {
    const parsed = await readJson(req, res, route);
    if (!parsed) return;
    const read = readHostPayload(parsed.value, dialect, eventName);
    if (!read.ok) return sendError(res, route, 400, `the hook payload must be a JSON object, received ${read.received}`);
    // A payload that names no event would run nothing: the client is told, as for any malformed payload.
    if (read.host.eventName === undefined) return sendError(res, route, 400, `the hook payload names no event: it has no hook_event_name; POST it to /hooks/${dialect}/<event>`);
    await admit(res, route, async (handle) => {
      try {
        const answer = await session.answer(dialect, read.host, handle, contextOf(req));
        send(res, route, 200, answer.stdout, JSON_TYPE, describeExitHeaders(answer));
      } catch (error) {
        if (handle.canceled) return shutDown(res, route);
        // A payload the runtime refuses (too deep to show to hooks) is the client's error, as malformed JSON is.
        const status = error instanceof DispatchError && error.code === 'HOOKWIRE_BAD_PAYLOAD' ? 400 : 500;
        sendError(res, route, status, `the dispatch failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse, route: string): Promise<void> {
    const parsed = await readJson(req, res, route);
    if (!parsed) return;
    const value = parsed.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return sendError(res, route, 400, `the dispatch request must be a JSON object, received ${describeType(value)}`);
    }
    let fields = value as Record<string, unknown>;
    if (fields.op !== undefined && fields.op !== 'dispatch') return sendError(res, route, 400, `POST /v1/dispatch takes a dispatch; "op" must be "dispatch" or absent, received ${JSON.stringify(fields.op)}`);
    if (Object.hasOwn(fields, 'id')) {
      // Requests over HTTP are matched by their connection: an id is not the session's to track.
      const { id: _unused, ...rest } = fields;
      fields = rest;
    }
    fields.op = 'dispatch';
    const request = readRequest(fields);
    if (!request.ok) return sendError(res, route, 400, request.error);
    if (request.op === 'dispatch' && resolveEvent(request.event) === undefined) {
      return sendError(res, route, 400, `unknown event ${JSON.stringify(request.event)}: expected a canonical name (tool:before, ...) or a Claude Code name (PreToolUse, ...)`);
    }
    await admit(res, route, async (handle) => {
      const answer = await session.serve(request, handle, contextOf(req));
      if (answer.ok === true) return sendJson(res, route, 200, answer);
      if (handle.canceled) return shutDown(res, route);
      sendJson(res, route, 500, answer);
    });
  }

  /** A request canceled under a live client: the server is stopping (a disconnected client gets nothing). */
  function shutDown(res: ServerResponse, route: string): void {
    sendError(res, route, 503, 'canceled: hookwire serve is shutting down', { 'retry-after': RETRY_AFTER_SECONDS });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const method = req.method ?? 'GET';
    const expect = (allowed: string, name: string): boolean => {
      if (method === allowed) return true;
      sendError(res, name, 405, `${path} takes ${allowed}, received ${method}`, { allow: allowed });
      req.resume();
      return false;
    };
    if (path === '/healthz') {
      if (!expect('GET', path)) return;
      if (draining) return sendJson(res, path, 503, { ok: false, error: 'hookwire serve is shutting down' });
      // Liveness: the process serves. The bundle's state rides along, whatever it is.
      const bundle = options.bundleFeed?.status();
      return sendJson(res, path, 200, { ok: true, version: options.version, protocol: PROTOCOL_VERSION, ...(bundle === undefined ? {} : { ready: options.bundleFeed!.isActive(), bundle }) });
    }
    if (path === '/readyz') {
      // Readiness: dispatches are answered by the organisation's policy (with --bundle: a verified bundle is active).
      if (!expect('GET', path)) return;
      if (draining) return sendJson(res, path, 503, { ok: false, ready: false, error: 'hookwire serve is shutting down' });
      const notReady = bundleNotReady(options.bundleFeed);
      const revision = options.bundleFeed?.status().active?.revision;
      if (notReady !== undefined) return sendJson(res, path, 503, { ok: false, ready: false, error: notReady });
      return sendJson(res, path, 200, { ok: true, ready: true, ...(revision === undefined ? {} : { bundle: revision }) });
    }
    if (authorized && !authorized(req.headers.authorization)) {
      req.resume();
      return sendError(res, 'unauthorized', 401, 'missing or wrong bearer token (Authorization: Bearer <token>)', { 'www-authenticate': 'Bearer' });
    }
    if (path.startsWith('/hooks/')) {
      // `/hooks/<dialect>`, or `/hooks/<dialect>/<event>` for hosts whose payload does not name its event.
      const [dialect = '', eventName, ...rest] = path.slice('/hooks/'.length).split('/');
      if (!isDialectName(dialect) || !HOOK_DIALECTS.includes(dialect)) {
        req.resume();
        return sendError(res, 'not-found', 404, `no hook dialect ${JSON.stringify(dialect)} here (served: ${HOOK_DIALECTS.map((d) => `/hooks/${d}`).join(', ')})`);
      }
      if (rest.length > 0 || (eventName !== undefined && resolveEventIn(dialect, eventName) === undefined)) {
        req.resume();
        return sendError(res, 'not-found', 404, `no ${dialect} event ${JSON.stringify(eventName)} here (POST /hooks/${dialect}, or /hooks/${dialect}/<event> with one of its event names)`);
      }
      if (!expect('POST', path)) return;
      return hooks(req, res, path, dialect, eventName);
    }
    switch (path) {
      case '/v1/dispatch':
        if (!expect('POST', path)) return;
        return dispatch(req, res, path);
      case '/v1/reload': {
        if (!expect('POST', path)) return;
        req.resume();
        const answer = await options.reload();
        return sendJson(res, path, answer.ok === true ? 200 : 409, answer);
      }
      case '/v1/decisions': {
        if (!expect('GET', path)) return;
        req.resume();
        // Decisions carry payloads (redacted): shown only on this machine, and only to a client that proved it holds the token.
        if (options.decisions === undefined || options.token === undefined) return sendError(res, path, 403, 'hookwire serve shows its decisions only when it was started with --token-env NAME (the viewer, hookwire ui --serve URL --token-env NAME, sends that token)');
        if (!isLoopbackHost(req.socket.remoteAddress ?? '')) return sendError(res, path, 403, 'hookwire serve shows its decisions only to clients on this machine (loopback)');
        if (draining) return sendError(res, path, 503, 'hookwire serve is shutting down', { 'retry-after': RETRY_AFTER_SECONDS });
        metrics.countRequest(path, 200);
        const params = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
        const after = Number(params.get('after') ?? '');
        return options.decisions.attach(res, Number.isInteger(after) && after >= 0 && params.get('after') !== '' ? after : undefined, params.get('instance') ?? undefined);
      }
      case '/metrics':
        if (!expect('GET', path)) return;
        return send(res, path, 200, metrics.render(session.inFlight), 'text/plain; version=0.0.4; charset=utf-8');
      default:
        req.resume();
        return sendError(res, 'not-found', 404, `no route ${method} ${path}`);
    }
  }

  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 500, keepAliveTimeout: 5_000 },
    (req, res) => {
      trackConnection(req.socket).addResponse(res);
      route(req, res).catch((error: unknown) => {
        logger.error('request failed unexpectedly', { error: error instanceof Error ? error.message : String(error) });
        if (!res.headersSent) sendError(res, 'error', 500, 'internal error');
        else res.destroy();
      });
    },
  );
  // A client that half-closes after its request (`nc -N`, `shutdown(SHUT_WR)`) still gets its
  // answers: only a connection that is gone cancels (connection.ts tells the two apart). node:http
  // has this switch on its Server but no option or type for it; without it, a FIN aborts every
  // request of the connection. test/faults/serve-clients.test.ts fails if it stops working.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Malformed requests, header and request timeouts: answered as node:http would, never logged with their bytes.
    // A connection whose request was already answered (a refused body being discarded) gets no second answer.
    if (!socket.writable || error.code === 'ECONNRESET' || trackConnection(socket).discarding) return void socket.destroy();
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    metrics.countRequest('client-error', status);
    socket.end(`HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
  return {
    server,
    drain() {
      draining = true;
      options.decisions?.close();
    },
  };
}

/**
 * For a host that reads its answer from the exit code and stderr (Letta Code: a deny is exit 2
 * with the reason on stderr), what `hookwire run` would exit with and print there, as headers
 * beside the body (which is the bridge's stdout, byte for byte): `x-hookwire-exit-code`, and
 * `x-hookwire-stderr` percent-encoded. None for an answer on exit 0 with nothing on stderr.
 */
function describeExitHeaders(answer: { exitCode: number; stderr?: string }): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  if (answer.exitCode !== 0) headers['x-hookwire-exit-code'] = String(answer.exitCode);
  if (answer.stderr !== undefined && answer.stderr !== '') headers['x-hookwire-stderr'] = encodeURIComponent(answer.stderr);
  return Object.keys(headers).length === 0 ? undefined : headers;
}
