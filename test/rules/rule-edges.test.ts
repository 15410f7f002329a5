import { describe, expect, it } from 'vitest';
import { checkMaxNotional } from '../../src/rules/max-notional.js';
import { buyPriceBand, sellPriceBand } from '../../src/rules/price-band.js';
import { repairPrice } from '../../src/rules/price-rounding.js';
import { highestUnder } from '../../src/rules/quantity-max.js';
import { checkQuantityMin } from '../../src/rules/quantity-min.js';
import { repairQuantity } from '../../src/rules/quantity-rounding.js';
import {
  book,
  codesOf,
  compiledFrom,
  definitionWithout,
  expectNoCode,
  limitOrder,
  marketOrder,
  pairOf,
  parsedContext,
  parsedOrder,
  theViolation,
} from './fixtures.js';

/**
 * Each rule's exact check called directly at the edges of what it is given: a field the order
 * lacks, a pair without the rule's field. The judge may never hand a rule such an order, but the
 * rule's contract says what it answers, and mutation testing (docs/development.md) holds it.
 */
describe('the exact checks on orders that lack the field they judge', () => {
  const reference = parsedContext({ referencePrice: '100' });

  it.each(['BUY', 'SELL'] as const)('a LIMIT %s without a price: the bands say nothing', (side) => {
    const order = parsedOrder(limitOrder(side, undefined, '1'));
    expect(order.price).toBeUndefined();
    expect(buyPriceBand.check(pairOf(), order, reference)).toBeUndefined();
    expect(sellPriceBand.check(pairOf(), order, reference)).toBeUndefined();
  });
});

/**
 * A quantity with more decimals than the pair's step is not counted on the grid: the fast forms of
 * the quantity bounds then compare it with the bound itself (`atMost`), not by count. Each case
 * sits one hundred-thousandth either side of a bound, and `checkOrder` (fast) and `validateOrder`
 * give the same codes and limits.
 */
describe('quantity bounds on a quantity off the step (compared with the bound, not counted)', () => {
  const b = book();
  it.each([
    { order: marketOrder('BUY', '100.00001'), code: 'MARKET_SIZE_ABOVE_MAX', limit: '100', breaks: true },
    { order: marketOrder('BUY', '99.99999'), code: 'MARKET_SIZE_ABOVE_MAX', limit: '100', breaks: false },
    { order: marketOrder('SELL', '50.00001'), code: 'MARKET_SIZE_ABOVE_MAX', limit: '50', breaks: true },
    { order: marketOrder('SELL', '49.99999'), code: 'MARKET_SIZE_ABOVE_MAX', limit: '50', breaks: false },
    { order: limitOrder('BUY', '1', '1000.00001'), code: 'QUANTITY_ABOVE_MAX', limit: '1000', breaks: true },
    { order: limitOrder('BUY', '1', '999.99999'), code: 'QUANTITY_ABOVE_MAX', limit: '1000', breaks: false },
    {
      order: limitOrder('SELL', '1000', '0.00099'),
      code: 'QUANTITY_BELOW_MIN',
      limit: '0.001',
      breaks: true,
    },
    {
      order: limitOrder('SELL', '1000', '0.00101'),
      code: 'QUANTITY_BELOW_MIN',
      limit: '0.001',
      breaks: false,
    },
  ] as const)(
    '$order.type $order.side of $order.quantity: $code $breaks',
    ({ order, code, limit, breaks }) => {
      const result = b.validateOrder(order);
      expect(codesOf(result)).toContain('QUANTITY_STEP');
      expect(b.checkOrder(order).codes).toEqual(codesOf(result));
      if (breaks) expect(theViolation(result, code).limit).toBe(limit);
      else expectNoCode(result, code);
    },
  );
});

describe('NOTIONAL_ABOVE_MAX: nothing to judge without a maximum or a quantity', () => {
  const pair = pairOf();
  it('no maxNotional', () => {
    expect(
      checkMaxNotional(pair, parsedOrder(limitOrder('BUY', '100', '1')), parsedContext({})),
    ).toBeUndefined();
  });
  it('no quantity', () => {
    const order = parsedOrder(limitOrder('BUY', '100', undefined));
    expect(order.quantity).toBeUndefined();
    expect(checkMaxNotional(pair, order, parsedContext({ maxNotional: '1' }))).toBeUndefined();
  });
  it('a MARKET order without a side has no worst-case price: nothing, not a skip', () => {
    const order = parsedOrder(marketOrder('BUY', '1', { side: undefined }));
    expect(order.side).toBeUndefined();
    expect(checkMaxNotional(pair, order, parsedContext({ maxNotional: '1' }))).toBeUndefined();
  });
});

describe('repairPrice: a price moved away from the market, or nothing', () => {
  const pair = pairOf({ tickSize: '0.5', quoteAssetPrecision: 2 });
  /** No tick sent or inferred, no precision: no price grid at all. */
  const gridless = compiledFrom(
    definitionWithout(['tickSize', 'quoteAssetPrecision'], { displayDigitMerge: '' }),
  );

  it.each([
    { side: 'BUY', price: '100.3', to: '100' },
    { side: 'SELL', price: '100.3', to: '100.5' },
    { side: 'BUY', price: '0.3', to: undefined },
    { side: 'SELL', price: '0.3', to: '0.5' },
  ] as const)('$side at $price: $to', ({ side, price, to }) => {
    const repaired = repairPrice(pair, parsedOrder(limitOrder(side, price, '1')));
    expect(repaired).toEqual(to === undefined ? undefined : { field: 'price', to });
  });

  it('nothing without a price or without a side', () => {
    expect(repairPrice(pair, parsedOrder(limitOrder('BUY', undefined, '1')))).toBeUndefined();
    expect(
      repairPrice(pair, parsedOrder(limitOrder('BUY', '100.3', '1', { side: undefined }))),
    ).toBeUndefined();
  });

  it('a pair without a price grid: the price as it is', () => {
    expect(gridless.priceGrid).toBeNull();
    expect(repairPrice(gridless, parsedOrder(limitOrder('BUY', '100.3', '1')))).toEqual({
      field: 'price',
      to: '100.3',
    });
  });
});

describe('highestUnder: the cap offered when no quantity passes the pair', () => {
  it('a pair without a quantity grid offers the cap itself', () => {
    const raw = definitionWithout(['stepSize', 'baseAssetPrecision'], {
      minTradeAmount: '10',
      maxTradeAmount: '5.5',
    });
    const pair = compiledFrom(raw);
    expect(pair.quantityGrid).toBeNull();
    const order = parsedOrder(limitOrder('BUY', '100', '7'));
    expect(highestUnder(pair, order, pair.maxTradeAmount as NonNullable<typeof pair.maxTradeAmount>)).toEqual(
      ['5.5'],
    );
  });
  it('a pair with one rounds the cap down onto it', () => {
    const pair = pairOf({ stepSize: '2', minTradeAmount: '10', maxTradeAmount: '5.5' });
    const order = parsedOrder(limitOrder('BUY', '100', '7'));
    expect(highestUnder(pair, order, pair.maxTradeAmount as NonNullable<typeof pair.maxTradeAmount>)).toEqual(
      ['4'],
    );
  });
});

describe('QUANTITY_BELOW_MIN on a pair without a quantity grid', () => {
  it('offers the minimum itself', () => {
    const pair = compiledFrom(
      definitionWithout(['stepSize', 'baseAssetPrecision'], { minTradeAmount: '0.0015' }),
    );
    expect(pair.quantityGrid).toBeNull();
    const v = checkQuantityMin(pair, parsedOrder(limitOrder('BUY', '100', '0.001')));
    expect(v).toMatchObject({
      code: 'QUANTITY_BELOW_MIN',
      limit: '0.0015',
      value: '0.001',
      suggestion: ['0.0015'],
    });
  });
});

describe('repairQuantity: a quantity moved down onto the grid, or nothing', () => {
  it.each([
    { quantity: '1.23456', to: '1.2345' },
    { quantity: '0.00005', to: undefined },
  ])('$quantity: $to', ({ quantity, to }) => {
    const repaired = repairQuantity(pairOf(), parsedOrder(limitOrder('BUY', '100', quantity)));
    expect(repaired).toEqual(to === undefined ? undefined : { field: 'quantity', to });
  });
  it('nothing without a quantity', () => {
    expect(repairQuantity(pairOf(), parsedOrder(limitOrder('BUY', '100', undefined)))).toBeUndefined();
  });
  it('a pair without a quantity grid: the quantity as it is', () => {
    const pair = compiledFrom(definitionWithout(['stepSize', 'baseAssetPrecision']));
    expect(repairQuantity(pair, parsedOrder(limitOrder('BUY', '100', '1.23456')))).toEqual({
      field: 'quantity',
      to: '1.23456',
    });
  });
});
