/** Names what went wrong with a request that got no usable response: its error codes and message. */
export function describeRequestError(error: unknown): string {
  const codes: string[] = [];
  let message = '';
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message: text, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && !codes.includes(code)) codes.push(code);
    if (message === '' && typeof text === 'string') message = text;
    current = cause;
  }
  if (message === '' && typeof error !== 'object') message = String(error);
  if (message === '' && error instanceof AggregateError) message = error.errors.map((item: unknown) => (item instanceof Error ? item.message : String(item))).join('; ');
  if (codes.length === 0) return message || 'unknown error';
  const label = codes.join(' / ');
  return message === '' || message === label ? label : `${label} (${message})`;
}
