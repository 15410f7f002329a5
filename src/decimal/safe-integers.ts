/**
 * Exact arithmetic on safe integers, for the fast forms of the rules: a decimal is a pair of
 * plain numbers, `units × 10^-scale`, and every operation here is exact while its values stay
 * below 2^53, and says so (NaN, or a verdict that needs no exact value) when they would not.
 * No `%`: divisibility is decided by a floor and a product that are exact whenever it holds.
 */

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
const SHIFT: readonly number[] = Array.from({ length: MAX_SHIFT + 1 }, (_, n) =>
  n < POW10.length ? (POW10[n] as number) : 1e16,
);

/**
 * Whether `a × 10^-as ≤ b × 10^-bs`, as 1 or 0, exactly, for safe integers `a` and `b` (or an
 * infinite bound at scale 0). The scaled side is exact while it stays within 2^53; past it, its
 * double may be rounded but stays past 2^53 (it is a whole number), so beyond every safe integer,
 * and the comparison still orders the two right. Kept small so that V8 inlines it: a double
 * passed to a call that is not inlined is boxed, which would make a passing order allocate.
 */
export function atMost(a: number, as: number, b: number, bs: number): number {
  // Stryker disable next-line EqualityOperator: at equal scales either way scales by 10^0
  if (as >= bs) {
    return a <= b * (SHIFT[as - bs] as number) ? 1 : 0;
  }
  return a * (SHIFT[bs - as] as number) <= b ? 1 : 0;
}

/** `a × b` for safe integers, or NaN when the product is past 2^53 and so maybe inexact. */
export function product(a: number, b: number): number {
  const p = a * b;
  return p > MAX_SAFE || p < -MAX_SAFE ? Number.NaN : p;
}

/**
 * Whether `step` divides the safe integer `n`, without `%`: when `floor(n / step) × step === n`
 * in doubles the product was exact (one past 2^53 cannot round down to a safe integer), so
 * `step` divides `n`; and when it divides, the quotient is whole and computed exactly.
 */
export function isMultiple(n: number, step: number): boolean {
  return Math.floor(n / step) * step === n;
}

/** Whether `units × 10^-scale` lies on the grid `step × 10^-gridScale`: 1 or 0, or -1 past 2^53. */
export function onGrid(units: number, scale: number, step: number, gridScale: number): number {
  // Stryker disable next-line ConditionalExpression: without it the scaling is NaN (no power of ten at a negative place), which is off the grid too
  if (scale > gridScale) return 0;
  const n = units * (POW10[gridScale - scale] as number);
  if (n > MAX_SAFE) return -1;
  return isMultiple(n, step) ? 1 : 0;
}

/**
 * `floor(a / b)` for non-negative safe integers, exactly; NaN past 2^53. Exact without a
 * correction: with `a = q × b + r` and `0 < r < b`, the quotient lies `(b - r) / b ≥ 1 / b` below
 * `q + 1`, and a division rounds it up to `q + 1` only if that is within half an ulp of `q + 1`,
 * at most `(q + 1) × 2^-53`, which needs `a + b ≥ b × (q + 1) ≥ 2^53`: the case answered NaN.
 */
function floorDiv(a: number, b: number): number {
  return a + b > MAX_SAFE ? Number.NaN : Math.floor(a / b);
}

/**
 * Whether `p × 10^-ps + q × 10^-qs ≤ m × 10^-ms` (safe integers, scales 0 to 15), as 1 or 0, for a
 * sum whose units at the finer scale pass 2^53 (a large position with a finely divided
 * quantity, for the contracts' position cap): each value split into its whole part and its fraction in units of the finest scale,
 * the fractions added with their carry, the whole parts added, each part a safe integer, and the
 * two compared whole part first; a maximum of at least 2^53 (`maxPastSafe`, its units NaN) holds
 * every sum whose whole part is a safe integer. -1 when a part would not be one (NaN units among
 * them); the exact decimals decide then.
 */
export function sumAtMost(
  p: number,
  ps: number,
  q: number,
  qs: number,
  m: number,
  ms: number,
  maxPastSafe: boolean,
): number {
  let scale = Math.max(ps, qs);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a maximum finer than both summands is past every sum that passes 2^53 at their scale (its units would pass it too, and are NaN), so left coarser it still compares as past
  if (ms > scale) scale = ms;
  const one = POW10[scale] as number;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,UnaryOperator: a guard: every scale here is at most 15 (the fast reading's and a compiled cap's), and an undefined power makes NaN parts, handed over below
  if (one === undefined) return -1;
  const pWhole = floorDiv(p, POW10[ps] as number);
  const qWhole = floorDiv(q, POW10[qs] as number);
  const mWhole = floorDiv(m, POW10[ms] as number);
  // NaN (a part not worked out) fails every comparison, so this also hands NaN parts over.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator,BooleanLiteral,UnaryOperator: a guard: read values have at most 15 digits, so their whole parts sum far below 2^53 (and a sum handed over is worked out exactly, to the same answer)
  if (!(pWhole + qWhole + 1 <= MAX_SAFE)) return -1;
  // A sum below 2^53 is within a maximum of at least 2^53 (whose units are NaN).
  // Stryker disable next-line ConditionalExpression: forced false, the sum is handed to the exact decimals (the maximum's units are NaN), to the same answer
  if (maxPastSafe) return 1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: forced true (or at > 0, or < 0) every such sum is worked out in exact decimals, to the same answer; forced false a maximum whose units are NaN compares as past (killed by test/futures/position-size-fast.test.ts)
  if (!(mWhole >= 0)) return -1;
  let fraction = fractionAt(p, ps, pWhole, scale) + fractionAt(q, qs, qWhole, scale);
  let whole = pWhole + qWhole;
  // Stryker disable next-line EqualityOperator: a fraction of exactly one whole uncarried compares as the carry does (below the maximum's whole part, or past it)
  if (fraction >= one) {
    fraction -= one;
    whole += 1;
  }
  const mFraction = fractionAt(m, ms, mWhole, scale);
  // Stryker disable next-line EqualityOperator: a sum past 2^53 at its finest scale is never the maximum exactly (the maximum's units at that scale would pass 2^53 too): < and <= agree
  return whole < mWhole || (whole === mWhole && fraction <= mFraction) ? 1 : 0;
}

/** The fraction of `units × 10^-at` (its whole part `whole`) in units of `10^-scale`, exactly. */
function fractionAt(units: number, at: number, whole: number, scale: number): number {
  return (units - whole * (POW10[at] as number)) * (POW10[scale - at] as number);
}

/**
 * `units × 10^-scale` rounded down onto the grid `step × 10^-gridScale` (gridScale ≤ 15), in
 * units of `10^-gridScale`; NaN when that leaves safe integers.
 */
export function floorOnGrid(units: number, scale: number, step: number, gridScale: number): number {
  let at: number;
  // Scaled past 2^53, `at` stays past it, and the floor's own guard answers NaN.
  // Stryker disable next-line EqualityOperator: at equal scales the other way divides by 10^0, to the same
  if (scale <= gridScale) at = units * (POW10[gridScale - scale] as number);
  else {
    const shift = scale - gridScale;
    // Safe units are below 10^16, so a shift of 16 or more leaves nothing whole.
    at = shift >= POW10.length ? 0 : floorDiv(units, POW10[shift] as number);
  }
  return floorDiv(at, step) * step;
}

/** `units × 10^-scale` rounded up onto the grid, as {@link floorOnGrid} rounds down. */
export function ceilOnGrid(units: number, scale: number, step: number, gridScale: number): number {
  // A NaN floor (past 2^53) makes the ceiling NaN as well.
  const floor = floorOnGrid(units, scale, step, gridScale);
  let exact: boolean;
  // Stryker disable next-line EqualityOperator: at equal scales either way multiplies by 10^0
  if (scale <= gridScale) {
    exact = floor === units * (POW10[gridScale - scale] as number);
  } else if (scale - gridScale >= POW10.length) exact = units === 0;
  // A product past 2^53 rounds to at least 2^53, so it cannot equal safe units by accident.
  else {
    exact = floor * (POW10[scale - gridScale] as number) === units;
  }
  // The floor left a step of room below 2^53 (its own guard), so the ceiling is safe too.
  return exact ? floor : floor + step;
}

/** `'0'.repeat(n)` for the n a scale of at most 15 needs (larger ones are made when needed). */
const ZEROS: readonly string[] = POW10.map((_, n) => '0'.repeat(n));

/**
 * Canonical plain text of `units × 10^-scale` (units a non-negative safe integer), as
 * `Dec.toString` prints it; for a number read by `readNumber`, also exactly `String(n)`. The
 * digits are printed once (`String` of an integer below 10^21 is plain) and the point put in
 * the text: no division, which made this the costliest step of an explanation.
 */
export function formatScaled(units: number, scale: number): string {
  return units === 0 ? '0' : pointedDigits(String(units), scale);
}

/**
 * The digits of a non-negative integer (no sign, no leading zero) read as `digits × 10^-scale`:
 * the point put in, the trailing zeros of the fraction left out. The one way every decimal of the
 * library is printed (`formatScaled`, `Dec.toString`).
 */
export function pointedDigits(digits: string, scale: number): string {
  // Stryker disable next-line ConditionalExpression: forced false, a scale of 0 leaves no place to strip, and the digits are returned as they are below
  if (scale === 0) return digits;
  // Trailing zeros of the fraction are not printed; they are rare, so look for them only once.
  let end = digits.length;
  let places = scale;
  while (places > 0 && digits.charCodeAt(end - 1) === 48) {
    end--;
    places--;
  }
  if (places === 0) return digits.slice(0, end);
  const whole = end - places;
  if (whole > 0) return `${digits.slice(0, whole)}.${digits.slice(whole, end)}`;
  const padding = -whole;
  return `0.${ZEROS[padding] ?? '0'.repeat(padding)}${digits.slice(0, end)}`;
}

/**
 * Canonical plain text of `a × b × 10^-scale` for non-negative safe integers, as
 * {@link formatScaled} prints it, the product made in bigint when it passes 2^53 (rare: a large
 * notional), so that its explanation needs no exact decimals.
 */
export function productText(a: number, b: number, scale: number): string {
  const p = a * b;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: forced false or at 2^53 - 1, the bigint path prints the same text (the double only saves time)
  return p <= MAX_SAFE ? formatScaled(p, scale) : pointedDigits((BigInt(a) * BigInt(b)).toString(), scale);
}

/**
 * Whether `a × b × 10^-abScale ≤ c × 10^-cScale` (`sign` 1), or `≥` (`sign` -1), as 1 or 0,
 * exactly, for safe integers whose product passed 2^53 (a large notional or band edge): in
 * BigInt, so that such an order still needs no general path. Rare, so its allocation is too.
 */
export function productComparedBig(
  a: number,
  b: number,
  abScale: number,
  c: number,
  cScale: number,
  sign: 1 | -1,
): number {
  // Non-negative and past 2^53 (the callers' case), the product is beyond a side that is a safe
  // integer at the common scale: no bigint need be made to say so.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ArithmeticOperator,BlockStatement: a shortcut: taken less often the BigInt comparison answers the same (test/decimal/product-compared.test.ts holds it where it is taken)
  if (a >= 0 && b >= 0 && c >= 0 && a * b > MAX_SAFE) {
    // Stryker disable next-line ArithmeticOperator: a wider gap only narrows the shortcut, and the BigInt comparison answers the same
    const up = abScale - cScale;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: narrowed, the BigInt comparison answers the same (the shortcut only saves time)
    if (up < POW10.length && c * (POW10[Math.max(up, 0)] as number) <= MAX_SAFE) return sign === 1 ? 0 : 1;
  }
  const scale = Math.max(abScale, cScale);
  const left = BigInt(a) * BigInt(b) * 10n ** BigInt(scale - abScale);
  const right = BigInt(c) * 10n ** BigInt(scale - cScale);
  return (sign === 1 ? left <= right : left >= right) ? 1 : 0;
}
