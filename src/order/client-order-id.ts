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
 *
 * That is the default. The exchange's -1180 message goes on "and must not contain special
 * characters" without saying which; its futures V3 documentation gives a pattern for the same
 * field. A book compiled with `clientOrderIds: 'futures-pattern'` applies that pattern to spot
 * orders too, for desks that prefer the exchange's likely rule to the rule that cannot block a
 * real order (docs/exchange-semantics.md, "newClientOrderId").
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
 * (the limit named), or `undefined` when {@link isClientOrderId} passes it and, under the
 * book's `'futures-pattern'` rule, so does {@link FUTURES_CLIENT_ORDER_ID_PATTERN}. When
 * `quoted`, the message goes on with the value itself, described by the reader that words it.
 *
 * @example
 * ```ts
 * clientOrderIdFault('x'.repeat(41));
 * // { detail: 'must be at most 40 characters (WEEX error -1180), got 41: ', quoted: true }
 * ```
 */
export function clientOrderIdFault(
  value: unknown,
  rule: ClientOrderIdRule = 'length',
): { readonly detail: string; readonly quoted: boolean } | undefined {
  if (isClientOrderId(value)) {
    const detail = rule === 'futures-pattern' ? futuresPatternFault(value) : undefined;
    return detail === undefined ? undefined : { detail, quoted: true };
  }
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

/**
 * Which `newClientOrderId` rule a rule book applies (`RuleBookOptions.clientOrderIds`):
 * - `'length'` (the default): what the spot documentation states, 1 to 40 characters, with no
 *   character set (only what a JSON string cannot carry is refused);
 * - `'futures-pattern'`: also the pattern WEEX documents for futures V3 client ids,
 *   {@link FUTURES_CLIENT_ORDER_ID_PATTERN}: 1 to 36 of `A-Z a-z 0-9 . : / _ -`.
 *
 * @example
 * ```ts
 * const book = RuleBook.fromExchangeInfo(info, { clientOrderIds: 'futures-pattern' });
 * ```
 */
export type ClientOrderIdRule = 'length' | 'futures-pattern';

/**
 * The `newClientOrderId` rules a book can apply ({@link ClientOrderIdRule}), default first.
 *
 * @example
 * ```ts
 * CLIENT_ORDER_ID_RULES.includes('futures-pattern'); // true
 * ```
 */
export const CLIENT_ORDER_ID_RULES = [
  'length',
  'futures-pattern',
] as const satisfies readonly ClientOrderIdRule[];

/**
 * The client-id pattern of WEEX's futures V3 documentation, `^[\.A-Z\:/a-z0-9_-]{1,36}$`: 1 to
 * 36 characters, each an ASCII letter, a digit, `.`, `:`, `/`, `_` or `-`. The spot documentation
 * states no character set; the `'futures-pattern'` rule applies this one to spot orders.
 *
 * @example
 * ```ts
 * FUTURES_CLIENT_ORDER_ID_PATTERN.test('bot-1:grid/42'); // true
 * FUTURES_CLIENT_ORDER_ID_PATTERN.test('my order'); // false
 * ```
 */
export const FUTURES_CLIENT_ORDER_ID_PATTERN: RegExp = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/**
 * The detail of the INVALID_FIELD for an id that the default rule passes but the futures
 * pattern does not (the value is described after it), or `undefined` when the pattern passes it.
 */
function futuresPatternFault(id: string): string | undefined {
  if (FUTURES_CLIENT_ORDER_ID_PATTERN.test(id)) return undefined;
  const points = scan(id);
  return points > 36
    ? `must be at most 36 characters under the futures client-id pattern (options.clientOrderIds), got ${points}: `
    : 'must hold only A-Z a-z 0-9 . : / _ - under the futures client-id pattern (options.clientOrderIds), got ';
}
