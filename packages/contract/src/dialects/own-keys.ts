/** Sets an own, enumerable property, even for a key such as `__proto__` (plain assignment would set the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of a record with its own enumerable keys only, safe for any key. */
export function copyRecord(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) setOwn(out, key, source[key]);
  return out;
}

/** A copy with keys renamed by `rename` (a key it maps to undefined is dropped), order kept, safe for any key. */
export function renameKeys(source: Record<string, unknown>, rename: (key: string) => string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const next = rename(key);
    if (next !== undefined && !Object.hasOwn(out, next)) setOwn(out, next, source[key]);
  }
  return out;
}
