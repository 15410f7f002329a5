import { toPlainDecimal } from '../decimal/plain-decimal.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import type { OrderSide, OrderType } from '../order/order-input.js';
import { ArbitraryConfigurationError } from './arbitrary-configuration-error.js';
import { Big, type BigValue, ONE, TEN, ZERO } from './big.js';
import { MAX_ORDER_TEXT_LENGTH } from './decimal-encoding-arb.js';
import {
  ceilIndex,
  commonGrid,
  decimalsOf,
  floorIndex,
  isMultiple,
  powerOfTen,
  unitOf,
} from './grid-math.js';

/**
 * What the caller's context will hold when the generated orders are validated, and how the book
 * reads the pair.
 *
 * @example
 * ```ts
 * const options: OrderContextOptions = { referencePrice: '64000', maxNotional: 5000, inferTickSize: true };
 * ```
 */
export interface OrderContextOptions {
  /** The reference price the orders will be validated with; orders respect the price bands. */
  readonly referencePrice?: string | number | undefined;
  /** The maxNotional the orders will be validated with. */
  readonly maxNotional?: string | number | undefined;
  /**
   * Whether the book the orders go to infers a missing tick from `displayDigitMerge`, as
   * `RuleBook.fromExchangeInfo` does by default (default `true`). Matters only for a definition
   * with `tickSize: null` and a depth-merge list (as `parseExchangeInfo` returns it): valid
   * orders then lie on the smallest merge step, so they pass either book; `PRICE_TICK` breaches
   * of that inferred tick are seen only by an inferring book, so with `false` that code throws.
   */
  readonly inferTickSize?: boolean | undefined;
}

/**
 * An inclusive range of grid indexes; empty when `min > max`.
 *
 * @example `const firstTen: IndexRange = { min: 1n, max: 10n };`
 */
export interface IndexRange {
  readonly min: bigint;
  readonly max: bigint;
}

/** How far generated prices reach when no band bounds them, in grid points. */
const PRICE_SPAN = 1_000_000_000n;
/**
 * How far generated quantities reach above the minimum when nothing bounds them, in grid points.
 *
 * @example `space.highestIndexUnder(undefined, 1n) === 1n + QUANTITY_SPAN`
 */
export const QUANTITY_SPAN = 1_000_000_000n;
const TWO = new Big('2');
/** The grid a price or quantity is drawn on when the pair constrains it by neither grid nor precision. */
const FREE_GRID = unitOf(8);

/**
 * The smallest positive step of a depth-merge list, as the book infers the tick
 * (docs/exchange-semantics.md).
 *
 * @example `smallestMergeStep(['1', '0.1', '0.01'])?.toFixed() // '0.01'`
 */
export function smallestMergeStep(steps: readonly string[] | null): BigValue | undefined {
  let smallest: BigValue | undefined;
  for (const step of steps ?? []) {
    const plain = toPlainDecimal(step);
    if (plain === undefined || plain.startsWith('-') || /^0(\.0*)?$/.test(plain)) continue;
    const value = new Big(plain);
    if (smallest === undefined || value.lt(smallest)) smallest = value;
  }
  return smallest;
}

function decimal(text: string | null): BigValue | undefined {
  return text === null ? undefined : new Big(text);
}

/** The common grid of a tick (or step) and a precision unit, whichever are there. */
function gridOf(grid: BigValue | undefined, unit: BigValue | undefined): BigValue {
  if (grid === undefined) return unit ?? FREE_GRID;
  return unit === undefined ? grid : commonGrid(grid, unit);
}

/**
 * Off-grid amounts `δ` for breaking one grid alone: `δ` is not a multiple of `breaking`, is a
 * multiple of `keeping` (the other constraint, when there is one), and is smaller than `grid`
 * (the common grid values are drawn on), so that `k × grid ± δ` stays positive and inside every
 * bound `k × grid` met. Empty when every multiple of `keeping` is a multiple of `breaking`.
 */
function nudges(breaking: BigValue, keeping: BigValue | undefined, grid: BigValue): BigValue[] {
  const candidates = [...(keeping === undefined ? [] : [keeping]), breaking.div(TWO), breaking.div(TEN)];
  const out: BigValue[] = [];
  for (const d of candidates)
    if (
      d.gt(ZERO) &&
      d.lt(grid) &&
      !isMultiple(d, breaking) &&
      (keeping === undefined || isMultiple(d, keeping)) &&
      !out.some((o) => o.eq(d))
    )
      out.push(d);
  return out;
}

/**
 * A pair definition seen as the space of orders its rules allow (docs/exchange-semantics.md,
 * "Judging an order"): the grids a valid price and quantity lie on (tick or step and precision at
 * once), and the index ranges of prices and quantities for each side and type. A rule field the
 * definition lacks imposes nothing. Every bound is exact (big.js products, BigInt divisions).
 *
 * @example
 * ```ts
 * const space = new OrderSpace(definition, { referencePrice: '64000' });
 * space.validPrices('BUY'); // { min: 1n, max: ... } in units of space.priceGrid
 * ```
 */
export class OrderSpace {
  /** The tick in force: `tickSize`, or inferred from `displayDigitMerge` (unless turned off). */
  readonly tick: BigValue | undefined;
  readonly tickInferred: boolean;
  readonly step: BigValue | undefined;
  readonly priceUnit: BigValue | undefined;
  readonly quantityUnit: BigValue | undefined;
  /** Valid prices are the positive multiples of this grid. */
  readonly priceGrid: BigValue;
  /** Valid quantities are the positive multiples of this grid. */
  readonly quantityGrid: BigValue;
  readonly reference: BigValue | undefined;
  readonly maxNotional: BigValue | undefined;
  readonly minTrade: BigValue | undefined;
  readonly maxTrade: BigValue | undefined;

  constructor(
    readonly definition: PairDefinition,
    options: OrderContextOptions = {},
  ) {
    const d = definition;
    const sent = decimal(d.tickSize);
    const inferred =
      sent === undefined && options.inferTickSize !== false
        ? smallestMergeStep(d.displayDigitMerge)
        : undefined;
    this.tick = sent ?? inferred;
    this.tickInferred =
      inferred !== undefined || (sent !== undefined && d.tickSizeSource === 'displayDigitMerge');
    this.step = decimal(d.stepSize);
    this.priceUnit = d.quoteAssetPrecision === null ? undefined : unitOf(d.quoteAssetPrecision);
    this.quantityUnit = d.baseAssetPrecision === null ? undefined : unitOf(d.baseAssetPrecision);
    this.priceGrid = gridOf(this.tick, this.priceUnit);
    this.quantityGrid = gridOf(this.step, this.quantityUnit);
    this.reference = optionalDecimal(options.referencePrice, 'referencePrice');
    this.maxNotional = optionalDecimal(options.maxNotional, 'maxNotional');
    this.minTrade = decimal(d.minTradeAmount);
    this.maxTrade = decimal(d.maxTradeAmount);
  }

  /** The nudges, worked out once: every generated order asks for them. */
  #nudges:
    | { tick: BigValue[]; pricePrecision: BigValue[]; step: BigValue[]; quantityPrecision: BigValue[] }
    | undefined;

  private allNudges() {
    this.#nudges ??= {
      tick: this.tick === undefined ? [] : nudges(this.tick, this.priceUnit, this.priceGrid),
      pricePrecision: this.priceUnit === undefined ? [] : nudges(this.priceUnit, this.tick, this.priceGrid),
      step: this.step === undefined ? [] : nudges(this.step, this.quantityUnit, this.quantityGrid),
      quantityPrecision:
        this.quantityUnit === undefined ? [] : nudges(this.quantityUnit, this.step, this.quantityGrid),
    };
    return this.#nudges;
  }

  /** Off-tick amounts that keep a price within `quoteAssetPrecision` (PRICE_TICK alone). */
  tickNudges(): readonly BigValue[] {
    return this.allNudges().tick;
  }

  /** Off-precision amounts that keep a price on the tick (PRICE_PRECISION alone, by value). */
  pricePrecisionNudges(): readonly BigValue[] {
    return this.allNudges().pricePrecision;
  }

  /** Off-step amounts that keep a quantity within `baseAssetPrecision` (QUANTITY_STEP alone). */
  stepNudges(): readonly BigValue[] {
    return this.allNudges().step;
  }

  /** Off-precision amounts that keep a quantity on the step (QUANTITY_PRECISION alone, by value). */
  quantityPrecisionNudges(): readonly BigValue[] {
    return this.allNudges().quantityPrecision;
  }

  /** The ratio of a band, when the pair has it. */
  ratio(side: OrderSide): BigValue | undefined {
    return decimal(side === 'BUY' ? this.definition.buyLimitPriceRatio : this.definition.sellLimitPriceRatio);
  }

  /** Prices a LIMIT order of this side may have without breaking a band. */
  validPrices(side: OrderSide): IndexRange {
    const g = this.priceGrid;
    const ratio = this.ratio(side);
    if (this.reference === undefined || ratio === undefined) return { min: 1n, max: PRICE_SPAN };
    if (side === 'BUY') return { min: 1n, max: floorIndex(this.reference.times(ONE.plus(ratio)), g) };
    const lower = this.reference.times(ONE.minus(ratio));
    const min = lower.gt(ZERO) ? ceilIndex(lower, g) : 1n;
    const low = min < 1n ? 1n : min;
    const top = floorIndex(this.reference.times(TWO), g);
    return { min: low, max: top > low ? top : low + PRICE_SPAN };
  }

  /** LIMIT BUY prices above the buy band (needs a reference price and the ratio). */
  pricesAboveBuyBand(): IndexRange {
    const ratio = this.ratio('BUY');
    if (this.reference === undefined || ratio === undefined) return EMPTY;
    const min = floorIndex(this.reference.times(ONE.plus(ratio)), this.priceGrid) + 1n;
    return { min, max: min * 2n + 10n };
  }

  /** LIMIT SELL prices below the sell band (needs a reference price and the ratio). */
  pricesBelowSellBand(): IndexRange {
    const ratio = this.ratio('SELL');
    if (this.reference === undefined || ratio === undefined) return EMPTY;
    const lower = this.reference.times(ONE.minus(ratio));
    return { min: 1n, max: ceilIndex(lower, this.priceGrid) - 1n };
  }

  /** The market size cap of a side, when the pair has it. */
  marketCap(side: OrderSide): BigValue | undefined {
    return decimal(side === 'BUY' ? this.definition.marketBuyLimitSize : this.definition.marketSellLimitSize);
  }

  /**
   * The quantity bounds of the pair's own rules for this type and side, before any notional
   * limit: `low` 0 without a minimum, `high` undefined without any cap.
   */
  quantityBounds(type: OrderType, side: OrderSide): { low: BigValue; high: BigValue | undefined } {
    let high = this.maxTrade;
    if (type === 'MARKET') {
      const cap = this.marketCap(side);
      if (cap !== undefined && (high === undefined || cap.lt(high))) high = cap;
    }
    return { low: this.minTrade ?? ZERO, high };
  }

  /** The lowest quantity index that meets the minimum (at least 1). */
  lowestQuantityIndex(type: OrderType, side: OrderSide): bigint {
    const k = ceilIndex(this.quantityBounds(type, side).low, this.quantityGrid);
    return k > 1n ? k : 1n;
  }

  /** The highest index under `high`, or a span above the minimum when nothing caps it. */
  highestIndexUnder(high: BigValue | undefined, from: bigint): bigint {
    return high === undefined ? from + QUANTITY_SPAN : floorIndex(high, this.quantityGrid);
  }

  /** Quantities that pass every quantity rule and, at `price`, the notional limit. */
  validQuantities(type: OrderType, side: OrderSide, price: BigValue | undefined): IndexRange {
    const min = this.lowestQuantityIndex(type, side);
    let max = this.highestIndexUnder(this.quantityBounds(type, side).high, min);
    const notionalCap = this.notionalCapIndex(type, side, price);
    if (notionalCap !== undefined && notionalCap < max) max = notionalCap;
    return { min, max };
  }

  /** The largest quantity index whose notional stays within maxNotional, if the limit applies. */
  notionalCapIndex(type: OrderType, side: OrderSide, price: BigValue | undefined): bigint | undefined {
    const worst = this.worstPrice(type, side, price);
    if (this.maxNotional === undefined || worst === undefined || worst.lte(ZERO)) return undefined;
    // worst × (k × grid) ≤ maxNotional  ⇔  k ≤ maxNotional / (worst × grid), floored exactly.
    return floorIndex(this.maxNotional, worst.times(this.quantityGrid));
  }

  /**
   * The price a notional is judged by: the LIMIT price, or the MARKET worst case
   * (docs/exchange-semantics.md, "Fallback ratio"); `undefined` when it cannot be known, and the
   * notional check is skipped.
   */
  worstPrice(type: OrderType, side: OrderSide, price: BigValue | undefined): BigValue | undefined {
    if (type === 'LIMIT') return price;
    if (this.reference === undefined) return undefined;
    const fallback = decimal(this.definition.marketFallbackPriceRatio);
    const ratio = fallback !== undefined && !fallback.eq(ZERO) ? fallback : this.ratio(side);
    if (ratio === undefined) return undefined;
    return this.reference.times(side === 'BUY' ? ONE.plus(ratio) : ONE.minus(ratio));
  }
}

/**
 * The highest index on `grid` whose value, written with `decimals` decimal places, still fits in
 * an order's 64 characters; `undefined` when no positive value does.
 *
 * @example `textCapIndex(new Big('1'), 60) // 99n: at most 2 integer digits beside 60 decimals`
 */
export function textCapIndex(grid: BigValue, decimals: number): bigint | undefined {
  const integerDigits = MAX_ORDER_TEXT_LENGTH - 1 - decimals;
  if (integerDigits < 1) return undefined;
  const limit = powerOfTen(integerDigits);
  const cap = floorIndex(limit, grid);
  return isMultiple(limit, grid) ? cap - 1n : cap;
}

/**
 * The empty range.
 *
 * @example `isEmpty(EMPTY) // true`
 */
export const EMPTY: IndexRange = { min: 1n, max: 0n };

/**
 * Whether a range holds no index.
 *
 * @example `isEmpty({ min: 2n, max: 1n }) // true`
 */
export function isEmpty(range: IndexRange): boolean {
  return range.min > range.max;
}

/**
 * Decimal places a value written as `k × grid ± δ` (or padded to `places + 3`) can need.
 *
 * @example `widestDecimals(new Big('0.01'), [new Big('0.005')], 8) // 11`
 */
export function widestDecimals(
  grid: BigValue,
  deltas: readonly BigValue[],
  places: number | undefined,
): number {
  let widest = Math.max(decimalsOf(grid), places === undefined ? 0 : places + 3);
  for (const d of deltas) widest = Math.max(widest, decimalsOf(d));
  return widest;
}

function optionalDecimal(value: string | number | undefined, name: string): BigValue | undefined {
  if (value === undefined) return undefined;
  const plain = toPlainDecimal(value);
  if (plain === undefined || plain.startsWith('-') || /^0(\.0*)?$/.test(plain))
    throw new ArbitraryConfigurationError(`options.${name} must be a positive decimal, got ${String(value)}`);
  return new Big(plain);
}
