/** How long an exit waits for a host to read what is still buffered for it: a host that reads nothing cannot hold hookwire. */
export const FLUSH_GRACE_MS = 5000;

/**
 * Exits with `code` once stdout and stderr have handed everything buffered to the operating
 * system, or after `graceMs`. A pipe to a slow host holds what does not fit in it inside this
 * process; `process.exit` at once would drop those answers.
 */
export function exitAfterFlush(code: number, graceMs = FLUSH_GRACE_MS): void {
  process.exitCode = code;
  const pending = [process.stdout, process.stderr].filter((stream) => stream.writableLength > 0 && !stream.destroyed);
  if (pending.length === 0 || graceMs <= 0) process.exit(code);
  setTimeout(() => process.exit(code), graceMs);
  let left = pending.length;
  for (const stream of pending) {
    // The callback runs once everything queued before it is written, or with the error that broke the stream.
    stream.write('', () => {
      left -= 1;
      if (left === 0) process.exit(code);
    });
  }
}
