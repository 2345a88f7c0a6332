import { DispatchError } from '@hookwire/contract';

// The worker only runs RegExps the matcher compiled (their source and flags, the linear-time `l`
// included), so it needs no module of its own: V8 flags are process-wide.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { patterns, subject } = workerData;
parentPort.postMessage(patterns.map(({ source, flags }) => new RegExp(source, flags).test(subject)));
`;

/** Matching threads alive at once; further long-subject dispatches wait for one (each holds a copy of its subject). */
export const MAX_MATCH_THREADS = 2;

let running = 0;
const waiting: Array<() => void> = [];

function canceled(): DispatchError {
  return new DispatchError('HOOKWIRE_CANCELED', 'dispatch canceled');
}

/** Waits for a free matching thread; rejects `HOOKWIRE_CANCELED` if `signal` aborts first. */
function acquireThread(signal: AbortSignal | undefined): Promise<void> {
  if (running < MAX_MATCH_THREADS) {
    running += 1;
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const grant = () => {
      signal?.removeEventListener('abort', onAbort);
      running += 1;
      resolve();
    };
    const onAbort = () => {
      waiting.splice(waiting.indexOf(grant), 1);
      reject(canceled());
    };
    waiting.push(grant);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function releaseThread(): void {
  running -= 1;
  waiting.shift()?.();
}

/** The same test on this thread: linear in the subject, so it ends; used when a matching thread fails. */
function matchInline(regexes: readonly RegExp[], subject: string): boolean[] {
  return regexes.map((regex) => regex.test(subject));
}

/**
 * Tests each regular expression against a subject on a worker thread (at most
 * `MAX_MATCH_THREADS` at once), which is terminated when `signal` aborts (rejecting with
 * `HOOKWIRE_CANCELED`) or once it has answered. A thread that fails or exits without an answer
 * does not fail the dispatch: the subject is matched on this thread instead, so a guard still fires.
 */
export async function matchOffThread(regexes: readonly RegExp[], subject: string, signal: AbortSignal | undefined): Promise<boolean[]> {
  if (signal?.aborted) throw canceled();
  await acquireThread(signal);
  try {
    return await new Promise<boolean[]>((resolve, reject) => {
      if (signal?.aborted) return reject(canceled());
      // Loaded here, not imported: `node:worker_threads` costs every one-shot bridge ~2 ms to load, and most never match off-thread.
      const { Worker } = process.getBuiltinModule('node:worker_threads');
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
      const onAbort = () => settle(() => reject(canceled()));
      const fallBack = () => settle(() => resolve(matchInline(regexes, subject)));
      worker.once('message', (results: boolean[]) => settle(() => resolve(results)));
      worker.once('error', fallBack);
      worker.once('exit', fallBack);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  } finally {
    releaseThread();
  }
}
