// `fs.promises` read where used: `node:fs/promises` costs every one-shot bridge ~1 ms to load, and most log nothing.
import { promises as fs } from 'node:fs';

/**
 * Appends one audit line to a file with a single write on a descriptor opened with O_APPEND, so
 * that the lines of several processes appending at once (the bridges of one session) never
 * interleave or overwrite each other. Rejects when the file cannot be written.
 */
export async function appendAuditLine(path: string, line: string): Promise<void> {
  const bytes = Buffer.from(line, 'utf8');
  const handle = await fs.open(path, 'a');
  try {
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length);
    if (bytesWritten !== bytes.length) throw new Error(`short write to ${path}: ${bytesWritten} of ${bytes.length} bytes`);
  } finally {
    await handle.close();
  }
}
