import fc from 'fast-check';
import type { PairDefinition } from '../exchange-info/schema.js';
import type { OrderSide, OrderType } from '../order/order-input.js';
import type { ViolationCode } from '../validation/violation-codes.js';
import { ArbitraryConfigurationError } from './arbitrary-configuration-error.js';
import { BAD_CLIENT_ORDER_IDS } from './client-order-id-arb.js';
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
  readonly types?: readonly OrderType[] | undefined;
  /** Sides to generate (default both). */
  readonly sides?: readonly OrderSide[] | undefined;
  /** How decimals are spelled (default `mixed`: strings, numbers, trailing zeros). */
  readonly encoding?: DecimalEncoding | undefined;
}

const ALL_TYPES: readonly OrderType[] = ['LIMIT', 'MARKET'];
const ALL_SIDES: readonly OrderSide[] = ['BUY', 'SELL'];

function planFor(
  options: OrderArbOptions,
  price: PriceMode,
  quantity: QuantityMode,
  types?: readonly OrderType[],
): OrderPlan {
  const allowed = options.types ?? ALL_TYPES;
  return {
    types: types === undefined ? allowed : allowed.filter((t) => types.includes(t)),
    sides: options.sides ?? ALL_SIDES,
    price,
    quantity,
    encoding: options.encoding ?? 'mixed',
  };
}

function ordersOf(
  space: OrderSpace,
  options: OrderArbOptions,
  plan: OrderPlan,
  what: string,
): fc.Arbitrary<Record<string, unknown>> {
  const planned = plannedOrderArb(space, plan);
  if (planned === undefined)
    throw new ArbitraryConfigurationError(
      `${space.definition.symbol} admits no ${what} for types ${plan.types.join('/') || '(none)'} and sides ` +
        `${plan.sides.join('/')} with these options` +
        `${options.referencePrice === undefined ? '' : ` (referencePrice ${String(options.referencePrice)})`}` +
        `${options.maxNotional === undefined ? '' : ` (maxNotional ${String(options.maxNotional)})`}`,
    );
  return planned.chain((order) => spelledOrderArb(space, order, plan.encoding));
}

/** Whether the pair takes orders as far as its definition says: `null` status / enableTrade skip their checks. */
function takesOrders(definition: PairDefinition): { trading: boolean; enabled: boolean } {
  return {
    trading: definition.status === null || definition.status === 'TRADING',
    enabled: definition.enableTrade !== false,
  };
}

function describeState(definition: PairDefinition): string {
  return `${definition.symbol} has status ${definition.status ?? '(not sent)'} and enableTrade ${definition.enableTrade ?? '(not sent)'}`;
}

function requireTakesOrders(definition: PairDefinition, what: string): void {
  const { trading, enabled } = takesOrders(definition);
  if (!trading || !enabled)
    throw new ArbitraryConfigurationError(
      `${what} needs a pair with status TRADING (or not sent) and enableTrade true (or not sent); ${describeState(definition)}`,
    );
}

/**
 * Orders that pass every rule of `definition` (README, "Judging an order"): on the price grid,
 * which is the tick (`tickSize`, or the smallest `displayDigitMerge` step when there is none: see
 * `options.inferTickSize`) and `quoteAssetPrecision` at once; on the quantity grid (`stepSize` and
 * `baseAssetPrecision`); written with no more decimal places than those precisions (trailing
 * zeros included; some valid orders carry a few, within the precision); within the bounds and
 * market caps; inside the price bands of `options.referencePrice` and under `options.maxNotional`.
 * About half carry a `newClientOrderId` of 1 to 40 characters from the whole range the library
 * lets through (spaces, punctuation, non-ASCII letters, emoji; often exactly 40).
 * A rule field the definition lacks imposes nothing. Validate them with the same context to get
 * `ok: true`, whether or not the book infers the tick.
 *
 * `definition` may be a parsed definition (`parseExchangeInfo(...).symbols[i]`) or the book's
 * (`book.definition(symbol)`, whose tick may already be inferred).
 *
 * @throws {ArbitraryConfigurationError} when the pair does not take orders (status other than
 * TRADING, enableTrade false) or admits no such order with these options.
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { RuleBook, parseExchangeInfoText } from 'order-preflight';
 * import { validOrderArb } from 'order-preflight/testing';
 *
 * const info = parseExchangeInfoText(text);
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
  requireTakesOrders(definition, 'validOrderArb');
  const space = new OrderSpace(definition, options);
  return ordersOf(space, options, planFor(options, 'valid', 'valid'), 'valid order');
}

/** Orders for a symbol no book is expected to list. */
const UNLISTED_PREFIX = 'UNLISTEDPAIR';
/** Built once: a regex arbitrary is costly to make. */
const UNLISTED_SUFFIX_ARB = fc.stringMatching(/^[A-Z0-9]{0,8}$/);

/**
 * Orders that break exactly the rule `code` of `definition` and no other, so that validating one
 * (with the same `referencePrice` / `maxNotional`) gives exactly `[code]`:
 *
 * - `PRICE_TICK`: a LIMIT price off the tick (sent, or inferred from `displayDigitMerge`; an
 *   inferred tick is broken only for a book that infers it, the default) but within
 *   `quoteAssetPrecision`; impossible when every price that short is on the tick (tick `0.01`,
 *   precision 2).
 * - `PRICE_PRECISION`: a LIMIT price with more decimal places than `quoteAssetPrecision`, on the
 *   tick: an on-grid price written with trailing zeros (`"64000.100000000"`), or, where the tick
 *   allows, a finer value.
 * - `QUANTITY_STEP` / `QUANTITY_PRECISION`: the same for the quantity, `stepSize` and
 *   `baseAssetPrecision`.
 * - `UNKNOWN_SYMBOL` orders name a symbol starting `UNLISTEDPAIR`; `SYMBOL_NOT_TRADING` and
 *   `TRADING_DISABLED` need a definition in that state; band and notional codes need the
 *   matching option; `SYMBOL_DEFINITION_INVALID` cannot be produced from a valid definition.
 *
 * @throws {ArbitraryConfigurationError} when the rule cannot be broken alone for this definition,
 * naming what is missing: a rule field the definition lacks (`minTradeAmount` for
 * `QUANTITY_BELOW_MIN`, `quoteAssetPrecision` for `PRICE_PRECISION`, ...) or an option.
 * @example
 * ```ts
 * fc.assert(fc.property(invalidOrderArb(pair, 'PRICE_PRECISION'), (order) => {
 *   const codes = book.validateOrder(order).violations.map((v) => v.code);
 *   return codes.length === 1 && codes[0] === 'PRICE_PRECISION';
 * }));
 * ```
 */
export function invalidOrderArb(
  definition: PairDefinition,
  code: ViolationCode,
  options: OrderArbOptions = {},
): fc.Arbitrary<unknown> {
  const what = `an order breaking only ${code}`;
  const d = definition;
  const fail: (why: string) => never = (why) => {
    throw new ArbitraryConfigurationError(`${what}: ${why}`);
  };
  const needsField = (field: keyof PairDefinition) => {
    if (d[field] === null)
      fail(`${d.symbol} has no ${field} (the exchange did not send it), so ${code} is never checked`);
  };
  const { trading, enabled } = takesOrders(d);
  const space = new OrderSpace(d, options);
  const orders = (price: PriceMode, quantity: QuantityMode, types?: readonly OrderType[]) =>
    ordersOf(space, options, planFor(options, price, quantity, types), what);
  if (code === 'SYMBOL_NOT_TRADING') {
    needsField('status');
    if (trading || !enabled)
      fail(`needs a pair with a status other than TRADING and enableTrade not false; ${describeState(d)}`);
    return orders('valid', 'valid');
  }
  if (code === 'TRADING_DISABLED') {
    needsField('enableTrade');
    if (!trading || enabled)
      fail(`needs a pair with enableTrade false and status TRADING (or not sent); ${describeState(d)}`);
    return orders('valid', 'valid');
  }
  if (code === 'SYMBOL_DEFINITION_INVALID')
    fail(`needs a definition that was set aside; ${d.symbol} is valid`);
  requireTakesOrders(d, what);
  switch (code) {
    case 'INVALID_ORDER':
      return fc.constantFrom<unknown>(null, undefined, 0, 42, 'order', true, [], [d.symbol], new Date(0), 7n);
    case 'MISSING_FIELD':
      return withoutAField(orders('valid', 'valid'));
    case 'INVALID_FIELD':
      return withABadField(orders('valid', 'valid'));
    case 'UNEXPECTED_FIELD':
      return fc
        .tuple(orders('valid', 'valid', ['MARKET']), fc.constantFrom<unknown>('1', 100, '0.5', 'x'))
        .map(([order, price]) => ({ ...order, price }));
    case 'UNKNOWN_SYMBOL':
      return fc
        .tuple(orders('valid', 'valid'), UNLISTED_SUFFIX_ARB)
        .map(([order, suffix]) => ({ ...order, symbol: `${UNLISTED_PREFIX}${suffix}` }));
    case 'PRICE_TICK':
      if (space.tick === undefined)
        fail(
          `${d.symbol} has no tickSize${
            options.inferTickSize === false
              ? ' (and options.inferTickSize is false)'
              : ' and no displayDigitMerge step to infer one from'
          }, so PRICE_TICK is never checked`,
        );
      if (space.tickNudges().length === 0)
        fail(
          `every price with at most ${d.quoteAssetPrecision} decimal places (quoteAssetPrecision) is a multiple of the tick ` +
            `${space.tick?.toFixed()}, so PRICE_TICK cannot be broken without PRICE_PRECISION`,
        );
      return orders('offTick', 'valid', ['LIMIT']);
    case 'PRICE_PRECISION':
      needsField('quoteAssetPrecision');
      return orders('offPrecision', 'valid', ['LIMIT']);
    case 'PRICE_ABOVE_BUY_LIMIT':
      if (options.referencePrice === undefined) fail('options.referencePrice is required');
      needsField('buyLimitPriceRatio');
      return orders('aboveBuyBand', 'valid', ['LIMIT']);
    case 'PRICE_BELOW_SELL_LIMIT':
      if (options.referencePrice === undefined) fail('options.referencePrice is required');
      needsField('sellLimitPriceRatio');
      return orders('belowSellBand', 'valid', ['LIMIT']);
    case 'QUANTITY_STEP':
      needsField('stepSize');
      if (space.stepNudges().length === 0)
        fail(
          `every quantity with at most ${d.baseAssetPrecision} decimal places (baseAssetPrecision) is a multiple of stepSize ` +
            `${d.stepSize}, so QUANTITY_STEP cannot be broken without QUANTITY_PRECISION`,
        );
      return orders('valid', 'offStep');
    case 'QUANTITY_PRECISION':
      needsField('baseAssetPrecision');
      return orders('valid', 'offPrecision');
    case 'QUANTITY_BELOW_MIN':
      needsField('minTradeAmount');
      return orders('valid', 'belowMin');
    case 'QUANTITY_ABOVE_MAX':
      needsField('maxTradeAmount');
      return orders('valid', 'aboveMax');
    case 'MARKET_SIZE_ABOVE_MAX': {
      const sides = options.sides ?? ALL_SIDES;
      if (sides.every((side) => space.marketCap(side) === undefined))
        fail(
          `${d.symbol} has no ${sides.map((s) => (s === 'BUY' ? 'marketBuyLimitSize' : 'marketSellLimitSize')).join(' and no ')} ` +
            '(the exchange did not send it), so MARKET_SIZE_ABOVE_MAX is never checked',
        );
      return orders('valid', 'aboveMarketCap', ['MARKET']);
    }
    case 'NOTIONAL_ABOVE_MAX':
      if (options.maxNotional === undefined) fail('options.maxNotional is required');
      return orders('valid', 'aboveNotional');
  }
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
  newClientOrderId: BAD_CLIENT_ORDER_IDS,
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
