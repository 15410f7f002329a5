import { toPlainDecimal } from '../decimal/plain-decimal.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import type { OrderSide, OrderType } from '../validation/violation-codes.js';
import { ArbitraryConfigurationError } from './arbitrary-configuration-error.js';
import { Big, type BigValue, ONE, ZERO } from './big.js';
import { ceilIndex, floorIndex, unitOf } from './grid-math.js';

/** What the caller's context will hold when the generated orders are validated. */
export interface OrderContextOptions {
  /** The reference price the orders will be validated with; orders respect the price bands. */
  readonly referencePrice?: string | number;
  /** The maxNotional the orders will be validated with. */
  readonly maxNotional?: string | number;
}

/** An inclusive range of grid indexes; empty when `min > max`. */
export interface IndexRange {
  readonly min: bigint;
  readonly max: bigint;
}

/** How far above the reference (or the grid) generated prices reach when no band bounds them. */
const PRICE_SPAN = 1_000_000_000n;
const TWO = new Big('2');

/**
 * A pair definition seen as the space of orders its rules allow: grids, and the index ranges of
 * prices and quantities for each side and type. Every bound is computed exactly with big.js.
 */
export class OrderSpace {
  readonly priceGrid: BigValue;
  readonly quantityGrid: BigValue;
  readonly reference: BigValue | undefined;
  readonly maxNotional: BigValue | undefined;
  readonly hasTick: boolean;
  readonly hasStep: boolean;

  constructor(
    readonly definition: PairDefinition,
    options: OrderContextOptions = {},
  ) {
    this.hasTick = definition.tickSize !== null;
    this.hasStep = definition.stepSize !== null;
    this.priceGrid =
      definition.tickSize === null ? unitOf(definition.quoteAssetPrecision) : new Big(definition.tickSize);
    this.quantityGrid =
      definition.stepSize === null ? unitOf(definition.baseAssetPrecision) : new Big(definition.stepSize);
    this.reference = optionalDecimal(options.referencePrice, 'referencePrice');
    this.maxNotional = optionalDecimal(options.maxNotional, 'maxNotional');
  }

  /** Prices a LIMIT order of this side may have without breaking a band. */
  validPrices(side: OrderSide): IndexRange {
    const g = this.priceGrid;
    if (this.reference === undefined) return { min: 1n, max: PRICE_SPAN };
    if (side === 'BUY') {
      const limit = this.reference.times(ONE.plus(this.definition.buyLimitPriceRatio));
      return { min: 1n, max: floorIndex(limit, g) };
    }
    const lower = this.reference.times(ONE.minus(this.definition.sellLimitPriceRatio));
    const min = lower.gt(ZERO) ? ceilIndex(lower, g) : 1n;
    const top = floorIndex(this.reference.times(TWO), g);
    return { min: min < 1n ? 1n : min, max: top > min ? top : min + PRICE_SPAN };
  }

  /** LIMIT BUY prices above the buy band (needs a reference price). */
  pricesAboveBuyBand(): IndexRange {
    if (this.reference === undefined) return EMPTY;
    const limit = this.reference.times(ONE.plus(this.definition.buyLimitPriceRatio));
    const min = floorIndex(limit, this.priceGrid) + 1n;
    return { min, max: min * 2n + 10n };
  }

  /** LIMIT SELL prices below the sell band (needs a reference price). */
  pricesBelowSellBand(): IndexRange {
    if (this.reference === undefined) return EMPTY;
    const lower = this.reference.times(ONE.minus(this.definition.sellLimitPriceRatio));
    return { min: 1n, max: ceilIndex(lower, this.priceGrid) - 1n };
  }

  /** The quantity bounds of the pair's own rules for this type and side, before any notional limit. */
  quantityBounds(type: OrderType, side: OrderSide): { low: BigValue; high: BigValue } {
    const d = this.definition;
    let high = new Big(d.maxTradeAmount);
    if (type === 'MARKET') {
      const cap = new Big(side === 'BUY' ? d.marketBuyLimitSize : d.marketSellLimitSize);
      if (cap.lt(high)) high = cap;
    }
    return { low: new Big(d.minTradeAmount), high };
  }

  /** Quantities that pass every quantity rule and, at `price`, the notional limit. */
  validQuantities(type: OrderType, side: OrderSide, price: BigValue | undefined): IndexRange {
    const g = this.quantityGrid;
    const { low, high } = this.quantityBounds(type, side);
    const min = maxIndex(ceilIndex(low, g), 1n);
    let max = floorIndex(high, g);
    const notionalCap = this.notionalCapIndex(type, side, price);
    if (notionalCap !== undefined && notionalCap < max) max = notionalCap;
    return { min, max };
  }

  /** The largest quantity index whose notional stays within maxNotional, if the limit applies. */
  notionalCapIndex(type: OrderType, side: OrderSide, price: BigValue | undefined): bigint | undefined {
    const worst = this.worstPrice(type, side, price);
    if (this.maxNotional === undefined || worst === undefined || worst.lte(ZERO)) return undefined;
    let index = floorIndex(this.maxNotional.div(worst), this.quantityGrid);
    // Division truncates at 40 places; step back if that ever overshot.
    while (index > 0n && worst.times(this.quantityGrid.times(index.toString())).gt(this.maxNotional)) index--;
    return index;
  }

  /** The price a notional is judged by: the LIMIT price, or the MARKET worst case (SPEC section 5). */
  worstPrice(type: OrderType, side: OrderSide, price: BigValue | undefined): BigValue | undefined {
    if (type === 'LIMIT') return price;
    if (this.reference === undefined) return undefined;
    const d = this.definition;
    const fallback = new Big(d.marketFallbackPriceRatio);
    const ratio = fallback.eq(ZERO)
      ? new Big(side === 'BUY' ? d.buyLimitPriceRatio : d.sellLimitPriceRatio)
      : fallback;
    return this.reference.times(side === 'BUY' ? ONE.plus(ratio) : ONE.minus(ratio));
  }
}

export const EMPTY: IndexRange = { min: 1n, max: 0n };

export function isEmpty(range: IndexRange): boolean {
  return range.min > range.max;
}

function maxIndex(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function optionalDecimal(value: string | number | undefined, name: string): BigValue | undefined {
  if (value === undefined) return undefined;
  const plain = toPlainDecimal(value);
  if (plain === undefined || plain.startsWith('-') || plain === '0')
    throw new ArbitraryConfigurationError(`options.${name} must be a positive decimal, got ${String(value)}`);
  return new Big(plain);
}
