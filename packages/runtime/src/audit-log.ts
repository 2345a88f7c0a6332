import type { CanonicalEvent, DialectName } from '@hookwire/contract';
import type { Outcome } from '@hookwire/fold';
import { dispatchEndChannel, type DispatchEndMessage } from './lifecycle-channels.js';
import type { RunRecord } from './run-record.js';

/** The version of the audit record format (docs/audit-log.md). A reader refuses versions it does not know. */
export const AUDIT_RECORD_VERSION = 1;

/** One line of the audit log: everything needed to see which hook decided what, and to replay the dispatch. */
export interface AuditRecord {
  v: typeof AUDIT_RECORD_VERSION;
  /** When the dispatch ended (ISO 8601). */
  ts: string;
  /** A fresh UUID naming this decision, as OPA's decision logs name theirs: the key to find one record across copies of the log. */
  decision_id: string;
  /** The host's tag for the dispatch (the stdio protocol's request id). */
  id?: unknown;
  /** The event name as the host gave it. */
  event: string;
  canonical: CanonicalEvent;
  dialect: DialectName;
  subject?: string;
  cwd: string;
  /** The payload as given, secrets redacted; absent when the log leaves payloads out. */
  payload?: Record<string, unknown>;
  /** `sha256:<hex>` of the normalised config in force. */
  config: string;
  /** The revision of the policy bundle the organisation layer came from, when it came from one. */
  bundle?: string;
  /** `observe` when the whole config ran as a dry run (`--observe`). */
  mode?: 'observe';
  /** The ids of the hooks the event selected, in run order. */
  hooks: string[];
  /** The folded outcome; absent when the dispatch failed (then `error` says why). */
  outcome?: Outcome;
  error?: { code: string; message: string };
  runs: RunRecord[];
  /** What the host's answer could not express, by the rules of docs/hosts.md ("Downgrades"); only when there was something. */
  downgrades?: string[];
  durationMs: number;
  /** Present only when the record could not be serialised whole: the fields left out, and why. */
  omitted?: { fields: string[]; why: string };
}

/**
 * The other line of the audit log: a failure of the bridge itself (`hookwire run --log` when its
 * command line, stdin, payload or config is wrong, or the dispatch could not be made). Nothing was
 * dispatched, so there is nothing to replay: `hookwire replay` counts such lines and skips them.
 */
export interface AuditFailureRecord {
  v: typeof AUDIT_RECORD_VERSION;
  ts: string;
  /** What sets this line apart from a dispatch record (which has no `type`). */
  type: 'bridge-failure';
  /** The event name as the host gave it, when the payload could be read that far. */
  event?: string;
  canonical?: CanonicalEvent;
  dialect: DialectName;
  /** The payload's cwd, when it could be read. */
  cwd?: string;
  /** The stable code of the failure and the notice the user was shown. */
  error: { code: string; message: string };
}

/** Every line an audit log holds: a dispatch, or a failure of the bridge before any dispatch. */
export type AuditLine = AuditRecord | AuditFailureRecord;

/** The audit line of a failure of the bridge (see {@link AuditFailureRecord}). */
export function auditFailureRecordOf(fields: Omit<AuditFailureRecord, 'v' | 'ts' | 'type'>): AuditFailureRecord {
  return {
    v: AUDIT_RECORD_VERSION,
    ts: new Date().toISOString(),
    type: 'bridge-failure',
    ...(fields.event === undefined ? {} : { event: fields.event }),
    ...(fields.canonical === undefined ? {} : { canonical: fields.canonical }),
    dialect: fields.dialect,
    ...(fields.cwd === undefined ? {} : { cwd: fields.cwd }),
    error: { code: fields.error.code, message: fields.error.message },
  };
}

export interface AuditLogOptions {
  /** Receives each record as one JSON line, newline included. */
  write(line: string): void;
  /** Only this runtime's dispatches; default every runtime's in the process. */
  runtime?: object;
  /** Write payloads (redacted); default true. False leaves them out (such a log cannot be replayed). */
  payloads?: boolean;
  /** The revision of the bundle the organisation layer came from: written as `bundle` in every record. */
  bundle?: string;
}

/** The audit record of a finished dispatch. */
export function auditRecordOf(message: DispatchEndMessage, options: { payloads?: boolean; bundle?: string } = {}): AuditRecord {
  const record: AuditRecord = {
    v: AUDIT_RECORD_VERSION,
    ts: new Date().toISOString(),
    decision_id: globalThis.crypto.randomUUID(),
    ...(message.requestId === undefined ? {} : { id: message.requestId }),
    event: message.event,
    canonical: message.canonical,
    dialect: message.dialect,
    ...(message.subject === undefined ? {} : { subject: message.subject }),
    cwd: message.cwd,
    ...(options.payloads === false || message.payload === undefined ? {} : { payload: message.payload }),
    config: message.configDigest,
    // The revision the dispatch's own snapshot names wins: a bundle swapped in mid-dispatch is not this record's.
    ...(message.bundle !== undefined ? { bundle: message.bundle } : options.bundle === undefined ? {} : { bundle: options.bundle }),
    ...(message.observeAll ? { mode: 'observe' as const } : {}),
    hooks: message.hooks,
    ...(message.outcome === undefined ? {} : { outcome: message.outcome }),
    ...(message.error === undefined ? {} : { error: message.error }),
    runs: message.runs ?? [],
    ...(message.downgrades === undefined ? {} : { downgrades: message.downgrades }),
    durationMs: message.durationMs,
  };
  return record;
}

/**
 * A line that always serialises: a record `JSON.stringify` cannot write (a payload or a host's id
 * nested deeper than it can go) loses those fields, with a note saying why, rather than the record.
 */
function serializeRecord(record: AuditRecord): string {
  try {
    return JSON.stringify(record);
  } catch (error) {
    const why = `the record could not be serialized whole (${(error as Error).message})`;
    const { payload: _payload, id: _id, ...rest } = record;
    try {
      return JSON.stringify({ ...rest, omitted: { fields: ['payload', 'id'], why } });
    } catch {
      const { outcome: _outcome, runs: _runs, ...bare } = rest;
      return JSON.stringify({ ...bare, runs: [], omitted: { fields: ['payload', 'id', 'outcome', 'runs'], why } });
    }
  }
}

/**
 * Hands one audit record per finished dispatch to `onRecord`, as a subscriber of
 * `hookwire:dispatch:end`: the audit file and the OTLP log export read the same records. Returns
 * the function that unsubscribes it.
 */
export function subscribeAuditRecords(onRecord: (record: AuditRecord) => void, options: Pick<AuditLogOptions, 'runtime' | 'payloads'> = {}): () => void {
  const onMessage = (data: unknown) => {
    const message = data as DispatchEndMessage;
    if (options.runtime !== undefined && message.runtime !== options.runtime) return;
    onRecord(auditRecordOf(message, options));
  };
  dispatchEndChannel.subscribe(onMessage);
  return () => {
    dispatchEndChannel.unsubscribe(onMessage);
  };
}

/**
 * Writes one audit record per finished dispatch, as a subscriber of `hookwire:dispatch:end`.
 * Returns the function that unsubscribes it.
 */
export function subscribeAuditLog(options: AuditLogOptions): () => void {
  return subscribeAuditRecords((record) => options.write(`${serializeRecord(record)}\n`), options);
}
