import { Worker } from 'node:worker_threads';
import { DispatchError } from '@hookwire/contract';

// The worker only runs RegExps the matcher compiled (their source and flags, the linear-time `l`
// included), so it needs no module of its own: V8 flags are process-wide.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { patterns, subject } = workerData;
parentPort.postMessage(patterns.map(({ source, flags }) => new RegExp(source, flags).test(subject)));
`;

/**
 * Tests each regular expression against a subject on a worker thread, which is terminated when
 * `signal` aborts (rejecting with `HOOKWIRE_CANCELED`) or once it has answered.
 */
export function matchOffThread(regexes: readonly RegExp[], subject: string, signal: AbortSignal | undefined): Promise<boolean[]> {
  if (signal?.aborted) return Promise.reject(new DispatchError('HOOKWIRE_CANCELED', 'dispatch canceled'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { patterns: regexes.map((regex) => ({ source: regex.source, flags: regex.flags })), subject },
    });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      done();
    };
    const onAbort = () => settle(() => reject(new DispatchError('HOOKWIRE_CANCELED', 'dispatch canceled')));
    const failed = (why: string, cause?: unknown) =>
      settle(() => reject(new DispatchError('HOOKWIRE_MATCH_FAILED', `matching a ${subject.length}-character subject failed: ${why}`, { cause })));
    worker.once('message', (results: boolean[]) => settle(() => resolve(results)));
    worker.once('error', (error: Error) => failed(error.message, error));
    worker.once('exit', (code) => failed(`the matching thread exited with code ${code}`));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
