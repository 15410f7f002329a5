import { describe, expect, it } from 'vitest';
import { checkMarketSize } from '../../src/rules/market-size.js';
import {
  book,
  expectNoCode,
  expectSuggestionsRepair,
  limitOrder,
  marketOrder,
  pairOf,
  parsedOrder,
  theViolation,
  validate,
} from './fixtures.js';

// Fixture: marketBuyLimitSize 100, marketSellLimitSize 50, maxTradeAmount 1000, stepSize 0.0001.

describe('MARKET_SIZE_ABOVE_MAX: passing', () => {
  it.each([
    { side: 'BUY', quantity: '100' },
    { side: 'BUY', quantity: '99.9999' },
    { side: 'BUY', quantity: '60' },
    { side: 'BUY', quantity: 100 },
    { side: 'SELL', quantity: '50' },
    { side: 'SELL', quantity: '50.0000' },
    { side: 'SELL', quantity: 50 },
    { side: 'SELL', quantity: '0.001' },
  ] as const)('MARKET $side of $quantity passes', ({ side, quantity }) => {
    const order = marketOrder(side, quantity);
    const result = validate({}, order);
    expectNoCode(result, 'MARKET_SIZE_ABOVE_MAX');
    expect(result.ok).toBe(true);
    expect(checkMarketSize(pairOf(), parsedOrder(order))).toBeUndefined();
  });

  it('does not apply to LIMIT orders, whatever their size', () => {
    expect(validate({}, limitOrder('BUY', '1', '500')).ok).toBe(true);
    expect(validate({}, limitOrder('SELL', '1', '500')).ok).toBe(true);
    expect(checkMarketSize(pairOf(), parsedOrder(limitOrder('SELL', '1', '500')))).toBeUndefined();
  });
});

describe('MARKET_SIZE_ABOVE_MAX: failing, per side', () => {
  it.each([
    { side: 'BUY', quantity: '100.0001', limit: '100', suggestion: ['100'] },
    { side: 'BUY', quantity: 500, limit: '100', suggestion: ['100'] },
    { side: 'SELL', quantity: '50.0001', limit: '50', suggestion: ['50'] },
    { side: 'SELL', quantity: '60', limit: '50', suggestion: ['50'] },
  ] as const)('MARKET $side of $quantity fails', ({ side, quantity, limit, suggestion }) => {
    const order = marketOrder(side, quantity);
    const v = theViolation(validate({}, order), 'MARKET_SIZE_ABOVE_MAX');
    expect(v.field).toBe('quantity');
    expect(v.limit).toBe(limit);
    expect(v.value).toBe(String(quantity));
    expect(v.suggestion).toEqual(suggestion);
    expectSuggestionsRepair(book(), order, undefined, 'MARKET_SIZE_ABOVE_MAX', 'quantity');
    expect(checkMarketSize(pairOf(), parsedOrder(order))).toMatchObject({
      code: 'MARKET_SIZE_ABOVE_MAX',
      limit,
    });
  });

  it('judges each side by its own limit: 60 is fine to buy and too much to sell', () => {
    expectNoCode(validate({}, marketOrder('BUY', '60')), 'MARKET_SIZE_ABOVE_MAX');
    expect(theViolation(validate({}, marketOrder('SELL', '60')), 'MARKET_SIZE_ABOVE_MAX').limit).toBe('50');
    const swapped = { marketBuyLimitSize: '50', marketSellLimitSize: '100' };
    expect(theViolation(validate(swapped, marketOrder('BUY', '60')), 'MARKET_SIZE_ABOVE_MAX').limit).toBe(
      '50',
    );
    expectNoCode(validate(swapped, marketOrder('SELL', '60')), 'MARKET_SIZE_ABOVE_MAX');
  });

  it('limits in the wire encodings (number, trailing zeros) are printed canonically', () => {
    const b = book({ marketBuyLimitSize: 1e-3, marketSellLimitSize: '2.50', minTradeAmount: '0' });
    expect(theViolation(b.validateOrder(marketOrder('BUY', '0.0011')), 'MARKET_SIZE_ABOVE_MAX').limit).toBe(
      '0.001',
    );
    const sell = theViolation(b.validateOrder(marketOrder('SELL', '2.5001')), 'MARKET_SIZE_ABOVE_MAX');
    expect(sell.limit).toBe('2.5');
    expect(sell.suggestion).toEqual(['2.5']);
  });

  it('suggests the size rounded down to a non-decimal step (0.2)', () => {
    const b = book({ marketBuyLimitSize: '0.5', stepSize: '0.2', minTradeAmount: '0' });
    const v = theViolation(b.validateOrder(marketOrder('BUY', '0.6')), 'MARKET_SIZE_ABOVE_MAX');
    expect(v.limit).toBe('0.5');
    expect(v.suggestion).toEqual(['0.4']);
    expect(b.validateOrder(marketOrder('BUY', '0.4')).ok).toBe(true);
  });
});

describe('MARKET_SIZE_ABOVE_MAX: exact boundaries', () => {
  it('equal to the side limit passes; one smallest unit above fails', () => {
    const b = book({ stepSize: '0.00000001' });
    expectNoCode(b.validateOrder(marketOrder('BUY', '100')), 'MARKET_SIZE_ABOVE_MAX');
    theViolation(b.validateOrder(marketOrder('BUY', '100.00000001')), 'MARKET_SIZE_ABOVE_MAX');
    expectNoCode(b.validateOrder(marketOrder('SELL', '50')), 'MARKET_SIZE_ABOVE_MAX');
    theViolation(b.validateOrder(marketOrder('SELL', '50.00000001')), 'MARKET_SIZE_ABOVE_MAX');
  });
});

describe('checkMarketSize without a side', () => {
  it('holds a MARKET order to no cap until its side is known', () => {
    // 60 is above the SELL cap (50) and within the BUY cap (100): neither side is assumed.
    const order = parsedOrder({ symbol: 'BTCUSDT', type: 'MARKET', quantity: '60' });
    expect(checkMarketSize(pairOf(), order)).toBeUndefined();
  });
});
