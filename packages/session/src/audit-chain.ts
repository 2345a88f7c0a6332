// `node:crypto` is loaded on first use (`process.getBuiltinModule`): a bridge that logs nothing never pays for it.
import { constants, promises as fs } from 'node:fs';

/** The name of the field each audit line carries: the hash of the line before it in the file (docs/audit-log.md, "The chain"). */
export const CHAIN_FIELD = 'prev';

/** `sha256:` and the hex SHA-256 of a line's bytes (without its newline). */
export function hashLine(line: Uint8Array | string): string {
  return `sha256:${process.getBuiltinModule('node:crypto').createHash('sha256').update(line).digest('hex')}`;
}

/** What the first line of a file chains to: the hash of nothing. */
export const CHAIN_START = 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * A line (`{...}\n`, as the audit log serialises records) with `"prev":HASH` added as its last
 * field; a line that is not a JSON object is left as it is (and breaks the chain for a verifier).
 */
export function chainLine(line: Buffer, prev: string): Buffer {
  if (line.length < 3 || line[0] !== 0x7b || line[line.length - 2] !== 0x7d || line[line.length - 1] !== 0x0a) return line;
  // JSON.stringify of an object ends in `}`: the field goes before it, after a comma unless the object is empty.
  const body = line.subarray(0, line.length - 2);
  const separator = body.length > 1 ? ',' : '';
  return Buffer.concat([body, Buffer.from(`${separator}"${CHAIN_FIELD}":"${prev}"}\n`)]);
}

const TAIL_CHUNK = 64 * 1024;

/**
 * The last line of an open file and whether the file ends with a newline: read backwards from
 * the end in chunks until the newline before it (a line can be megabytes: a payload).
 */
export async function readLastLine(handle: fs.FileHandle, size: number): Promise<{ line: Buffer | undefined; endsWithNewline: boolean }> {
  if (size === 0) return { line: undefined, endsWithNewline: true };
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  const endsWithNewline = last[0] === 0x0a;
  const end = endsWithNewline ? size - 1 : size;
  const chunks: Buffer[] = [];
  let position = end;
  while (position > 0) {
    const length = Math.min(TAIL_CHUNK, position);
    position -= length;
    const chunk = Buffer.alloc(length);
    await handle.read(chunk, 0, length, position);
    const newline = chunk.lastIndexOf(0x0a);
    if (newline !== -1) {
      chunks.unshift(chunk.subarray(newline + 1));
      return { line: Buffer.concat(chunks), endsWithNewline };
    }
    chunks.unshift(chunk);
  }
  return { line: Buffer.concat(chunks), endsWithNewline };
}

/** How long a writer waits for another's lock before taking it as left by a process that died. */
export const CHAIN_LOCK_STALE_MS = 2_000;
const LOCK_RETRY_MS = 2;

/**
 * Holds `<path>.lock` (created exclusively) while `work` reads the file's last line and appends
 * the next one, so that writers of several processes (the bridges of one session) chain one after
 * another. A lock older than `CHAIN_LOCK_STALE_MS` was left by a writer that died: it is removed.
 */
export async function withChainLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  const started = performance.now();
  for (;;) {
    try {
      const handle = await fs.open(lock, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o644);
      await handle.close();
      break;
    } catch (error) {
      // A folder where no lock can be made (read-only, but the log file writable): chained without one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return await work();
      const stats = await fs.stat(lock).catch(() => undefined);
      if (stats !== undefined && Date.now() - stats.mtimeMs > CHAIN_LOCK_STALE_MS) await fs.rm(lock, { force: true });
      else if (performance.now() - started > CHAIN_LOCK_STALE_MS * 2) await fs.rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(lock, { force: true });
  }
}
