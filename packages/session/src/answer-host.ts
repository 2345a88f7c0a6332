import { renderOutcome, type BridgeResponse, type DialectName } from '@hookwire/contract';
import type { DispatchOptions, DispatchResult, Runtime } from '@hookwire/runtime';
import type { HostPayload } from './host-payload.js';

export type { HostPayload } from './host-payload.js';

/** The host-form answer to one hook payload: the exact stdout body and the exit code. */
export type HostAnswer = BridgeResponse;

export interface AnswerHostOptions {
  signal?: AbortSignal;
  /** Makes the cancel signal on demand instead of `signal` (only once a hook is selected). */
  makeSignal?: () => AbortSignal;
  /** Bounds the whole dispatch; hooks still running then are cut like timeouts. */
  budgetMs?: number;
  /** Render an `allow` on PreToolUse as a permission grant. */
  passAllow: boolean;
  /** Sees the dispatch result once it is rendered (audit, metrics), with what the host could not be told (`downgrades`). */
  onResult?: (result: HostDispatchResult) => void;
  /** The W3C trace context the transport received (`serve`'s `traceparent` header), continued by tracing. */
  traceparent?: string;
}

/** A dispatch result and what the host's answer had to downgrade (docs/hosts.md, "Downgrades"); `downgrades` only when there were some. */
export type HostDispatchResult = DispatchResult & { downgrades?: string[] };

/** The answer to an event hookwire does not handle: silence, as if no hook were configured. */
export const SILENT_ANSWER: HostAnswer = { exitCode: 0, stdout: '' };

/**
 * From a host's hook payload to the host's answer: dispatches the payload's event and renders the
 * folded outcome in the host's response form. `hookwire run` writes the answer on stdout and exits
 * with its code; `hookwire serve` sends the same bytes as the HTTP body, so the two cannot drift.
 * Payloads of events hookwire does not know get {@link SILENT_ANSWER}. Rejects when the dispatch
 * does (canceled, closed runtime).
 */
export async function answerHost(runtime: Runtime, dialect: DialectName, host: HostPayload, options: AnswerHostOptions): Promise<HostAnswer> {
  const { event, payload } = host;
  if (event === undefined) return SILENT_ANSWER;
  const dispatchOptions: DispatchOptions = {};
  if (typeof payload.cwd === 'string' && payload.cwd !== '') dispatchOptions.cwd = payload.cwd;
  if (options.signal !== undefined) dispatchOptions.signal = options.signal;
  if (options.makeSignal !== undefined) dispatchOptions.makeSignal = options.makeSignal;
  if (options.budgetMs !== undefined) dispatchOptions.budgetMs = options.budgetMs;
  if (options.traceparent !== undefined) dispatchOptions.traceparent = options.traceparent;
  dispatchOptions.dialect = dialect;
  const renderOptions = { passAllow: options.passAllow, ...(host.eventName === undefined ? {} : { eventName: host.eventName }) };
  // Lifecycle subscribers (the audit log) hear what the host's answer could not express.
  dispatchOptions.downgradesOf = (result) => renderOutcome(dialect, result.canonical, result.outcome, renderOptions).downgrades;
  const result = await runtime.dispatch(host.eventName ?? event, payload, dispatchOptions);
  const answer = renderOutcome(dialect, result.canonical, result.outcome, renderOptions);
  options.onResult?.(answer.downgrades === undefined ? result : { ...result, downgrades: answer.downgrades });
  return answer;
}
