import { channel } from 'node:diagnostics_channel';
import type { CanonicalEvent, DialectName, FailureClass, HandlerKind, HookMode } from '@hookwire/contract';
import type { Outcome } from '@hookwire/fold';
import type { RunRecord } from './run-record.js';

/**
 * The names of the runtime's `node:diagnostics_channel` channels. Stable: subscribers (the audit
 * log, traces, metrics) find them by these names. Nothing is built or published on a channel
 * nobody subscribes to.
 */
export const CHANNEL_NAMES = {
  dispatchStart: 'hookwire:dispatch:start',
  dispatchEnd: 'hookwire:dispatch:end',
  hookStart: 'hookwire:hook:start',
  hookEnd: 'hookwire:hook:end',
} as const;

export const dispatchStartChannel = channel(CHANNEL_NAMES.dispatchStart);
export const dispatchEndChannel = channel(CHANNEL_NAMES.dispatchEnd);
export const hookStartChannel = channel(CHANNEL_NAMES.hookStart);
export const hookEndChannel = channel(CHANNEL_NAMES.hookEnd);

/** What `hookwire:dispatch:start` carries; `hookwire:dispatch:end` carries the same object, completed. */
export interface DispatchStartMessage {
  /** The runtime that dispatches, so that a subscriber can listen to one runtime of several. */
  runtime: object;
  /** Counts this process's observed dispatches from 1. */
  dispatchId: number;
  /** The host's own tag for the dispatch (the stdio protocol's request id), when it gave one. */
  requestId?: unknown;
  /** The W3C `traceparent` the transport received with the request (an HTTP header on `serve`), when there was one. */
  traceparent?: string;
  /** The event name as given (`PreToolUse`, `tool:before`). */
  event: string;
  canonical: CanonicalEvent;
  /** The dialect the event name belongs to. */
  dialect: DialectName;
  subject?: string;
  cwd: string;
  /**
   * The payload as given, NOT redacted: a subscriber that writes it anywhere redacts it first
   * (`redactPayload` does what the audit log does).
   */
  payload: Record<string, unknown> | undefined;
  /** `sha256:<hex>` of the normalised config in force (see docs/audit-log.md). */
  configDigest: string;
  /** The revision of the bundle the organisation layer in force came from (the runtime's `bundleRevision` or `setOrgLayer`), when it came from one. */
  bundle?: string;
  /** The ids of the hooks the event selected, in run order. */
  hooks: string[];
  /** True when the runtime was told to observe every hook (a dry run of the whole config). */
  observeAll: boolean;
}

export interface DispatchEndMessage extends DispatchStartMessage {
  durationMs: number;
  /** Present when the dispatch finished. */
  outcome?: Outcome;
  runs?: RunRecord[];
  /** What the host's answer could not express (docs/hosts.md, "Downgrades"); only when there was something. */
  downgrades?: string[];
  /** Present when it did not: the stable code and message of the error it threw. */
  error?: { code: string; message: string };
}

export interface HookStartMessage {
  runtime: object;
  dispatchId: number;
  canonical: CanonicalEvent;
  subject?: string;
  hook: string;
  kind: HandlerKind;
  mode: HookMode;
}

export interface HookEndMessage extends HookStartMessage {
  /** The hook's run record, as it appears in the dispatch's `runs`. */
  record: RunRecord;
  /** The hook's own decision (after onError), or `none`. */
  decision: string;
  failureClass?: FailureClass;
  durationMs: number;
}
