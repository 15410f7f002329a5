import { toPlainDecimal } from '../index.js';

/**
 * True for a decimal the library accepts as a price or limit: plain notation, greater than zero
 * (`"0.5"`, `100`), not `"1e3"`, `"-1"`, `" 1"`.
 *
 * @example
 * ```ts
 * isPlainPositiveDecimal('100000.00'); // true
 * isPlainPositiveDecimal('1e5');       // false
 * ```
 */
export function isPlainPositiveDecimal(value: unknown): boolean {
  const text = typeof value === 'number' ? toPlainDecimal(value) : value;
  return (
    typeof text === 'string' && text.length <= 64 && /^(0|[1-9]\d*)(\.\d+)?$/.test(text) && /[1-9]/.test(text)
  );
}
