import { watch, type FSWatcher } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

/** One line of a file and its 1-based number (blank lines counted, as `readAuditLog` numbers them). */
export interface NumberedLine {
  line: number;
  text: string;
  /** Where the line starts in the file, in bytes, and how many bytes it has (without its newline). */
  offset: number;
  bytes: number;
}

export interface FollowOptions {
  /** Receives the file's complete lines in order, a batch per read. */
  onLines(lines: NumberedLine[]): void;
  /** What happened to the file (replaced, truncated, not there yet), in words for a person. */
  onNotice?(message: string): void;
  /** The file is read again from its start (replaced or truncated): the lines passed on so far are no longer its lines. */
  onRestart?(): void;
  /** How often the file is checked besides `fs.watch`'s events (which some file systems never send); default 500 ms. */
  pollMs?: number;
}

/** How much of the file one read takes. */
const READ_BYTES = 1024 * 1024;

/**
 * Cuts bytes into numbered lines at each newline (a UTF-8 character never holds byte 10, so a line
 * is decoded whole); the bytes after the last newline wait for the next chunk, or for `end()`.
 */
class LineSplitter {
  private pending: Buffer = Buffer.alloc(0);
  private lineNo = 0;
  /** The file offset of `pending`'s first byte. */
  private offset = 0;

  push(chunk: Buffer): NumberedLine[] {
    let data = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const lines: NumberedLine[] = [];
    let newline = data.indexOf(10);
    while (newline !== -1) {
      lines.push({ line: ++this.lineNo, text: data.toString('utf8', 0, newline), offset: this.offset, bytes: newline });
      this.offset += newline + 1;
      data = data.subarray(newline + 1);
      newline = data.indexOf(10);
    }
    this.pending = Buffer.from(data);
    return lines;
  }

  /** The last line, when the file does not end with a newline. */
  end(): NumberedLine[] {
    const last = this.pending;
    this.pending = Buffer.alloc(0);
    return last.length === 0 ? [] : [{ line: ++this.lineNo, text: last.toString('utf8'), offset: this.offset, bytes: last.length }];
  }

  reset(): void {
    this.pending = Buffer.alloc(0);
    this.lineNo = 0;
    this.offset = 0;
  }
}

/**
 * Reads a growing file line by line, as `tail -F` does: from its start, then every line appended,
 * on `fs.watch` events on its directory and on a poll (network and container file systems may
 * send no events). A file replaced at the path (log rotation: a new inode) is finished, then read
 * from its start; a file truncated below what was read is read again from its start; a file not
 * there (yet, or between a rotation's rename and create) is waited for. Only complete lines are
 * passed on: an unterminated last line waits for its newline. `ready` resolves once what the file
 * held at the start has been passed on (or found missing); `stop()` ends it, then `done` resolves.
 *
 * Written here rather than taken from a library: the tail modules on npm either poll only, or
 * follow one inode and lose a rotated log, and none numbers lines as the audit reader does.
 */
export function followFile(path: string, options: FollowOptions): { stop(): void; done: Promise<void>; ready: Promise<void> } {
  const pollMs = options.pollMs ?? 500;
  let handle: FileHandle | undefined;
  let inode: number | undefined;
  let offset = 0;
  const splitter = new LineSplitter();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let waitingNoticed = false;
  let lastProblem: string | undefined;
  const buffer = Buffer.allocUnsafe(READ_BYTES);

  const emit = (chunk: Buffer) => {
    const lines = splitter.push(chunk);
    if (lines.length > 0) options.onLines(lines);
  };

  /** Reads what the open file has past `offset`. */
  const drain = async () => {
    while (handle !== undefined && !stopped) {
      const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, offset);
      if (bytesRead === 0) return;
      offset += bytesRead;
      emit(buffer.subarray(0, bytesRead));
    }
  };

  let opened = false;
  const restart = () => {
    offset = 0;
    splitter.reset();
    if (opened) options.onRestart?.();
    opened = true;
  };

  const check = async () => {
    let current;
    try {
      current = await stat(path);
    } catch {
      current = undefined;
    }
    if (handle !== undefined && (current === undefined || current.ino !== inode)) {
      // Rotated or removed: what was appended to the old file before it moved is still its.
      await drain();
      await handle.close();
      handle = undefined;
      if (current !== undefined) options.onNotice?.(`${path} was replaced (rotated?); reading the new file from its start`);
      else {
        options.onNotice?.(`${path} was moved or removed (rotated?); waiting for a new one`);
        waitingNoticed = true;
      }
    }
    if (handle === undefined) {
      if (current === undefined) {
        if (!waitingNoticed) options.onNotice?.(`waiting for ${path} to appear`);
        waitingNoticed = true;
        return;
      }
      try {
        handle = await open(path, 'r');
      } catch {
        return;
      }
      inode = (await handle.stat()).ino;
      restart();
    }
    const size = (await handle.stat()).size;
    if (size < offset) {
      options.onNotice?.(`${path} was truncated; reading it again from its start`);
      restart();
    }
    await drain();
  };

  const schedule = () => {
    if (stopped) return;
    if (running !== undefined) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await check();
        } catch (error) {
          // Once per kind of problem, not once per poll: a directory at the path fails every time.
          const message = `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
          if (message !== lastProblem) options.onNotice?.(message);
          lastProblem = message;
          continue;
        }
        lastProblem = undefined;
      } while (again && !stopped);
      running = undefined;
    })();
  };

  let watcher: FSWatcher | undefined;
  try {
    const name = basename(path);
    watcher = watch(dirname(path), { persistent: false }, (_event, filename) => {
      if (filename === null || filename === name) schedule();
    });
    watcher.on('error', () => {
      watcher?.close();
      watcher = undefined;
    });
  } catch {
    // No events here (the directory is missing, or inotify is out of watches): the poll reads alone.
    watcher = undefined;
  }
  const timer = setInterval(schedule, pollMs);
  schedule();
  const ready = Promise.resolve(running).then(() => undefined);

  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      watcher?.close();
      void Promise.resolve(running).then(async () => {
        await handle?.close();
        finish();
      });
    },
    done,
    ready,
  };
}

/**
 * Reads a whole file's lines once (the last one even without its newline), numbered as
 * {@link followFile} numbers them: `hookwire log` without `--follow`. Stops early when `onLines`
 * returns false (its reader went away).
 */
export async function readLines(path: string, onLines: (lines: NumberedLine[]) => boolean | void): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const splitter = new LineSplitter();
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (let offset = 0; ; ) {
      const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, offset);
      const lines = bytesRead === 0 ? splitter.end() : splitter.push(buffer.subarray(0, bytesRead));
      if (lines.length > 0 && onLines(lines) === false) return;
      if (bytesRead === 0) return;
      offset += bytesRead;
    }
  } finally {
    await handle.close();
  }
}
