import { buyBandDetail } from '../rules/buy-price-band.js';
import { notionalDetail } from '../rules/max-notional.js';
import { sellBandDetail } from '../rules/sell-price-band.js';
import { violation } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import type { CompiledPair } from './compiled-pair.js';
import type { Bound } from './fast-pair.js';
import { MAX_SAFE, POW10 } from './safe-integers.js';

/**
 * The fast path's violations: the same builder, limits, values, wording and suggestions as the
 * rules in `src/rules/`, computed on safe integers instead of exact decimals. Each function
 * returns `undefined` when its arithmetic would leave 2^53, and the rule itself then explains
 * (the property test `fast-path.property.test.ts` holds both to the same output).
 */

/** A value as `units × 10^-scale`, units a non-negative safe integer. */
export interface Scaled {
  readonly units: number;
  readonly scale: number;
}

/** `floor(a / b)` for non-negative safe integers, corrected so it is exact; NaN past 2^53. */
function floorDiv(a: number, b: number): number {
  if (a + b > MAX_SAFE) return Number.NaN;
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}

/** Canonical plain text of `units × 10^-scale` (units ≥ 0): as `Dec.toString` would print it. */
export function formatScaled(units: number, scale: number): string {
  const digits = String(units);
  if (scale === 0) return digits;
  const padded = digits.length <= scale ? '0'.repeat(scale - digits.length + 1) + digits : digits;
  const cut = padded.length - scale;
  let end = padded.length;
  while (end > cut && padded.charCodeAt(end - 1) === 48) end--;
  return end === cut ? padded.slice(0, cut) : `${padded.slice(0, cut)}.${padded.slice(cut, end)}`;
}

/** The value in whole units of `10^-gridScale`, rounded down, and whether that was exact. */
function atGridScale(value: Scaled, gridScale: number): { units: number; exact: boolean } | undefined {
  if (value.scale <= gridScale) {
    const units = value.units * (POW10[gridScale - value.scale] as number);
    return units > MAX_SAFE ? undefined : { units, exact: true };
  }
  const divisor = POW10[value.scale - gridScale] as number;
  const units = floorDiv(value.units, divisor);
  return Number.isNaN(units) ? undefined : { units, exact: units * divisor === value.units };
}

/** The largest multiple of the grid (`step` units of `10^-gridScale`) ≤ value, in grid-scale units. */
function floorOnGrid(value: Scaled, step: number, gridScale: number): number | undefined {
  const at = atGridScale(value, gridScale);
  if (at === undefined) return undefined;
  const k = floorDiv(at.units, step);
  return Number.isNaN(k) ? undefined : k * step;
}

/** The smallest multiple of the grid ≥ value, in grid-scale units. */
function ceilOnGrid(value: Scaled, step: number, gridScale: number): number | undefined {
  const at = atGridScale(value, gridScale);
  if (at === undefined) return undefined;
  const k = floorDiv(at.units, step);
  if (Number.isNaN(k)) return undefined;
  const floor = k * step;
  const ceil = at.exact && floor === at.units ? floor : floor + step;
  return ceil > MAX_SAFE ? undefined : ceil;
}

/** The grid points either side of an off-grid value, leaving out a zero below: `gridNeighbours`. */
function neighbours(value: Scaled, step: number, gridScale: number): string[] | undefined {
  const below = floorOnGrid(value, step, gridScale);
  if (below === undefined || below + step > MAX_SAFE) return undefined;
  const out: string[] = [];
  if (below > 0) out.push(formatScaled(below, gridScale));
  out.push(formatScaled(below + step, gridScale));
  return out;
}

/** PRICE_TICK or PRICE_PRECISION, as `checkPriceTick` / `checkPricePrecision` make them. */
export function priceGridViolation(
  pair: CompiledPair,
  text: string,
  price: Scaled,
  step: number,
  gridScale: number,
): Violation | undefined {
  const suggestion = neighbours(price, step, gridScale);
  if (suggestion === undefined) return undefined;
  return pair.tickSize === null
    ? violation('PRICE_PRECISION', 'price', {
        value: text,
        limit: String(pair.definition.quoteAssetPrecision),
        suggestion,
      })
    : violation('PRICE_TICK', 'price', { value: text, limit: pair.tickSize.toString(), suggestion });
}

/** QUANTITY_STEP or QUANTITY_PRECISION: the step below, or the first step. */
export function quantityGridViolation(
  pair: CompiledPair,
  text: string,
  quantity: Scaled,
  step: number,
  gridScale: number,
): Violation | undefined {
  const below = floorOnGrid(quantity, step, gridScale);
  if (below === undefined) return undefined;
  const suggestion = [formatScaled(below > 0 ? below : step, gridScale)];
  return pair.stepSize === null
    ? violation('QUANTITY_PRECISION', 'quantity', {
        value: text,
        limit: String(pair.definition.baseAssetPrecision),
        suggestion,
      })
    : violation('QUANTITY_STEP', 'quantity', { value: text, limit: pair.stepSize.toString(), suggestion });
}

/** QUANTITY_BELOW_MIN: the minimum, rounded up onto the grid. */
export function belowMinViolation(
  pair: CompiledPair,
  text: string,
  min: Bound,
  step: number,
  gridScale: number,
): Violation | undefined {
  if (!min.exact) return undefined;
  const lowest = ceilOnGrid(min, step, gridScale);
  if (lowest === undefined) return undefined;
  return violation('QUANTITY_BELOW_MIN', 'quantity', {
    value: text,
    limit: pair.definition.minTradeAmount,
    suggestion: [formatScaled(lowest, gridScale)],
  });
}

/** QUANTITY_ABOVE_MAX or MARKET_SIZE_ABOVE_MAX: the cap, rounded down onto the grid. */
export function aboveCapViolation(
  pair: CompiledPair,
  text: string,
  cap: Bound,
  step: number,
  gridScale: number,
  market: 'BUY' | 'SELL' | undefined,
): Violation | undefined {
  if (!cap.exact) return undefined;
  const highest = floorOnGrid(cap, step, gridScale);
  if (highest === undefined) return undefined;
  const suggestion = highest > 0 ? [formatScaled(highest, gridScale)] : [];
  if (market === undefined)
    return violation('QUANTITY_ABOVE_MAX', 'quantity', {
      value: text,
      limit: pair.definition.maxTradeAmount,
      suggestion,
    });
  const buy = market === 'BUY';
  return violation('MARKET_SIZE_ABOVE_MAX', 'quantity', {
    value: text,
    limit: buy ? pair.definition.marketBuyLimitSize : pair.definition.marketSellLimitSize,
    detail: buy ? 'marketBuyLimitSize' : 'marketSellLimitSize',
    suggestion,
  });
}

/** PRICE_ABOVE_BUY_LIMIT / PRICE_BELOW_SELL_LIMIT: the edge, rounded onto the grid away from the market. */
export function bandViolation(
  pair: CompiledPair,
  side: 'BUY' | 'SELL',
  text: string,
  referenceText: string,
  edge: Scaled,
  step: number,
  gridScale: number,
): Violation | undefined {
  const buy = side === 'BUY';
  const rounded = buy ? floorOnGrid(edge, step, gridScale) : ceilOnGrid(edge, step, gridScale);
  if (rounded === undefined) return undefined;
  const limit = formatScaled(edge.units, edge.scale);
  return buy
    ? violation('PRICE_ABOVE_BUY_LIMIT', 'price', {
        value: text,
        limit,
        detail: buyBandDetail(pair, referenceText),
        suggestion: rounded > 0 ? [formatScaled(rounded, gridScale)] : [],
      })
    : violation('PRICE_BELOW_SELL_LIMIT', 'price', {
        value: text,
        limit,
        detail: sellBandDetail(pair, referenceText),
        suggestion: [formatScaled(rounded, gridScale)],
      });
}

/** NOTIONAL_ABOVE_MAX. */
export function notionalViolation(
  notional: Scaled,
  maxText: string,
  market: boolean,
  price: Scaled,
  quantityText: string,
): Violation {
  return violation('NOTIONAL_ABOVE_MAX', 'notional', {
    value: formatScaled(notional.units, notional.scale),
    limit: maxText,
    detail: notionalDetail(market, formatScaled(price.units, price.scale), quantityText),
  });
}
