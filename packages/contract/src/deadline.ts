import { setTimeout as delay } from 'node:timers/promises';

/** The longest delay a Node timer takes; longer ones would fire at once. */
const MAX_DELAY_MS = 2_147_483_647;

/** Why a deadline fired. */
export type AbortCause = 'timeout' | 'canceled';

/**
 * One run's time bound: fired by its timeout or by the caller's signal, whichever comes first.
 * Every executor and the proxy runner bound their work with one (ARCHITECTURE §6).
 */
export interface Deadline {
  /** Aborted when the deadline fires; hand it to whatever should stop then. */
  readonly signal: AbortSignal;
  /** Why the deadline fired; `undefined` while it has not. */
  readonly cause: AbortCause | undefined;
  /** Settles with the cause once the deadline fires (made on first use; no listener to remove). */
  readonly fired: Promise<AbortCause>;
  /** Stops the clock: from now on only the caller's signal fires the deadline. */
  stopClock(): void;
  /** Clears the timer and unhooks the caller's signal; call it in `finally`. */
  dispose(): void;
}

/** A timeout as a Node timer delay: clamped to the timer's range, `NaN` and negatives to 0. */
export function toTimerDelay(timeoutMs: number): number {
  return Math.min(Math.max(0, timeoutMs || 0), MAX_DELAY_MS);
}

/**
 * Starts a deadline of `timeoutMs` (`Infinity`: none) linked by hand to the caller's signal: one
 * controller per run, cheaper than `AbortSignal.any` (docs/performance.md).
 */
export function startDeadline(timeoutMs: number, outer: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let cause: AbortCause | undefined;
  let fired: Promise<AbortCause> | undefined;
  let settleFired: ((why: AbortCause) => void) | undefined;
  const fire = (why: AbortCause): void => {
    if (cause !== undefined) return;
    cause = why;
    settleFired?.(why);
    controller.abort(new Error(why === 'timeout' ? `timed out after ${timeoutMs} ms` : 'canceled'));
  };
  const onAbort = (): void => fire('canceled');
  if (outer?.aborted === true) fire('canceled');
  else outer?.addEventListener('abort', onAbort, { once: true });
  let timer = timeoutMs === Infinity || cause !== undefined ? undefined : setTimeout(fire, toTimerDelay(timeoutMs), 'timeout');
  const stopClock = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    signal: controller.signal,
    get cause() {
      return cause;
    },
    get fired() {
      fired ??= cause !== undefined ? Promise.resolve(cause) : new Promise((resolve) => (settleFired = resolve));
      return fired;
    },
    stopClock,
    dispose() {
      stopClock();
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Resolves after `ms`, or as soon as `stop` aborts; never rejects. Its timer is unref'd: a grace
 * period never keeps the process alive on its own.
 */
export async function sleep(ms: number, stop: AbortSignal): Promise<void> {
  await delay(toTimerDelay(ms), undefined, { signal: stop, ref: false }).catch(() => undefined);
}
