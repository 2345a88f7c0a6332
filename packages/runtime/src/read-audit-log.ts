import { AUDIT_RECORD_VERSION, type AuditFailureRecord, type AuditRecord } from './audit-log.js';

/**
 * The dispatch records of an audit log with their 1-based line numbers, and apart from them its
 * bridge failures (nothing was dispatched: nothing to replay); or why the log cannot be read.
 */
export type AuditLogReading =
  | { ok: true; records: { line: number; record: AuditRecord }[]; failures: { line: number; record: AuditFailureRecord }[] }
  | { ok: false; line: number; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line of an audit log as {@link readAuditLine} reads it: blank, a dispatch record, a bridge failure, or why it is not a record. */
export type AuditLineReading =
  | { kind: 'blank' }
  | { kind: 'record'; record: AuditRecord }
  | { kind: 'failure'; record: AuditFailureRecord }
  | { kind: 'invalid'; message: string };

/**
 * Reads one line of an audit log: the check {@link readAuditLog} makes of each line, for readers
 * that take a log line by line as it grows (`hookwire log --follow`, `hookwire statusline`).
 */
export function readAuditLine(text: string): AuditLineReading {
  const source = text.trim();
  if (source === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return { kind: 'invalid', message: `not JSON: ${(error as Error).message}` };
  }
  if (!isRecord(value)) return { kind: 'invalid', message: 'not an audit record (expected a JSON object)' };
  if (value.v !== AUDIT_RECORD_VERSION) {
    const given = value.v === undefined ? 'no "v" (a record from before the versioned format: it has no payload to replay)' : `"v": ${JSON.stringify(value.v)}`;
    return { kind: 'invalid', message: `unsupported audit record version: ${given}; this hookwire reads "v": ${AUDIT_RECORD_VERSION}` };
  }
  if (value.type === 'bridge-failure') {
    if (!isRecord(value.error) || typeof value.error.code !== 'string' || typeof value.error.message !== 'string') {
      return { kind: 'invalid', message: 'not a bridge-failure line: "error" ({ code, message }, strings) is required' };
    }
    return { kind: 'failure', record: value as unknown as AuditFailureRecord };
  }
  if (value.type !== undefined) return { kind: 'invalid', message: `unknown audit line type ${JSON.stringify(value.type)}: this hookwire knows dispatch records (no "type") and "bridge-failure"` };
  if (typeof value.event !== 'string' || !Array.isArray(value.runs)) {
    return { kind: 'invalid', message: 'not an audit record: "event" (a string) and "runs" (an array) are required' };
  }
  const badRun = value.runs.findIndex((run) => !isRecord(run) || typeof run.hook !== 'string' || !isRecord(run.outcome));
  if (badRun !== -1) return { kind: 'invalid', message: `not an audit record: runs[${badRun}] must be an object with "hook" (a string) and "outcome" (an object)` };
  if (value.outcome !== undefined && !isRecord(value.outcome)) return { kind: 'invalid', message: 'not an audit record: "outcome", when present, must be an object' };
  return { kind: 'record', record: value as unknown as AuditRecord };
}

/**
 * Reads an audit log (one JSON record a line, blank lines ignored). A line that is not JSON, not a
 * record, or of a version or type this reader does not know makes the whole log unreadable: a
 * replay that silently dropped lines could not be trusted as a gate. Bridge failures are read, and
 * returned apart, so that a replay can say how many it skipped.
 */
export function readAuditLog(text: string): AuditLogReading {
  const records: { line: number; record: AuditRecord }[] = [];
  const failures: { line: number; record: AuditFailureRecord }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const read = readAuditLine(lines[i]!);
    if (read.kind === 'invalid') return { ok: false, line: i + 1, message: read.message };
    if (read.kind === 'record') records.push({ line: i + 1, record: read.record });
    else if (read.kind === 'failure') failures.push({ line: i + 1, record: read.record });
  }
  return { ok: true, records, failures };
}
