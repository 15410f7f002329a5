/**
 * `order-preflight/testing` against the library itself, over v2 wire shapes: definitions survive
 * the wire, valid orders pass every book the pair can be read into (tick inferred or not), and
 * invalid orders fail with exactly their code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type PairDefinition,
  parseExchangeInfo,
  RuleBook,
  type ValidationContext,
  VIOLATION_CODES,
  type Violation,
  type ViolationCode,
} from '../src/index.js';
import { Big } from '../src/testing/big.js';
import { wirePairArb } from '../src/testing/exchange-info-arb.js';
import {
  exchangeInfoArb,
  invalidOrderArb,
  isArbitraryConfigurationError,
  type PairDefinitionArbOptions,
  pairDefinitionArb,
  validOrderArb,
} from '../src/testing/index.js';
import { propertyParameters } from '../test-support/runs.js';
import { ordersOrNone, withInputs } from '../test-support/scenario.js';

/** Codes that a valid definition lets an order break alone (SYMBOL_DEFINITION_INVALID needs a bad one). */
const BREAKABLE = VIOLATION_CODES.filter((c) => c !== 'SYMBOL_DEFINITION_INVALID');
/** Codes every trading pair can break alone without a context. */
const WITHOUT_CONTEXT = ['PRICE_PRECISION', 'QUANTITY_PRECISION', 'MISSING_FIELD', 'UNKNOWN_SYMBOL'] as const;

/** One pair read from the wire, both ways a book can read it, and the context orders are checked with. */
interface Scenario {
  /** As `parseExchangeInfo` returns it (`tickSize: null` when not sent). */
  readonly parsed: PairDefinition;
  /** As the default book holds it (`book.definition`), its tick perhaps inferred. */
  readonly inForce: PairDefinition;
  /** Infers a missing tick from displayDigitMerge (the default). */
  readonly book: RuleBook;
  /** `inferTickSize: false`. */
  readonly literal: RuleBook;
  readonly context: ValidationContext;
  /** The tick was inferred by `book`. */
  readonly inferred: boolean;
}

/** Reference prices from a memecoin's to a 6-digit index's, to meet every grid at every scale. */
const referenceArb = fc.constantFrom('0.0000144', '0.5', '3', '2650.5', '64000', '110000', '1234567.89');
const maxNotionalArb = fc.constantFrom('0.5', '100', '25000', '1000000', '99999999999');

function scenarioArb(options: PairDefinitionArbOptions): fc.Arbitrary<Scenario> {
  return fc
    .record({
      wire: withInputs(pairDefinitionArb(options), wirePairArb).map(([, wire]) => wire),
      referencePrice: fc.option(referenceArb, { nil: undefined }),
      maxNotional: fc.option(maxNotionalArb, { nil: undefined }),
    })
    .map(({ wire, referencePrice, maxNotional }) => {
      const info = parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: [wire] });
      const parsed = info.symbols[0];
      if (parsed === undefined) throw new Error(`set aside: ${JSON.stringify(info.rejected)}`);
      const book = RuleBook.fromExchangeInfo(info);
      const inForce = book.definition(parsed.symbol) ?? parsed;
      return {
        parsed,
        inForce,
        book,
        literal: RuleBook.fromExchangeInfo(info, { inferTickSize: false }),
        context: {
          ...(referencePrice === undefined ? {} : { referencePrice }),
          ...(maxNotional === undefined ? {} : { maxNotional }),
        },
        inferred: inForce.tickSizeSource === 'displayDigitMerge',
      };
    });
}

/** Pairs in every state, with rule fields absent in about half the runs. */
const anyScenarioArb = (tradingOnly: boolean) =>
  fc.oneof(
    scenarioArb({ tradingOnly, absentRuleFields: false }),
    scenarioArb({ tradingOnly, absentRuleFields: true }),
  );

function codesOf(book: RuleBook, order: unknown, context: ValidationContext): ViolationCode[] {
  return book.validateOrder(order, context).violations.map((v) => v.code);
}

/** The smallest positive step of a depth-merge list, independently of the library. */
function smallestStep(steps: readonly string[] | null): string | undefined {
  const positive = (steps ?? []).filter((s) => new Big(s).gt(new Big('0')));
  return positive.sort((a, b) => new Big(a).cmp(new Big(b)))[0];
}

const hasTrailingZero = (v: unknown) => typeof v === 'string' && /\.\d*0$/.test(v);

describe('order-preflight/testing arbitraries (v2 wire shapes)', () => {
  it('a generated definition spelled as the wire reads back as itself; the book infers its tick from displayDigitMerge exactly when tickSize is not sent', () => {
    fc.assert(
      fc.property(
        withInputs(pairDefinitionArb({ tradingOnly: false, absentRuleFields: true }), wirePairArb),
        ([definition, wire]) => {
          const info = parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: [wire] });
          expect(info.rejected).toEqual([]);
          expect(info.symbols).toEqual([definition]);
          const step = smallestStep(definition.displayDigitMerge);
          const inForce = RuleBook.fromExchangeInfo(info).definition(definition.symbol);
          if (definition.tickSize === null && step !== undefined)
            expect(inForce).toEqual({ ...definition, tickSize: step, tickSizeSource: 'displayDigitMerge' });
          else expect(inForce).toEqual(definition);
          expect(
            RuleBook.fromExchangeInfo(info, { inferTickSize: false }).definition(definition.symbol),
          ).toEqual(definition);
        },
      ),
      propertyParameters(30),
    );
  });

  it('exchangeInfoArb payloads parse whole, in every v2 wire shape', () => {
    const seen = {
      stringDecimal: false,
      numberDecimal: false,
      paddedToEight: false,
      tickOnlyInMerge: false,
      unsortedMerge: false,
      mergeTrailingComma: false,
      noStepSize: false,
      stringPrecision: false,
      nullFeeRate: false,
      stringFlag: false,
      absentRuleField: false,
      zeroFallback: false,
    };
    fc.assert(
      fc.property(
        fc.oneof(
          exchangeInfoArb({ tradingOnly: false, absentRuleFields: false }),
          exchangeInfoArb({ tradingOnly: false, absentRuleFields: true }),
        ),
        (payload) => {
          const info = parseExchangeInfo(payload);
          expect(info.rejected).toEqual([]);
          const book = RuleBook.fromExchangeInfo(info);
          expect(book.size).toBe((payload.symbols as unknown[]).length);
          for (const raw of payload.symbols as Record<string, unknown>[]) {
            const merge = typeof raw.displayDigitMerge === 'string' ? raw.displayDigitMerge : '';
            const steps = merge.split(',').filter((s) => s !== '');
            if (typeof raw.minTradeAmount === 'string') seen.stringDecimal = true;
            if (typeof raw.minTradeAmount === 'number') seen.numberDecimal = true;
            if (typeof raw.tickSize === 'string' && /^\d+\.\d{7}0$/.test(raw.tickSize))
              seen.paddedToEight = true;
            if (!('tickSize' in raw) && steps.length > 0) seen.tickOnlyInMerge = true;
            if (steps.some((s, i) => i > 0 && new Big(s).lt(new Big(steps[i - 1] as string))))
              seen.unsortedMerge = true;
            if (merge.endsWith(',')) seen.mergeTrailingComma = true;
            if (!('stepSize' in raw) || raw.stepSize === null) seen.noStepSize = true;
            if (typeof raw.quoteAssetPrecision === 'string') seen.stringPrecision = true;
            if (raw.takerFeeRate === null) seen.nullFeeRate = true;
            if (raw.enableDisplay === 'true' || raw.enableTrade === 'true') seen.stringFlag = true;
            if (!('maxTradeAmount' in raw) || raw.maxTradeAmount === null) seen.absentRuleField = true;
            if (Number(raw.marketFallbackPriceRatio) === 0 && raw.marketFallbackPriceRatio !== null)
              seen.zeroFallback = true;
          }
        },
      ),
      // Enough runs for every shape to show: the rarest (a null fee rate) is in one payload in six, so
      // 100 runs miss it with odds under 1 in 10^7.
      propertyParameters(100),
    );
    expect(Object.entries(seen).filter(([, v]) => !v)).toEqual([]);
  });

  it('validOrderArb orders pass, whether the book infers the tick or not, from the parsed or the book definition', () => {
    let inferredPairs = 0;
    let trailingZeros = 0;
    fc.assert(
      fc.property(
        withInputs(anyScenarioArb(true), (s) =>
          fc.tuple(
            ordersOrNone(() => validOrderArb(s.parsed, s.context), 4),
            ordersOrNone(() => validOrderArb(s.inForce, s.context), 2),
            ordersOrNone(() => validOrderArb(s.parsed, { ...s.context, inferTickSize: false }), 2),
          ),
        ),
        ([s, [fromParsed, fromBook, literal]]) => {
          const ok = (book: RuleBook, order: unknown) =>
            expect(book.validateOrder(order, s.context).violations).toEqual([]);
          for (const order of fromParsed) {
            ok(s.book, order);
            ok(s.literal, order);
            if (s.inferred) inferredPairs++;
            if (hasTrailingZero(order.price) || hasTrailingZero(order.quantity)) trailingZeros++;
          }
          for (const order of fromBook) ok(s.book, order);
          for (const order of literal) ok(s.literal, order);
        },
      ),
      propertyParameters(30),
    );
    expect(inferredPairs).toBeGreaterThan(0);
    expect(trailingZeros).toBeGreaterThan(0);
  });

  it('without a context, every trading pair admits valid orders and both precision breaches', () => {
    fc.assert(
      // Made without ordersOrNone: an arbitrary that threw would fail the property.
      fc.property(
        withInputs(scenarioArb({ tradingOnly: true }), (s) =>
          fc.tuple(
            fc.array(validOrderArb(s.parsed), { minLength: 2, maxLength: 2 }),
            ...WITHOUT_CONTEXT.map((code) =>
              fc.array(invalidOrderArb(s.parsed, code), { minLength: 2, maxLength: 2 }),
            ),
          ),
        ),
        ([s, [valid, ...invalid]]) => {
          for (const order of valid) expect(codesOf(s.book, order, {})).toEqual([]);
          invalid.forEach((orders, i) => {
            for (const order of orders) expect(codesOf(s.book, order, {})).toEqual([WITHOUT_CONTEXT[i]]);
          });
        },
      ),
      propertyParameters(15),
    );
  });

  it('invalidOrderArb(d, code) orders break exactly [code] on every book that checks it', () => {
    const produced = new Set<ViolationCode>();
    const v2 = {
      precisionOnTick: false,
      precisionOnStep: false,
      tickInferred: false,
      tickWithinPrecision: false,
    };
    fc.assert(
      fc.property(
        withInputs(anyScenarioArb(false), (s) =>
          fc.tuple(
            ...BREAKABLE.map((code) =>
              fc.tuple(
                ordersOrNone(() => invalidOrderArb(s.parsed, code, s.context), 2),
                ordersOrNone(() => invalidOrderArb(s.inForce, code, s.context), 1),
                ordersOrNone(
                  () => invalidOrderArb(s.parsed, code, { ...s.context, inferTickSize: false }),
                  1,
                ),
              ),
            ),
          ),
        ),
        ([s, perCode]) => {
          BREAKABLE.forEach((code, i) => {
            const [fromParsed = [], fromBook = [], literal = []] = perCode[i] ?? [];
            for (const order of fromParsed) {
              expect(codesOf(s.book, order, s.context)).toEqual([code]);
              // An inferred tick is the one thing a literal book does not check.
              if (!(code === 'PRICE_TICK' && s.inferred))
                expect(codesOf(s.literal, order, s.context)).toEqual([code]);
              produced.add(code);
              const o = order as Record<string, unknown>;
              if (code === 'PRICE_PRECISION' && s.inForce.tickSize !== null) v2.precisionOnTick = true;
              if (code === 'QUANTITY_PRECISION' && s.parsed.stepSize !== null) v2.precisionOnStep = true;
              if (code === 'PRICE_TICK' && s.inferred) v2.tickInferred = true;
              if (
                code === 'PRICE_TICK' &&
                s.parsed.quoteAssetPrecision !== null &&
                typeof o.price === 'string'
              )
                v2.tickWithinPrecision = true;
            }
            for (const order of fromBook) expect(codesOf(s.book, order, s.context)).toEqual([code]);
            for (const order of literal) expect(codesOf(s.literal, order, s.context)).toEqual([code]);
          });
        },
      ),
      // Enough runs for every code to be produced: the rarest (TRADING_DISABLED, SYMBOL_NOT_TRADING)
      // can be broken in one scenario in ten, so 150 runs miss one with odds under 1 in 10^6.
      propertyParameters(150),
    );
    expect([...produced].sort()).toEqual([...BREAKABLE].sort());
    expect(v2).toEqual({
      precisionOnTick: true,
      precisionOnStep: true,
      tickInferred: true,
      tickWithinPrecision: true,
    });
  });

  it('every suggestion satisfies the rule it was given for', () => {
    fc.assert(
      fc.property(
        withInputs(anyScenarioArb(true), (s) =>
          fc.tuple(
            ...BREAKABLE.map((code) => ordersOrNone(() => invalidOrderArb(s.parsed, code, s.context), 1)),
          ),
        ),
        ([s, perCode]) => {
          for (const order of perCode.flat())
            for (const v of s.book.validateOrder(order, s.context).violations) checkSuggestion(s, order, v);
        },
      ),
      propertyParameters(20),
    );
  });
});

/** A WEEX-shaped pair (`withoutGrid`: no tickSize, no stepSize, precisions 8) with every bound. */
const WEEX_LIKE: PairDefinition = {
  symbol: 'BTCUSDT',
  status: 'TRADING',
  baseAsset: 'BTC',
  baseAssetPrecision: 8,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 8,
  tickSize: null,
  tickSizeSource: 'none',
  stepSize: '0.0001',
  minTradeAmount: '0.0001',
  maxTradeAmount: '1000',
  takerFeeRate: null,
  makerFeeRate: '0.0002',
  buyLimitPriceRatio: '0.05',
  sellLimitPriceRatio: '0.05',
  marketBuyLimitSize: '100',
  marketSellLimitSize: '100',
  marketFallbackPriceRatio: '0',
  enableTrade: true,
  enableDisplay: true,
  displayDigitMerge: ['1', '0.1', '10', '100'],
  displayNew: false,
  displayHot: true,
};

function bookOf(definition: PairDefinition, inferTickSize = true): RuleBook {
  const symbols = [
    {
      ...definition,
      displayDigitMerge: definition.displayDigitMerge?.join(',') ?? null,
      tickSizeSource: undefined,
    },
  ];
  return RuleBook.fromExchangeInfo(parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols }), {
    inferTickSize,
  });
}

function configurationError(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    if (isArbitraryConfigurationError(error)) return error.message;
    throw error;
  }
  throw new Error('expected an ArbitraryConfigurationError');
}

describe('order-preflight/testing on a hand-written v2 pair', () => {
  it('valid prices lie on the smallest displayDigitMerge step when tickSize is not sent', () => {
    fc.assert(
      fc.property(validOrderArb(WEEX_LIKE, { types: ['LIMIT'], encoding: 'string' }), (o) => {
        expect(new Big(o.price as string).mod(new Big('0.1')).eq(new Big('0'))).toBe(true);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('PRICE_PRECISION on a pair with a tick: on the tick, written past quoteAssetPrecision', () => {
    const pair = { ...WEEX_LIKE, tickSize: '0.01', tickSizeSource: 'tickSize' as const };
    const book = bookOf(pair);
    fc.assert(
      fc.property(invalidOrderArb(pair, 'PRICE_PRECISION', { referencePrice: '64000' }), (order) => {
        const price = (order as { price: string | number }).price;
        expect(String(price).split('.')[1]?.length ?? 0).toBeGreaterThan(8);
        expect(codesOf(book, order, { referencePrice: '64000' })).toEqual(['PRICE_PRECISION']);
      }),
      { numRuns: 50, seed: 3 },
    );
  });

  it('QUANTITY_PRECISION on a pair with a step, and PRICE_TICK on an inferred tick', () => {
    const book = bookOf(WEEX_LIKE);
    const literal = bookOf(WEEX_LIKE, false);
    fc.assert(
      fc.property(
        invalidOrderArb(WEEX_LIKE, 'QUANTITY_PRECISION'),
        invalidOrderArb(WEEX_LIKE, 'PRICE_TICK'),
        (offPrecision, offTick) => {
          expect(codesOf(book, offPrecision, {})).toEqual(['QUANTITY_PRECISION']);
          expect(codesOf(book, offTick, {})).toEqual(['PRICE_TICK']);
          expect(codesOf(literal, offTick, {})).toEqual([]);
        },
      ),
      { numRuns: 50, seed: 5 },
    );
  });

  it.each([
    ['QUANTITY_BELOW_MIN', { minTradeAmount: null }, {}, 'minTradeAmount'],
    ['QUANTITY_ABOVE_MAX', { maxTradeAmount: null }, {}, 'maxTradeAmount'],
    ['PRICE_PRECISION', { quoteAssetPrecision: null }, {}, 'quoteAssetPrecision'],
    ['QUANTITY_PRECISION', { baseAssetPrecision: null }, {}, 'baseAssetPrecision'],
    ['QUANTITY_STEP', { stepSize: null }, {}, 'stepSize'],
    ['PRICE_TICK', { displayDigitMerge: null }, {}, 'tickSize'],
    ['PRICE_TICK', {}, { inferTickSize: false }, 'inferTickSize'],
    ['PRICE_TICK', { tickSize: '0.01', quoteAssetPrecision: 2 }, {}, 'PRICE_PRECISION'],
    ['QUANTITY_STEP', { stepSize: '0.01', baseAssetPrecision: 2 }, {}, 'QUANTITY_PRECISION'],
    [
      'PRICE_ABOVE_BUY_LIMIT',
      { buyLimitPriceRatio: null },
      { referencePrice: '64000' },
      'buyLimitPriceRatio',
    ],
    [
      'PRICE_BELOW_SELL_LIMIT',
      { sellLimitPriceRatio: null },
      { referencePrice: '64000' },
      'sellLimitPriceRatio',
    ],
    ['PRICE_ABOVE_BUY_LIMIT', {}, {}, 'referencePrice'],
    [
      'MARKET_SIZE_ABOVE_MAX',
      { marketBuyLimitSize: null, marketSellLimitSize: null },
      {},
      'marketBuyLimitSize',
    ],
    ['NOTIONAL_ABOVE_MAX', {}, {}, 'maxNotional'],
    ['SYMBOL_NOT_TRADING', { status: null }, {}, 'status'],
    ['TRADING_DISABLED', { enableTrade: null }, {}, 'enableTrade'],
  ] as const)(
    'invalidOrderArb(d, %s) without what it needs throws a typed error naming it (%o)',
    (code, change, options, named) => {
      const message = configurationError(() => invalidOrderArb({ ...WEEX_LIKE, ...change }, code, options));
      expect(message).toContain(named);
    },
  );

  it('a precision coarser than the grid: orders live on the common grid, and each grid rule still breaks alone', () => {
    // tick 0.00000012 with 2 places: valid prices are multiples of 0.03; step 0.25 with 1 place: of 0.5.
    const odd: PairDefinition = {
      ...WEEX_LIKE,
      tickSize: '0.00000012',
      tickSizeSource: 'tickSize',
      quoteAssetPrecision: 2,
      stepSize: '0.25',
      baseAssetPrecision: 1,
      minTradeAmount: '0.5',
    };
    const book = bookOf(odd);
    const context = { referencePrice: '3' };
    fc.assert(
      fc.property(validOrderArb(odd, context), (order) => {
        expect(book.validateOrder(order, context).violations).toEqual([]);
      }),
      { numRuns: 100, seed: 13 },
    );
    const codes = ['PRICE_TICK', 'PRICE_PRECISION', 'QUANTITY_STEP', 'QUANTITY_PRECISION'] as const;
    fc.assert(
      fc.property(fc.tuple(...codes.map((code) => invalidOrderArb(odd, code, context))), (orders) => {
        orders.forEach((order, i) => {
          expect(codesOf(book, order, context)).toEqual([codes[i]]);
        });
      }),
      { numRuns: 50, seed: 13 },
    );
  });

  it('absent rule fields impose nothing on valid orders', () => {
    const bare: PairDefinition = {
      ...WEEX_LIKE,
      status: null,
      enableTrade: null,
      minTradeAmount: null,
      maxTradeAmount: null,
      buyLimitPriceRatio: null,
      sellLimitPriceRatio: null,
      marketBuyLimitSize: null,
      marketSellLimitSize: null,
      marketFallbackPriceRatio: null,
    };
    const book = bookOf(bare);
    const context = { referencePrice: '64000', maxNotional: '1000' };
    fc.assert(
      fc.property(validOrderArb(bare, context), (order) => {
        expect(book.validateOrder(order, context).violations).toEqual([]);
      }),
      { numRuns: 100, seed: 11 },
    );
  });
});

/** The order field a rule's suggestion replaces. */
function suggestedField(v: Violation): string | undefined {
  if (v.field === 'price' || v.field === 'quantity') return v.field;
  if (v.code === 'INVALID_FIELD' && (v.field === 'side' || v.field === 'type' || v.field === 'timeInForce'))
    return v.field;
  return undefined;
}

function checkSuggestion(s: Scenario, order: unknown, v: Violation): void {
  const field = suggestedField(v);
  if (field === undefined || v.suggestion === undefined) return;
  expect(v.suggestion.length).toBeGreaterThan(0);
  for (const value of v.suggestion) {
    expect(value).toMatch(field === 'price' || field === 'quantity' ? /^(0|[1-9]\d*)(\.\d+)?$/ : /^[A-Z]+$/);
    const repaired = { ...(order as Record<string, unknown>), [field]: value };
    const again = s.book.validateOrder(repaired, s.context).violations;
    expect(again.some((w) => w.code === v.code && w.field === v.field)).toBe(false);
  }
}
