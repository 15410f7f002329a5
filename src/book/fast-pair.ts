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
  readonly min: ScaledFactor;
  readonly max: ScaledFactor;
  readonly marketBuy: ScaledFactor;
  readonly marketSell: ScaledFactor;
  readonly buyBand: ScaledFactor;
  readonly sellBand: ScaledFactor;
  readonly marketBuyWorst: ScaledFactor;
  readonly marketSellWorst: ScaledFactor;
  /** Frozen pass results by which checks were skipped (a 5-bit key), made on first use. */
  readonly passResults: (ValidationResult | undefined)[];
}

/** A factor such as 1 + ratio, or a bound, as `units × 10^-scale`, units a safe integer (possibly ≤ 0). */
export interface ScaledFactor {
  readonly units: number;
  readonly scale: number;
}

const MAX_FAST_SCALE = 15;
const MAX_STEP = 2 ** 52;

const FAST_VALUE_LIMIT = 10n ** 15n;

/**
 * A non-negative bound exactly, or as infinite when it is 10^15 or more: the pass path reads at
 * most 15 significant digits, so every value it compares is below such a bound.
 */
function bound(value: Dec): ScaledFactor | undefined {
  const exact = factor(value);
  if (exact !== undefined) return exact;
  return value.units / 10n ** BigInt(value.scale) >= FAST_VALUE_LIMIT
    ? { units: Number.POSITIVE_INFINITY, scale: 0 }
    : undefined;
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
  const min = bound(pair.minTradeAmount);
  const max = bound(pair.maxTradeAmount);
  const marketBuy = bound(pair.marketBuyLimitSize);
  const marketSell = bound(pair.marketSellLimitSize);
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
