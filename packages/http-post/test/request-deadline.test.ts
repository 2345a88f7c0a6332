import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startDeadline } from '../src/request-deadline.js';

const timers = (): number => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

describe('startDeadline', () => {
  it('fires with cause "timeout" when the time is up', async () => {
    const deadline = startDeadline(20, undefined);
    expect(deadline.cause).toBeUndefined();
    await aborted(deadline.signal);
    expect(deadline.cause).toBe('timeout');
    deadline.dispose();
  });

  it('fires with cause "canceled" when the caller aborts, and the timeout cannot overwrite it', async () => {
    const caller = new AbortController();
    const deadline = startDeadline(30, caller.signal);
    caller.abort();
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.cause).toBe('canceled');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(deadline.cause).toBe('canceled');
    deadline.dispose();
  });

  it('leaves no timer and no listener behind once disposed', () => {
    const caller = new AbortController();
    const before = timers();
    const deadline = startDeadline(3_600_000, caller.signal);
    expect(timers()).toBe(before + 1);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    deadline.dispose();
    expect(timers()).toBe(before);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    caller.abort();
    expect(deadline.signal.aborted).toBe(false);
  });

  it('starts no timer for an infinite timeout', () => {
    const before = timers();
    const deadline = startDeadline(Infinity, undefined);
    expect(timers()).toBe(before);
    deadline.dispose();
  });

  it('clamps a timeout beyond the timer range instead of firing at once', async () => {
    const deadline = startDeadline(2 ** 40, undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(deadline.signal.aborted).toBe(false);
    deadline.dispose();
  });
});
