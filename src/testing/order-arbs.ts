import fc from 'fast-check';
import type { PairDefinition } from '../exchange-info/schema.js';
import type { OrderSide, OrderType, ViolationCode } from '../validation/violation-codes.js';
import { ArbitraryConfigurationError } from './arbitrary-configuration-error.js';
import type { DecimalEncoding } from './decimal-encoding-arb.js';
import {
  type OrderPlan,
  type PriceMode,
  plannedOrderArb,
  type QuantityMode,
  spelledOrderArb,
} from './order-plan.js';
import { type OrderContextOptions, OrderSpace } from './order-space.js';

/**
 * Options of {@link validOrderArb} and {@link invalidOrderArb}.
 *
 * @example
 * ```ts
 * const options: OrderArbOptions = { referencePrice: '64000', maxNotional: '5000', types: ['LIMIT'] };
 * ```
 */
export interface OrderArbOptions extends OrderContextOptions {
  /** Order types to generate (default both). */
  readonly types?: readonly OrderType[];
  /** Sides to generate (default both). */
  readonly sides?: readonly OrderSide[];
  /** How decimals are spelled (default `mixed`: strings, numbers, trailing zeros). */
  readonly encoding?: DecimalEncoding;
}

const ALL_TYPES: readonly OrderType[] = ['LIMIT', 'MARKET'];
const ALL_SIDES: readonly OrderSide[] = ['BUY', 'SELL'];

function planFor(
  options: OrderArbOptions,
  price: PriceMode,
  quantity: QuantityMode,
  types?: readonly OrderType[],
): OrderPlan {
  return {
    types: types ?? options.types ?? ALL_TYPES,
    sides: options.sides ?? ALL_SIDES,
    price,
    quantity,
    encoding: options.encoding ?? 'mixed',
  };
}

function ordersOf(
  definition: PairDefinition,
  options: OrderArbOptions,
  plan: OrderPlan,
  what: string,
): fc.Arbitrary<Record<string, unknown>> {
  const planned = plannedOrderArb(new OrderSpace(definition, options), plan);
  if (planned === undefined)
    throw new ArbitraryConfigurationError(
      `${definition.symbol} admits no ${what} for types ${plan.types.join('/')} and sides ${plan.sides.join('/')} with these options`,
    );
  return planned.chain((order) => spelledOrderArb(definition.symbol, order, plan.encoding));
}

function requireState(definition: PairDefinition, trading: boolean, enabled: boolean, what: string): void {
  if ((definition.status === 'TRADING') !== trading || definition.enableTrade !== enabled)
    throw new ArbitraryConfigurationError(
      `${what} needs a pair with status ${trading ? 'TRADING' : 'other than TRADING'} and enableTrade ${enabled}; ` +
        `${definition.symbol} has status ${definition.status} and enableTrade ${definition.enableTrade}`,
    );
}

/**
 * Orders that pass every rule of `definition`: on its grids, within its bounds and market caps,
 * inside the price bands of `options.referencePrice` and under `options.maxNotional`. Validate
 * them with the same context to get `ok: true`.
 *
 * @throws {ArbitraryConfigurationError} when the pair is not trading or admits no such order.
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { RuleBook, parseExchangeInfo } from 'order-preflight';
 * import { validOrderArb } from 'order-preflight/testing';
 *
 * const info = parseExchangeInfo(payload);
 * const book = RuleBook.fromExchangeInfo(info);
 * const pair = info.symbols[0]!;
 * fc.assert(fc.property(validOrderArb(pair, { referencePrice: '64000' }), (order) =>
 *   book.validateOrder(order, { referencePrice: '64000' }).ok));
 * ```
 */
export function validOrderArb(
  definition: PairDefinition,
  options: OrderArbOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  requireState(definition, true, true, 'validOrderArb');
  return ordersOf(definition, options, planFor(options, 'valid', 'valid'), 'valid order');
}

/** Orders for a symbol no book is expected to list. */
const UNLISTED_PREFIX = 'UNLISTEDPAIR';

/**
 * Orders that break exactly the rule `code` of `definition` and no other, so that validating one
 * (with the same `referencePrice` / `maxNotional`) gives exactly `[code]`.
 *
 * `UNKNOWN_SYMBOL` orders name a symbol starting `UNLISTEDPAIR`; `SYMBOL_NOT_TRADING` and
 * `TRADING_DISABLED` need a definition in that state; band and notional codes need the matching
 * option; `SYMBOL_DEFINITION_INVALID` cannot be produced from a valid definition.
 *
 * @throws {ArbitraryConfigurationError} when the rule cannot be broken alone for this definition.
 * @example
 * ```ts
 * fc.assert(fc.property(invalidOrderArb(pair, 'PRICE_TICK'), (order) => {
 *   const codes = book.validateOrder(order).violations.map((v) => v.code);
 *   return codes.length === 1 && codes[0] === 'PRICE_TICK';
 * }));
 * ```
 */
export function invalidOrderArb(
  definition: PairDefinition,
  code: ViolationCode,
  options: OrderArbOptions = {},
): fc.Arbitrary<unknown> {
  const what = `an order breaking only ${code}`;
  if (code === 'SYMBOL_NOT_TRADING') {
    requireState(definition, false, true, what);
    return ordersOf(definition, options, planFor(options, 'valid', 'valid'), what);
  }
  if (code === 'TRADING_DISABLED') {
    requireState(definition, true, false, what);
    return ordersOf(definition, options, planFor(options, 'valid', 'valid'), what);
  }
  if (code === 'SYMBOL_DEFINITION_INVALID')
    throw new ArbitraryConfigurationError(
      `${what} needs a definition that was set aside; ${definition.symbol} is valid`,
    );
  requireState(definition, true, true, what);
  const broken = (price: PriceMode, quantity: QuantityMode, types?: readonly OrderType[]) =>
    ordersOf(definition, options, planFor(options, price, quantity, types), what);
  const tick = definition.tickSize !== null;
  const step = definition.stepSize !== null;
  const needs = (condition: boolean, why: string) => {
    if (!condition) throw new ArbitraryConfigurationError(`${what}: ${why}`);
  };
  switch (code) {
    case 'INVALID_ORDER':
      return fc.constantFrom<unknown>(
        null,
        undefined,
        0,
        42,
        'order',
        true,
        [],
        [definition.symbol],
        new Date(0),
        7n,
      );
    case 'MISSING_FIELD':
      return withoutAField(validBase(definition, options));
    case 'INVALID_FIELD':
      return withABadField(validBase(definition, options));
    case 'UNEXPECTED_FIELD':
      return fc
        .tuple(broken('valid', 'valid', ['MARKET']), fc.constantFrom<unknown>('1', 100, '0.5', 'x'))
        .map(([order, price]) => ({ ...order, price }));
    case 'UNKNOWN_SYMBOL':
      return fc
        .tuple(validBase(definition, options), fc.stringMatching(/^[A-Z0-9]{0,8}$/))
        .map(([order, suffix]) => ({ ...order, symbol: `${UNLISTED_PREFIX}${suffix}` }));
    case 'PRICE_TICK':
      needs(tick, `${definition.symbol} has no tickSize`);
      return broken('offGrid', 'valid', ['LIMIT']);
    case 'PRICE_PRECISION':
      needs(!tick, `${definition.symbol} has a tickSize, so PRICE_TICK applies instead`);
      return broken('offGrid', 'valid', ['LIMIT']);
    case 'PRICE_ABOVE_BUY_LIMIT':
      needs(options.referencePrice !== undefined, 'options.referencePrice is required');
      return broken('aboveBuyBand', 'valid', ['LIMIT']);
    case 'PRICE_BELOW_SELL_LIMIT':
      needs(options.referencePrice !== undefined, 'options.referencePrice is required');
      return broken('belowSellBand', 'valid', ['LIMIT']);
    case 'QUANTITY_STEP':
      needs(step, `${definition.symbol} has no stepSize`);
      return broken('valid', 'offGrid');
    case 'QUANTITY_PRECISION':
      needs(!step, `${definition.symbol} has a stepSize, so QUANTITY_STEP applies instead`);
      return broken('valid', 'offGrid');
    case 'QUANTITY_BELOW_MIN':
      return broken('valid', 'belowMin');
    case 'QUANTITY_ABOVE_MAX':
      return broken('valid', 'aboveMax', ['LIMIT']);
    case 'MARKET_SIZE_ABOVE_MAX':
      return broken('valid', 'aboveMarketCap', ['MARKET']);
    case 'NOTIONAL_ABOVE_MAX':
      needs(options.maxNotional !== undefined, 'options.maxNotional is required');
      return broken('valid', 'aboveNotional');
  }
}

function validBase(
  definition: PairDefinition,
  options: OrderArbOptions,
): fc.Arbitrary<Record<string, unknown>> {
  return ordersOf(definition, options, planFor(options, 'valid', 'valid'), 'valid order');
}

/** Drops one field the order's type requires. */
function withoutAField(orders: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return orders.chain((order) => {
    const required = [
      'symbol',
      'side',
      'type',
      'quantity',
      ...(order.type === 'LIMIT' ? ['price', 'timeInForce'] : []),
    ];
    return fc.tuple(fc.constantFrom(...required), fc.boolean()).map(([field, asNull]) => {
      const copy: Record<string, unknown> = { ...order };
      if (asNull) copy[field] = null;
      else delete copy[field];
      return copy;
    });
  });
}

/** Malformed spellings per field; each is refused by the shape rule alone. */
const BAD_VALUES: Readonly<Record<string, readonly unknown[]>> = {
  symbol: [42, '', true, ['BTCUSDT']],
  side: ['buy', 'LONG', '', 1],
  quantity: [
    '1e-8',
    '-1',
    '',
    ' 1',
    '01',
    '0',
    '0.0',
    'abc',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -5,
    1e-7,
    '1.',
  ],
  price: ['1e3', '-1', '', '+1', '.5', '0', Number.NaN, 1e21],
  timeInForce: ['GTD', 'gtc', 5],
  newClientOrderId: ['has space', '', 'x'.repeat(37), 12],
};

/** Replaces one field with a malformed value (type and side stay, so nothing else changes). */
function withABadField(orders: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return orders.chain((order) => {
    const fields = [
      'symbol',
      'side',
      'quantity',
      'newClientOrderId',
      ...(order.type === 'LIMIT' ? ['price', 'timeInForce'] : []),
    ];
    return fc
      .constantFrom(...fields)
      .chain((field) =>
        fc.constantFrom(...(BAD_VALUES[field] ?? [])).map((bad) => ({ ...order, [field]: bad })),
      );
  });
}
