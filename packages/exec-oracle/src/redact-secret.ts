const REDACTED = '[redacted]';

/** Returns `value` with every occurrence of `secret` in its strings, at any depth, replaced by `[redacted]`. */
export function redactSecret<T>(value: T, secret: string | undefined): T {
  if (secret === undefined || secret === '') return value;
  const redact = (item: unknown): unknown => {
    if (typeof item === 'string') return item.includes(secret) ? item.replaceAll(secret, REDACTED) : item;
    if (Array.isArray(item)) return item.map(redact);
    if (typeof item === 'object' && item !== null) {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [redact(key) as string, redact(entry)]));
    }
    return item;
  };
  return redact(value) as T;
}
