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

/** Wraps the payload between the token's markers, each on its own line. */
export function fencePayload(payload: string, token: string): string {
  return `${openMarker(token)}\n${payload}\n${closeMarker(token)}`;
}
