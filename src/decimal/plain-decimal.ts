import { EXCHANGE_DECIMAL, PLAIN_SIGNED, scanDecimal, ZERO_CODE } from './decimal-grammar.js';

/**
 * Exact conversion of the exchange's decimals (strings, JSON numbers, lossless numbers, `1e-8`)
 * into one canonical plain-notation string: no exponent, no leading zeros, no trailing
 * fractional zeros, no `-0`. Canonical text makes equality and diffs a string comparison.
 */

/** A JSON number kept as its source text by a lossless JSON parser (for example `lossless-json`). */
export interface LosslessNumberLike {
  readonly isLosslessNumber: true;
  readonly value: string;
}

/** Longest decimal text accepted from the exchange; beyond this it is refused, not expanded. */
export const MAX_EXCHANGE_DECIMAL_LENGTH = 256;

export function isLosslessNumberLike(value: unknown): value is LosslessNumberLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { isLosslessNumber?: unknown }).isLosslessNumber === true &&
    typeof (value as { value?: unknown }).value === 'string'
  );
}

/** The text a JSON-ish value would carry as a number, or undefined when it is not number-like. */
export function numericText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint') return value.toString();
  if (isLosslessNumberLike(value)) return value.value;
  return undefined;
}

/**
 * Canonical plain decimal text of `value`, or `undefined` when it is not a finite decimal.
 *
 * @example
 * ```ts
 * toPlainDecimal(1e-8);     // '0.00000001'
 * toPlainDecimal('0.10');   // '0.1'
 * toPlainDecimal('1.5E+3'); // '1500'
 * ```
 */
export function toPlainDecimal(value: unknown): string | undefined {
  let text: string | undefined;
  try {
    text = numericText(value);
  } catch {
    // A hostile object (a throwing getter, a revoked proxy) is simply not a decimal: text stays
    // undefined, refused just below.
  }
  if (text === undefined || text.length > MAX_EXCHANGE_DECIMAL_LENGTH) return undefined;
  // "5." and ".5" are not JSON-number shaped, nor is the empty text: the grammar refuses them
  // rather than guess.
  const scan = scanDecimal(text, EXCHANGE_DECIMAL);
  if (scan === undefined) return undefined;
  const exponent = scan.exponent;
  const intDigits = text.slice(scan.start, scan.point === -1 ? scan.end : scan.point);
  const fracDigits = scan.point === -1 ? '' : text.slice(scan.point + 1, scan.end);
  const digits = intDigits + fracDigits;
  const point = intDigits.length + exponent;
  if (point > MAX_EXCHANGE_DECIMAL_LENGTH || digits.length - point > MAX_EXCHANGE_DECIMAL_LENGTH)
    return undefined;
  let whole: string;
  let fraction: string;
  if (point <= 0) {
    whole = '0';
    fraction = '0'.repeat(-point) + digits;
  } else if (
    // Stryker disable next-line EqualityOperator: at point === digits.length the branch below gives the same (all digits whole, no fraction)
    point >= digits.length
  ) {
    whole = digits + '0'.repeat(point - digits.length);
    fraction = '';
  } else {
    whole = digits.slice(0, point);
    fraction = digits.slice(point);
  }
  return joinCanonical(scan.negative, whole, fraction);
}

function joinCanonical(negative: boolean, whole: string, fraction: string): string {
  let start = 0;
  while (start < whole.length - 1 && whole.charCodeAt(start) === 48) start++;
  let end = fraction.length;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: at end 0 the code before the text is NaN, not a zero, so the loop stops there anyway
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--;
  const intPart = whole.slice(start);
  const fracPart = fraction.slice(0, end);
  const body = fracPart.length === 0 ? intPart : `${intPart}.${fracPart}`;
  return negative && body !== '0' ? `-${body}` : body;
}

/**
 * Whether `text` is canonical (what {@link toPlainDecimal} returns): plain, `-` the only sign, no
 * zero before another digit, no trailing zero after the point, no `-0`. As a pattern,
 * `^-?(0|[1-9]\d*)(\.\d*[1-9])?$` and not `-0`.
 *
 * @example `isCanonicalDecimal('0.01') // true; '0.010', '1e-2', '00.1', '-0' are not`
 */
export function isCanonicalDecimal(text: string): boolean {
  const scan = scanDecimal(text, PLAIN_SIGNED);
  if (scan === undefined) return false;
  const wholeEnd = scan.point === -1 ? scan.end : scan.point;
  if (wholeEnd - scan.start > 1 && text.charCodeAt(scan.start) === ZERO_CODE) return false;
  if (scan.point !== -1 && text.charCodeAt(scan.end - 1) === ZERO_CODE) return false;
  return text !== '-0';
}

export function isNegativeDecimal(canonical: string): boolean {
  return canonical.charCodeAt(0) === 45;
}

export function isZeroDecimal(canonical: string): boolean {
  return canonical === '0';
}
