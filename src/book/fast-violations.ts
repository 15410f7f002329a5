import { MAX_SAFE, POW10 } from '../decimal/safe-integers.js';
import type { FastPair } from '../pair/fast-pair.js';
import { buyBandDetail } from '../rules/buy-price-band.js';
import { notionalDetail } from '../rules/max-notional.js';
import { INFERRED_TICK_DETAIL } from '../rules/price-tick.js';
import { sellBandDetail } from '../rules/sell-price-band.js';
import { violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';

/**
 * The fast path's violations: the same builder, limits, values, wording and suggestions as the
 * rules in `src/rules/`, computed on safe integers instead of exact decimals, with every value
 * passed as `units × 10^-scale` in two plain numbers so that nothing is allocated but the
 * violation itself. A function that may leave 2^53 returns `undefined` then, and the rules
 * explain instead (the property test `fast-path.property.test.ts` holds both to the same output).
 */

/** `floor(a / b)` for non-negative safe integers, corrected so it is exact; NaN past 2^53. */
function floorDiv(a: number, b: number): number {
  if (a + b > MAX_SAFE) return Number.NaN;
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}

/** `'0'.repeat(n)` for the n a scale of at most 15 needs (larger ones are made when needed). */
const ZEROS: readonly string[] = POW10.map((_, n) => '0'.repeat(n));

/** The largest small integer (Smi): V8 prints these much faster than larger doubles. */
const SMALL = 2 ** 31 - 1;

/** Decimal digits of a safe integer; past 2^31 printed in two halves of at most 8 digits. */
function digitsOf(n: number): string {
  if (n <= SMALL) return String(n);
  const high = Math.floor(n / 1e8);
  const low = String(n - high * 1e8);
  return `${high}${ZEROS[8 - low.length]}${low}`;
}

/**
 * Canonical plain text of `units × 10^-scale` (units a non-negative safe integer), as
 * `Dec.toString` prints it; for a number read by `readNumber`, also exactly `String(n)`.
 */
export function formatScaled(units: number, scale: number): string {
  let whole = 0;
  let fraction = units;
  // Safe units are below 10^16, so past a scale of 15 there is no whole part.
  if (scale < POW10.length) {
    const power = POW10[scale] as number;
    // A rounded quotient is never below the true floor, and at most one above it.
    whole = Math.floor(units / power);
    if (whole * power > units) whole--;
    fraction = units - whole * power;
  }
  if (fraction === 0) return digitsOf(whole);
  let places = scale;
  // Trailing zeros are rare; when there are some (at most 15), strip 8, 4, 2 and 1 at a time.
  if (Math.floor(fraction / 10) * 10 === fraction) {
    for (let strip = 8; strip >= 1; strip /= 2) {
      const power = POW10[strip] as number;
      const rest = Math.floor(fraction / power);
      if (rest * power === fraction) {
        fraction = rest;
        places -= strip;
      }
    }
  }
  const digits = digitsOf(fraction);
  const padding = places - digits.length;
  return `${digitsOf(whole)}.${ZEROS[padding] ?? '0'.repeat(padding)}${digits}`;
}

/**
 * `units × 10^-scale` rounded down onto the grid `step × 10^-gridScale` (gridScale ≤ 15), in
 * units of `10^-gridScale`; NaN when that leaves safe integers.
 */
function floorOnGrid(units: number, scale: number, step: number, gridScale: number): number {
  let at: number;
  if (scale <= gridScale) {
    at = units * (POW10[gridScale - scale] as number);
    if (at > MAX_SAFE) return Number.NaN;
  } else {
    const shift = scale - gridScale;
    // Safe units are below 10^16, so a shift of 16 or more leaves nothing whole.
    at = shift >= POW10.length ? 0 : floorDiv(units, POW10[shift] as number);
  }
  return floorDiv(at, step) * step;
}

/** `units × 10^-scale` rounded up onto the grid, as `floorOnGrid` rounds down. */
function ceilOnGrid(units: number, scale: number, step: number, gridScale: number): number {
  const floor = floorOnGrid(units, scale, step, gridScale);
  if (Number.isNaN(floor)) return Number.NaN;
  let onGrid: boolean;
  if (scale <= gridScale) onGrid = floor === units * (POW10[gridScale - scale] as number);
  else if (scale - gridScale >= POW10.length) onGrid = units === 0;
  // A product past 2^53 rounds to at least 2^53, so it cannot equal safe units by accident.
  else onGrid = floor * (POW10[scale - gridScale] as number) === units;
  const ceil = onGrid ? floor : floor + step;
  return ceil > MAX_SAFE ? Number.NaN : ceil;
}

/** PRICE_TICK, as `checkPriceTick` makes it: the grid points either side. */
export function tickViolation(
  fast: FastPair,
  text: string,
  units: number,
  scale: number,
): Violation | undefined {
  const step = fast.priceStep;
  const gridScale = fast.priceScale;
  const below = floorOnGrid(units, scale, step, gridScale);
  if (!(below + step <= MAX_SAFE)) return undefined;
  const above = formatScaled(below + step, gridScale);
  const suggestion = below > 0 ? [formatScaled(below, gridScale), above] : [above];
  const detail = fast.tickInferred ? INFERRED_TICK_DETAIL : undefined;
  return violationOf('PRICE_TICK', 'price', text, fast.tickText, suggestion, detail);
}

/** PRICE_PRECISION, as `checkPricePrecision` makes it: onto the grid away from the market. */
export function pricePrecisionViolation(
  fast: FastPair,
  buy: boolean,
  text: string,
  units: number,
  scale: number,
): Violation | undefined {
  const step = fast.priceStep;
  const gridScale = fast.priceScale;
  let fitting = buy ? floorOnGrid(units, scale, step, gridScale) : 0;
  if (fitting === 0) fitting = ceilOnGrid(units, scale, step, gridScale);
  if (Number.isNaN(fitting)) return undefined;
  const suggestion = [formatScaled(fitting, gridScale)];
  return violationOf('PRICE_PRECISION', 'price', text, fast.quotePrecisionText, suggestion, undefined);
}

/** 0 for a LIMIT order, 1 for a MARKET BUY, 2 for a MARKET SELL: the index of its quantity bounds. */
export function orderKind(market: boolean, buy: boolean): 0 | 1 | 2 {
  return market ? (buy ? 1 : 2) : 0;
}

/**
 * QUANTITY_STEP or QUANTITY_PRECISION (as `checkQuantityStep` / `checkQuantityPrecision`): the
 * grid point below, or the first, kept within the pair's quantity window.
 */
export function quantityGridViolation(
  fast: FastPair,
  code: 'QUANTITY_STEP' | 'QUANTITY_PRECISION',
  kind: 0 | 1 | 2,
  text: string,
  units: number,
  scale: number,
): Violation | undefined {
  const below = floorOnGrid(units, scale, fast.quantityStep, fast.quantityScale);
  if (Number.isNaN(below)) return undefined;
  let nearest = below > 0 ? below : fast.quantityStep;
  const low = fast.windowLow[kind];
  const high = fast.windowHigh[kind];
  if (nearest < low) nearest = low;
  else if (nearest > high) nearest = high;
  const suggestion = [formatScaled(nearest, fast.quantityScale)];
  const limit = code === 'QUANTITY_STEP' ? fast.stepText : fast.basePrecisionText;
  return violationOf(code, 'quantity', text, limit, suggestion, undefined);
}

/** QUANTITY_BELOW_MIN: the minimum, rounded up onto the grid. */
export function belowMinViolation(fast: FastPair, text: string): Violation {
  return violationOf('QUANTITY_BELOW_MIN', 'quantity', text, fast.minText, [fast.lowestQuantity], undefined);
}

/** QUANTITY_ABOVE_MAX: the maximum, rounded down onto the grid (and within a MARKET cap). */
export function aboveMaxViolation(fast: FastPair, kind: 0 | 1 | 2, text: string): Violation {
  const highest = fast.aboveMaxSuggestion[kind];
  const suggestion = highest === undefined ? undefined : [highest];
  return violationOf('QUANTITY_ABOVE_MAX', 'quantity', text, fast.maxText, suggestion, undefined);
}

/** MARKET_SIZE_ABOVE_MAX: the side's market cap, rounded down onto the grid. */
export function marketSizeViolation(fast: FastPair, text: string, buy: boolean): Violation {
  const highest = fast.marketSizeSuggestion[buy ? 0 : 1];
  const suggestion = highest === undefined ? undefined : [highest];
  const limit = buy ? fast.marketBuyText : fast.marketSellText;
  const detail = buy ? 'marketBuyLimitSize' : 'marketSellLimitSize';
  return violationOf('MARKET_SIZE_ABOVE_MAX', 'quantity', text, limit, suggestion, detail);
}

/** PRICE_ABOVE_BUY_LIMIT / PRICE_BELOW_SELL_LIMIT: the edge, rounded onto the grid away from the market. */
export function bandViolation(
  fast: FastPair,
  buy: boolean,
  text: string,
  referenceText: string,
  edgeUnits: number,
  edgeScale: number,
): Violation | undefined {
  const step = fast.priceStep;
  const gridScale = fast.priceScale;
  const rounded = buy
    ? floorOnGrid(edgeUnits, edgeScale, step, gridScale)
    : ceilOnGrid(edgeUnits, edgeScale, step, gridScale);
  if (Number.isNaN(rounded)) return undefined;
  const limit = formatScaled(edgeUnits, edgeScale);
  if (buy) {
    const suggestion = rounded > 0 ? [formatScaled(rounded, gridScale)] : undefined;
    const detail = buyBandDetail(fast.pair, referenceText);
    return violationOf('PRICE_ABOVE_BUY_LIMIT', 'price', text, limit, suggestion, detail);
  }
  const detail = sellBandDetail(fast.pair, referenceText);
  return violationOf(
    'PRICE_BELOW_SELL_LIMIT',
    'price',
    text,
    limit,
    [formatScaled(rounded, gridScale)],
    detail,
  );
}

/** NOTIONAL_ABOVE_MAX, judged at `price` (the LIMIT price, or a MARKET order's worst case). */
export function notionalViolation(
  notionalUnits: number,
  notionalScale: number,
  maxText: string,
  market: boolean,
  priceUnits: number,
  priceScale: number,
  quantityText: string,
): Violation {
  const value = formatScaled(notionalUnits, notionalScale);
  const detail = notionalDetail(market, formatScaled(priceUnits, priceScale), quantityText);
  return violationOf('NOTIONAL_ABOVE_MAX', 'notional', value, maxText, undefined, detail);
}
