import { randomBytes } from 'node:crypto';

/** A fresh, unguessable token for one request's payload markers: 16 hex digits from `crypto.randomBytes`. */
export function createFenceToken(): string {
  return randomBytes(8).toString('hex');
}

/** The line that opens the payload of the request whose token is `token`. */
export function openMarker(token: string): string {
  return `<<<PAYLOAD-${token}>>>`;
}

/** The line that closes it; payload text cannot forge it without knowing the token. */
export function closeMarker(token: string): string {
  return `<<<END-PAYLOAD-${token}>>>`;
}

/**
 * Every character a model or a reader might take for a line break: CR, LF, VT, FF, the file, group
 * and record separators (Python's `splitlines`), NEL, and the Unicode line and paragraph
 * separators. `JSON.stringify` escapes the control characters but leaves NEL, U+2028 and U+2029 raw.
 */
const LINE_BREAKS = /[\n\r\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/g;

/** `text` with every line-break character written as a JSON `\uXXXX` escape: in a JSON payload, the same value on one line. */
export function escapeLineBreaks(text: string): string {
  return text.replace(LINE_BREAKS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Wraps the payload between the token's markers, each on its own line, the payload strictly on one line between them. */
export function fencePayload(payload: string, token: string): string {
  return `${openMarker(token)}\n${escapeLineBreaks(payload)}\n${closeMarker(token)}`;
}
