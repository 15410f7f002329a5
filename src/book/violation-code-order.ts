import { PAIR_RULES } from '../rules/pair-rules.js';
import { LOOKUP_CODES, READING_CODES, type ViolationCode } from '../validation/violation-codes.js';

/**
 * Every violation code, in the order checks run: reading the order and its context, looking up
 * its symbol, then the pair's rules in the one list's order. Made from those lists, so the order
 * is written nowhere else.
 *
 * @example
 * ```ts
 * import { VIOLATION_CODES } from 'order-preflight';
 * VIOLATION_CODES.includes('PRICE_TICK'); // true
 * VIOLATION_CODES.indexOf('PRICE_TICK') < VIOLATION_CODES.indexOf('QUANTITY_STEP'); // true
 * ```
 */
export const VIOLATION_CODES: readonly ViolationCode[] = Object.freeze([
  ...READING_CODES,
  ...LOOKUP_CODES,
  ...PAIR_RULES.map((rule) => rule.code),
]);
