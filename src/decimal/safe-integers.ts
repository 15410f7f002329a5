/** Safe-integer arithmetic shared by the fast path: exact while every value stays below 2^53. */

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Powers of ten that doubles hold exactly. */
export const POW10: readonly number[] = [
  1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/** The most a fast pair's scales can differ by (its factors have at most 40 decimals). */
export const MAX_SHIFT = 100;

/**
 * `10^n` for the scale differences `atMost` meets, saturated at 10^16 from n = 16 on: scaling a
 * non-zero safe integer by that already passes 2^53, which is all `atMost` needs to know.
 */
export const SHIFT: readonly number[] = Array.from({ length: MAX_SHIFT + 1 }, (_, n) =>
  n < POW10.length ? (POW10[n] as number) : 1e16,
);
