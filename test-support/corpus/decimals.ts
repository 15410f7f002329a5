/**
 * The corpus's exact decimals, on big.js (the project's reference arithmetic, configured as
 * `./testing` configures it: strict, plain notation), and the ways real venues spell them: with a
 * fixed number of places (`"0.00000100"`), as JavaScript prints a number (`1e-8`), as a Java
 * BigDecimal does (`1E-8`), and what a JSON decoder makes of a raw number.
 */
import { Big, type BigValue, ZERO } from '../../src/testing/big.js';

export { type BigValue, ZERO };

/**
 * A decimal read from text in plain or exponent notation (`'0.00000100'`, `'1e-8'`).
 *
 * @example
 * ```ts
 * decimal('1e-8').toFixed(); // '0.00000001'
 * ```
 */
export function decimal(text: string): BigValue {
  return new Big(text);
}

/**
 * `mantissa × 10^exponent`.
 *
 * @example
 * ```ts
 * scaled(5, -1).toFixed(); // '0.5'
 * ```
 */
export function scaled(mantissa: number | bigint | string, exponent: number): BigValue {
  return new Big(`${mantissa}e${exponent}`);
}

/** `10^exponent`. @example `pow10(-8).toFixed() // '0.00000001'` */
export function pow10(exponent: number): BigValue {
  return scaled(1, exponent);
}

/** A number of nines (`999999`). @example `nines(6).toFixed() // '999999'` */
export function nines(count: number): BigValue {
  return new Big('9'.repeat(count));
}

/**
 * Canonical plain text: no exponent, no trailing fractional zeros.
 *
 * @example
 * ```ts
 * plain(decimal('0.00000100')); // '0.000001'
 * ```
 */
export function plain(value: BigValue): string {
  return value.toFixed();
}

/**
 * Plain text with exactly `places` decimals, or `undefined` where that would round.
 *
 * @example
 * ```ts
 * fixed(decimal('0.000001'), 8); // '0.00000100'
 * fixed(decimal('0.000001'), 4); // undefined
 * ```
 */
export function fixed(value: BigValue, places: number): string | undefined {
  return value.round(places, Big.roundDown).eq(value) ? value.toFixed(places) : undefined;
}

/** Decimal places that carry value. @example `places(decimal('0.00000100')) // 6` */
export function places(value: BigValue): number {
  return Math.max(0, value.c.length - 1 - value.e);
}

/** ⌊log10 |value|⌋ for a value other than zero. @example `magnitude(decimal('0.0025')) // -3` */
export function magnitude(value: BigValue): number {
  return value.e;
}

/** Significant digits. @example `significantDigits(decimal('18446744073709551615')) // 20` */
export function significantDigits(value: BigValue): number {
  return value.c.length;
}

/** Whether a positive value is a power of ten (`0.001`, `1`, `10`), not `0.5` or `2`. */
export function isPowerOfTen(value: BigValue): boolean {
  return value.c.length === 1 && value.c[0] === 1;
}

/**
 * How JavaScript prints the number: exponent form below 1e-6 and from 1e21.
 *
 * @example
 * ```ts
 * jsText(decimal('0.00000025')); // '2.5e-7'
 * jsText(decimal('0.5')); // '0.5'
 * ```
 */
export function jsText(value: BigValue): string {
  const exponent = value.e;
  if (value.c[0] === 0 || (exponent >= -6 && exponent < 21)) return plain(value);
  const digits = value.c.join('');
  const mantissa = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  return `${value.s < 0 ? '-' : ''}${mantissa}e${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
}

/** How a Java BigDecimal prints a small value. @example `javaText(decimal('0.00000001')) // '1E-8'` */
export function javaText(value: BigValue): string {
  return jsText(value).replace('e', 'E');
}

/**
 * The same value in plain notation; plain text is returned as it is, trailing zeros included.
 *
 * @example
 * ```ts
 * expandExponent('2.5e-7'); // '0.00000025'
 * expandExponent('0.00000100'); // '0.00000100'
 * ```
 */
export function expandExponent(raw: string): string {
  return /e/i.test(raw) ? plain(decimal(raw)) : raw;
}

/**
 * A raw JSON number as a JSON decoder gives it: the JS number where it holds the value exactly,
 * else the digits as a string (a 20-digit cap stays exact).
 *
 * @example
 * ```ts
 * decodedNumber('1e-8'); // 1e-8
 * decodedNumber('18446744073709551615'); // '18446744073709551615'
 * ```
 */
export function decodedNumber(raw: string): number | string {
  // The decoder's float is the point here: it is what a consumer of the payload holds.
  const n = Number(raw);
  const printed = String(n);
  if (printed === raw || decimal(printed).eq(decimal(raw))) return n;
  return expandExponent(raw);
}
