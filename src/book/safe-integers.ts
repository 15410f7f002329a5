/** Safe-integer arithmetic shared by the fast path: exact while every value stays below 2^53. */

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Powers of ten that doubles hold exactly. */
export const POW10: readonly number[] = [
  1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];
