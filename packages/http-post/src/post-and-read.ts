import { request as sendRequest, type Dispatcher } from 'undici';
import { describeRequestError } from './describe-failure.js';
import { readCappedBody } from './read-capped-body.js';
import { startDeadline } from '@hookwire/contract';

/** Where a request goes: its URL, and the URL as messages show it (as `parseTargetUrl` gives them). */
export interface PostTarget {
  url: URL;
  shown: string;
}

/** One POST for {@link postAndRead}. */
export interface PostRequest {
  /** The undici dispatcher to send through. */
  dispatcher: Dispatcher;
  target: PostTarget;
  /** The request headers, sent as given. */
  headers: Record<string, string>;
  body: string;
  /** Covers connecting, the response head and the whole body; `Infinity`: no limit. */
  timeoutMs: number;
  /** The caller's signal: aborting it aborts the request at once. */
  signal?: AbortSignal | undefined;
  /** The most bytes read of a 2xx body. */
  maxBodyBytes: number;
  /** The most bytes read of any other body; default `maxBodyBytes`. */
  maxErrorBodyBytes?: number | undefined;
}

/** A response that arrived whole, or was cut at its byte cap. */
export interface PostResponse {
  ok: true;
  status: number;
  statusText: string;
  headers: Dispatcher.ResponseData['headers'];
  /** The body as UTF-8, up to its byte cap. */
  body: string;
  /** The body was longer than its cap; the rest was not read. */
  truncated: boolean;
}

/** Why a POST got no usable response: `timeout`, `canceled`, or `http` for anything else. */
export type PostFailureClass = 'timeout' | 'canceled' | 'http';

/** A POST that got no usable response, with the flags an executor's result carries. */
export interface PostFailure {
  ok: false;
  failure: { class: PostFailureClass; message: string };
  timedOut: boolean;
  canceled: boolean;
  /** The status, when the response head arrived before the failure; absent otherwise. */
  status?: number;
}

/** What {@link postAndRead} resolves to. */
export type PostOutcome = PostResponse | PostFailure;

/** undici frees a keep-alive socket one event-loop turn after its response ended; a caller that settles after that lets the next request reuse it. */
function yieldToPool(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function failed(failureClass: PostFailureClass, message: string, status: number | undefined): PostFailure {
  return {
    ok: false,
    failure: { class: failureClass, message },
    timedOut: failureClass === 'timeout',
    canceled: failureClass === 'canceled',
    ...(status !== undefined && { status }),
  };
}

function isSuccess(status: number): boolean {
  return status >= 200 && status <= 299;
}

/**
 * POSTs one request under one deadline and reads the response body up to its cap. The deadline
 * (`timeoutMs`, or the caller's signal) covers connecting, the head and the body; redirects are
 * not followed. Resolves to the response, or to a failure whose message names the shown URL:
 * `timeout`, `canceled` (an already aborted signal sends nothing), or `http` with the error codes.
 * Never rejects, and leaves no timer or listener behind once it settles.
 */
export async function postAndRead(request: PostRequest): Promise<PostOutcome> {
  const { target, timeoutMs } = request;
  if (request.signal?.aborted) return failed('canceled', 'canceled before the request was sent', undefined);
  const deadline = startDeadline(timeoutMs, request.signal);
  let status: number | undefined;
  try {
    const response = await sendRequest(target.url, {
      dispatcher: request.dispatcher,
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: deadline.signal,
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    status = response.statusCode;
    const cap = isSuccess(status) ? request.maxBodyBytes : (request.maxErrorBodyBytes ?? request.maxBodyBytes);
    const read = await readCappedBody(response.body, cap);
    if (!read.truncated) await yieldToPool();
    return { ok: true, status, statusText: response.statusText, headers: response.headers, body: read.text, truncated: read.truncated };
  } catch (error) {
    if (deadline.cause === 'timeout') {
      const phase = status === undefined ? 'no response' : `HTTP ${status} but the body did not finish`;
      return failed('timeout', `timed out after ${timeoutMs} ms (${phase}) waiting for ${target.shown}`, status);
    }
    if (deadline.cause === 'canceled') return failed('canceled', `canceled while waiting for ${target.shown}`, status);
    return failed('http', `POST ${target.shown} failed: ${describeRequestError(error)}`, status);
  } finally {
    deadline.dispose();
  }
}

/** Framing and connection headers: the HTTP client sets them, so a configured value is never sent. */
const RESERVED_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer']);

/** Whether a header (any case) is one the HTTP client owns. */
export function isReservedHeader(name: string): boolean {
  return RESERVED_HEADERS.has(name.toLowerCase());
}
