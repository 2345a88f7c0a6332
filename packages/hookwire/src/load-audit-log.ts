import { readFile } from 'node:fs/promises';
import { readAuditLog, type AuditLogReading, type Logger } from '@hookwire/runtime';

/**
 * Reads an audit log file for `replay` and `explain`: its records, or undefined once the reason it
 * cannot be read (the file, or the line that is not a record) is logged.
 */
export async function loadAuditLog(path: string, logger: Logger): Promise<Extract<AuditLogReading, { ok: true }> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    logger.error(`cannot read the audit log ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return undefined;
  }
  const reading = readAuditLog(text);
  if (!reading.ok) {
    logger.error(`${path}:${reading.line}: ${reading.message}`);
    return undefined;
  }
  return reading;
}
