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
