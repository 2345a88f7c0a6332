import { open } from 'node:fs/promises';
import type { CanonicalEvent } from '@hookwire/contract';
import type { DispatchResult, RunRecord } from '@hookwire/runtime';
import { serializeLine } from './serialize-line.js';

/** One dispatch in the audit trail (`listen --log`, `run --log`): which hook decided what, or why nothing ran. */
export interface AuditRecord {
  id?: unknown;
  /** The event as the host named it, when known. */
  event?: string;
  canonical?: CanonicalEvent;
  outcome?: DispatchResult['outcome'];
  runs?: readonly RunRecord[];
  /** What the host's answer could not express, by the rules of docs/hosts.md ("Downgrades"); only when there was something. */
  downgrades?: readonly string[];
  /** Set instead of `outcome` and `runs` when the bridge could not dispatch: the same line the user was shown. */
  error?: string;
}

/**
 * The audit line of one dispatch: compact JSON with `ts` first, and one `\n`. A record that cannot
 * be serialised keeps `ts`, `id`, `event` and `canonical` and says why in `error` (serializeLine).
 */
export function formatAuditRecord(record: AuditRecord, now = new Date()): string {
  return `${serializeLine({ ts: now.toISOString(), ...record }, ['ts', 'id', 'event', 'canonical'], {})}\n`;
}

/**
 * Appends one audit line to a file with a single write on a descriptor opened with O_APPEND, so
 * that the lines of several processes appending at once (the bridges of one session) never
 * interleave or overwrite each other. Rejects when the file cannot be written.
 */
export async function appendAuditLine(path: string, line: string): Promise<void> {
  const bytes = Buffer.from(line, 'utf8');
  const handle = await open(path, 'a');
  try {
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length);
    if (bytesWritten !== bytes.length) throw new Error(`short write to ${path}: ${bytesWritten} of ${bytes.length} bytes`);
  } finally {
    await handle.close();
  }
}
