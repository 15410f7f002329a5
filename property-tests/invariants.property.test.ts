import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PairDefinition, parseExchangeInfo, RuleBook, VIOLATION_CODES } from '../src/index.js';
import { wirePairArb } from '../src/testing/exchange-info-arb.js';
import { invalidOrderArb, pairDefinitionArb, validOrderArb } from '../src/testing/index.js';
import { propertyParameters } from '../test-support/runs.js';
import { bookOf, ordersOrNone, scenarioArb, withInputs } from '../test-support/scenario.js';

/** A fraction strictly between 0 and 1, as exact decimal text: j / 10^m. */
const fractionArb = fc
  .integer({ min: 1, max: 6 })
  .chain((m) => fc.integer({ min: 1, max: 10 ** m - 1 }).map((j) => new Big(j).div(new Big(10).pow(m))));

const limitOrder = (symbol: string, side: 'BUY' | 'SELL', price: string, quantity: string) => ({
  symbol,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
});

function codes(book: RuleBook, order: unknown, context?: object) {
  return book.validateOrder(order, context).violations.map((v) => v.code);
}

describe('grids and bounds', () => {
  it('a price on the tick grid never raises PRICE_TICK; one strictly between ticks always does', () => {
    // The tick in force: sent, or inferred by the book from displayDigitMerge.
    const withTick = pairDefinitionArb({ tradingOnly: true })
      .map((d) => ({ d, book: bookOf([d]) }))
      .filter(({ d, book }) => book.definition(d.symbol)?.tickSize != null);
    fc.assert(
      fc.property(withTick, fc.bigInt({ min: 1n, max: 10n ** 12n }), fractionArb, ({ d, book }, k, f) => {
        const tick = new Big(book.definition(d.symbol)?.tickSize as string);
        const on = tick.times(k.toString());
        const off = on.plus(tick.times(f));
        expect(codes(book, limitOrder(d.symbol, 'BUY', on.toFixed(), '1'))).not.toContain('PRICE_TICK');
        expect(codes(book, limitOrder(d.symbol, 'BUY', off.toFixed(), '1'))).toContain('PRICE_TICK');
      }),
      propertyParameters(100),
    );
  });

  it('a quantity on the step grid never raises QUANTITY_STEP; one strictly between steps always does', () => {
    const withStep = pairDefinitionArb({ tradingOnly: true }).filter((d) => d.stepSize !== null);
    fc.assert(
      fc.property(withStep, fc.bigInt({ min: 1n, max: 10n ** 12n }), fractionArb, (d, k, f) => {
        const book = bookOf([d]);
        const step = new Big(d.stepSize as string);
        const on = step.times(k.toString());
        const off = on.plus(step.times(f));
        const order = (q: Big) => ({ symbol: d.symbol, side: 'SELL', type: 'MARKET', quantity: q.toFixed() });
        expect(codes(book, order(on))).not.toContain('QUANTITY_STEP');
        expect(codes(book, order(off))).toContain('QUANTITY_STEP');
      }),
      propertyParameters(100),
    );
  });

  it('every bound is inclusive: the bound itself passes, the smallest step beyond fails', () => {
    fc.assert(
      fc.property(pairDefinitionArb({ tradingOnly: true }), fc.integer({ min: 1, max: 12 }), (d, places) => {
        const book = bookOf([d]);
        const epsilon = new Big(`1e-${places + 20}`);
        const q = (value: Big, type = 'LIMIT', side = 'BUY') =>
          codes(
            book,
            type === 'LIMIT'
              ? limitOrder(d.symbol, side as 'BUY', '1', value.toFixed())
              : {
                  symbol: d.symbol,
                  side,
                  type,
                  quantity: value.toFixed(),
                },
          );
        // A bound the pair leaves out (null) has no edge to test: its check is skipped.
        const min = d.minTradeAmount === null ? undefined : new Big(d.minTradeAmount);
        const max = d.maxTradeAmount === null ? undefined : new Big(d.maxTradeAmount);
        if (min?.gt(0)) {
          expect(q(min)).not.toContain('QUANTITY_BELOW_MIN');
          expect(q(min.minus(epsilon))).toContain('QUANTITY_BELOW_MIN');
        }
        if (max !== undefined) {
          expect(q(max)).not.toContain('QUANTITY_ABOVE_MAX');
          expect(q(max.plus(epsilon))).toContain('QUANTITY_ABOVE_MAX');
        }
        for (const [side, cap] of [
          ['BUY', d.marketBuyLimitSize],
          ['SELL', d.marketSellLimitSize],
        ] as const) {
          if (cap === null) continue;
          expect(q(new Big(cap), 'MARKET', side)).not.toContain('MARKET_SIZE_ABOVE_MAX');
          expect(q(new Big(cap).plus(epsilon), 'MARKET', side)).toContain('MARKET_SIZE_ABOVE_MAX');
        }
      }),
      propertyParameters(100),
    );
  });

  it('the price bands and maxNotional are inclusive at their edges', () => {
    const refArb = fc.bigInt({ min: 1n, max: 10n ** 9n }).map((k) => new Big(k.toString()).div(1000));
    fc.assert(
      fc.property(pairDefinitionArb({ tradingOnly: true }), refArb, (d, ref) => {
        const book = bookOf([d]);
        const epsilon = new Big('1e-30');
        const context = { referencePrice: ref.toFixed() };
        const check = (side: 'BUY' | 'SELL', price: Big) =>
          codes(book, limitOrder(d.symbol, side, price.toFixed(), '1'), context);
        // A ratio the pair leaves out (null) has no edge: that band is skipped.
        if (d.buyLimitPriceRatio !== null) {
          const buyEdge = ref.times(new Big(1).plus(d.buyLimitPriceRatio));
          expect(check('BUY', buyEdge)).not.toContain('PRICE_ABOVE_BUY_LIMIT');
          expect(check('BUY', buyEdge.plus(epsilon))).toContain('PRICE_ABOVE_BUY_LIMIT');
        }
        const sellEdge =
          d.sellLimitPriceRatio === null ? undefined : ref.times(new Big(1).minus(d.sellLimitPriceRatio));
        if (sellEdge?.gt(epsilon)) {
          expect(check('SELL', sellEdge)).not.toContain('PRICE_BELOW_SELL_LIMIT');
          expect(check('SELL', sellEdge.minus(epsilon))).toContain('PRICE_BELOW_SELL_LIMIT');
        }
        const quantity = d.minTradeAmount === null || d.minTradeAmount === '0' ? '1' : d.minTradeAmount;
        const notional = ref.times(quantity);
        const order = limitOrder(d.symbol, 'BUY', ref.toFixed(), quantity);
        expect(codes(book, order, { maxNotional: notional.toFixed() })).not.toContain('NOTIONAL_ABOVE_MAX');
        expect(codes(book, order, { maxNotional: notional.minus(epsilon).toFixed() })).toContain(
          'NOTIONAL_ABOVE_MAX',
        );
      }),
      propertyParameters(100),
    );
  });
});

describe('verdicts depend on values, not on spelling', () => {
  it('a payload in string encoding and in number encoding compile to books with identical verdicts', () => {
    const spelled = (d: PairDefinition) => fc.tuple(wirePairArb(d), wirePairArb(d));
    fc.assert(
      fc.property(
        withInputs(scenarioArb({ tradingOnly: false }), (s) =>
          fc.tuple(
            spelled(s.definition),
            ordersOrNone(() => validOrderArb(s.definition, s.context), 3),
            ...VIOLATION_CODES.map((c) => ordersOrNone(() => invalidOrderArb(s.definition, c, s.context), 1)),
          ),
        ),
        ([s, [[wireA, wireB], ...drawn]]) => {
          const bookA = RuleBook.fromExchangeInfo(
            parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: [wireA] }),
          );
          const bookB = RuleBook.fromExchangeInfo(
            parseExchangeInfo({ timezone: 'UTC', serverTime: 1, symbols: [wireB] }),
          );
          const orders: unknown[] = drawn.flat();
          for (const order of orders)
            expect(bookB.validateOrder(order, s.context)).toEqual(bookA.validateOrder(order, s.context));
        },
      ),
      propertyParameters(30),
    );
  });

  it('verdicts do not depend on key order, repetition, or string-vs-number spelling of the same text', () => {
    fc.assert(
      fc.property(
        withInputs(scenarioArb({ tradingOnly: false }), (s) =>
          fc.tuple(
            ...VIOLATION_CODES.map((c) => ordersOrNone(() => invalidOrderArb(s.definition, c, s.context), 1)),
          ),
        ),
        ([s, drawn]) => {
          const orders: unknown[] = drawn.flat();
          for (const order of orders) {
            const first = s.book.validateOrder(order, s.context);
            expect(s.book.validateOrder(order, s.context)).toEqual(first);
            if (typeof order !== 'object' || order === null || Array.isArray(order) || order instanceof Date)
              continue;
            const record = order as Record<string, unknown>;
            const reversed = Object.fromEntries(Object.entries(record).reverse());
            expect(s.book.validateOrder(reversed, s.context)).toEqual(first);
            const asText = Object.fromEntries(
              Object.entries(record).map(([k, v]) => [
                k,
                (k === 'price' || k === 'quantity') && typeof v === 'number' && Number.isFinite(v)
                  ? String(v)
                  : v,
              ]),
            );
            expect(s.book.validateOrder(asText, s.context)).toEqual(first);
          }
        },
      ),
      propertyParameters(30),
    );
  });
});
