import { describe, expect, it } from 'vitest';
import { checkQuantityPrecision } from '../../src/rules/quantity-precision.js';
import {
  book,
  bookOf,
  compiledFrom,
  definitionWithout,
  expectNoCode,
  expectSuggestionsRepair,
  limitOrder,
  marketOrder,
  pairOf,
  parsedOrder,
  theViolation,
  validate,
} from './fixtures.js';

/** No step grid, so the quantity is held to baseAssetPrecision (and min 0 keeps other rules quiet). */
const noStep = (baseAssetPrecision: unknown) => ({ stepSize: null, baseAssetPrecision, minTradeAmount: '0' });

describe('QUANTITY_PRECISION: passing', () => {
  it.each([
    { precision: 3, quantity: '1' },
    { precision: 3, quantity: '1.123' },
    { precision: 3, quantity: '1.1230' },
    { precision: 3, quantity: '0.001' },
    { precision: 3, quantity: 1.123 },
    { precision: '3', quantity: '0.29' },
    { precision: 0, quantity: '5' },
    { precision: 0, quantity: '5.000' },
    { precision: '8', quantity: '0.00000001' },
  ])('baseAssetPrecision $precision accepts quantity $quantity', ({ precision, quantity }) => {
    const result = validate(noStep(precision), limitOrder('BUY', '100', quantity));
    expectNoCode(result, 'QUANTITY_PRECISION');
    expect(result.ok).toBe(true);
    expect(checkQuantityPrecision(pairOf(noStep(precision)), parsedOrder(marketOrder('BUY', quantity)))).toBe(
      undefined,
    );
  });
});

describe('QUANTITY_PRECISION: failing', () => {
  it.each([
    { precision: 3, quantity: '1.1234', limit: '3', suggestion: ['1.123'] },
    { precision: 3, quantity: '1.12399', limit: '3', suggestion: ['1.123'] },
    { precision: 3, quantity: 0.0001, limit: '3', suggestion: ['0.001'] },
    { precision: '3', quantity: '0.0009', limit: '3', suggestion: ['0.001'] },
    { precision: 0, quantity: '1.5', limit: '0', suggestion: ['1'] },
    { precision: 0, quantity: '0.5', limit: '0', suggestion: ['1'] },
    { precision: 8, quantity: '0.000000019', limit: '8', suggestion: ['0.00000001'] },
  ])(
    'baseAssetPrecision $precision refuses quantity $quantity',
    ({ precision, quantity, limit, suggestion }) => {
      for (const order of [limitOrder('BUY', '100', quantity), marketOrder('SELL', quantity)]) {
        const v = theViolation(
          validate(noStep(precision), order, { referencePrice: '100' }),
          'QUANTITY_PRECISION',
        );
        expect(v.field).toBe('quantity');
        expect(v.limit).toBe(limit);
        expect(v.value).toBe(String(quantity));
        expect(v.suggestion).toEqual(suggestion);
        expectSuggestionsRepair(book(noStep(precision)), order, undefined, 'QUANTITY_PRECISION', 'quantity');
        expect(checkQuantityPrecision(pairOf(noStep(precision)), parsedOrder(order))).toMatchObject({
          code: 'QUANTITY_PRECISION',
          limit,
        });
      }
    },
  );
});

describe('QUANTITY_PRECISION: exact boundaries', () => {
  it.each([
    { precision: 3, at: '2.999', beyond: '2.9991' },
    { precision: 0, at: '3', beyond: '3.1' },
    { precision: 8, at: '0.12345678', beyond: '0.123456781' },
  ])('precision $precision: $at passes, $beyond fails', ({ precision, at, beyond }) => {
    const b = book(noStep(precision));
    expectNoCode(b.validateOrder(marketOrder('BUY', at)), 'QUANTITY_PRECISION');
    theViolation(b.validateOrder(marketOrder('BUY', beyond)), 'QUANTITY_PRECISION');
  });
});

describe('QUANTITY_PRECISION: only without a step grid', () => {
  it('does not run when the pair has a step grid', () => {
    expect(validate({ stepSize: '0.00000001', baseAssetPrecision: 2 }, marketOrder('BUY', '1.123')).ok).toBe(
      true,
    );
    const off = validate({ stepSize: '0.01', baseAssetPrecision: 8 }, marketOrder('BUY', '1.123'));
    expectNoCode(off, 'QUANTITY_PRECISION');
    theViolation(off, 'QUANTITY_STEP');
  });

  it('runs for absent, null and zero steps', () => {
    const absent = definitionWithout(['stepSize'], { baseAssetPrecision: 2, minTradeAmount: '0' });
    theViolation(bookOf(absent).validateOrder(marketOrder('BUY', '1.123')), 'QUANTITY_PRECISION');
    theViolation(validate(noStep(2), marketOrder('BUY', '1.123')), 'QUANTITY_PRECISION');
    theViolation(validate({ ...noStep(2), stepSize: 0 }, marketOrder('BUY', '1.123')), 'QUANTITY_PRECISION');
    expect(
      checkQuantityPrecision(compiledFrom(absent), parsedOrder(marketOrder('BUY', '1.12'))),
    ).toBeUndefined();
  });
});
