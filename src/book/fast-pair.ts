import type { Dec } from '../decimal/dec.js';
import type { ValidationResult } from '../validation/violation-codes.js';
import type { CompiledPair } from './compiled-pair.js';

/**
 * A compiled pair in machine numbers, for the allocation-free pass path. Prices are counted in
 * whole units of `10^-priceScale` and quantities of `10^-quantityScale`; every count is a safe
 * integer, so comparisons and products that stay under 2^53 are exact. A pair whose grids do
 * not fit (more than 15 decimals, a grid over 2^52 units) has no fast form and always takes the
 * general path.
 */
export interface FastPair {
  readonly trading: boolean;
  readonly enabled: boolean;
  readonly priceScale: number;
  /** The tick in price units (1 when the pair has no tick and only a precision). */
  readonly priceStep: number;
  readonly hasTick: boolean;
  readonly quantityScale: number;
  readonly quantityStep: number;
  readonly hasStep: boolean;
  /** Quantity bounds; `units` is `Infinity` for a bound of 10^15 or more (beyond any fast value). */
  readonly min: Bound;
  readonly max: Bound;
  readonly marketBuy: Bound;
  readonly marketSell: Bound;
  readonly buyBand: ScaledFactor;
  readonly sellBand: ScaledFactor;
  readonly marketBuyWorst: ScaledFactor;
  readonly marketSellWorst: ScaledFactor;
  /** Frozen pass results by which checks were skipped (a 5-bit key), made on first use. */
  readonly passResults: (ValidationResult | undefined)[];
}

/** A bound as the fast path compares with it; `exact` when it is the bound itself, not a rounding. */
export interface Bound extends ScaledFactor {
  readonly exact: boolean;
}

/** A factor such as 1 + ratio, or a bound, as `units × 10^-scale`, units a safe integer (possibly ≤ 0). */
export interface ScaledFactor {
  readonly units: number;
  readonly scale: number;
}

const MAX_FAST_SCALE = 15;
const MAX_STEP = 2 ** 52;

const FAST_VALUE_LIMIT = 10n ** 15n;
const FAST_DIGITS = 15;

/**
 * A non-negative bound for values of at most 15 significant digits (all the fast path reads).
 * Exact when it fits; otherwise rounded to 15 significant digits on its safe side (down for a
 * maximum, up for a minimum), which compares with every such value exactly as the bound itself
 * would; or infinite when it is 10^15 or more. `exact` says whether it is the bound itself, as
 * a suggestion built from it must be.
 */
function bound(value: Dec, round: 'floor' | 'ceil'): Bound | undefined {
  const exact = factor(value);
  if (exact !== undefined) return { units: exact.units, scale: exact.scale, exact: true };
  if (value.units / 10n ** BigInt(value.scale) >= FAST_VALUE_LIMIT)
    return { units: Number.POSITIVE_INFINITY, scale: 0, exact: false };
  const drop = value.units.toString().length - FAST_DIGITS;
  if (drop <= 0 || drop > value.scale) return undefined;
  const divisor = 10n ** BigInt(drop);
  let units = value.units / divisor;
  if (round === 'ceil' && units * divisor !== value.units) units += 1n;
  return { units: Number(units), scale: value.scale - drop, exact: false };
}

function factor(value: Dec): ScaledFactor | undefined {
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  if (value.units > limit || value.units < -limit) return undefined;
  return { units: Number(value.units), scale: value.scale };
}

function gridOf(grid: Dec): { scale: number; step: number } | undefined {
  if (grid.scale > MAX_FAST_SCALE || grid.units > BigInt(MAX_STEP)) return undefined;
  return { scale: grid.scale, step: Number(grid.units) };
}

/** The fast form of a compiled pair, or `undefined` when its numbers do not fit. */
export function compileFastPair(pair: Omit<CompiledPair, 'fast'>): FastPair | undefined {
  const price = gridOf(pair.priceGrid);
  const quantity = gridOf(pair.quantityGrid);
  const buyBand = factor(pair.buyBandFactor);
  const sellBand = factor(pair.sellBandFactor);
  const marketBuyWorst = factor(pair.marketBuyWorstFactor);
  const marketSellWorst = factor(pair.marketSellWorstFactor);
  const min = bound(pair.minTradeAmount, 'ceil');
  const max = bound(pair.maxTradeAmount, 'floor');
  const marketBuy = bound(pair.marketBuyLimitSize, 'floor');
  const marketSell = bound(pair.marketSellLimitSize, 'floor');
  if (!price || !quantity || !buyBand || !sellBand || !marketBuyWorst || !marketSellWorst) return undefined;
  if (!min || !max || !marketBuy || !marketSell) return undefined;
  return {
    trading: pair.isTrading,
    enabled: pair.enableTrade,
    priceScale: price.scale,
    priceStep: price.step,
    hasTick: pair.tickSize !== null,
    quantityScale: quantity.scale,
    quantityStep: quantity.step,
    hasStep: pair.stepSize !== null,
    min,
    max,
    marketBuy,
    marketSell,
    buyBand,
    sellBand,
    marketBuyWorst,
    marketSellWorst,
    passResults: new Array(32).fill(undefined),
  };
}
