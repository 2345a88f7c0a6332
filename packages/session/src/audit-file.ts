// `fs.promises` read where used: `node:fs/promises` costs every one-shot bridge ~1 ms to load, and most log nothing.
import { constants, promises as fs } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '@hookwire/runtime';
import { CHAIN_START, chainLine, hashLine, readLastLine, withChainLock } from './audit-chain.js';

/**
 * Opened for appending without blocking: a FIFO nobody reads fails at once (ENXIO) instead of
 * holding a libuv thread, and a thread held in `open` would also hold the process's exit (libuv
 * joins its threads at exit). O_APPEND makes each line one write at the end of the file, so the
 * lines of several processes (the bridges of one session) never interleave or overwrite each other.
 */
const OPEN_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK;
/**
 * How long `run`, `listen` and `serve` wait at their end for audit lines not yet written once the
 * log stops taking them: a log path that blocks (a FIFO nobody reads) must not hold the answer or
 * the exit, while a log that is being written (a backlog on a slow disk) is waited for.
 */
export const AUDIT_CLOSE_MS = 1_000;
/** Lines waiting for the file are kept up to this many bytes; later ones are dropped, and counted. */
export const AUDIT_QUEUE_MAX_BYTES = 64 * 1024 * 1024;
/** Retries of a FIFO with no reader yet, or full: after this many ms, doubling up to one second. */
const FIRST_RETRY_MS = 20;
const MAX_RETRY_MS = 1_000;

/** An audit log file that never stands between a decision and the host: writes queue, `close` waits a bounded time. */
export interface AuditFile {
  /** Queues one line (newline included); never blocks and never throws. */
  write(line: string): void;
  /**
   * Writes what is queued, then closes the file; gives up once no line was written for `waitMs`
   * (the queue is capped, so a log that takes lines is waited for a bounded time too). Resolves
   * with how many lines were not written (each loss is logged).
   */
  close(waitMs: number): Promise<number>;
}

/** Errors that mean "not now" (a FIFO with no reader, or full), retried; any other is logged and its line dropped. */
function isTransient(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ENXIO' || error.code === 'EAGAIN' || error.code === 'EWOULDBLOCK' || error.code === 'EPIPE';
}

/**
 * Opens `path` for audit lines (docs/audit-log.md), lazily: nothing is opened until the first line.
 * A path that cannot take lines now (a FIFO nobody reads) keeps them queued and retries; a path
 * that cannot take them at all (a missing folder, no permission) drops each line with an error.
 */
export interface AuditFileOptions {
  /**
   * Rotate a regular file that has reached this size: under the chain's lock it is renamed to
   * `FILE.1` (replacing the one before) and the lines go to a new `FILE`, whose chain starts
   * anew. A writer whose file was rotated by another process writes to the new one.
   */
  maxBytes?: number;
  /** Create the file's folder (mode 0700) when it is missing, instead of dropping the lines; the file is created 0600 (the config's log: records of every project). */
  createFolder?: boolean;
}

export function openAuditFile(path: string, logger: Logger, fileOptions: AuditFileOptions = {}): AuditFile {
  const queue: Buffer[] = [];
  let queuedBytes = 0;
  let lost = 0;
  let handle: fs.FileHandle | undefined;
  // A regular file is chained to its own last line (whoever wrote it); a pipe to this writer's last line.
  let regular = false;
  let lastHash = CHAIN_START;
  // Whether queue[0] already carries its chain field (a line a pipe took part of).
  let headChained = false;
  let pumping = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let reported = '';
  let lastProgress = 0;
  const drained: (() => void)[] = [];

  function report(error: NodeJS.ErrnoException, what: string): void {
    // Once per kind of error in a row: a log path that is wrong must not flood stderr with one line per dispatch.
    const key = `${what}:${error.code ?? error.message}`;
    if (key === reported) return;
    reported = key;
    logger.error(`cannot write the audit log ${path}: ${what}`, { error: error.code ?? error.message });
  }

  function settleIfDrained(): void {
    if (queue.length === 0) for (const resolve of drained.splice(0)) resolve();
  }

  function retryLater(): void {
    pumping = false;
    if (closed && drained.length === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      void pump();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }

  async function pump(): Promise<void> {
    if (pumping || retry !== undefined) return;
    pumping = true;
    while (queue.length > 0) {
      if (handle === undefined) {
        try {
          handle = await openLog();
          regular = (await handle.stat()).isFile();
        } catch (error) {
          const failure = error as NodeJS.ErrnoException;
          if (isTransient(failure)) {
            report(failure, 'no reader yet (a FIFO?); the lines wait');
            return retryLater();
          }
          report(failure, 'cannot open it; the line is dropped');
          lost++;
          queuedBytes -= queue.shift()!.length;
          continue;
        }
      }
      try {
        if (regular) {
          // Every line waiting goes in one write under one lock: a busy server pays the lock once per batch, not per line.
          const batch = queue.slice(0);
          await appendChained(handle, batch);
          queue.splice(0, batch.length);
          queuedBytes -= batch.reduce((sum, raw) => sum + raw.length, 0);
          lastProgress = performance.now();
          retryMs = FIRST_RETRY_MS;
          reported = '';
          continue;
        }
        if (!headChained) {
          const raw = queue[0]!;
          const chained = chainLine(raw, lastHash);
          lastHash = hashLine(chained.subarray(0, chained.length - 1));
          queue[0] = chained;
          queuedBytes += chained.length - raw.length;
          headChained = true;
        }
        const line = queue[0]!;
        const { bytesWritten } = await handle.write(line, 0, line.length);
        if (bytesWritten < line.length) {
          // Only a pipe takes part of a line: the rest follows.
          queue[0] = line.subarray(bytesWritten);
          queuedBytes -= bytesWritten;
          lastProgress = performance.now();
          continue;
        }
        queue.shift();
        headChained = false;
        queuedBytes -= line.length;
        lastProgress = performance.now();
        retryMs = FIRST_RETRY_MS;
        reported = '';
      } catch (error) {
        const failure = error as NodeJS.ErrnoException;
        if (isTransient(failure)) {
          // A full pipe waits; a pipe whose reader left is opened again (for the next reader).
          if (failure.code === 'EPIPE') await closeHandle();
          report(failure, 'the reader does not keep up or left; the lines wait');
          return retryLater();
        }
        report(failure, 'a write failed; the line is dropped');
        lost++;
        headChained = false;
        queuedBytes -= queue.shift()!.length;
        await closeHandle();
      }
    }
    pumping = false;
    settleIfDrained();
  }

  /**
   * Appends lines to a regular file, chained to the file's last line and to each other: under the
   * file's lock, so that another process's line cannot come between reading that line and writing these.
   * A last line without its newline (a writer that died mid-line) is ended first.
   */
  async function appendChained(given: fs.FileHandle, batch: readonly Buffer[]): Promise<void> {
    let file = given;
    await withChainLock(path, async () => {
      if (fileOptions.maxBytes !== undefined) file = await rotateIfFull(file, fileOptions.maxBytes);
      const reader = await fs.open(path, 'r');
      let tail;
      try {
        tail = await readLastLine(reader, (await reader.stat()).size);
      } finally {
        await reader.close();
      }
      let prev = tail.line === undefined ? CHAIN_START : hashLine(tail.line);
      const chained = batch.map((raw) => {
        const line = chainLine(raw, prev);
        prev = hashLine(line.subarray(0, line.length - 1));
        return line;
      });
      const bytes = Buffer.concat(tail.endsWithNewline ? chained : [Buffer.from('\n'), ...chained]);
      let written = 0;
      while (written < bytes.length) written += (await file.write(bytes, written, bytes.length - written)).bytesWritten;
    });
  }

  /** Opens the log for appending; a missing folder is made first when asked (`createFolder`). */
  async function openLog(): Promise<fs.FileHandle> {
    const mode = fileOptions.createFolder === true ? 0o600 : 0o666;
    try {
      return await fs.open(path, OPEN_FLAGS, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || fileOptions.createFolder !== true) throw error;
      await fs.mkdir(dirname(path), { recursive: true, mode: 0o700 });
      return fs.open(path, OPEN_FLAGS, mode);
    }
  }

  /**
   * Under the chain's lock: the handle to write to. A file another writer rotated (the path names
   * another file now) is left for the new one; a file at `maxBytes` or more is renamed to `FILE.1`
   * and a new one started. Two `stat`s per batch; the rename only once per `maxBytes`.
   */
  async function rotateIfFull(file: fs.FileHandle, maxBytes: number): Promise<fs.FileHandle> {
    const [own, named] = await Promise.all([file.stat(), fs.stat(path).catch(() => undefined)]);
    let current = file;
    let size = own.size;
    if (named === undefined || named.ino !== own.ino || named.dev !== own.dev) {
      await file.close().catch(() => {});
      current = handle = await openLog();
      size = (await current.stat()).size;
    }
    if (size < maxBytes) return current;
    await fs.rename(path, `${path}.1`);
    await current.close().catch(() => {});
    return (handle = await openLog());
  }

  async function closeHandle(): Promise<void> {
    const open = handle;
    handle = undefined;
    await open?.close().catch(() => {});
  }

  return {
    write(line) {
      if (closed) return;
      const bytes = Buffer.from(line, 'utf8');
      if (queuedBytes + bytes.length > AUDIT_QUEUE_MAX_BYTES) {
        lost++;
        report(Object.assign(new Error('queue full'), { code: 'QUEUE_FULL' }), `more than ${AUDIT_QUEUE_MAX_BYTES} bytes wait for it; the line is dropped`);
        return;
      }
      queue.push(bytes);
      queuedBytes += bytes.length;
      void pump();
    },
    async close(waitMs) {
      closed = true;
      lastProgress = Math.max(lastProgress, performance.now());
      let timer: NodeJS.Timeout | undefined;
      const done = new Promise<void>((resolve) => {
        drained.push(resolve);
        settleIfDrained();
      });
      // Gives up only when nothing was written for waitMs: checked every tenth of it.
      const stalled = new Promise<void>((resolve) => {
        const check = () => {
          if (performance.now() - lastProgress >= waitMs) return resolve();
          timer = setTimeout(check, Math.max(10, waitMs / 10));
        };
        check();
      });
      await Promise.race([done, stalled]);
      clearTimeout(timer);
      clearTimeout(retry);
      drained.length = 0;
      const unwritten = queue.length;
      if (unwritten > 0) logger.error(`cannot write the audit log ${path}: ${unwritten} line(s) not written, the log took none for ${waitMs} ms; they are lost`);
      queue.length = 0;
      // Closing a descriptor does not wait on a reader; bounded all the same.
      if (!pumping) await Promise.race([closeHandle(), new Promise((resolve) => setTimeout(resolve, 100).unref())]);
      return lost + unwritten;
    },
  };
}
