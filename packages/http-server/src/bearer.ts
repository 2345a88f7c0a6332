import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks an `Authorization` header against the expected bearer token in constant time: both sides
 * are hashed first, so neither the token's content nor its length shows in the comparison's time.
 */
export function createBearerCheck(token: string): (header: string | undefined) => boolean {
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  return (header) => {
    const given = createHash('sha256').update(header ?? '').digest();
    return timingSafeEqual(given, expected) && header !== undefined;
  };
}
