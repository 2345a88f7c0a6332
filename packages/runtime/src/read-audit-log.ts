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
    const source = lines[i]!.trim();
    if (source === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (error) {
      return { ok: false, line: i + 1, message: `not JSON: ${(error as Error).message}` };
    }
    if (!isRecord(value)) return { ok: false, line: i + 1, message: 'not an audit record (expected a JSON object)' };
    if (value.v !== AUDIT_RECORD_VERSION) {
      const given = value.v === undefined ? 'no "v" (a record from before the versioned format: it has no payload to replay)' : `"v": ${JSON.stringify(value.v)}`;
      return { ok: false, line: i + 1, message: `unsupported audit record version: ${given}; this hookwire reads "v": ${AUDIT_RECORD_VERSION}` };
    }
    if (value.type === 'bridge-failure') {
      if (!isRecord(value.error) || typeof value.error.code !== 'string' || typeof value.error.message !== 'string') {
        return { ok: false, line: i + 1, message: 'not a bridge-failure line: "error" ({ code, message }, strings) is required' };
      }
      failures.push({ line: i + 1, record: value as unknown as AuditFailureRecord });
      continue;
    }
    if (value.type !== undefined) return { ok: false, line: i + 1, message: `unknown audit line type ${JSON.stringify(value.type)}: this hookwire knows dispatch records (no "type") and "bridge-failure"` };
    if (typeof value.event !== 'string' || !Array.isArray(value.runs)) {
      return { ok: false, line: i + 1, message: 'not an audit record: "event" (a string) and "runs" (an array) are required' };
    }
    const badRun = value.runs.findIndex((run) => !isRecord(run) || typeof run.hook !== 'string' || !isRecord(run.outcome));
    if (badRun !== -1) return { ok: false, line: i + 1, message: `not an audit record: runs[${badRun}] must be an object with "hook" (a string) and "outcome" (an object)` };
    if (value.outcome !== undefined && !isRecord(value.outcome)) return { ok: false, line: i + 1, message: 'not an audit record: "outcome", when present, must be an object' };
    records.push({ line: i + 1, record: value as unknown as AuditRecord });
  }
  return { ok: true, records, failures };
}
