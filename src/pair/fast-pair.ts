import type { Dec } from '../decimal/dec.js';
import type { CompiledPair, FastPair, QuantityWindow } from './compiled-pair.js';
import { windowsOf } from './quantity-window.js';

const MAX_FAST_SCALE = 15;
/** Scales of factors and bounds the fast path takes (so that scale differences stay in SHIFT). */
const MAX_FACTOR_SCALE = 40;
const MAX_STEP = 2 ** 52;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const FAST_VALUE_LIMIT = 10n ** 15n;
const FAST_DIGITS = 15;

interface Scaled {
  readonly units: number;
  readonly scale: number;
}

/** An exact value as safe-integer units, or `undefined` when its units pass 2^53. */
function scaled(value: Dec): Scaled | undefined {
  const units = value.safeUnits;
  if (Number.isNaN(units) || value.scale > MAX_FACTOR_SCALE) return undefined;
  return { units, scale: value.scale };
}

/**
 * A non-negative bound for values of at most 15 significant digits (all the fast path reads):
 * exact when it fits; otherwise rounded to 15 significant digits on its safe side (down for a
 * maximum, up for a minimum); or infinite when it is 10^15 or more.
 */
function bound(value: Dec, round: 'floor' | 'ceil'): Scaled | undefined {
  const exact = scaled(value);
  if (exact !== undefined) return exact;
  const whole = value.units;
  if (whole / 10n ** BigInt(value.scale) >= FAST_VALUE_LIMIT)
    return { units: Number.POSITIVE_INFINITY, scale: 0 };
  const drop = whole.toString().length - FAST_DIGITS;
  if (drop <= 0 || drop > value.scale || value.scale - drop > MAX_FACTOR_SCALE) return undefined;
  const divisor = 10n ** BigInt(drop);
  let units = whole / divisor;
  if (round === 'ceil' && units * divisor !== whole) units += 1n;
  return { units: Number(units), scale: value.scale - drop };
}

/** A non-negative bound as a whole count of `10^-gridScale`, rounded as asked; `Infinity` past 2^53. */
function countOf(value: Dec, gridScale: number, round: 'floor' | 'ceil'): number {
  const shift = gridScale - value.scale;
  const units = value.units;
  let count: bigint;
  if (shift >= 0) count = units * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    count = units / divisor;
    if (round === 'ceil' && count * divisor !== units) count += 1n;
  }
  return count > MAX_SAFE ? Number.POSITIVE_INFINITY : Number(count);
}

function gridOf(grid: Dec): { scale: number; step: number } | undefined {
  const step = grid.safeUnits;
  if (grid.scale > MAX_FAST_SCALE || !(step <= MAX_STEP)) return undefined;
  return { scale: grid.scale, step };
}

const NO_GRID = { scale: 0, step: Number.NaN };

/** A quantity window in grid units (see FastPair.windowLow). */
function windowCounts(window: QuantityWindow | undefined, scale: number): [number, number] {
  if (window === undefined) return [Number.NaN, Number.POSITIVE_INFINITY];
  return [
    countOf(window.low, scale, 'ceil'),
    window.high === null ? Number.POSITIVE_INFINITY : countOf(window.high, scale, 'floor'),
  ];
}

/** The compiled fields the fast path needs present. */
const REQUIRED = [
  'isTrading',
  'enableTrade',
  'minTradeAmount',
  'maxTradeAmount',
  'marketBuyLimitSize',
  'marketSellLimitSize',
  'buyBandFactor',
  'sellBandFactor',
  'marketBuyWorstFactor',
  'marketSellWorstFactor',
] as const satisfies readonly (keyof CompiledPair)[];

type CompletePair = CompiledPair & {
  readonly [K in (typeof REQUIRED)[number]]: NonNullable<CompiledPair[K]>;
};

/** The pair's numbers when the fast path can take it: every rule field present; `undefined` otherwise. */
function completeNumbers(pair: CompiledPair): CompletePair | undefined {
  if (REQUIRED.some((field) => pair[field] === null)) return undefined;
  return pair as CompletePair;
}

/**
 * A tick or step in its own units: the grid's when it is the grid, else its own (a tick finer
 * than the precision allows has a coarser rounding grid); NaN when the pair has none, and
 * `undefined` when it does not fit.
 */
function ownGrid(size: Dec | null): { scale: number; step: number } | undefined {
  return size === null ? NO_GRID : gridOf(size);
}

/** The fast form of a compiled pair, or `undefined` when its numbers do not fit. */
export function compileFastPair(pair: CompiledPair): FastPair | undefined {
  const n = completeNumbers(pair);
  if (n === undefined) return undefined;
  // A pair without a grid (no tick or step and no precision) counts in whole units, its grid's
  // step NaN: the rules that need a grid skip on such a pair, and suggest without one.
  const price = ownGrid(n.priceGrid);
  const quantity = ownGrid(n.quantityGrid);
  const buyBand = scaled(n.buyBandFactor);
  const sellBand = scaled(n.sellBandFactor);
  const marketBuyWorst = scaled(n.marketBuyWorstFactor);
  const marketSellWorst = scaled(n.marketSellWorstFactor);
  const min = bound(n.minTradeAmount, 'ceil');
  const max = bound(n.maxTradeAmount, 'floor');
  const marketBuy = bound(n.marketBuyLimitSize, 'floor');
  const marketSell = bound(n.marketSellLimitSize, 'floor');
  const tick = ownGrid(n.tickSize);
  const step = ownGrid(n.stepSize);
  if (!tick || !step) return undefined;
  if (!price || !quantity || !buyBand || !sellBand || !marketBuyWorst || !marketSellWorst) return undefined;
  if (!min || !max || !marketBuy || !marketSell) return undefined;
  // Worked out here and not kept: the exact checks work them out again if they ever need them.
  const [anyKind, marketBuyKind, marketSellKind] = windowsOf(pair);
  const windows = [anyKind, anyKind, marketBuyKind, marketSellKind].map((window) =>
    windowCounts(window, quantity.scale),
  ) as [[number, number], [number, number], [number, number], [number, number]];
  return {
    pair,
    trading: n.isTrading,
    enabled: n.enableTrade,
    priceScale: price.scale,
    priceStep: price.step,
    hasTick: pair.tickSize !== null,
    tickStep: tick.step,
    tickScale: tick.scale,
    tickInferred: pair.tickInferred,
    quantityScale: quantity.scale,
    quantityStep: quantity.step,
    hasStep: pair.stepSize !== null,
    stepStep: step.step,
    stepScale: step.scale,
    stepIsGrid: step.scale === quantity.scale && step.step === quantity.step,
    quotePrecision: n.quotePrecision ?? Number.NaN,
    basePrecision: n.basePrecision ?? Number.NaN,
    minCount: countOf(n.minTradeAmount, quantity.scale, 'ceil'),
    maxCount: countOf(n.maxTradeAmount, quantity.scale, 'floor'),
    marketBuyCount: countOf(n.marketBuyLimitSize, quantity.scale, 'floor'),
    marketSellCount: countOf(n.marketSellLimitSize, quantity.scale, 'floor'),
    minUnits: min.units,
    minScale: min.scale,
    maxUnits: max.units,
    maxScale: max.scale,
    marketBuyUnits: marketBuy.units,
    marketBuyScale: marketBuy.scale,
    marketSellUnits: marketSell.units,
    marketSellScale: marketSell.scale,
    buyBandUnits: buyBand.units,
    buyBandScale: buyBand.scale,
    sellBandUnits: sellBand.units,
    sellBandScale: sellBand.scale,
    marketBuyWorstUnits: marketBuyWorst.units,
    marketBuyWorstScale: marketBuyWorst.scale,
    marketSellWorstUnits: marketSellWorst.units,
    marketSellWorstScale: marketSellWorst.scale,
    windowLow: [windows[0][0], windows[1][0], windows[2][0], windows[3][0]],
    windowHigh: [windows[0][1], windows[1][1], windows[2][1], windows[3][1]],
    parts: [],
  };
}
