import fc from 'fast-check';
import type { OrderSide, OrderType } from '../order/order-input.js';
import type { BigValue } from './big.js';
import { clientOrderIdArb } from './client-order-id-arb.js';
import { type DecimalEncoding, decimalSpellingArb } from './decimal-encoding-arb.js';
import { atIndex, ceilIndex, floorIndex } from './grid-math.js';
import {
  EMPTY,
  type IndexRange,
  isEmpty,
  type OrderSpace,
  textCapIndex,
  widestDecimals,
} from './order-space.js';

/**
 * How a generated price relates to the rules: valid, or breaking exactly one price rule.
 *
 * @example `const mode: PriceMode = 'offTick';`
 */
export type PriceMode = 'valid' | 'offTick' | 'offPrecision' | 'aboveBuyBand' | 'belowSellBand';
/**
 * How a generated quantity relates to the rules: valid, or breaking exactly one quantity rule.
 *
 * @example `const mode: QuantityMode = 'belowMin';`
 */
export type QuantityMode =
  | 'valid'
  | 'offStep'
  | 'offPrecision'
  | 'belowMin'
  | 'aboveMax'
  | 'aboveMarketCap'
  | 'aboveNotional';

/**
 * What orders to generate: which kinds, and which (at most one) price or quantity rule to break.
 *
 * @example
 * ```ts
 * const plan: OrderPlan = { types: ['LIMIT'], sides: ['BUY'], price: 'offPrecision', quantity: 'valid', encoding: 'mixed' };
 * ```
 */
export interface OrderPlan {
  readonly types: readonly OrderType[];
  readonly sides: readonly OrderSide[];
  readonly price: PriceMode;
  readonly quantity: QuantityMode;
  readonly encoding: DecimalEncoding;
}

/**
 * One decimal of a generated order: its exact value and, when its text alone is to break the
 * precision, the number of decimal places to write it with (trailing zeros past the precision).
 *
 * @example `const price: PlannedDecimal = { value: new Big('64000.1'), places: 9 }; // '64000.100000000'`
 */
export interface PlannedDecimal {
  readonly value: BigValue;
  readonly places?: number;
}

/**
 * A generated order, before it is spelled.
 *
 * @example `const order: PlannedOrder = { type: 'MARKET', side: 'SELL', price: undefined, quantity: { value: new Big('0.5') } };`
 */
export interface PlannedOrder {
  readonly type: OrderType;
  readonly side: OrderSide;
  readonly price: PlannedDecimal | undefined;
  readonly quantity: PlannedDecimal;
}

/** How far above a cap generated breaches of it reach, in grid points. */
const OPEN_SPAN = 1_000n;

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

// ---------------------------------------------------------------------------------------------
// Prices

/** A price `k × grid` moved by `δ` toward the side's safe direction (a BUY down, a SELL up), so bands still hold. */
function nudgedPrice(space: OrderSpace, side: OrderSide, k: bigint, d: BigValue): PlannedDecimal {
  const onGrid = atIndex(k, space.priceGrid);
  return { value: side === 'BUY' ? onGrid.minus(d) : onGrid.plus(d) };
}

/** Padded past the precision (always possible), or off it by value (when the grid allows). */
function offPrecisionArb(
  onGrid: BigValue,
  places: number,
  nudged: readonly PlannedDecimal[],
): fc.Arbitrary<PlannedDecimal> {
  const padded = fc.integer({ min: 1, max: 3 }).map((extra) => ({ value: onGrid, places: places + extra }));
  return nudged.length === 0 ? padded : fc.oneof(padded, fc.constantFrom(...nudged));
}

/** Every way the price at grid index `k` can be written under the mode. */
function priceVariants(
  space: OrderSpace,
  mode: PriceMode,
  side: OrderSide,
  k: bigint,
): fc.Arbitrary<PlannedDecimal> {
  if (mode === 'offTick')
    return fc.constantFrom(...space.tickNudges().map((d) => nudgedPrice(space, side, k, d)));
  const onGrid = atIndex(k, space.priceGrid);
  if (mode !== 'offPrecision') return fc.constant({ value: onGrid });
  const nudged = space.pricePrecisionNudges().map((d) => nudgedPrice(space, side, k, d));
  return offPrecisionArb(onGrid, space.definition.quoteAssetPrecision ?? 0, nudged);
}

/** One fixed way the price at grid index `k` can be written under the mode. */
function firstPriceVariant(space: OrderSpace, mode: PriceMode, side: OrderSide, k: bigint): PlannedDecimal {
  const [d] = space.tickNudges();
  if (mode === 'offTick' && d !== undefined) return nudgedPrice(space, side, k, d);
  const onGrid = atIndex(k, space.priceGrid);
  if (mode === 'offPrecision')
    return { value: onGrid, places: (space.definition.quoteAssetPrecision ?? 0) + 1 };
  return { value: onGrid };
}

/** Keeps a range to values whose (lengthened) text still fits in an order's 64 characters. */
function textCapped(range: IndexRange, grid: BigValue, decimals: number): IndexRange {
  const cap = textCapIndex(grid, decimals);
  if (cap === undefined) return EMPTY;
  return cap < range.max ? { min: range.min, max: cap } : range;
}

function priceRange(space: OrderSpace, mode: PriceMode, side: OrderSide): IndexRange | undefined {
  const g = space.priceGrid;
  switch (mode) {
    case 'valid':
      return space.validPrices(side);
    case 'offTick':
      if (space.tickNudges().length === 0) return undefined;
      return textCapped(space.validPrices(side), g, widestDecimals(g, space.tickNudges(), undefined));
    case 'offPrecision': {
      const places = space.definition.quoteAssetPrecision;
      if (places === null) return undefined;
      return textCapped(space.validPrices(side), g, widestDecimals(g, space.pricePrecisionNudges(), places));
    }
    case 'aboveBuyBand':
      return side === 'BUY' ? space.pricesAboveBuyBand() : undefined;
    case 'belowSellBand':
      return side === 'SELL' ? space.pricesBelowSellBand() : undefined;
  }
}

/**
 * The highest price index at which the plan's smallest quantity still fits under maxNotional, so
 * that a valid-notional order exists at every generated price (one grid point of room is kept
 * for a SELL price nudged up by less than a grid point).
 */
function priceCapForQuantity(space: OrderSpace, mode: QuantityMode, side: OrderSide): bigint | undefined {
  if (space.maxNotional === undefined || mode === 'aboveNotional') return undefined;
  const range = quantityRange(space, mode, 'LIMIT', side, undefined);
  if (range === undefined || isEmpty(range)) return undefined;
  const smallest = atIndex(maxOf(range.min, 1n), space.quantityGrid);
  return floorIndex(space.maxNotional, smallest.times(space.priceGrid)) - 1n;
}

// ---------------------------------------------------------------------------------------------
// Quantities

/** Every way the quantity at grid index `k` of `range` can be written; nudges go down, under every cap. */
function quantityVariants(
  space: OrderSpace,
  mode: QuantityMode,
  k: bigint,
  range: IndexRange,
): fc.Arbitrary<PlannedDecimal> {
  const onGrid = atIndex(k, space.quantityGrid);
  const nudged = (d: BigValue): PlannedDecimal => ({ value: onGrid.minus(d) });
  if (mode === 'offStep') return fc.constantFrom(...space.stepNudges().map(nudged));
  if (mode !== 'offPrecision') return fc.constant({ value: onGrid });
  // A nudge down from the lowest valid index could fall below the minimum; padding cannot.
  const nudges = k > range.min ? space.quantityPrecisionNudges().map(nudged) : [];
  return offPrecisionArb(onGrid, space.definition.baseAssetPrecision ?? 0, nudges);
}

function quantityRange(
  space: OrderSpace,
  mode: QuantityMode,
  type: OrderType,
  side: OrderSide,
  price: BigValue | undefined,
): IndexRange | undefined {
  const g = space.quantityGrid;
  const { low, high } = space.quantityBounds(type, side);
  const minValid = space.lowestQuantityIndex(type, side);
  const notionalCap = space.notionalCapIndex(type, side, price);
  const capped = (max: bigint) => (notionalCap !== undefined && notionalCap < max ? notionalCap : max);
  switch (mode) {
    case 'valid':
      return space.validQuantities(type, side, price);
    case 'offStep': {
      if (space.stepNudges().length === 0) return undefined;
      const valid = space.validQuantities(type, side, price);
      return textCapped(
        { min: valid.min + 1n, max: valid.max },
        g,
        widestDecimals(g, space.stepNudges(), undefined),
      );
    }
    case 'offPrecision': {
      const places = space.definition.baseAssetPrecision;
      if (places === null) return undefined;
      const valid = space.validQuantities(type, side, price);
      return textCapped(valid, g, widestDecimals(g, space.quantityPrecisionNudges(), places));
    }
    case 'belowMin': {
      if (space.minTrade === undefined) return undefined;
      const below = ceilIndex(low, g) - 1n;
      return { min: 1n, max: capped(high === undefined ? below : minOf(below, floorIndex(high, g))) };
    }
    case 'aboveMax': {
      if (space.maxTrade === undefined) return undefined;
      const min = maxOf(floorIndex(space.maxTrade, g) + 1n, minValid);
      const cap = type === 'MARKET' ? space.marketCap(side) : undefined;
      const max = capped(min + OPEN_SPAN);
      return { min, max: cap === undefined ? max : minOf(max, floorIndex(cap, g)) };
    }
    case 'aboveMarketCap': {
      const cap = space.marketCap(side);
      if (type !== 'MARKET' || cap === undefined) return undefined;
      const min = maxOf(floorIndex(cap, g) + 1n, minValid);
      return {
        min,
        max: capped(space.maxTrade === undefined ? min + OPEN_SPAN : floorIndex(space.maxTrade, g)),
      };
    }
    case 'aboveNotional': {
      if (notionalCap === undefined) return undefined;
      const min = maxOf(notionalCap + 1n, minValid);
      return { min, max: high === undefined ? min + OPEN_SPAN : floorIndex(high, g) };
    }
  }
}

/** Grid indexes in a range, with its two ends drawn often: bounds are where rules break. */
function indexArb(range: IndexRange): fc.Arbitrary<bigint> {
  if (range.min === range.max) return fc.constant(range.min);
  return fc.oneof(
    { arbitrary: fc.constantFrom(range.min, range.max), weight: 1 },
    { arbitrary: fc.bigInt({ min: range.min, max: range.max }), weight: 3 },
  );
}

// ---------------------------------------------------------------------------------------------
// Orders

/**
 * The orders a plan allows for one kind, or `undefined` when the pair's rules leave none. Prices
 * come first, so the quantity range can honour a notional limit at the chosen price.
 */
function kindArb(
  space: OrderSpace,
  plan: OrderPlan,
  type: OrderType,
  side: OrderSide,
): fc.Arbitrary<PlannedOrder> | undefined {
  const quantityAt = (range: IndexRange) =>
    indexArb(range).chain((k) => quantityVariants(space, plan.quantity, k, range));
  if (type === 'MARKET') {
    if (plan.price !== 'valid') return undefined;
    const range = quantityRange(space, plan.quantity, type, side, undefined);
    if (range === undefined || isEmpty(range)) return undefined;
    return quantityAt(range).map((quantity) => ({ type, side, price: undefined, quantity }));
  }
  let prices = priceRange(space, plan.price, side);
  if (prices === undefined) return undefined;
  const cap = priceCapForQuantity(space, plan.quantity, side);
  if (cap !== undefined && cap < prices.max) prices = { min: prices.min, max: cap };
  if (isEmpty(prices)) return undefined;
  // The price with the most room for the quantity: the lowest, or the highest when the quantity
  // must exceed a notional limit.
  const anchor = firstPriceVariant(
    space,
    plan.price,
    side,
    plan.quantity === 'aboveNotional' ? prices.max : prices.min,
  );
  const atAnchor = quantityRange(space, plan.quantity, type, side, anchor.value);
  if (atAnchor === undefined || isEmpty(atAnchor)) return undefined;
  return indexArb(prices)
    .chain((k) => priceVariants(space, plan.price, side, k))
    .chain((price) => {
      const range = quantityRange(space, plan.quantity, type, side, price.value) ?? EMPTY;
      // A wide price range can leave no room at some prices; fall back to the anchor's room.
      const usable = isEmpty(range) ? { price: anchor, range: atAnchor } : { price, range };
      return quantityAt(usable.range).map((quantity) => ({ type, side, price: usable.price, quantity }));
    });
}

/**
 * Every order the plan allows over its kinds, or `undefined` when no kind allows one.
 *
 * @example `plannedOrderArb(new OrderSpace(definition), plan) ?? fail('no such order')`
 */
export function plannedOrderArb(space: OrderSpace, plan: OrderPlan): fc.Arbitrary<PlannedOrder> | undefined {
  const kinds: fc.Arbitrary<PlannedOrder>[] = [];
  for (const type of plan.types)
    for (const side of plan.sides) {
      const arb = kindArb(space, plan, type, side);
      if (arb !== undefined) kinds.push(arb);
    }
  return kinds.length === 0 ? undefined : fc.oneof(...kinds);
}

/** Spells one planned decimal: exactly `places` decimals when given, else within the precision. */
function spell(
  planned: PlannedDecimal,
  encoding: DecimalEncoding,
  precision: number | null,
): fc.Arbitrary<string | number> {
  if (planned.places !== undefined) return fc.constant(planned.value.toFixed(planned.places));
  return decimalSpellingArb(planned.value, encoding, precision ?? undefined);
}

/** Half the orders carry a client order id, from the whole range the library lets through. */
const OPTIONAL_ID_ARB = fc.option(clientOrderIdArb, { nil: undefined, freq: 2 });

function withId(order: Record<string, unknown>, id: string | undefined): Record<string, unknown> {
  if (id !== undefined) order.newClientOrderId = id;
  return order;
}

/**
 * Spells a planned order as a user would send it (within the precisions, unless `places` says
 * otherwise), with a `newClientOrderId` on about half of them.
 *
 * @example `planned.chain((order) => spelledOrderArb(space, order, 'mixed'))`
 */
export function spelledOrderArb(
  space: OrderSpace,
  planned: PlannedOrder,
  encoding: DecimalEncoding,
): fc.Arbitrary<Record<string, unknown>> {
  const { symbol, quoteAssetPrecision, baseAssetPrecision } = space.definition;
  const quantity = spell(planned.quantity, encoding, baseAssetPrecision);
  if (planned.price === undefined)
    return fc
      .tuple(quantity, OPTIONAL_ID_ARB)
      .map(([q, id]) => withId({ symbol, side: planned.side, type: planned.type, quantity: q }, id));
  return fc
    .tuple(
      spell(planned.price, encoding, quoteAssetPrecision),
      quantity,
      fc.constantFrom('GTC', 'IOC', 'FOK'),
      OPTIONAL_ID_ARB,
    )
    .map(([price, q, timeInForce, id]) =>
      withId(
        {
          symbol,
          side: planned.side,
          type: planned.type,
          timeInForce,
          price,
          quantity: q,
        },
        id,
      ),
    );
}
