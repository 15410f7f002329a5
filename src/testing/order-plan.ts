import fc from 'fast-check';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import type { OrderSide, OrderType } from '../order/order-input.js';
import { Big, type BigValue } from './big.js';
import { clientOrderIdArb } from './client-order-id-arb.js';
import {
  type DecimalEncoding,
  type Spelling,
  spellDecimal,
  spellingArb,
  spellingOf,
} from './decimal-encoding-arb.js';
import { atIndex, ceilIndex, floorIndex, isMultiple } from './grid-math.js';
import { mapInvertibly } from './invertible.js';
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

// ---------------------------------------------------------------------------------------------
// Choices

/**
 * How a decimal leaves its grid point, drawn apart from the point: not at all, padded with
 * `pad` zeros past the precision, or moved by the `nudge`-th off-grid amount of the rule broken.
 *
 * @example `const variant: Variant = { nudge: 0 };`
 */
export type Variant = 'none' | { readonly pad: number } | { readonly nudge: number };

/**
 * Where in a range an index lies, as a share of it: `u` of {@link POSITION_SPAN} + 1, so that 0
 * is the range's lowest index and {@link POSITION_SPAN} its highest.
 */
type Position = bigint;

/**
 * The resolution of a {@link Position}: ranges up to this many indexes are reached whole (the
 * widest an order's ranges get is about 10^20 indexes: a 20-digit maximum on a fine grid).
 */
const POSITION_SPAN = 2n ** 128n - 1n;

/**
 * Whole numbers from `min` to `max`, with the two ends drawn often (bounds are where rules break).
 * The ends are drawn apart, but every value shrinks as `fc.bigInt` shrinks it without context:
 * halving towards `min`, so a failure at the top end still shrinks to the smallest value that
 * fails, as one drawn in between would.
 */
class EndsOftenArbitrary extends fc.Arbitrary<bigint> {
  private readonly range: fc.Arbitrary<bigint>;
  private readonly draw: fc.Arbitrary<bigint>;

  constructor(min: bigint, max: bigint) {
    super();
    this.range = fc.bigInt({ min, max });
    this.draw = fc.oneof(
      { arbitrary: fc.constantFrom(min, max), weight: 1 },
      { arbitrary: this.range, weight: 3 },
    );
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<bigint> {
    return new fc.Value(this.draw.generate(mrng, biasFactor).value, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is bigint {
    return this.range.canShrinkWithoutContext(value);
  }

  shrink(value: bigint): fc.Stream<fc.Value<bigint>> {
    return this.range.shrink(value, undefined);
  }
}

const positionArb: fc.Arbitrary<Position> = new EndsOftenArbitrary(0n, POSITION_SPAN);

function indexAt(range: IndexRange, position: Position): bigint {
  if (position === POSITION_SPAN) return range.max;
  const size = range.max - range.min + 1n;
  return range.min + (position * size) / (POSITION_SPAN + 1n);
}

/** The position of index `k` in `range` (the least share that reaches it). */
function positionOf(range: IndexRange, k: bigint): Position {
  if (k === range.max) return POSITION_SPAN;
  const size = range.max - range.min + 1n;
  const scaled = (k - range.min) * (POSITION_SPAN + 1n);
  return (scaled + size - 1n) / size;
}

/** Grid indexes in a range, with its two ends drawn often: bounds are where rules break. */
function indexArb(range: IndexRange): fc.Arbitrary<bigint> {
  if (range.min === range.max) return fc.constant(range.min);
  return new EndsOftenArbitrary(range.min, range.max);
}

const noVariantArb: fc.Arbitrary<Variant> = fc.constant('none');

function nudgeArb(count: number): fc.Arbitrary<Variant> {
  return fc.record({ nudge: fc.integer({ min: 0, max: count - 1 }) });
}

/** Padded past the precision (always possible), or off it by value (when the grid allows). */
function offPrecisionVariantArb(nudges: number): fc.Arbitrary<Variant> {
  const padded: fc.Arbitrary<Variant> = fc.record({ pad: fc.integer({ min: 1, max: 3 }) });
  return nudges === 0 ? padded : fc.oneof({ withCrossShrink: true }, padded, nudgeArb(nudges));
}

function priceVariantArb(space: OrderSpace, mode: PriceMode): fc.Arbitrary<Variant> {
  if (mode === 'offTick') return nudgeArb(space.tickNudges().length);
  if (mode === 'offPrecision') return offPrecisionVariantArb(space.pricePrecisionNudges().length);
  return noVariantArb;
}

function quantityVariantArb(space: OrderSpace, mode: QuantityMode): fc.Arbitrary<Variant> {
  if (mode === 'offStep') return nudgeArb(space.stepNudges().length);
  if (mode === 'offPrecision') return offPrecisionVariantArb(space.quantityPrecisionNudges().length);
  return noVariantArb;
}

/** The amounts a price of `mode` is written off its grid by: the tick's, the precision's, or none. */
function priceNudges(space: OrderSpace, mode: PriceMode): readonly BigValue[] {
  if (mode === 'offTick') return space.tickNudges();
  return mode === 'offPrecision' ? space.pricePrecisionNudges() : [];
}

/** The amounts a quantity of `mode` is written off its grid by: the step's, the precision's, or none. */
function quantityNudges(space: OrderSpace, mode: QuantityMode): readonly BigValue[] {
  if (mode === 'offStep') return space.stepNudges();
  return mode === 'offPrecision' ? space.quantityPrecisionNudges() : [];
}

/** The price at grid index `k`, as the variant writes it. */
function priceOf(
  space: OrderSpace,
  mode: PriceMode,
  side: OrderSide,
  k: bigint,
  variant: Variant,
): PlannedDecimal {
  const onGrid = atIndex(k, space.priceGrid);
  if (variant === 'none') return { value: onGrid };
  if ('pad' in variant)
    return { value: onGrid, places: (space.definition.quoteAssetPrecision ?? 0) + variant.pad };
  const nudges = priceNudges(space, mode);
  return nudgedPrice(space, side, k, nudges[variant.nudge] ?? space.priceGrid);
}

/**
 * The quantity at grid index `k` of `range`, as the variant writes it; nudges go down, under
 * every cap. A nudge down from the lowest index could fall below the minimum, so a precision
 * breach there is padded instead.
 */
function quantityOf(
  space: OrderSpace,
  mode: QuantityMode,
  k: bigint,
  range: IndexRange,
  variant: Variant,
): PlannedDecimal {
  const onGrid = atIndex(k, space.quantityGrid);
  const padded = (pad: number) => ({
    value: onGrid,
    places: (space.definition.baseAssetPrecision ?? 0) + pad,
  });
  if (variant === 'none') return { value: onGrid };
  if ('pad' in variant) return padded(variant.pad);
  if (mode === 'offPrecision' && k === range.min) return padded(1);
  const nudges = quantityNudges(space, mode);
  return { value: onGrid.minus(nudges[variant.nudge] ?? space.quantityGrid) };
}

/** Decimal places of a decimal as written (`'1.50'` has 2). */
function placesWritten(spelled: unknown): number {
  const text = typeof spelled === 'number' ? (toPlainDecimal(spelled) ?? '') : String(spelled);
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

function decimalValue(spelled: unknown): BigValue {
  const plain = toPlainDecimal(spelled);
  if (plain === undefined) throw new TypeError('not a decimal');
  return new Big(plain);
}

/** The index and variant that give `value` (written `spelled`) on a grid; checked by the caller. */
function choiceOf(
  value: BigValue,
  spelled: unknown,
  grid: BigValue,
  precision: number | null,
  nudges: readonly BigValue[],
  towardsGrid: (value: BigValue, nudge: BigValue) => BigValue,
): { k: bigint; variant: Variant } {
  const extra = precision === null ? 0 : placesWritten(spelled) - precision;
  if (isMultiple(value, grid))
    return { k: floorIndex(value, grid), variant: extra > 0 ? { pad: extra } : 'none' };
  for (const [nudge, d] of nudges.entries()) {
    const onGrid = towardsGrid(value, d);
    if (isMultiple(onGrid, grid)) return { k: floorIndex(onGrid, grid), variant: { nudge } };
  }
  throw new TypeError('off every grid point this arbitrary writes');
}

// ---------------------------------------------------------------------------------------------
// Orders

/**
 * One kind of order (a type and a side) a plan allows on a pair, with the ranges its orders are
 * drawn from. Worked out without fast-check, so whether a rule can be broken is known before
 * any arbitrary is made.
 *
 * @example `const kinds = plannedKinds(space, plan); // [] when the pair admits no such order`
 */
export interface KindPlan {
  readonly type: OrderType;
  readonly side: OrderSide;
  /** LIMIT: the price indexes; MARKET: none. */
  readonly prices: IndexRange | undefined;
  /** The price with the most room for the quantity, and that room (LIMIT); MARKET: the quantities. */
  readonly anchor: PlannedDecimal | undefined;
  readonly quantities: IndexRange;
}

function kindPlan(
  space: OrderSpace,
  plan: OrderPlan,
  type: OrderType,
  side: OrderSide,
): KindPlan | undefined {
  if (type === 'MARKET') {
    if (plan.price !== 'valid') return undefined;
    const range = quantityRange(space, plan.quantity, type, side, undefined);
    if (range === undefined || isEmpty(range)) return undefined;
    return { type, side, prices: undefined, anchor: undefined, quantities: range };
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
  return { type, side, prices, anchor, quantities: atAnchor };
}

/**
 * The kinds of order the plan allows on the pair; empty when its rules leave none.
 *
 * @example `plannedKinds(new OrderSpace(definition), plan).length > 0`
 */
export function plannedKinds(space: OrderSpace, plan: OrderPlan): KindPlan[] {
  const kinds: KindPlan[] = [];
  for (const type of plan.types)
    for (const side of plan.sides) {
      const kind = kindPlan(space, plan, type, side);
      if (kind !== undefined) kinds.push(kind);
    }
  return kinds;
}

/** Half the orders carry a client order id, from the whole range the library lets through. */
const OPTIONAL_ID_ARB = fc.option(clientOrderIdArb, { nil: undefined, freq: 2 });
const TIME_IN_FORCE_ARB = fc.constantFrom('GTC', 'IOC', 'FOK');

/** Every choice one order is made from, each drawn apart from the others. */
interface OrderChoices {
  readonly price: bigint;
  readonly priceVariant: Variant;
  readonly priceSpelling: Spelling;
  readonly timeInForce: string;
  readonly quantity: Position;
  readonly quantityVariant: Variant;
  readonly quantitySpelling: Spelling;
  readonly id: string | undefined;
}

/** Writes one planned decimal: exactly `places` decimals when given, else within the precision. */
function spell(planned: PlannedDecimal, spelling: Spelling, precision: number | null): string | number {
  if (planned.places !== undefined) return planned.value.toFixed(planned.places);
  return spellDecimal(planned.value, spelling, precision ?? undefined);
}

/** An order, made from its choices: the price first, then the quantity its notional allows. */
function orderOf(
  space: OrderSpace,
  plan: OrderPlan,
  kind: KindPlan,
  c: OrderChoices,
): Record<string, unknown> {
  const { symbol, quoteAssetPrecision, baseAssetPrecision } = space.definition;
  const { type, side } = kind;
  let price: PlannedDecimal | undefined;
  let range = kind.quantities;
  if (kind.prices !== undefined && kind.anchor !== undefined) {
    price = priceOf(space, plan.price, side, c.price, c.priceVariant);
    const atPrice = quantityRange(space, plan.quantity, type, side, price.value) ?? EMPTY;
    // A wide price range can leave no room at some prices; fall back to the anchor's room.
    if (isEmpty(atPrice)) price = kind.anchor;
    else range = atPrice;
  }
  const k = indexAt(range, c.quantity);
  const quantity = spell(
    quantityOf(space, plan.quantity, k, range, c.quantityVariant),
    c.quantitySpelling,
    baseAssetPrecision,
  );
  const order: Record<string, unknown> =
    price === undefined
      ? { symbol, side, type, quantity }
      : {
          symbol,
          side,
          type,
          timeInForce: c.timeInForce,
          price: spell(price, c.priceSpelling, quoteAssetPrecision),
          quantity,
        };
  if (c.id !== undefined) order.newClientOrderId = c.id;
  return order;
}

/** The choices behind an order of this kind; {@link mapInvertibly} checks them by making it again. */
function choicesOf(space: OrderSpace, plan: OrderPlan, kind: KindPlan, value: unknown): OrderChoices {
  const o = value as Record<string, unknown>;
  if (typeof o !== 'object' || o === null || o.type !== kind.type || o.side !== kind.side)
    throw new TypeError('not an order of this kind');
  const { quoteAssetPrecision, baseAssetPrecision } = space.definition;
  let price = kind.prices?.min ?? 0n;
  let priceVariant: Variant = 'none';
  let priceSpelling: Spelling = 'text';
  let range = kind.quantities;
  if (kind.prices !== undefined) {
    const towards = (v: BigValue, d: BigValue) => (kind.side === 'BUY' ? v.plus(d) : v.minus(d));
    const nudges = priceNudges(space, plan.price);
    const precision = plan.price === 'offPrecision' ? quoteAssetPrecision : null;
    const priceValue = decimalValue(o.price);
    ({ k: price, variant: priceVariant } = choiceOf(
      priceValue,
      o.price,
      space.priceGrid,
      precision,
      nudges,
      towards,
    ));
    // A padded breach is written with its own places, whatever the spelling says.
    priceSpelling =
      typeof priceVariant === 'object' && 'pad' in priceVariant
        ? 'text'
        : spellingOf(o.price, priceValue, quoteAssetPrecision ?? undefined);
    const planned = priceOf(space, plan.price, kind.side, price, priceVariant);
    const atPrice = quantityRange(space, plan.quantity, kind.type, kind.side, planned.value) ?? EMPTY;
    if (!isEmpty(atPrice)) range = atPrice;
  }
  const quantityValue = decimalValue(o.quantity);
  const nudges = quantityNudges(space, plan.quantity);
  const precision = plan.quantity === 'offPrecision' ? baseAssetPrecision : null;
  const { k, variant } = choiceOf(quantityValue, o.quantity, space.quantityGrid, precision, nudges, (v, d) =>
    v.plus(d),
  );
  return {
    price,
    priceVariant,
    priceSpelling,
    timeInForce: typeof o.timeInForce === 'string' ? o.timeInForce : 'GTC',
    quantity: positionOf(range, k),
    quantityVariant: variant,
    quantitySpelling:
      typeof variant === 'object' && 'pad' in variant
        ? 'text'
        : spellingOf(o.quantity, quantityValue, baseAssetPrecision ?? undefined),
    id: o.newClientOrderId as string | undefined,
  };
}

function kindArb(space: OrderSpace, plan: OrderPlan, kind: KindPlan): fc.Arbitrary<Record<string, unknown>> {
  const spelling = spellingArb(plan.encoding);
  const limit = kind.prices !== undefined;
  const choices: fc.Arbitrary<OrderChoices> = fc.record({
    price: limit && kind.prices !== undefined ? indexArb(kind.prices) : fc.constant(0n),
    priceVariant: limit ? priceVariantArb(space, plan.price) : noVariantArb,
    priceSpelling: limit ? spelling : fc.constant<Spelling>('text'),
    timeInForce: limit ? TIME_IN_FORCE_ARB : fc.constant('GTC'),
    quantity: positionArb,
    quantityVariant: quantityVariantArb(space, plan.quantity),
    quantitySpelling: spelling,
    id: OPTIONAL_ID_ARB,
  });
  return mapInvertibly(
    choices,
    (c) => orderOf(space, plan, kind, c),
    (value) => choicesOf(space, plan, kind, value),
  );
}

/**
 * Orders of the planned kinds, written as a user would send them (within the precisions, unless
 * the plan breaks one), about half with a `newClientOrderId`. Each order is a map of choices
 * drawn apart from each other (kind, price index, quantity position, how each decimal is
 * written), so it shrinks without a chain, and with an unmapper, without its context too.
 *
 * @example `ordersArb(space, plan, plannedKinds(space, plan))`
 */
export function ordersArb(
  space: OrderSpace,
  plan: OrderPlan,
  kinds: readonly KindPlan[],
): fc.Arbitrary<Record<string, unknown>> {
  const arbs = kinds.map((kind) => kindArb(space, plan, kind));
  const [only] = arbs;
  return arbs.length === 1 && only !== undefined ? only : fc.oneof({ withCrossShrink: true }, ...arbs);
}

/**
 * Stands for "no such key" among {@link fillersFor}'s answers.
 *
 * @example `fillersFor(space, plan, kinds, 'newClientOrderId', order) // [ABSENT]`
 */
export const ABSENT: unique symbol = Symbol('absent');

/**
 * Values that may have stood in `field` of `order` before it was taken out or spoiled, for an
 * unmapper to try in turn: the orders' own unmapper then says which, if any, this arbitrary
 * could have made (a best guess, never trusted unchecked).
 *
 * @example `fillersFor(space, plan, kinds, 'side', order) // ['BUY', 'SELL']`
 */
export function fillersFor(
  space: OrderSpace,
  plan: OrderPlan,
  kinds: readonly KindPlan[],
  field: string,
  order: Record<string, unknown>,
): unknown[] {
  const text = (k: bigint, grid: BigValue) => atIndex(k, grid).toFixed();
  const same = kinds.filter((kind) => kind.side === order.side && kind.type === (order.type ?? kind.type));
  switch (field) {
    case 'symbol':
      return [space.definition.symbol];
    case 'side':
      return [...new Set(kinds.map((kind) => kind.side))];
    case 'type':
      return [...new Set(kinds.map((kind) => kind.type))];
    case 'timeInForce':
      return ['GTC', 'IOC', 'FOK'];
    case 'price':
      return same.flatMap((kind) =>
        kind.prices === undefined || kind.anchor === undefined
          ? []
          : [
              kind.anchor.value.toFixed(),
              text(kind.prices.min, space.priceGrid),
              text(kind.prices.max, space.priceGrid),
            ],
      );
    case 'quantity':
      return same.flatMap((kind) => {
        const ranges = [kind.quantities];
        const price = toPlainDecimal(order.price);
        if (kind.prices !== undefined && price !== undefined) {
          const atPrice = quantityRange(space, plan.quantity, kind.type, kind.side, new Big(price));
          if (atPrice !== undefined && !isEmpty(atPrice)) ranges.push(atPrice);
        }
        return ranges.flatMap((r) => [text(r.min, space.quantityGrid), text(r.max, space.quantityGrid)]);
      });
    default:
      return [ABSENT];
  }
}
