const MAX_DELAY_MS = 2_147_483_647;

/** Why a request's signal fired. */
export type AbortCause = 'timeout' | 'canceled';

/** One request's abort signal: fired by its timeout or by the caller's signal, whichever comes first. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Why the signal fired; `undefined` while it has not. */
  readonly cause: AbortCause | undefined;
  /** Clears the timer and unhooks the caller's signal. */
  dispose(): void;
}

/**
 * Starts a deadline of `timeoutMs` (`Infinity`: none) linked by hand to the caller's signal: a
 * single controller per request, cheaper than `AbortSignal.any`.
 */
export function startDeadline(timeoutMs: number, outer: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let cause: AbortCause | undefined;
  const fire = (why: AbortCause): void => {
    if (cause !== undefined) return;
    cause = why;
    controller.abort(new Error(why === 'timeout' ? `timed out after ${timeoutMs} ms` : 'canceled'));
  };
  const onAbort = (): void => fire('canceled');
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer = timeoutMs === Infinity ? undefined : setTimeout(fire, Math.min(Math.max(0, timeoutMs || 0), MAX_DELAY_MS), 'timeout');
  return {
    signal: controller.signal,
    get cause() {
      return cause;
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}
