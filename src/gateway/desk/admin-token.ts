import { createHash, timingSafeEqual } from 'node:crypto';
import { headerValues } from '../raw-headers.js';

/**
 * Checks `Authorization: Bearer <token>` against the admin token in constant time: both sides are
 * hashed to SHA-256 digests of equal length, compared with `timingSafeEqual`, so neither the
 * token's length nor how many of its leading characters a guess got right shows in the timing.
 * A missing header, another scheme, or the header sent twice never matches.
 *
 * @example
 * ```ts
 * const allowed = bearerChecker('s3cret-token-of-the-desk');
 * allowed(['Authorization', 'Bearer s3cret-token-of-the-desk']); // true
 * ```
 */
export function bearerChecker(token: string): (rawHeaders: readonly string[]) => boolean {
  const expected = digest(token);
  return (rawHeaders) => {
    const given = headerValues(rawHeaders, 'authorization');
    // Sent twice: which one would a proxy pass on? Refused, after the same work as any other.
    const match = given.length === 1 ? /^bearer +(\S+) *$/i.exec(given[0]!) : null;
    // A digest is made even when there is nothing to compare, so a missing header costs the same.
    return timingSafeEqual(expected, digest(match?.[1] ?? '')) && match !== null;
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * The shortest admin token accepted: a short one could be guessed over the network.
 *
 * @example
 * ```ts
 * token.length >= MIN_ADMIN_TOKEN_LENGTH;
 * ```
 */
export const MIN_ADMIN_TOKEN_LENGTH = 16;
/** Visible ASCII, {@link MIN_ADMIN_TOKEN_LENGTH} to 1024 characters (a literal: kept in step by hand). */
const ADMIN_TOKEN = /^[\x21-\x7e]{16,1024}$/;

/**
 * What an admin token must be, for messages (which never repeat the token itself).
 *
 * @example
 * ```ts
 * `the token must be ${ADMIN_TOKEN_RULE}`;
 * ```
 */
export const ADMIN_TOKEN_RULE = `${MIN_ADMIN_TOKEN_LENGTH} to 1024 visible ASCII characters, without spaces`;

/**
 * Whether `value` can be an admin token: {@link ADMIN_TOKEN_RULE}, so it fits `Bearer <token>`.
 *
 * @example
 * ```ts
 * isAdminToken('correct-horse-battery-staple'); // true
 * isAdminToken('short');                        // false
 * ```
 */
export function isAdminToken(value: unknown): value is string {
  return typeof value === 'string' && ADMIN_TOKEN.test(value);
}
