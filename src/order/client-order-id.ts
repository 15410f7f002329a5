/**
 * The one home of the `newClientOrderId` rule (docs/exchange-semantics.md, "newClientOrderId").
 * The exchange documents a length only (error -1180, "client_oid length must not exceed 40") and
 * no character set, so the rule refuses only what it must:
 *
 * - more than 40 characters, or none;
 * - what a JSON string cannot carry as it is: a control character U+0000 to U+001F (JSON must
 *   escape these) and a lone surrogate (it has no UTF-8 form, so the text sent would not be the
 *   id in hand).
 *
 * Characters are counted as Unicode code points, the smaller of the counts the exchange might
 * use (UTF-16 units or UTF-8 bytes are never fewer): an id this rule passes may still be too long
 * for an exchange that counts otherwise, but no id the exchange takes is refused here. U+007F
 * and U+0080 to U+009F are allowed: JSON carries them unescaped, and the exchange states nothing.
 */

/** The most characters (code points) the exchange takes in a `newClientOrderId`. */
export const MAX_CLIENT_ORDER_ID_LENGTH = 40;

/**
 * The id's length in code points when every UTF-16 unit of it can be sent, else
 * `-1 - index` of the first one that cannot (a control character or a lone surrogate).
 * Allocates nothing: the fast path calls it on every order that carries an id.
 */
function scan(id: string): number {
  let points = 0;
  const units = id.length;
  for (let i = 0; i < units; i++) {
    const unit = id.charCodeAt(i);
    points++;
    if (unit < 0x20) return -1 - i;
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const low = i + 1 < units ? id.charCodeAt(i + 1) : 0;
    if (unit > 0xdbff || low < 0xdc00 || low > 0xdfff) return -1 - i;
    i++;
  }
  return points;
}

/**
 * Whether `value` is a `newClientOrderId` the library lets through: a string of 1 to 40 code
 * points with no control character (U+0000 to U+001F) and no lone surrogate.
 *
 * @example
 * ```ts
 * isClientOrderId('my spot order #1 ✓'); // true
 * isClientOrderId('x'.repeat(41)); // false
 * isClientOrderId('line\nbreak'); // false
 * ```
 */
export function isClientOrderId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0) return false;
  // More units than twice the limit cannot be 40 code points (a code point is 1 or 2 units).
  if (value.length > 2 * MAX_CLIENT_ORDER_ID_LENGTH) return false;
  const points = scan(value);
  return points >= 1 && points <= MAX_CLIENT_ORDER_ID_LENGTH;
}

/**
 * What is wrong with `value` as a `newClientOrderId`, as the detail of an INVALID_FIELD message
 * (the limit named), or `undefined` when {@link isClientOrderId} passes it. When `quoted`, the
 * message goes on with the value itself, described by the reader that words it.
 *
 * @example
 * ```ts
 * clientOrderIdFault('x'.repeat(41));
 * // { detail: 'must be at most 40 characters (WEEX error -1180), got 41: ', quoted: true }
 * ```
 */
export function clientOrderIdFault(
  value: unknown,
): { readonly detail: string; readonly quoted: boolean } | undefined {
  if (isClientOrderId(value)) return undefined;
  if (typeof value !== 'string')
    return {
      detail: `must be a string of 1 to ${MAX_CLIENT_ORDER_ID_LENGTH} characters, got `,
      quoted: true,
    };
  if (value.length === 0)
    return {
      detail: `must be 1 to ${MAX_CLIENT_ORDER_ID_LENGTH} characters, got the empty string`,
      quoted: false,
    };
  const points = scan(value);
  if (points < 0) {
    const index = -1 - points;
    const unit = value.charCodeAt(index);
    const what =
      unit < 0x20
        ? 'a control character (U+0000 to U+001F, which a JSON string cannot carry as they are)'
        : 'a lone surrogate (which has no UTF-8 form, so it cannot be sent as it is)';
    return { detail: `must not hold ${what}, got U+${hex(unit)} at UTF-16 index ${index} of `, quoted: true };
  }
  return {
    detail: `must be at most ${MAX_CLIENT_ORDER_ID_LENGTH} characters (WEEX error -1180), got ${points}: `,
    quoted: true,
  };
}

function hex(unit: number): string {
  return unit.toString(16).toUpperCase().padStart(4, '0');
}
