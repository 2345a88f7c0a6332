import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sleep, startDeadline, toTimerDelay } from '../src/deadline.js';

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

  it('settles `fired` with the cause, whether it is asked for before or after the deadline fires', async () => {
    const early = startDeadline(10, undefined);
    const pending = early.fired;
    await expect(pending).resolves.toBe('timeout');
    await expect(early.fired).resolves.toBe('timeout');
    early.dispose();
    const caller = new AbortController();
    const late = startDeadline(3_600_000, caller.signal);
    caller.abort();
    await expect(late.fired).resolves.toBe('canceled');
    late.dispose();
  });

  it('after stopClock only the caller can fire it', async () => {
    const caller = new AbortController();
    const before = timers();
    const deadline = startDeadline(10, caller.signal);
    deadline.stopClock();
    expect(timers()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(deadline.cause).toBeUndefined();
    caller.abort();
    expect(deadline.cause).toBe('canceled');
    deadline.dispose();
  });
});

describe('toTimerDelay', () => {
  it.each([
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
    [1.5, 1.5],
    [2 ** 40, 2_147_483_647],
  ])('maps %s to %s', (input, expected) => {
    expect(toTimerDelay(input)).toBe(expected);
  });
});

describe('sleep', () => {
  it('resolves after the delay, with an unref\'d timer', async () => {
    const stop = new AbortController();
    const before = timers();
    const started = performance.now();
    const slept = sleep(20, stop.signal);
    expect(timers()).toBe(before);
    await slept;
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
  });

  it('resolves, never rejects, as soon as the stop signal aborts, and leaves no listener', async () => {
    const stop = new AbortController();
    const slept = sleep(3_600_000, stop.signal);
    stop.abort();
    await expect(slept).resolves.toBeUndefined();
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });
});
