import { describe, expect, it } from 'vitest';
import { checkQuantityMin } from '../../src/rules/quantity-min.js';
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

// Fixture: minTradeAmount 0.001, stepSize 0.0001.

describe('QUANTITY_BELOW_MIN: passing', () => {
  it.each([
    { min: '0.001', quantity: '0.001' },
    { min: '0.001', quantity: '0.0010' },
    { min: '0.001', quantity: '0.0011' },
    { min: '0.001', quantity: 0.001 },
    { min: 1e-3, quantity: '1' },
    { min: '0.00100', quantity: '0.001' },
    { min: '0', quantity: '0.0001' },
    { min: '0.3', quantity: 0.3 },
  ])('minTradeAmount $min accepts quantity $quantity', ({ min, quantity }) => {
    for (const order of [limitOrder('BUY', '100', quantity), marketOrder('SELL', quantity)]) {
      const result = validate({ minTradeAmount: min }, order);
      expectNoCode(result, 'QUANTITY_BELOW_MIN');
      expect(result.ok).toBe(true);
      expect(checkQuantityMin(pairOf({ minTradeAmount: min }), parsedOrder(order))).toBeUndefined();
    }
  });
});

describe('QUANTITY_BELOW_MIN: failing', () => {
  it.each([
    { min: '0.001', quantity: '0.0009', limit: '0.001', suggestion: ['0.001'] },
    { min: 1e-3, quantity: 0.0001, limit: '0.001', suggestion: ['0.001'] },
    { min: '0.00100', quantity: '0.0009', limit: '0.001', suggestion: ['0.001'] },
    { min: '0.00105', quantity: '0.001', limit: '0.00105', suggestion: ['0.0011'] },
    { min: '2', quantity: '1.9999', limit: '2', suggestion: ['2'] },
  ])('minTradeAmount $min refuses quantity $quantity', ({ min, quantity, limit, suggestion }) => {
    for (const order of [limitOrder('SELL', '100', quantity), marketOrder('BUY', quantity)]) {
      const v = theViolation(validate({ minTradeAmount: min }, order), 'QUANTITY_BELOW_MIN');
      expect(v.field).toBe('quantity');
      expect(v.limit).toBe(limit);
      expect(v.value).toBe(String(quantity));
      expect(v.suggestion).toEqual(suggestion);
      expectSuggestionsRepair(
        book({ minTradeAmount: min }),
        order,
        undefined,
        'QUANTITY_BELOW_MIN',
        'quantity',
      );
      expect(checkQuantityMin(pairOf({ minTradeAmount: min }), parsedOrder(order))).toMatchObject({
        code: 'QUANTITY_BELOW_MIN',
        limit,
      });
    }
  });

  it('suggests the minimum rounded up to a non-decimal step (0.2), which is itself on the step', () => {
    const b = book({ minTradeAmount: '0.3', stepSize: '0.2' });
    const order = marketOrder('BUY', '0.2');
    const v = theViolation(b.validateOrder(order), 'QUANTITY_BELOW_MIN');
    expect(v.suggestion).toEqual(['0.4']);
    expect(b.validateOrder({ ...order, quantity: '0.4' }).ok).toBe(true);
  });

  it('without a step, suggests on the baseAssetPrecision grid', () => {
    const b = book({ minTradeAmount: '0.0015', stepSize: null, baseAssetPrecision: 3 });
    const v = theViolation(b.validateOrder(marketOrder('BUY', '0.001')), 'QUANTITY_BELOW_MIN');
    expect(v.suggestion).toEqual(['0.002']);
    expect(b.validateOrder(marketOrder('BUY', '0.002')).ok).toBe(true);
  });
});

describe('QUANTITY_BELOW_MIN: exact boundaries', () => {
  it('equal to the minimum passes; one smallest unit below fails', () => {
    const b = book({ minTradeAmount: '0.001', stepSize: '0.00000001' });
    expectNoCode(b.validateOrder(marketOrder('BUY', '0.001')), 'QUANTITY_BELOW_MIN');
    expectNoCode(b.validateOrder(marketOrder('BUY', '0.00100000')), 'QUANTITY_BELOW_MIN');
    theViolation(b.validateOrder(marketOrder('BUY', '0.00099999')), 'QUANTITY_BELOW_MIN');
    theViolation(b.validateOrder(marketOrder('BUY', '0.000999999999999999999')), 'QUANTITY_BELOW_MIN');
  });
});
