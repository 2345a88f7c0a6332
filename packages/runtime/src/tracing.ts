import type { Context, Span, SpanContext } from '@opentelemetry/api';
import { dispatchEndChannel, dispatchStartChannel, hookEndChannel, hookStartChannel, type DispatchEndMessage, type DispatchStartMessage, type HookEndMessage, type HookStartMessage } from './lifecycle-channels.js';

type OtelApi = typeof import('@opentelemetry/api');

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export interface TracingOptions {
  /** Only this runtime's dispatches; default every runtime's in the process. */
  runtime?: object;
  /** The tracer name; default `hookwire`. */
  tracerName?: string;
}

/** A W3C `traceparent` value as a remote span context, or undefined when it is not one. */
function readTraceparent(given: unknown): SpanContext | undefined {
  if (typeof given !== 'string') return undefined;
  const match = TRACEPARENT.exec(given.trim().toLowerCase());
  if (match === null || match[1] === 'ff' || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return undefined;
  return { traceId: match[2]!, spanId: match[3]!, traceFlags: parseInt(match[4]!, 16) & 1, isRemote: true };
}

/**
 * The W3C trace context a host handed in, as a parent context: the transport's (`serve`'s
 * `traceparent` header), else the payload's `traceparent` field (the header's value); the active
 * context when neither is given or well-formed.
 */
function parentOf(api: OtelApi, message: DispatchStartMessage): Context {
  const active = api.context.active();
  const remote = readTraceparent(message.traceparent) ?? readTraceparent(message.payload?.traceparent);
  return remote === undefined ? active : api.trace.setSpanContext(active, remote);
}

/**
 * Traces dispatches through OpenTelemetry: a span per dispatch (`hookwire.dispatch <event>`) with a
 * child per hook (`hookwire.hook <id>`), continuing a `traceparent` the payload carries. It goes
 * through `@opentelemetry/api` only, loaded when this is called (never at start-up), so it is a
 * no-op unless the host registered an SDK. Resolves with the function that stops it.
 */
export async function enableTracing(options: TracingOptions = {}): Promise<() => void> {
  const api = await import('@opentelemetry/api');
  const tracer = api.trace.getTracer(options.tracerName ?? 'hookwire');
  const dispatches = new Map<number, { span: Span; context: Context }>();
  const hooks = new Map<string, Span>();
  const mine = (message: { runtime: object }) => options.runtime === undefined || message.runtime === options.runtime;

  const onDispatchStart = (data: unknown) => {
    const message = data as DispatchStartMessage;
    if (!mine(message)) return;
    const parent = parentOf(api, message);
    const span = tracer.startSpan(`hookwire.dispatch ${message.canonical}`, {
      kind: api.SpanKind.INTERNAL,
      attributes: {
        'hookwire.event': message.event,
        'hookwire.canonical': message.canonical,
        'hookwire.dialect': message.dialect,
        ...(message.subject === undefined ? {} : { 'hookwire.subject': message.subject }),
        'hookwire.config': message.configDigest,
        'hookwire.hooks': message.hooks,
        ...(message.observeAll ? { 'hookwire.mode': 'observe' } : {}),
      },
    }, parent);
    dispatches.set(message.dispatchId, { span, context: api.trace.setSpan(parent, span) });
  };
  const onDispatchEnd = (data: unknown) => {
    const message = data as DispatchEndMessage;
    const open = dispatches.get(message.dispatchId);
    if (open === undefined) return;
    dispatches.delete(message.dispatchId);
    if (message.outcome !== undefined) {
      open.span.setAttributes({ 'hookwire.decision': message.outcome.decision, 'hookwire.continue': message.outcome.continue, 'hookwire.downgraded': message.outcome.downgraded });
    }
    if (message.error !== undefined) {
      open.span.setAttribute('hookwire.error', message.error.code);
      open.span.setStatus({ code: api.SpanStatusCode.ERROR, message: message.error.message });
    }
    open.span.end();
  };
  const onHookStart = (data: unknown) => {
    const message = data as HookStartMessage;
    const parent = dispatches.get(message.dispatchId);
    if (parent === undefined) return;
    const span = tracer.startSpan(`hookwire.hook ${message.hook}`, {
      attributes: {
        'hookwire.hook': message.hook,
        'hookwire.kind': message.kind,
        'hookwire.mode': message.mode,
        'hookwire.canonical': message.canonical,
        ...(message.subject === undefined ? {} : { 'hookwire.subject': message.subject }),
      },
    }, parent.context);
    hooks.set(`${message.dispatchId}\u0000${message.hook}`, span);
  };
  const onHookEnd = (data: unknown) => {
    const message = data as HookEndMessage;
    const key = `${message.dispatchId}\u0000${message.hook}`;
    const span = hooks.get(key);
    if (span === undefined) return;
    hooks.delete(key);
    span.setAttributes({
      'hookwire.decision': message.decision,
      ...(message.failureClass === undefined ? {} : { 'hookwire.failure': message.failureClass }),
      ...(message.record.exitCode === undefined ? {} : { 'hookwire.exit_code': message.record.exitCode }),
      ...(message.record.status === undefined ? {} : { 'hookwire.http_status': message.record.status }),
      ...(message.record.onError === undefined ? {} : { 'hookwire.on_error': message.record.onError }),
    });
    if (message.failureClass !== undefined) span.setStatus({ code: api.SpanStatusCode.ERROR, message: message.record.outcome.failure?.message ?? message.failureClass });
    span.end();
  };

  dispatchStartChannel.subscribe(onDispatchStart);
  dispatchEndChannel.subscribe(onDispatchEnd);
  hookStartChannel.subscribe(onHookStart);
  hookEndChannel.subscribe(onHookEnd);
  return () => {
    dispatchStartChannel.unsubscribe(onDispatchStart);
    dispatchEndChannel.unsubscribe(onDispatchEnd);
    hookStartChannel.unsubscribe(onHookStart);
    hookEndChannel.unsubscribe(onHookEnd);
  };
}
