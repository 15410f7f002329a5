/**
 * The greatest common divisor of two non-negative whole numbers (Euclid's algorithm). The
 * library's common grid and the arbitraries' reference one both build on it.
 *
 * @example `gcd(12n, 1_000_000n) // 4n`
 */
export function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
