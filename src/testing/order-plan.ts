import fc from 'fast-check';
import type { OrderSide, OrderType } from '../validation/violation-codes.js';
import { Big, type BigValue, TEN } from './big.js';
import { type DecimalEncoding, decimalSpellingArb } from './decimal-encoding-arb.js';
import { atIndex, ceilIndex, floorIndex } from './grid-math.js';
import { EMPTY, type IndexRange, isEmpty, type OrderSpace } from './order-space.js';

/** How a generated price relates to the rules: valid, or breaking exactly one price rule. */
export type PriceMode = 'valid' | 'offGrid' | 'aboveBuyBand' | 'belowSellBand';
/** How a generated quantity relates to the rules: valid, or breaking exactly one quantity rule. */
export type QuantityMode = 'valid' | 'offGrid' | 'belowMin' | 'aboveMax' | 'aboveMarketCap' | 'aboveNotional';

/** What orders to generate: which kinds, and which (at most one) price or quantity rule to break. */
export interface OrderPlan {
  readonly types: readonly OrderType[];
  readonly sides: readonly OrderSide[];
  readonly price: PriceMode;
  readonly quantity: QuantityMode;
  readonly encoding: DecimalEncoding;
}

/** A generated order, before it is spelled: the exact values it carries. */
export interface PlannedOrder {
  readonly type: OrderType;
  readonly side: OrderSide;
  readonly price: BigValue | undefined;
  readonly quantity: BigValue;
}

/** Off-grid by a tenth of a unit: never on the grid, and never across a neighbouring grid point. */
function tenthOf(grid: BigValue): BigValue {
  return grid.div(TEN);
}

const OPEN_SPAN = 1_000n;

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
  if (type === 'MARKET') {
    if (plan.price !== 'valid') return undefined;
    const range = quantityRange(space, plan.quantity, type, side, undefined);
    if (range === undefined || isEmpty(range)) return undefined;
    return indexArb(range).map((k) => ({
      type,
      side,
      price: undefined,
      quantity: quantityAt(space, plan.quantity, k),
    }));
  }
  let prices = priceRange(space, plan.price, side);
  if (prices === undefined) return undefined;
  const cap = priceCapForQuantity(space, plan.quantity, side);
  if (cap !== undefined && cap < prices.max) prices = { min: prices.min, max: cap };
  if (isEmpty(prices)) return undefined;
  // The price with the most room for the quantity: the lowest, or the highest when the quantity
  // must exceed a notional limit.
  const anchor = priceAt(
    space,
    plan.price,
    side,
    plan.quantity === 'aboveNotional' ? prices.max : prices.min,
  );
  const atAnchor = quantityRange(space, plan.quantity, type, side, anchor);
  if (atAnchor === undefined || isEmpty(atAnchor)) return undefined;
  return indexArb(prices).chain((pk) => {
    const price = priceAt(space, plan.price, side, pk);
    const range = quantityRange(space, plan.quantity, type, side, price) ?? EMPTY;
    // A wide price range can leave no room at some prices; fall back to the anchor's room.
    const usable = isEmpty(range) ? { price: anchor, range: atAnchor } : { price, range };
    return indexArb(usable.range).map((qk) => ({
      type,
      side,
      price: usable.price,
      quantity: quantityAt(space, plan.quantity, qk),
    }));
  });
}

function priceRange(space: OrderSpace, mode: PriceMode, side: OrderSide): IndexRange | undefined {
  switch (mode) {
    case 'valid':
    case 'offGrid':
      return space.validPrices(side);
    case 'aboveBuyBand':
      return side === 'BUY' ? space.pricesAboveBuyBand() : undefined;
    case 'belowSellBand':
      return side === 'SELL' ? space.pricesBelowSellBand() : undefined;
  }
}

function priceAt(space: OrderSpace, mode: PriceMode, side: OrderSide, index: bigint): BigValue {
  const onGrid = atIndex(index, space.priceGrid);
  if (mode !== 'offGrid') return onGrid;
  // Toward the side's safe direction, so the bands still hold: buys lower, sells higher.
  const nudge = tenthOf(space.priceGrid);
  return side === 'BUY' ? onGrid.minus(nudge) : onGrid.plus(nudge);
}

/**
 * The highest price index at which the plan's smallest quantity still fits under maxNotional, so
 * that a valid-notional order exists at every generated price.
 */
function priceCapForQuantity(space: OrderSpace, mode: QuantityMode, side: OrderSide): bigint | undefined {
  if (space.maxNotional === undefined || mode === 'aboveNotional') return undefined;
  const smallest = smallestQuantity(space, mode, 'LIMIT', side);
  if (smallest === undefined) return undefined;
  return floorIndex(space.maxNotional.div(smallest), space.priceGrid) - 1n;
}

function smallestQuantity(
  space: OrderSpace,
  mode: QuantityMode,
  type: OrderType,
  side: OrderSide,
): BigValue | undefined {
  const range = quantityRange(space, mode, type, side, undefined);
  if (range === undefined || isEmpty(range)) return undefined;
  return atIndex(range.min < 1n ? 1n : range.min, space.quantityGrid);
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
  const minValid = ceilIndex(low, g) > 1n ? ceilIndex(low, g) : 1n;
  const notionalCap = space.notionalCapIndex(type, side, price);
  const capped = (max: bigint) => (notionalCap !== undefined && notionalCap < max ? notionalCap : max);
  const maxTrade = floorIndex(new Big(space.definition.maxTradeAmount), g);
  switch (mode) {
    case 'valid':
      return space.validQuantities(type, side, price);
    case 'offGrid': {
      const valid = space.validQuantities(type, side, price);
      return { min: valid.min + 1n, max: valid.max };
    }
    case 'belowMin':
      return { min: 1n, max: capped(minOf(ceilIndex(low, g) - 1n, floorIndex(high, g))) };
    case 'aboveMax': {
      if (type === 'MARKET') return undefined;
      const min = maxOf(maxTrade + 1n, minValid);
      return { min, max: capped(min + OPEN_SPAN) };
    }
    case 'aboveMarketCap': {
      if (type !== 'MARKET') return undefined;
      const d = space.definition;
      const cap = floorIndex(new Big(side === 'BUY' ? d.marketBuyLimitSize : d.marketSellLimitSize), g);
      return { min: maxOf(cap + 1n, minValid), max: capped(maxTrade) };
    }
    case 'aboveNotional': {
      if (notionalCap === undefined) return undefined;
      return { min: maxOf(notionalCap + 1n, minValid), max: floorIndex(high, g) };
    }
  }
}

function quantityAt(space: OrderSpace, mode: QuantityMode, index: bigint): BigValue {
  const onGrid = atIndex(index, space.quantityGrid);
  return mode === 'offGrid' ? onGrid.minus(tenthOf(space.quantityGrid)) : onGrid;
}

/** Grid indexes in a range, with its two ends drawn often: bounds are where rules break. */
function indexArb(range: IndexRange): fc.Arbitrary<bigint> {
  if (range.min === range.max) return fc.constant(range.min);
  return fc.oneof(
    { arbitrary: fc.constantFrom(range.min, range.max), weight: 1 },
    { arbitrary: fc.bigInt({ min: range.min, max: range.max }), weight: 3 },
  );
}

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/** Every order the plan allows over its kinds, or `undefined` when no kind allows one. */
export function plannedOrderArb(space: OrderSpace, plan: OrderPlan): fc.Arbitrary<PlannedOrder> | undefined {
  const kinds: fc.Arbitrary<PlannedOrder>[] = [];
  for (const type of plan.types)
    for (const side of plan.sides) {
      const arb = kindArb(space, plan, type, side);
      if (arb !== undefined) kinds.push(arb);
    }
  return kinds.length === 0 ? undefined : fc.oneof(...kinds);
}

/** Spells a planned order as a user would send it. */
export function spelledOrderArb(
  symbol: string,
  planned: PlannedOrder,
  encoding: DecimalEncoding,
): fc.Arbitrary<Record<string, unknown>> {
  const quantity = decimalSpellingArb(planned.quantity, encoding);
  if (planned.price === undefined)
    return quantity.map((q) => ({ symbol, side: planned.side, type: planned.type, quantity: q }));
  return fc
    .tuple(decimalSpellingArb(planned.price, encoding), quantity, fc.constantFrom('GTC', 'IOC', 'FOK'))
    .map(([price, q, timeInForce]) => ({
      symbol,
      side: planned.side,
      type: planned.type,
      timeInForce,
      price,
      quantity: q,
    }));
}
