/**
 * The README's worked example: property-testing a trading strategy's orders with
 * `order-preflight/testing` and `validateOrder`. A strategy that rounds its price to two decimals
 * passes on the familiar 0.01 tick; the property finds a pair whose tick (0.5, 110, 0.00000012, or
 * none with fewer decimals) makes the exchange refuse it.
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PairDefinition, parseExchangeInfo, RuleBook } from '../../src/index.js';
import { pairDefinitionArb } from '../../src/testing/index.js';

type Order = Record<string, unknown>;

/** The strategy as first written: bid 1% under the last price, spend the budget. Floats throughout. */
function naiveStrategy(pair: PairDefinition, lastPrice: string, budget: number): Order | undefined {
  const price = (Number(lastPrice) * 0.99).toFixed(2);
  const step = Number(pair.stepSize ?? 10 ** -(pair.baseAssetPrecision ?? 8));
  const quantity = Math.min(Math.floor(budget / Number(price) / step) * step, Number(pair.maxTradeAmount));
  if (!(quantity > 0) || quantity < Number(pair.minTradeAmount)) return undefined;
  return {
    symbol: pair.symbol,
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    price,
    quantity: String(quantity),
  };
}

/** The same strategy, fixed: exact decimals, rounded down onto the pair's own grids and bounds. */
function fixedStrategy(pair: PairDefinition, lastPrice: string, budget: number): Order | undefined {
  const tick = new Big(pair.tickSize ?? `1e-${pair.quoteAssetPrecision ?? 8}`);
  const step = new Big(pair.stepSize ?? `1e-${pair.baseAssetPrecision ?? 8}`);
  const price = new Big(lastPrice).times('0.99').div(tick).round(0, Big.roundDown).times(tick);
  if (price.lte(0)) return undefined;
  let quantity = new Big(budget).div(price).div(step).round(0, Big.roundDown).times(step);
  if (pair.maxTradeAmount !== null) {
    const max = new Big(pair.maxTradeAmount).div(step).round(0, Big.roundDown).times(step);
    if (quantity.gt(max)) quantity = max;
  }
  if (quantity.lte(0) || quantity.lt(pair.minTradeAmount ?? 0)) return undefined;
  return {
    symbol: pair.symbol,
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    price: price.toFixed(),
    quantity: quantity.toFixed(),
  };
}

function bookOf(pair: PairDefinition): RuleBook {
  const wire = { ...pair, displayDigitMerge: (pair.displayDigitMerge ?? []).join(',') };
  return RuleBook.fromExchangeInfo(parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: [wire] }));
}

/**
 * A pair as the book holds it (its tick inferred where the exchange sent none: a strategy reads
 * the grid in force from `book.definition`), a last price a few thousand ticks up its grid, and
 * a budget in quote units.
 */
const marketArb = pairDefinitionArb({ tradingOnly: true })
  .map((sent) => bookOf(sent).definition(sent.symbol) as PairDefinition)
  .chain((pair) =>
    fc.record({
      pair: fc.constant(pair),
      lastPrice: fc
        .integer({ min: 1_000, max: 1_000_000 })
        .map((k) => new Big(pair.tickSize ?? `1e-${pair.quoteAssetPrecision ?? 8}`).times(k).toFixed()),
      budget: fc.integer({ min: 10, max: 1_000_000 }),
    }),
  );

/** Every order the strategy makes passes; `judged` counts them (a strategy may make none). */
const everyOrderPasses = (strategy: typeof naiveStrategy, judged = { orders: 0 }) =>
  fc.property(marketArb, ({ pair, lastPrice, budget }) => {
    const order = strategy(pair, lastPrice, budget);
    if (order === undefined) return true;
    judged.orders++;
    return bookOf(pair).validateOrder(order, { referencePrice: lastPrice }).ok;
  });

describe('worked example: property-testing a strategy', () => {
  it('catches the rounding bug that only some tick sizes expose', () => {
    const result = fc.check(everyOrderPasses(naiveStrategy), { numRuns: 500, seed: 1 });
    expect(result.failed).toBe(true);
    const [{ pair, lastPrice, budget }] = result.counterexample as [
      { pair: PairDefinition; lastPrice: string; budget: number },
    ];
    const order = naiveStrategy(pair, lastPrice, budget) as Order;
    const codes = bookOf(pair)
      .validateOrder(order, { referencePrice: lastPrice })
      .violations.map((v) => v.code);
    // What the exchange would have said: off the price grid (or too precise without one), or a
    // float-printed quantity off the step.
    expect(
      codes.some((c) => ['PRICE_TICK', 'PRICE_PRECISION', 'QUANTITY_STEP', 'INVALID_FIELD'].includes(c)),
    ).toBe(true);
  });

  it('the fixed strategy never sends an order the exchange would refuse', () => {
    const judged = { orders: 0 };
    fc.assert(everyOrderPasses(fixedStrategy, judged), { numRuns: 500 });
    // Not vacuous: a strategy that makes no order at all, or seldom one, fails here. About 410
    // of the 500 markets get an order (a budget under a pair's minimum gets none), +-10 from
    // seed to seed.
    expect(judged.orders).toBeGreaterThanOrEqual(300);
  });
});
