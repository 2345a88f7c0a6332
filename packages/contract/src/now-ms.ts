/**
 * The monotonic clock in fractional milliseconds, as `performance.now()` but from an arbitrary
 * origin: only differences mean anything. `process.hrtime` because the `performance` global loads
 * `node:perf_hooks` on first use, ~1 ms of every one-shot bridge (docs/performance.md).
 */
export function nowMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}
