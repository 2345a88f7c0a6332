/** Resolves once `predicate` holds, polling every 5 ms; a test's own timeout bounds the wait. */
export function waitFor(predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = (): void => {
      if (predicate()) resolve();
      else setTimeout(poll, 5);
    };
    poll();
  });
}

/** Polls `condition` every 20 ms until it holds; false when `withinMs` passed first. */
export async function waitUntil(condition: () => boolean, withinMs = 10_000): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
