import { isPlainPositiveDecimal as isPlainPositiveText, toPlainDecimal } from '../index.js';

/**
 * True for a decimal the gateway accepts as a price or limit (its options, a ticker's price): text
 * the library reads as an order's decimal (`isPlainPositiveDecimal`: plain notation, above zero,
 * at most 64 characters; `"0.5"`, not `"1e3"`, `"-1"`, `" 1"`), or a number whose plain spelling
 * is one (`100`).
 *
 * @example
 * ```ts
 * isPlainPositiveDecimal('100000.00'); // true
 * isPlainPositiveDecimal(250_000);     // true
 * isPlainPositiveDecimal('1e5');       // false
 * ```
 */
export function isPlainPositiveDecimal(value: unknown): boolean {
  const text = typeof value === 'number' ? toPlainDecimal(value) : value;
  return typeof text === 'string' && isPlainPositiveText(text);
}
