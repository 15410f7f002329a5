/**
 * The grammar of decimal text, stated once for the whole library:
 *
 * ```text
 * decimal  = [sign] digits ["." digits] [exponent]
 * exponent = ("e" | "E") ["+" | "-"] digits
 * digits   = one or more of 0-9 (ASCII only)
 * ```
 *
 * A point has digits on both sides: `5.` and `.5` are not JSON-number shaped, and a reader that
 * guessed what they mean could guess differently from the exchange. Each reader takes a subset,
 * named by a {@link DecimalSyntax}:
 *
 * - the exchange's decimals (`toPlainDecimal`): either sign, an exponent of up to 4 digits;
 * - canonical text (snapshots, diffs): `-` only, no exponent, no leading or trailing zeros
 *   (`isCanonicalDecimal` in plain-decimal.ts);
 * - an order's decimals, as the exchange receives them: plain positive notation of at most
 *   {@link MAX_DECIMAL_INPUT_LENGTH} characters ({@link isPlainPositiveDecimal}, public), which the
 *   fast reader (order/fast-read.ts) reads inline, digit by digit, with {@link isDigitCode}, as
 *   it gathers the units (test/decimal/decimal-grammar.test.ts holds it to this grammar).
 */

/** Character codes the grammar is made of. */
export const ZERO_CODE = 48;
const POINT_CODE = 46;
const MINUS_CODE = 45;
const PLUS_CODE = 43;
const LOWER_E_CODE = 101;
const UPPER_E_CODE = 69;

/** Whether a UTF-16 code is an ASCII digit (NaN, past the end of a text, is not). */
export function isDigitCode(code: number): boolean {
  return code >= ZERO_CODE && code <= 57;
}

/** Which part of the grammar a reader takes. */
export interface DecimalSyntax {
  /** Leading signs read: none, `-` only, or `-` and `+`. */
  readonly sign: 'none' | 'minus' | 'any';
  /** Most digits an exponent may have; 0: no exponent. */
  readonly exponentDigits: number;
}

/** Digits with an optional point, nothing else: `12`, `0.5`, `007.50`. */
export const PLAIN_UNSIGNED: DecimalSyntax = { sign: 'none', exponentDigits: 0 };
/** {@link PLAIN_UNSIGNED} with an optional `-`: the shape of canonical text. */
export const PLAIN_SIGNED: DecimalSyntax = { sign: 'minus', exponentDigits: 0 };
/** What the exchange's decimals may look like: either sign, an exponent of up to 4 digits. */
export const EXCHANGE_DECIMAL: DecimalSyntax = { sign: 'any', exponentDigits: 4 };

/** Where the parts of a decimal text are (indices into the text). */
export interface DecimalScan {
  /** Whether it starts with `-`. */
  readonly negative: boolean;
  /** Index of the first digit. */
  readonly start: number;
  /** Index of the point, or -1 when there is none. */
  readonly point: number;
  /** Index just past the last digit before the exponent (the text's length when there is none). */
  readonly end: number;
  /** The exponent's value, 0 when there is none. */
  readonly exponent: number;
}

/** Index just past the run of digits that starts at `from` (`from` itself when there is none). */
function digitsEnd(text: string, from: number): number {
  let i = from;
  while (isDigitCode(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Scans `text` as a whole against the grammar, taking what `syntax` allows: where its digits,
 * point and exponent are, or `undefined` when it is not such a decimal. One pass, no copies;
 * callers cap the length first.
 *
 * @example
 * ```ts
 * scanDecimal('-1.50e3', EXCHANGE_DECIMAL); // { negative: true, start: 1, point: 2, end: 5, exponent: 3 }
 * scanDecimal('1.', EXCHANGE_DECIMAL);      // undefined
 * ```
 */
export function scanDecimal(text: string, syntax: DecimalSyntax): DecimalScan | undefined {
  const length = text.length;
  const first = text.charCodeAt(0);
  const negative = first === MINUS_CODE && syntax.sign !== 'none';
  const start = negative || (first === PLUS_CODE && syntax.sign === 'any') ? 1 : 0;
  const wholeEnd = digitsEnd(text, start);
  if (wholeEnd === start) return undefined;
  let point = -1;
  let end = wholeEnd;
  if (text.charCodeAt(wholeEnd) === POINT_CODE) {
    end = digitsEnd(text, wholeEnd + 1);
    if (end === wholeEnd + 1) return undefined;
    point = wholeEnd;
  }
  if (end === length) return { negative, start, point, end, exponent: 0 };
  const marker = text.charCodeAt(end);
  // A syntax without exponents (`exponentDigits` 0) refuses one below, by its count of digits.
  if (marker !== LOWER_E_CODE && marker !== UPPER_E_CODE) return undefined;
  let from = end + 1;
  const sign = text.charCodeAt(from);
  if (sign === MINUS_CODE || sign === PLUS_CODE) from++;
  const exponentEnd = digitsEnd(text, from);
  if (exponentEnd === from || exponentEnd !== length || exponentEnd - from > syntax.exponentDigits)
    return undefined;
  let exponent = 0;
  for (let i = from; i < exponentEnd; i++) exponent = exponent * 10 + (text.charCodeAt(i) - ZERO_CODE);
  return { negative, start, point, end, exponent: sign === MINUS_CODE ? -exponent : exponent };
}

/**
 * Plain positive notation, the shape an order's price and quantity must have (the exchange
 * receives them as text): digits, optionally a point and digits, no sign, no exponent, no zero
 * before another digit, and above zero. As a pattern, `^(0|[1-9]\d*)(\.\d+)?$` and not zero.
 *
 * @example `isPlainPositive('0.001') // true; '01', '0', '1e-3', '+1' are not`
 */
export function isPlainPositive(text: string): boolean {
  const scan = scanDecimal(text, PLAIN_UNSIGNED);
  if (scan === undefined) return false;
  if (text.charCodeAt(0) !== ZERO_CODE) return true;
  // Led by a zero: only `0.` may follow it, and a digit after the point must not be zero.
  if (scan.point !== 1) return false;
  for (let i = 2; i < scan.end; i++) if (text.charCodeAt(i) !== ZERO_CODE) return true;
  return false;
}

/**
 * Longest decimal text an order may carry (price, quantity, the context's decimals): longer input
 * is refused before it is scanned, so hostile input costs at most this many steps.
 */
export const MAX_DECIMAL_INPUT_LENGTH = 64;

/**
 * Whether `text` is a decimal an order may carry as its price or quantity (or the context as its
 * reference price or notional limit), as the exchange receives it: plain positive notation of at
 * most 64 characters. Digits with an optional point and digits after it, no sign, no exponent, no
 * spaces, no zero before another digit, and above zero. The same grammar `validateOrder` reads
 * with, so a form or a gateway can tell a typo from a refusal before it builds an order. A
 * number is not accepted: pass the text that would be sent (`String(n)`).
 *
 * @param text - the decimal as it would be sent.
 * @returns true when every reader of the library reads `text` as a positive decimal.
 *
 * @example
 * ```ts
 * import { isPlainPositiveDecimal } from 'order-preflight';
 *
 * isPlainPositiveDecimal('64000.50'); // true (trailing zeros are sent, and allowed)
 * isPlainPositiveDecimal('0.001');    // true
 * isPlainPositiveDecimal('1e-3');     // false: an exponent
 * isPlainPositiveDecimal('.5');       // false: a point needs digits on both sides
 * isPlainPositiveDecimal('0');        // false: not above zero
 * isPlainPositiveDecimal('007');      // false: a zero before another digit
 * ```
 */
export function isPlainPositiveDecimal(text: string): boolean {
  // Checked for JavaScript callers too: anything but a string is not such a decimal.
  return typeof text === 'string' && text.length <= MAX_DECIMAL_INPUT_LENGTH && isPlainPositive(text);
}

/** The digits before the point of a plain non-negative decimal's text: 0 for one below 1. */
// Stryker disable next-line BlockStatement: emptied, no count compares, and every sum the contracts' position cap bounds by it is worked out in exact decimals, to the same answer
export function wholeDigits(text: string): number {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut: a text below 1 counts its 0 as one digit otherwise, and a bound of one digit more changes no comparison the contracts' position cap makes with it (positions are held to 16 digits at least, a maximum below 1 to positions of 17 and more)
  if (text.startsWith('0')) return 0;
  const point = text.indexOf('.');
  return point === -1 ? text.length : point;
}
