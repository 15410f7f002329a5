import { describe, expect, it } from 'vitest';
import { checkQuantityPrecision } from '../../src/rules/quantity-precision.js';
import {
  book,
  bookOf,
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

// QUANTITY_PRECISION is judged on the text as sent, trailing zeros included, against
// baseAssetPrecision, on every order (docs/exchange-semantics.md, "Judging an order").

/** No step grid, so only the precision holds the quantity (and min 0 keeps other rules quiet). */
const noStep = (baseAssetPrecision: unknown) => ({ stepSize: null, baseAssetPrecision, minTradeAmount: '0' });

describe('QUANTITY_PRECISION: passing', () => {
  it.each([
    { precision: 3, quantity: '1' },
    { precision: 3, quantity: '1.123' },
    { precision: 3, quantity: '1.120' },
    { precision: 3, quantity: '0.001' },
    { precision: 3, quantity: 1.123 },
    { precision: '3', quantity: '0.29' },
    { precision: 0, quantity: '5' },
    { precision: '8', quantity: '0.00000001' },
    { precision: 8, quantity: '0.00100000' },
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
    { precision: 3, quantity: '1.1234', suggestion: '1.123' },
    { precision: 3, quantity: '1.1230', suggestion: '1.123' },
    { precision: 3, quantity: 0.0005, suggestion: '0.001' },
    { precision: 0, quantity: '5.000', suggestion: '5' },
    { precision: 0, quantity: '5.5', suggestion: '5' },
    { precision: 8, quantity: '0.00100000000000', suggestion: '0.001' },
  ])('baseAssetPrecision $precision refuses quantity $quantity', ({ precision, quantity, suggestion }) => {
    const order = limitOrder('BUY', '100', quantity);
    const v = theViolation(validate(noStep(precision), order), 'QUANTITY_PRECISION');
    expect(v).toMatchObject({ field: 'quantity', limit: String(precision), value: String(quantity) });
    expect(v.suggestion).toEqual([suggestion]);
    expectSuggestionsRepair(book(noStep(precision)), order, undefined, 'QUANTITY_PRECISION', 'quantity');
    expect(checkQuantityPrecision(pairOf(noStep(precision)), parsedOrder(order))).toMatchObject({
      code: 'QUANTITY_PRECISION',
      suggestion: [suggestion],
    });
  });
});

describe('QUANTITY_PRECISION: exact boundaries and the step', () => {
  it.each([
    { precision: 3, at: '1.123', beyond: '1.1230' },
    { precision: 0, at: '7', beyond: '7.0' },
  ])('precision $precision: $at passes, $beyond fails', ({ precision, at, beyond }) => {
    const b = book(noStep(precision));
    expectNoCode(b.validateOrder(marketOrder('BUY', at)), 'QUANTITY_PRECISION');
    theViolation(b.validateOrder(marketOrder('BUY', beyond)), 'QUANTITY_PRECISION');
  });

  it('runs with a step too: an on-step quantity with 14 written decimals is refused', () => {
    const result = validate(
      { stepSize: '0.00001', baseAssetPrecision: 8 },
      limitOrder('BUY', '100', '0.00100000000000'),
    );
    expect(result.violations.map((v) => v.code)).toEqual(['QUANTITY_PRECISION']);
  });

  it('skipped with NO_RULE_FIELD when baseAssetPrecision is absent, null or ""', () => {
    for (const raw of [
      definitionWithout(['baseAssetPrecision']),
      definitionWithout([], { baseAssetPrecision: null }),
      definitionWithout([], { baseAssetPrecision: '' }),
    ]) {
      const result = bookOf(raw).validateOrder(limitOrder('BUY', '100', '1.00000000000000'));
      expect(result.ok).toBe(true);
      expect(result.skipped).toContainEqual(
        expect.objectContaining({
          check: 'QUANTITY_PRECISION',
          reason: 'NO_RULE_FIELD',
          field: 'baseAssetPrecision',
        }),
      );
    }
  });
});
