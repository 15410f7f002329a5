import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ExchangeInfo,
  type PairDefinition,
  parseExchangeInfo,
  RuleBook,
  type ValidationContext,
  VIOLATION_CODES,
} from '../src/index.js';
import { isSnapshotError } from '../src/snapshot/snapshot-error.js';
import { SNAPSHOT_VERSION } from '../src/snapshot/snapshot-schema.js';
import { exchangeInfoArb, invalidOrderArb, validOrderArb } from '../src/testing/index.js';
import { canonical, smallestMergeStep } from '../test-support/model/spec-model.js';
import { propertyParameters } from '../test-support/runs.js';

/**
 * A snapshot written by one process and read by another must give the same verdicts. The trip
 * here is the one between processes: `JSON.stringify`, then `JSON.parse` and `RuleBook.fromJSON`.
 */
function reloaded(book: RuleBook): RuleBook {
  return RuleBook.fromJSON(JSON.parse(JSON.stringify(book)));
}

/**
 * A parsed definition as the book keeps it (docs/exchange-semantics.md: snapshots keep the grid and
 * its source): without a tick, the smallest step of `displayDigitMerge` is the tick, if the list
 * has one.
 */
function inForce(d: PairDefinition): PairDefinition {
  if (d.tickSize !== null) return d;
  const smallest = smallestMergeStep((d.displayDigitMerge ?? []).join(','));
  return smallest === undefined
    ? d
    : { ...d, tickSize: canonical(smallest), tickSizeSource: 'displayDigitMerge' };
}

const ORDERS_PER_PAYLOAD = 40;
const REFERENCE_PRICES = ['0.0000144', '0.5', '3', '2650.5', '64000', '1234567.89'];
const MAX_NOTIONALS = ['0.5', '100', '25000', '99999999999'];

/** Ways a payload's definition can be set aside, so snapshots carry `rejected` entries too. */
type Breakage = 'malformed' | 'duplicate' | 'unreadable';

function withBreakages(
  payload: Record<string, unknown>,
  breakages: readonly Breakage[],
): Record<string, unknown> {
  const listed = payload.symbols as Record<string, unknown>[];
  const symbols: unknown[] = [...listed];
  const first = listed[0] ?? {};
  breakages.forEach((breakage, i) => {
    if (breakage === 'malformed') symbols.push({ ...first, symbol: `BROKEN${i}USDT`, tickSize: -1 });
    else if (breakage === 'duplicate') symbols.push({ ...first });
    else symbols.push(i % 2 === 0 ? null : { symbol: 42 });
  });
  return { ...payload, symbols };
}

const payloadArb = fc
  .tuple(
    exchangeInfoArb({ maxPairs: 6 }),
    fc.array(fc.constantFrom<Breakage>('malformed', 'duplicate', 'unreadable'), { maxLength: 3 }),
  )
  .map(([payload, breakages]) => withBreakages(payload, breakages));

const contextArb: fc.Arbitrary<ValidationContext> = fc
  .record({
    referencePrice: fc.option(fc.constantFrom(...REFERENCE_PRICES), { nil: undefined }),
    maxNotional: fc.option(fc.constantFrom(...MAX_NOTIONALS), { nil: undefined }),
  })
  .map(({ referencePrice, maxNotional }) => ({
    ...(referencePrice === undefined ? {} : { referencePrice }),
    ...(maxNotional === undefined ? {} : { maxNotional }),
  }));

/** Decimals as orders carry them, well-formed or not. */
const decimalishArb = fc.oneof(
  {
    arbitrary: fc.constantFrom('1', '0.01', '0.00000001', '100.005', '64000', '2650.5', '0.5', '3'),
    weight: 4,
  },
  fc.constantFrom('1e-8', '-1', '', ' 1', '0', '01'),
  fc.double(),
  fc.integer().map(String),
  fc.string(),
);

interface OrderCase {
  readonly order: unknown;
  readonly context: unknown;
}

/** `make()`, or `undefined` when the definition admits no such order (a halted pair, say). */
function tryArb<T>(make: () => fc.Arbitrary<T>): fc.Arbitrary<T> | undefined {
  try {
    return make();
  } catch (error) {
    if (error instanceof Error && error.name === 'ArbitraryConfigurationError') return undefined;
    throw error;
  }
}

/** Valid, single-rule-breaking and random orders for every listed, set-aside and unknown symbol. */
function orderCaseArb(info: ExchangeInfo): fc.Arbitrary<OrderCase> {
  const symbols = [
    ...info.symbols.map((d) => d.symbol),
    ...info.rejected.flatMap((r) => (r.symbol === undefined ? [] : [r.symbol])),
    'UNLISTEDPAIRUSDT',
  ];
  const randomOrderArb = fc.record(
    {
      symbol: fc.constantFrom(...symbols),
      side: fc.constantFrom('BUY', 'SELL', 'HOLD'),
      type: fc.constantFrom('LIMIT', 'MARKET', 'STOP'),
      quantity: decimalishArb,
      price: decimalishArb,
      timeInForce: fc.constantFrom('GTC', 'IOC', 'FOK', 'GTD'),
    },
    { requiredKeys: ['symbol', 'side', 'type'] },
  );
  const random = fc.record({ order: randomOrderArb, context: contextArb });
  const hostile = fc.record({ order: fc.anything(), context: fc.oneof(contextArb, fc.anything()) });
  // Valid orders and orders breaking one rule alone; where the pair admits none of a kind (a
  // halted pair has no valid order, a gridless one no off-tick price), the nearest kind stands in.
  const forDefinition = (d: PairDefinition) =>
    contextArb.chain((context) => {
      const valid: fc.Arbitrary<unknown> =
        tryArb(() => validOrderArb(d, context)) ??
        tryArb(() => invalidOrderArb(d, 'SYMBOL_NOT_TRADING', context)) ??
        tryArb(() => invalidOrderArb(d, 'TRADING_DISABLED', context)) ??
        randomOrderArb;
      const broken = fc
        .constantFrom(...VIOLATION_CODES)
        .chain((code) => tryArb(() => invalidOrderArb(d, code, context)) ?? valid);
      return fc
        .oneof({ arbitrary: valid, weight: 2 }, { arbitrary: broken, weight: 3 })
        .map((order): OrderCase => ({ order, context }));
    });
  return fc.oneof(
    { arbitrary: fc.oneof(...info.symbols.map(forDefinition), random), weight: 12 },
    { arbitrary: random, weight: 2 },
    { arbitrary: hostile, weight: 1 },
  );
}

const scenarioArb = payloadArb.chain((payload) => {
  const info = parseExchangeInfo(payload);
  return fc.record({
    info: fc.constant(info),
    fetchedAt: fc.integer({ min: 0, max: 4_102_444_800_000 }),
    cases: fc.array(orderCaseArb(info), { minLength: ORDERS_PER_PAYLOAD, maxLength: ORDERS_PER_PAYLOAD }),
  });
});

describe('rule-book snapshots (property)', () => {
  it('a reloaded snapshot gives the same verdicts and estimates on generated orders', () => {
    fc.assert(
      fc.property(scenarioArb, ({ info, fetchedAt, cases }) => {
        const book = RuleBook.fromExchangeInfo(info, { fetchedAt });
        const loaded = reloaded(book);
        for (const { order, context } of cases) {
          const ctx = context as ValidationContext;
          expect(loaded.validateOrder(order, ctx)).toStrictEqual(book.validateOrder(order, ctx));
          expect(loaded.estimateOrder(order, ctx)).toStrictEqual(book.estimateOrder(order, ctx));
        }
      }),
      propertyParameters(40),
    );
  });

  it('holds the definitions as parsed (with the tick inferred where none was sent), and writing a loaded book again is a fixed point', () => {
    fc.assert(
      fc.property(payloadArb, fc.integer({ min: 0, max: 4_102_444_800_000 }), (payload, fetchedAt) => {
        const info = parseExchangeInfo(payload);
        const book = RuleBook.fromExchangeInfo(info, { fetchedAt });
        const snapshot = book.toJSON();
        expect(snapshot.symbols).toEqual(info.symbols.map(inForce));
        expect(snapshot.rejected).toEqual(info.rejected);
        expect(snapshot.fetchedAt).toBe(fetchedAt);

        const text = JSON.stringify(book);
        const loaded = RuleBook.fromJSON(JSON.parse(text));
        expect(loaded.toJSON()).toStrictEqual(snapshot);
        expect(JSON.stringify(loaded)).toBe(text);
        expect(JSON.stringify(reloaded(loaded))).toBe(text);
        expect(loaded.symbols).toEqual(book.symbols);
        expect(loaded.fetchedAt).toBe(book.fetchedAt);
      }),
      propertyParameters(30),
    );
  });

  it('refuses the whole snapshot, naming the field, when one decimal is not canonical', () => {
    const decimalFields = [
      'tickSize',
      'stepSize',
      'minTradeAmount',
      'maxTradeAmount',
      'takerFeeRate',
      'buyLimitPriceRatio',
      'marketSellLimitSize',
    ] as const;
    fc.assert(
      fc.property(
        payloadArb,
        fc.nat(),
        fc.constantFrom(...decimalFields),
        fc.constantFrom('trailingZero', 'number', 'exponent'),
        (payload, pick, field, spelling) => {
          const snapshot = JSON.parse(JSON.stringify(RuleBook.fromExchangeInfo(parseExchangeInfo(payload))));
          const candidates = (snapshot.symbols as Record<string, unknown>[])
            .map((d, index) => ({ d, index }))
            .filter(({ d }) => typeof d[field] === 'string');
          fc.pre(candidates.length > 0);
          const { d, index } = candidates[pick % candidates.length] ?? { d: {}, index: 0 };
          const text = d[field] as string;
          d[field] =
            spelling === 'number'
              ? Number(text)
              : spelling === 'exponent'
                ? `${text}e+0`
                : `${text}${text.includes('.') ? '0' : '.0'}`;
          try {
            RuleBook.fromJSON(snapshot);
            expect.unreachable('a non-canonical decimal was accepted');
          } catch (error) {
            if (!isSnapshotError(error)) throw error;
            expect(error.reason).toBe('schema');
            expect(error.issues.map((issue) => issue.path)).toContain(`symbols[${index}].${field}`);
          }
        },
      ),
      propertyParameters(50),
    );
  });

  it('refuses a snapshot from any future version', () => {
    fc.assert(
      fc.property(
        payloadArb,
        fc.integer({ min: SNAPSHOT_VERSION + 1, max: 1_000_000 }),
        (payload, version) => {
          const snapshot = { ...RuleBook.fromExchangeInfo(parseExchangeInfo(payload)).toJSON(), version };
          try {
            RuleBook.fromJSON(snapshot);
            expect.unreachable('a future version was accepted');
          } catch (error) {
            if (!isSnapshotError(error)) throw error;
            expect(error.reason).toBe('version');
            expect(error.version).toBe(version);
          }
        },
      ),
      propertyParameters(20),
    );
  });
});
