/**
 * The public arbitraries of `order-preflight/testing`, checked the way fast-check checks its own:
 *
 * - the same seed gives the same values (an arbitrary built afresh included);
 * - every value they make can be shrunk without its context (each is a map with an unmapper),
 *   and what it shrinks to is again a value of the arbitrary;
 * - values shrink: a property that fails on every value ends at the simplest value, the same from
 *   every seed, and one that fails from a bound on ends exactly at the bound;
 * - a value given in `examples`, which fast-check did not make, shrinks too.
 *
 * And the two questions `ruleBookOf` and `canBreak` answer: a book of generated definitions is the
 * book of the same pairs read from the wire, and `canBreak` says exactly when `invalidOrderArb`
 * would throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type OrderInput,
  type PairDefinition,
  parseExchangeInfo,
  RuleBook,
  sampleExchangeInfo,
  VIOLATION_CODES,
  type ViolationCode,
} from '../src/index.js';
import { wirePairArb } from '../src/testing/exchange-info-arb.js';
import {
  canBreak,
  exchangeInfoArb,
  invalidOrderArb,
  isArbitraryConfigurationError,
  type OrderArbOptions,
  pairDefinitionArb,
  ruleBookOf,
  validOrderArb,
} from '../src/testing/index.js';
import { propertyParameters } from '../test-support/runs.js';
import { withInputs } from '../test-support/scenario.js';

const sample = RuleBook.fromExchangeInfo(sampleExchangeInfo());
const pairOf = (symbol: string) => sample.definition(symbol) as PairDefinition;
const BTC = pairOf('BTCUSDT');
const XAUT = pairOf('XAUTUSDT');
const CONTEXT = { referencePrice: '64000', maxNotional: '250000' };
const BREAKABLE = VIOLATION_CODES.filter((c) => c !== 'SYMBOL_DEFINITION_INVALID');

/** Every public arbitrary, with options that reach each of its branches. */
const ARBITRARIES: readonly (readonly [string, () => fc.Arbitrary<unknown>])[] = [
  ['pairDefinitionArb()', () => pairDefinitionArb()],
  ['pairDefinitionArb({ tradingOnly })', () => pairDefinitionArb({ tradingOnly: true })],
  ['pairDefinitionArb({ absentRuleFields })', () => pairDefinitionArb({ absentRuleFields: true })],
  ['pairDefinitionArb({ symbol })', () => pairDefinitionArb({ symbol: 'BTCUSDT' })],
  ['pairDefinitionArb({ canBreak })', () => pairDefinitionArb({ canBreak: 'QUANTITY_STEP' })],
  ['exchangeInfoArb()', () => exchangeInfoArb({ maxPairs: 3 })],
  ['exchangeInfoArb({ absentRuleFields })', () => exchangeInfoArb({ maxPairs: 3, absentRuleFields: true })],
  ['validOrderArb(BTCUSDT)', () => validOrderArb(BTC)],
  ['validOrderArb(BTCUSDT, context)', () => validOrderArb(BTC, CONTEXT)],
  ['validOrderArb(XAUTUSDT, numbers)', () => validOrderArb(XAUT, { encoding: 'number' })],
  ...BREAKABLE.filter((code) => canBreak(BTC, code, CONTEXT)).map(
    (code) => [`invalidOrderArb(BTCUSDT, ${code})`, () => invalidOrderArb(BTC, code, CONTEXT)] as const,
  ),
];

/** Plain data with bigints, `undefined` and dates made comparable. */
const comparable = (value: unknown) =>
  JSON.stringify(value, (_, v) =>
    typeof v === 'bigint'
      ? `${v}n`
      : v === undefined
        ? '(undefined)'
        : v instanceof Date
          ? `Date(${v.getTime()})`
          : v,
  );

/** The first `count` values a stream of shrinks gives. */
function firstShrinks<T>(arb: fc.Arbitrary<T>, value: T, count: number): T[] {
  const out: T[] = [];
  for (const shrunk of arb.shrink(value, undefined)) {
    out.push(shrunk.value);
    if (out.length >= count) break;
  }
  return out;
}

describe('the arbitraries of order-preflight/testing, as fast-check checks its own', () => {
  it.each(ARBITRARIES)(
    '%s: the same seed gives the same values, from an arbitrary made afresh too',
    (_, make) => {
      for (const seed of [1, 2_147_483_647]) {
        const once = fc.sample(make(), { seed, numRuns: 10 });
        const again = fc.sample(make(), { seed, numRuns: 10 });
        expect(again.map(comparable)).toEqual(once.map(comparable));
      }
      // and another seed gives other values
      expect(comparable(fc.sample(make(), { seed: 2, numRuns: 10 }))).not.toBe(
        comparable(fc.sample(make(), { seed: 1, numRuns: 10 })),
      );
    },
  );

  it.each(ARBITRARIES)(
    '%s: every value it makes shrinks without its context, into values it makes',
    (_, make) => {
      const arb = make();
      fc.assert(
        fc.property(arb, (value) => {
          expect(arb.canShrinkWithoutContext(value)).toBe(true);
          for (const shrunk of firstShrinks(arb, value, 3))
            expect(arb.canShrinkWithoutContext(shrunk)).toBe(true);
        }),
        propertyParameters(15),
      );
    },
  );

  // A filtered arbitrary (canBreak) shrinks only through the values it keeps, so it may settle in
  // more than one simplest value.
  const unfiltered = ARBITRARIES.filter(([name]) => !name.includes('canBreak'));
  it.each(unfiltered)(
    '%s: a property failing on every value shrinks to one simplest value, from any seed',
    (_, make) => {
      const ends = [1, 2, 3].map((seed) => {
        const run = fc.check(
          fc.property(make(), () => false),
          { seed },
        );
        expect(run.failed).toBe(true);
        return comparable(run.counterexample);
      });
      expect(new Set(ends).size).toBe(1);
    },
  );
});

describe('shrinking reaches the simplest value and the exact boundary', () => {
  const simplest = (arb: fc.Arbitrary<unknown>) =>
    fc.check(
      fc.property(arb, () => false),
      { seed: 1 },
    ).counterexample?.[0];

  it('pairDefinitionArb: the simplest pair has tick 1, no step, precision 0, the smallest bounds, and trades', () => {
    expect(simplest(pairDefinitionArb())).toEqual({
      symbol: 'AAUSDT',
      status: 'TRADING',
      baseAsset: 'AA',
      baseAssetPrecision: 0,
      quoteAsset: 'USDT',
      quoteAssetPrecision: 0,
      tickSize: '1',
      tickSizeSource: 'tickSize',
      stepSize: null,
      minTradeAmount: '0',
      maxTradeAmount: '1',
      takerFeeRate: null,
      makerFeeRate: null,
      buyLimitPriceRatio: '0.001',
      sellLimitPriceRatio: '0.001',
      marketBuyLimitSize: '1',
      marketSellLimitSize: '1',
      marketFallbackPriceRatio: '0',
      enableTrade: true,
      enableDisplay: null,
      displayDigitMerge: ['1', '10', '100', '1000', '10000'],
      displayNew: null,
      displayHot: null,
    });
  });

  it('exchangeInfoArb: the simplest payload is one simplest pair, as plainly as the wire writes it', () => {
    expect(simplest(exchangeInfoArb())).toEqual({
      timezone: 'UTC',
      serverTime: 1_500_000_000_000,
      rateLimits: [],
      symbols: [
        {
          symbol: 'AAUSDT',
          status: 'TRADING',
          baseAsset: 'AA',
          quoteAsset: 'USDT',
          baseAssetPrecision: 0,
          quoteAssetPrecision: 0,
          tickSize: '1',
          enableTrade: true,
          displayDigitMerge: '1,10,100,1000,10000',
          minTradeAmount: '0',
          maxTradeAmount: '1',
          buyLimitPriceRatio: '0.001',
          sellLimitPriceRatio: '0.001',
          marketBuyLimitSize: '1',
          marketSellLimitSize: '1',
          marketFallbackPriceRatio: '0',
        },
      ],
    });
  });

  it('validOrderArb and invalidOrderArb: the lowest price and quantity, a LIMIT BUY, no client order id', () => {
    const lowest = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '0.01',
      quantity: '0.0001',
    };
    expect(simplest(validOrderArb(BTC, CONTEXT))).toEqual(lowest);
    expect(simplest(invalidOrderArb(BTC, 'PRICE_TICK'))).toEqual({ ...lowest, price: '0.00999999' });
    expect(simplest(invalidOrderArb(BTC, 'MISSING_FIELD'))).toEqual({
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '0.01',
      quantity: '0.0001',
    });
  });

  it('a failure from a bound on shrinks to exactly the bound: the least quantity and price that fail', () => {
    const quantities = fc.check(
      fc.property(validOrderArb(BTC, { types: ['MARKET'] }), (o) => Number(o.quantity) < 1.2345),
      { seed: 4 },
    );
    expect(quantities.counterexample?.[0]).toMatchObject({ type: 'MARKET', quantity: '1.2345' });
    const prices = fc.check(
      fc.property(
        validOrderArb(BTC, { types: ['LIMIT'], encoding: 'string' }),
        (o) => Number(o.price) < 777.77,
      ),
      { seed: 4 },
    );
    expect(prices.counterexample?.[0]).toMatchObject({ price: '777.77', quantity: '0.0001' });
    // A pair from a bound on: the shortest symbol that fails.
    const pairs = fc.check(
      fc.property(pairDefinitionArb({ tradingOnly: true }), (d) => d.symbol.length < 9),
      { seed: 4 },
    );
    expect(pairs.counterexample?.[0]).toMatchObject({ symbol: 'AAAAAUSDT' });
  });

  it('a value given in examples, which fast-check did not make, shrinks too', () => {
    const hand: PairDefinition = {
      ...BTC,
      symbol: 'ZZZTRY',
      baseAsset: 'ZZZ',
      quoteAsset: 'TRY',
      tickSize: '0.5',
      stepSize: '0.001',
      baseAssetPrecision: 8,
      quoteAssetPrecision: 8,
      displayDigitMerge: ['0.5', '5', '50', '500', '5000'],
      maxTradeAmount: '9000.001',
      minTradeAmount: '0.001',
      marketBuyLimitSize: '50',
      marketSellLimitSize: '50',
    };
    const arb = pairDefinitionArb();
    expect(arb.canShrinkWithoutContext(hand)).toBe(true);
    const run = fc.check(
      fc.property(arb, (d) => d.tickSize !== '0.5'),
      { examples: [[hand]], numRuns: 1 },
    );
    expect(run.failed).toBe(true);
    expect(run.numShrinks).toBeGreaterThan(0);
    expect(run.counterexample?.[0]).toMatchObject({ symbol: 'AAUSDT', tickSize: '0.5' });
    expect(Number(run.counterexample?.[0]?.minTradeAmount)).toBeLessThan(Number(hand.minTradeAmount));
    // An order written by hand shrinks the same way.
    const order: OrderInput = {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'LIMIT',
      timeInForce: 'IOC',
      price: '64000.5',
      quantity: '0.250',
    };
    const orders = validOrderArb(BTC, CONTEXT);
    expect(orders.canShrinkWithoutContext(order)).toBe(true);
    const shrunk = fc.check(
      fc.property(orders, (o) => o.side !== 'SELL'),
      { examples: [[order]], numRuns: 1 },
    );
    expect(shrunk.counterexample?.[0]).toMatchObject({ side: 'SELL', type: 'LIMIT', timeInForce: 'GTC' });
    expect(Number(shrunk.counterexample?.[0]?.quantity)).toBe(0.0001);
    // A value no arbitrary of these options could make is left as it is, never shrunk into another.
    expect(arb.canShrinkWithoutContext({ ...hand, tickSize: '0.7' })).toBe(false);
    expect(orders.canShrinkWithoutContext({ ...order, price: '64000.505' })).toBe(false);
  });
});

describe('ruleBookOf: the book of the same pairs read from the wire', () => {
  it('gives every generated pair, sent in any wire spelling, the same reading, tick inference included', () => {
    fc.assert(
      fc.property(
        withInputs(pairDefinitionArb({ absentRuleFields: true }), wirePairArb),
        ([definition, wire]) => {
          const fromWire = RuleBook.fromExchangeInfo(
            parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: [wire] }),
          );
          const book = ruleBookOf([definition]);
          expect(book.rejected).toEqual([]);
          expect(book.definition(definition.symbol)).toEqual(fromWire.definition(definition.symbol));
          // From the book's own view of the pair (its tick perhaps inferred), the same book again.
          const inForce = book.definition(definition.symbol) as PairDefinition;
          expect(ruleBookOf([inForce]).definition(definition.symbol)).toEqual(inForce);
          expect(ruleBookOf([definition], { inferTickSize: false }).definition(definition.symbol)).toEqual(
            definition,
          );
        },
      ),
      propertyParameters(100),
    );
  });

  it('where handing a definition back to parseExchangeInfo loses the tick with a warning', () => {
    const onlyMerge: PairDefinition = { ...BTC, tickSize: null, tickSizeSource: 'none' };
    const guessed = RuleBook.fromExchangeInfo(
      parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: [onlyMerge] }),
    );
    expect(guessed.definition('BTCUSDT')?.tickSize).toBeNull();
    expect(guessed.warnings.map((w) => w.field)).toContain('displayDigitMerge');
    const book = ruleBookOf([onlyMerge]);
    expect(book.warnings).toEqual([]);
    expect(book.definition('BTCUSDT')).toMatchObject({
      tickSize: '0.01',
      tickSizeSource: 'displayDigitMerge',
    });
    expect(
      book
        .validateOrder({
          symbol: 'BTCUSDT',
          side: 'BUY',
          type: 'LIMIT',
          timeInForce: 'GTC',
          price: '1.005',
          quantity: '1',
        })
        .violations.map((v) => v.code),
    ).toEqual(['PRICE_TICK']);
  });
});

describe('canBreak: whether invalidOrderArb can break a rule alone', () => {
  const OPTIONS: readonly OrderArbOptions[] = [
    {},
    CONTEXT,
    { referencePrice: '0.5', maxNotional: '0.5' },
    { inferTickSize: false },
    { types: ['MARKET'] },
    { sides: ['SELL'], referencePrice: '3' },
  ];

  it('answers exactly whether invalidOrderArb throws, for every code and pair', () => {
    const seen = { can: 0, cannot: 0 };
    fc.assert(
      fc.property(
        pairDefinitionArb({ absentRuleFields: true }),
        fc.constantFrom(...VIOLATION_CODES),
        fc.constantFrom(...OPTIONS),
        (pair, code, options) => {
          let threw = false;
          try {
            invalidOrderArb(pair, code, options);
          } catch (error) {
            if (!isArbitraryConfigurationError(error)) throw error;
            threw = true;
          }
          expect(canBreak(pair, code, options)).toBe(!threw);
          seen[threw ? 'cannot' : 'can']++;
        },
      ),
      propertyParameters(500),
    );
    expect(seen.can).toBeGreaterThan(100);
    expect(seen.cannot).toBeGreaterThan(100);
  });

  it('pairDefinitionArb({ canBreak }) makes only such pairs, and their orders break the rule alone', () => {
    const codes = BREAKABLE.filter((c) => c !== 'NOTIONAL_ABOVE_MAX');
    const perCode = (code: ViolationCode) =>
      withInputs(
        pairDefinitionArb({ absentRuleFields: true, canBreak: code, orderOptions: CONTEXT }),
        (pair) => invalidOrderArb(pair, code, CONTEXT),
      );
    fc.assert(
      fc.property(fc.tuple(...codes.map(perCode)), (drawn) => {
        drawn.forEach(([pair, order], i) => {
          expect(canBreak(pair, codes[i] as ViolationCode, CONTEXT)).toBe(true);
          const found = ruleBookOf([pair])
            .validateOrder(order, CONTEXT)
            .violations.map((v) => v.code);
          expect(found).toEqual([codes[i]]);
        });
      }),
      propertyParameters(10),
    );
  });

  it.each([
    ['SYMBOL_DEFINITION_INVALID', {}, 'set aside'],
    ['PRICE_ABOVE_BUY_LIMIT', {}, 'referencePrice'],
    ['NOTIONAL_ABOVE_MAX', {}, 'maxNotional'],
    ['SYMBOL_NOT_TRADING', { tradingOnly: true }, 'tradingOnly'],
    ['TRADING_DISABLED', { tradingOnly: true }, 'tradingOnly'],
    ['PRICE_TICK', { orderOptions: { types: ['MARKET'] } }, 'LIMIT'],
  ] as const)(
    'pairDefinitionArb({ canBreak: %s }) that no pair can satisfy throws at once, naming why (%o)',
    (code, options, named) => {
      let message = '';
      try {
        pairDefinitionArb({ ...options, canBreak: code });
      } catch (error) {
        if (!isArbitraryConfigurationError(error)) throw error;
        message = error.message;
      }
      expect(message).toContain(named);
    },
  );
});
