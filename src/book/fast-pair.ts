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
  /** Status TRADING and enableTrade: the only state in which an order can pass. */
  readonly open: boolean;
  readonly priceScale: number;
  /** The tick in price units (1 when the pair has no tick and only a precision). */
  readonly priceStep: number;
  readonly hasTick: boolean;
  readonly quantityScale: number;
  readonly quantityStep: number;
  readonly hasStep: boolean;
  /** Bounds in quantity units: the least whole count ≥ min, the greatest ≤ each maximum. */
  readonly minUnits: number;
  readonly maxUnits: number;
  readonly marketBuyUnits: number;
  readonly marketSellUnits: number;
  readonly buyBand: ScaledFactor;
  readonly sellBand: ScaledFactor;
  readonly marketBuyWorst: ScaledFactor;
  readonly marketSellWorst: ScaledFactor;
  /** Frozen pass results by which checks were skipped (a 5-bit key), made on first use. */
  readonly passResults: (ValidationResult | undefined)[];
}

/** A factor such as 1 + ratio as `units × 10^-scale`, units a safe integer (possibly ≤ 0). */
export interface ScaledFactor {
  readonly units: number;
  readonly scale: number;
}

const MAX_FAST_SCALE = 15;
const MAX_STEP = 2 ** 52;

/** A non-negative bound as a whole count of `10^-scale` units, rounded the safe way for its side. */
function unitsAt(value: Dec, scale: number, round: 'floor' | 'ceil'): number {
  let units: bigint;
  if (value.scale <= scale) units = value.unitsAt(scale);
  else {
    const divisor = 10n ** BigInt(value.scale - scale);
    const whole = value.units / divisor;
    units = round === 'ceil' && whole * divisor !== value.units ? whole + 1n : whole;
  }
  // Beyond 2^53 a bound can never be met or broken by a safe count the way a finite one would,
  // so it becomes infinite on its side: no safe quantity exceeds it, none reaches it.
  return units > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(units);
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
  if (!price || !quantity || !buyBand || !sellBand || !marketBuyWorst || !marketSellWorst) return undefined;
  return {
    open: pair.isTrading && pair.enableTrade,
    priceScale: price.scale,
    priceStep: price.step,
    hasTick: pair.tickSize !== null,
    quantityScale: quantity.scale,
    quantityStep: quantity.step,
    hasStep: pair.stepSize !== null,
    minUnits: unitsAt(pair.minTradeAmount, quantity.scale, 'ceil'),
    maxUnits: unitsAt(pair.maxTradeAmount, quantity.scale, 'floor'),
    marketBuyUnits: unitsAt(pair.marketBuyLimitSize, quantity.scale, 'floor'),
    marketSellUnits: unitsAt(pair.marketSellLimitSize, quantity.scale, 'floor'),
    buyBand,
    sellBand,
    marketBuyWorst,
    marketSellWorst,
    passResults: new Array(32).fill(undefined),
  };
}
