/** Framing and connection headers: the HTTP client sets them, so a configured value is never sent. */
const RESERVED_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer']);

/** Whether a header (any case) is one the HTTP client owns. */
export function isReservedHeader(name: string): boolean {
  return RESERVED_HEADERS.has(name.toLowerCase());
}
