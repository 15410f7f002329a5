import fc from 'fast-check';
import type { PairDefinition } from '../exchange-info/schema.js';
import type { OrderInput, OrderSide, OrderType } from '../order/order-input.js';
import type { ViolationCode } from '../validation/violation-codes.js';
import { ArbitraryConfigurationError } from './arbitrary-configuration-error.js';
import { BAD_CLIENT_ORDER_IDS } from './client-order-id-arb.js';
import type { DecimalEncoding } from './decimal-encoding-arb.js';
import { mapInvertibly, sameData } from './invertible.js';
import {
  ABSENT,
  fillersFor,
  type KindPlan,
  type OrderPlan,
  ordersArb,
  type PriceMode,
  plannedKinds,
  type QuantityMode,
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

/** Why the pair does not take orders, if it does not. */
function notTakingOrders(definition: PairDefinition, what: string): string | undefined {
  const { trading, enabled } = takesOrders(definition);
  return trading && enabled
    ? undefined
    : `${what} needs a pair with status TRADING (or not sent) and enableTrade true (or not sent); ${describeState(definition)}`;
}

/**
 * What an arbitrary of orders comes to before it is made: the reason no such order exists, or
 * how to make the arbitrary. Whether a rule can be broken is known at once, without fast-check.
 */
type Outcome = { readonly why: string } | { readonly make: () => fc.Arbitrary<unknown> };

/** The orders of a plan on the pair, or why the pair admits none. */
function ordersOutcome(
  space: OrderSpace,
  options: OrderArbOptions,
  plan: OrderPlan,
  what: string,
): { readonly why: string } | { readonly kinds: readonly KindPlan[] } {
  const kinds = plannedKinds(space, plan);
  if (kinds.length > 0) return { kinds };
  return {
    why:
      `${space.definition.symbol} admits no ${what} for types ${plan.types.join('/') || '(none)'} and sides ` +
      `${plan.sides.join('/')} with these options` +
      `${options.referencePrice === undefined ? '' : ` (referencePrice ${String(options.referencePrice)})`}` +
      `${options.maxNotional === undefined ? '' : ` (maxNotional ${String(options.maxNotional)})`}`,
  };
}

function made(outcome: Outcome): fc.Arbitrary<unknown> {
  if ('why' in outcome) throw new ArbitraryConfigurationError(outcome.why);
  return outcome.make();
}

/**
 * Orders that pass every rule of `definition` (docs/exchange-semantics.md, "Judging an order"): on
 * the price grid, which is the tick (`tickSize`, or the smallest `displayDigitMerge` step when
 * there is none: see `options.inferTickSize`) and `quoteAssetPrecision` at once; on the quantity
 * grid (`stepSize` and `baseAssetPrecision`); written with no more decimal places than those
 * precisions (trailing zeros included; some valid orders carry a few, within the precision); within
 * the bounds and market caps; inside the price bands of `options.referencePrice` and under
 * `options.maxNotional`. About half carry a `newClientOrderId` of 1 to 40 characters from the whole
 * range the library lets through (spaces, punctuation, non-ASCII letters, emoji; often exactly 40).
 * A rule field the definition lacks imposes nothing. Validate them with the same context to get
 * `ok: true`, whether or not the book infers the tick ({@link assertAccepted} says which rule
 * refused one, if any did). Each is an {@link OrderInput}: `order.price` is a `string | number`
 * (or `undefined` for MARKET), ready for a strategy's own arithmetic.
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
): fc.Arbitrary<OrderInput> {
  const refused = notTakingOrders(definition, 'validOrderArb');
  if (refused !== undefined) throw new ArbitraryConfigurationError(refused);
  const space = new OrderSpace(definition, options);
  const plan = planFor(options, 'valid', 'valid');
  const outcome = ordersOutcome(space, options, plan, 'valid order');
  if ('why' in outcome) throw new ArbitraryConfigurationError(outcome.why);
  // A valid order is an OrderInput: its symbol, a side and a type, a quantity (and, for LIMIT, a
  // price and a time in force) as strings or numbers, perhaps a newClientOrderId (orderOf).
  return ordersArb(space, plan, outcome.kinds) as fc.Arbitrary<unknown> as fc.Arbitrary<OrderInput>;
}

/** Orders for a symbol no book is expected to list. */
const UNLISTED_PREFIX = 'UNLISTEDPAIR';
/** Up to 8 capital letters or digits, from single characters so that a suffix shrinks without context. */
const UNLISTED_SUFFIX_ARB = mapInvertibly(
  fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), { maxLength: 8 }),
  (chars) => chars.join(''),
  (text) => [...String(text)],
);

/** Codes of a LIMIT price: a plan of MARKET orders only can break none of them. */
const PRICE_CODES: readonly ViolationCode[] = [
  'PRICE_TICK',
  'PRICE_PRECISION',
  'PRICE_ABOVE_BUY_LIMIT',
  'PRICE_BELOW_SELL_LIMIT',
];

/**
 * Why no pair at all can break `code` alone with these options, if none can: a code a valid
 * definition never gives, or one that needs an option, a type or a side the options leave out.
 *
 * @example `unbreakableAnywhere('NOTIONAL_ABOVE_MAX', {}) // 'options.maxNotional is required'`
 */
export function unbreakableAnywhere(code: ViolationCode, options: OrderArbOptions): string | undefined {
  const types = options.types ?? ALL_TYPES;
  const sides = options.sides ?? ALL_SIDES;
  if (code === 'SYMBOL_DEFINITION_INVALID')
    return 'needs a definition that was set aside; a generated one is valid';
  if (
    (code === 'PRICE_ABOVE_BUY_LIMIT' || code === 'PRICE_BELOW_SELL_LIMIT') &&
    options.referencePrice === undefined
  )
    return 'options.referencePrice is required';
  if (code === 'NOTIONAL_ABOVE_MAX' && options.maxNotional === undefined)
    return 'options.maxNotional is required';
  if (PRICE_CODES.includes(code) && !types.includes('LIMIT')) return `${code} needs LIMIT orders`;
  if ((code === 'MARKET_SIZE_ABOVE_MAX' || code === 'UNEXPECTED_FIELD') && !types.includes('MARKET'))
    return `${code} needs MARKET orders`;
  if (code === 'PRICE_ABOVE_BUY_LIMIT' && !sides.includes('BUY')) return `${code} needs BUY orders`;
  if (code === 'PRICE_BELOW_SELL_LIMIT' && !sides.includes('SELL')) return `${code} needs SELL orders`;
  return undefined;
}

/** How to break `code` alone on the pair, or why it cannot be (the one home of both answers). */
function breakOutcome(definition: PairDefinition, code: ViolationCode, options: OrderArbOptions): Outcome {
  const d = definition;
  const anywhere = unbreakableAnywhere(code, options);
  if (code === 'SYMBOL_DEFINITION_INVALID')
    return { why: `needs a definition that was set aside; ${d.symbol} is valid` };
  if (anywhere !== undefined) return { why: anywhere };
  const missing = (field: keyof PairDefinition) =>
    d[field] === null
      ? `${d.symbol} has no ${field} (the exchange did not send it), so ${code} is never checked`
      : undefined;
  const { trading, enabled } = takesOrders(d);
  const space = new OrderSpace(d, options);
  const what = `an order breaking only ${code}`;
  const orders = (price: PriceMode, quantity: QuantityMode, types?: readonly OrderType[]): Outcome => {
    const plan = planFor(options, price, quantity, types);
    const outcome = ordersOutcome(space, options, plan, what);
    return 'why' in outcome ? outcome : { make: () => ordersArb(space, plan, outcome.kinds) };
  };
  const unless = (why: string | undefined, then: () => Outcome): Outcome =>
    why === undefined ? then() : { why };
  if (code === 'SYMBOL_NOT_TRADING')
    return unless(
      missing('status') ??
        (trading || !enabled
          ? `needs a pair with a status other than TRADING and enableTrade not false; ${describeState(d)}`
          : undefined),
      () => orders('valid', 'valid'),
    );
  if (code === 'TRADING_DISABLED')
    return unless(
      missing('enableTrade') ??
        (!trading || enabled
          ? `needs a pair with enableTrade false and status TRADING (or not sent); ${describeState(d)}`
          : undefined),
      () => orders('valid', 'valid'),
    );
  const refused = notTakingOrders(d, what);
  if (refused !== undefined) return { why: refused };
  switch (code) {
    case 'INVALID_ORDER':
      return {
        make: () =>
          fc.constantFrom<unknown>(null, undefined, 0, 42, 'order', true, [], [d.symbol], new Date(0), 7n),
      };
    case 'MISSING_FIELD':
      return byType(space, options, what, withoutAField);
    case 'INVALID_FIELD':
      return byType(space, options, what, withABadField);
    case 'UNEXPECTED_FIELD': {
      const market = orders('valid', 'valid', ['MARKET']);
      if ('why' in market) return market;
      return {
        make: () =>
          mapInvertibly(
            fc.tuple(
              market.make() as fc.Arbitrary<Record<string, unknown>>,
              fc.constantFrom<unknown>('1', 100, '0.5', 'x'),
            ),
            ([order, price]) => ({ ...order, price }),
            (value): [Record<string, unknown>, unknown] => {
              const { price, ...order } = value as Record<string, unknown>;
              return [order, price];
            },
          ),
      };
    }
    case 'UNKNOWN_SYMBOL': {
      const valid = orders('valid', 'valid');
      if ('why' in valid) return valid;
      return {
        make: () =>
          mapInvertibly(
            fc.tuple(valid.make() as fc.Arbitrary<Record<string, unknown>>, UNLISTED_SUFFIX_ARB),
            ([order, suffix]) => ({ ...order, symbol: `${UNLISTED_PREFIX}${suffix}` }),
            (value): [Record<string, unknown>, string] => {
              const order = value as Record<string, unknown>;
              const symbol = String(order.symbol);
              if (!symbol.startsWith(UNLISTED_PREFIX)) throw new TypeError('not an unlisted symbol');
              return [{ ...order, symbol: d.symbol }, symbol.slice(UNLISTED_PREFIX.length)];
            },
          ),
      };
    }
    case 'PRICE_TICK':
      if (space.tick === undefined)
        return {
          why: `${d.symbol} has no tickSize${
            options.inferTickSize === false
              ? ' (and options.inferTickSize is false)'
              : ' and no displayDigitMerge step to infer one from'
          }, so PRICE_TICK is never checked`,
        };
      if (space.tickNudges().length === 0)
        return {
          why:
            `every price with at most ${d.quoteAssetPrecision} decimal places (quoteAssetPrecision) is a multiple of the tick ` +
            `${space.tick.toFixed()}, so PRICE_TICK cannot be broken without PRICE_PRECISION`,
        };
      return orders('offTick', 'valid', ['LIMIT']);
    case 'PRICE_PRECISION':
      return unless(missing('quoteAssetPrecision'), () => orders('offPrecision', 'valid', ['LIMIT']));
    case 'PRICE_ABOVE_BUY_LIMIT':
      return unless(missing('buyLimitPriceRatio'), () => orders('aboveBuyBand', 'valid', ['LIMIT']));
    case 'PRICE_BELOW_SELL_LIMIT':
      return unless(missing('sellLimitPriceRatio'), () => orders('belowSellBand', 'valid', ['LIMIT']));
    case 'QUANTITY_STEP':
      return unless(
        missing('stepSize') ??
          (space.stepNudges().length === 0
            ? `every quantity with at most ${d.baseAssetPrecision} decimal places (baseAssetPrecision) is a multiple of stepSize ` +
              `${d.stepSize}, so QUANTITY_STEP cannot be broken without QUANTITY_PRECISION`
            : undefined),
        () => orders('valid', 'offStep'),
      );
    case 'QUANTITY_PRECISION':
      return unless(missing('baseAssetPrecision'), () => orders('valid', 'offPrecision'));
    case 'QUANTITY_BELOW_MIN':
      return unless(missing('minTradeAmount'), () => orders('valid', 'belowMin'));
    case 'QUANTITY_ABOVE_MAX':
      return unless(missing('maxTradeAmount'), () => orders('valid', 'aboveMax'));
    case 'MARKET_SIZE_ABOVE_MAX': {
      const sides = options.sides ?? ALL_SIDES;
      if (sides.every((side) => space.marketCap(side) === undefined))
        return {
          why:
            `${d.symbol} has no ${sides.map((s) => (s === 'BUY' ? 'marketBuyLimitSize' : 'marketSellLimitSize')).join(' and no ')} ` +
            '(the exchange did not send it), so MARKET_SIZE_ABOVE_MAX is never checked',
        };
      return orders('valid', 'aboveMarketCap', ['MARKET']);
    }
    case 'NOTIONAL_ABOVE_MAX':
      return orders('valid', 'aboveNotional');
  }
}

/**
 * Whether `code` can be broken alone on the pair with these options: whether
 * {@link invalidOrderArb}`(definition, code, options)` makes orders rather than throwing. For
 * `fc.pre` in a property over pairs, or to pick pairs from a real book; to generate only such
 * pairs, pass `canBreak` to {@link pairDefinitionArb}.
 *
 * @throws {ArbitraryConfigurationError} when `options.referencePrice` or `options.maxNotional`
 * is not a positive decimal.
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { canBreak, invalidOrderArb, pairDefinitionArb } from 'order-preflight/testing';
 * fc.assert(fc.property(pairDefinitionArb({ tradingOnly: true }), (pair) => {
 *   fc.pre(canBreak(pair, 'QUANTITY_STEP'));
 *   invalidOrderArb(pair, 'QUANTITY_STEP'); // never throws here
 * }));
 * ```
 */
export function canBreak(
  definition: PairDefinition,
  code: ViolationCode,
  options: OrderArbOptions = {},
): boolean {
  return !('why' in breakOutcome(definition, code, options));
}

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
 * Pairs on which the code can be broken alone: {@link canBreak}, or `pairDefinitionArb({ canBreak:
 * code })`. Orders are maps of independent choices (no `chain`), with unmappers: they shrink
 * towards the simplest breach (the lowest price and quantity), and a hand-written order this
 * arbitrary could have made shrinks too.
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
  const outcome = breakOutcome(definition, code, options);
  if ('why' in outcome)
    throw new ArbitraryConfigurationError(`an order breaking only ${code}: ${outcome.why}`);
  return made(outcome);
}

/** A spoiled copy of a valid order, made per order type (each type requires its own fields). */
type Spoiler = (
  orders: fc.Arbitrary<Record<string, unknown>>,
  type: OrderType,
  restore: (order: Record<string, unknown>, field: string) => Record<string, unknown>,
) => fc.Arbitrary<unknown>;

/**
 * Valid orders of each type the options allow, spoiled by `spoil`. `restore` gives the spoiler's
 * unmapper back a valid order: it tries the values the field may have held
 * ({@link fillersFor}) until the orders' own unmapper takes one.
 */
function byType(space: OrderSpace, options: OrderArbOptions, what: string, spoil: Spoiler): Outcome {
  const perType: { type: OrderType; plan: OrderPlan; kinds: readonly KindPlan[] }[] = [];
  for (const type of options.types ?? ALL_TYPES) {
    const plan = planFor(options, 'valid', 'valid', [type]);
    const outcome = ordersOutcome(space, options, plan, what);
    if (!('why' in outcome)) perType.push({ type, plan, kinds: outcome.kinds });
  }
  if (perType.length === 0)
    return ordersOutcome(space, options, planFor(options, 'valid', 'valid'), what) as Outcome;
  return {
    make: () => {
      const arbs = perType.map(({ type, plan, kinds }) => {
        const orders = ordersArb(space, plan, kinds);
        const restore = (order: Record<string, unknown>, field: string) => {
          for (const filler of fillersFor(space, plan, kinds, field, order)) {
            const candidate: Record<string, unknown> = { ...order };
            if (filler === ABSENT) delete candidate[field];
            else candidate[field] = filler;
            if (orders.canShrinkWithoutContext(candidate)) return candidate;
          }
          throw new TypeError(`no ${field} this arbitrary writes gives back the order`);
        };
        return spoil(orders, type, restore);
      });
      const [only] = arbs;
      return arbs.length === 1 && only !== undefined ? only : fc.oneof({ withCrossShrink: true }, ...arbs);
    },
  };
}

/** The fields an order of the type requires. */
function requiredFields(type: OrderType): string[] {
  return ['symbol', 'side', 'type', 'quantity', ...(type === 'LIMIT' ? ['price', 'timeInForce'] : [])];
}

/** Drops one field the order's type requires (the key left out, or `null`). */
const withoutAField: Spoiler = (orders, type, restore) =>
  mapInvertibly(
    fc.tuple(orders, fc.constantFrom(...requiredFields(type)), fc.boolean()),
    ([order, field, asNull]) => {
      const copy: Record<string, unknown> = { ...order };
      if (asNull) copy[field] = null;
      else delete copy[field];
      return copy;
    },
    (value): [Record<string, unknown>, string, boolean] => {
      const order = value as Record<string, unknown>;
      const field = requiredFields(type).find((f) => order[f] === null || !Object.hasOwn(order, f));
      if (field === undefined) throw new TypeError('no required field is missing');
      const asNull = Object.hasOwn(order, field);
      const filled = field === 'type' ? { ...order, type } : restore(order, field);
      return [filled, field, asNull];
    },
  );

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

/** The fields a malformed value can spoil without changing anything else (type and side stay). */
function spoilableFields(type: OrderType): string[] {
  return [
    'symbol',
    'side',
    'quantity',
    'newClientOrderId',
    ...(type === 'LIMIT' ? ['price', 'timeInForce'] : []),
  ];
}

/** Replaces one field with a malformed value (type and side stay, so nothing else changes). */
const withABadField: Spoiler = (orders, type, restore) => {
  const fields = spoilableFields(type);
  const badArb = fc.oneof(
    { withCrossShrink: true },
    ...fields.map((field) =>
      fc.record({ field: fc.constant(field), bad: fc.constantFrom(...(BAD_VALUES[field] ?? [])) }),
    ),
  );
  return mapInvertibly(
    fc.tuple(orders, badArb),
    ([order, { field, bad }]) => ({ ...order, [field]: bad }),
    (value): [Record<string, unknown>, { field: string; bad: unknown }] => {
      const order = value as Record<string, unknown>;
      const field = fields.find((f) => (BAD_VALUES[f] ?? []).some((bad) => sameData(bad, order[f])));
      if (field === undefined || !Object.hasOwn(order, field))
        throw new TypeError('no field holds a malformed value');
      const bad = (BAD_VALUES[field] ?? []).find((b) => sameData(b, order[field]));
      return [restore(order, field), { field, bad }];
    },
  );
};
