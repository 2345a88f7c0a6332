// In-process samples: tinybench's median latency of a task, per inner operation.
import { Bench } from 'tinybench';

/**
 * Runs `fn` for about `timeMs` and returns the median latency of one call divided by `inner` (the
 * number of operations one call performs back to back, to amortise the timer), in nanoseconds.
 */
export async function tinySample(fn, { timeMs = 100, inner = 1 } = {}) {
  const bench = new Bench({ time: timeMs, warmupTime: Math.min(20, timeMs / 5), throws: true });
  bench.add('sample', fn);
  await bench.run();
  const latency = bench.tasks[0].result?.latency;
  if (!latency || !Number.isFinite(latency.p50)) throw new Error('tinybench returned no latency');
  return (latency.p50 * 1e6) / inner;
}
