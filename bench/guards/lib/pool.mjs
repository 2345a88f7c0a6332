// A fixed number of workers over a list: the machine has two cores shared with others.

/** Runs `task(item, index)` over `items` with at most `size` in flight; resolves results in order. */
export async function mapPool(items, size, task) {
  const results = new Array(items.length);
  let next = 0;
  async function work() {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, work));
  return results;
}
