import { AUDIT_RECORD_VERSION, type AuditRecord } from './audit-log.js';

/** The records of an audit log with their 1-based line numbers, or why the log cannot be read. */
export type AuditLogReading =
  | { ok: true; records: { line: number; record: AuditRecord }[] }
  | { ok: false; line: number; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an audit log (one JSON record a line, blank lines ignored). A line that is not JSON, not a
 * record, or of a version this reader does not know makes the whole log unreadable: a replay that
 * silently dropped lines could not be trusted as a gate.
 */
export function readAuditLog(text: string): AuditLogReading {
  const records: { line: number; record: AuditRecord }[] = [];
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
    if (typeof value.event !== 'string' || !Array.isArray(value.runs)) {
      return { ok: false, line: i + 1, message: 'not an audit record: "event" (a string) and "runs" (an array) are required' };
    }
    records.push({ line: i + 1, record: value as unknown as AuditRecord });
  }
  return { ok: true, records };
}
