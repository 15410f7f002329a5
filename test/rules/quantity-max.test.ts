import { describe, expect, it } from 'vitest';
import { parseExchangeInfoText, RuleBook } from '../../src/index.js';
import { checkQuantityMax } from '../../src/rules/quantity-max.js';
import {
  book,
  definition,
  expectNoCode,
  expectSuggestionsRepair,
  limitOrder,
  marketOrder,
  pairOf,
  parsedOrder,
  payload,
  theViolation,
  validate,
} from './fixtures.js';

// Fixture: maxTradeAmount 1000, stepSize 0.0001; market sizes raised so only the maximum decides.
const wide = { marketBuyLimitSize: '1e30', marketSellLimitSize: '1e30' };

describe('QUANTITY_ABOVE_MAX: passing', () => {
  it.each([
    { max: '1000', quantity: '1000' },
    { max: '1000', quantity: '1000.0000' },
    { max: '1000', quantity: '999.9999' },
    { max: 1000, quantity: 1000 },
    { max: '1e3', quantity: '1' },
    { max: '0.3', quantity: 0.3 },
    { max: '1000.00', quantity: '1000' },
  ])('maxTradeAmount $max accepts quantity $quantity', ({ max, quantity }) => {
    for (const order of [limitOrder('BUY', '0.01', quantity), marketOrder('SELL', quantity)]) {
      const result = validate({ ...wide, maxTradeAmount: max }, order);
      expectNoCode(result, 'QUANTITY_ABOVE_MAX');
      expect(result.ok).toBe(true);
      expect(checkQuantityMax(pairOf({ maxTradeAmount: max }), parsedOrder(order))).toBeUndefined();
    }
  });
});

describe('QUANTITY_ABOVE_MAX: failing', () => {
  it.each([
    { max: '1000', quantity: '1000.0001', limit: '1000', suggestion: ['1000'] },
    { max: 1000, quantity: 5000, limit: '1000', suggestion: ['1000'] },
    { max: '1e3', quantity: '1001', limit: '1000', suggestion: ['1000'] },
    { max: '1000.00005', quantity: '1000.0001', limit: '1000.00005', suggestion: ['1000'] },
    { max: '0.5', quantity: '0.6', limit: '0.5', suggestion: ['0.5'] },
  ])('maxTradeAmount $max refuses quantity $quantity', ({ max, quantity, limit, suggestion }) => {
    for (const order of [limitOrder('SELL', '0.01', quantity), marketOrder('BUY', quantity)]) {
      const v = theViolation(validate({ ...wide, maxTradeAmount: max }, order), 'QUANTITY_ABOVE_MAX');
      expect(v.field).toBe('quantity');
      expect(v.limit).toBe(limit);
      expect(v.value).toBe(String(quantity));
      expect(v.suggestion).toEqual(suggestion);
      expectSuggestionsRepair(
        book({ ...wide, maxTradeAmount: max }),
        order,
        undefined,
        'QUANTITY_ABOVE_MAX',
        'quantity',
      );
      expect(checkQuantityMax(pairOf({ maxTradeAmount: max }), parsedOrder(order))).toMatchObject({
        code: 'QUANTITY_ABOVE_MAX',
        limit,
      });
    }
  });

  it('suggests the maximum rounded down to a non-decimal step (110)', () => {
    const b = book({ ...wide, maxTradeAmount: '1000', stepSize: '110', minTradeAmount: '0' });
    const v = theViolation(b.validateOrder(marketOrder('BUY', '1100')), 'QUANTITY_ABOVE_MAX');
    expect(v.suggestion).toEqual(['990']);
    expect(b.validateOrder(marketOrder('BUY', '990')).ok).toBe(true);
  });
});

describe('QUANTITY_ABOVE_MAX: exact boundaries', () => {
  it('equal to the maximum passes; one smallest unit above fails', () => {
    const b = book({ ...wide, stepSize: '0.00000001' });
    expectNoCode(b.validateOrder(marketOrder('BUY', '1000')), 'QUANTITY_ABOVE_MAX');
    theViolation(b.validateOrder(marketOrder('BUY', '1000.00000001')), 'QUANTITY_ABOVE_MAX');
    theViolation(b.validateOrder(marketOrder('BUY', '1000.000000000000000000001')), 'QUANTITY_ABOVE_MAX');
  });

  it('a 20-digit maximum from lossless JSON text is exact', () => {
    const text = JSON.stringify(
      payload([definition({ ...wide, maxTradeAmount: '@max', stepSize: '0.0001' })]),
    ).replace('"@max"', '12345678901234567890');
    const b = RuleBook.fromExchangeInfo(parseExchangeInfoText(text));
    expect(b.definition('BTCUSDT')?.maxTradeAmount).toBe('12345678901234567890');
    expectNoCode(b.validateOrder(marketOrder('BUY', '12345678901234567890')), 'QUANTITY_ABOVE_MAX');
    const v = theViolation(
      b.validateOrder(marketOrder('BUY', '12345678901234567890.0001')),
      'QUANTITY_ABOVE_MAX',
    );
    expect(v.limit).toBe('12345678901234567890');
    expect(v.suggestion).toEqual(['12345678901234567890']);
    theViolation(b.validateOrder(marketOrder('BUY', '12345678901234567891')), 'QUANTITY_ABOVE_MAX');
  });
});

describe('QUANTITY_ABOVE_MAX with a maximum below the first step', () => {
  it('suggests nothing: no quantity on the grid is within it', () => {
    // maxTradeAmount 0.00005 under step 0.0001 (and under minTradeAmount: no window).
    const result = validate({ maxTradeAmount: '0.00005' }, limitOrder('BUY', '100', '1'));
    expect(theViolation(result, 'QUANTITY_ABOVE_MAX').suggestion ?? []).toEqual([]);
  });
});
