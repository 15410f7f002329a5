import { describe, expect, it } from 'vitest';
import { checkPricePrecision } from '../../src/rules/price-precision.js';
import {
  book,
  bookOf,
  definitionWithout,
  expectNoCode,
  expectSuggestionsRepair,
  limitOrder,
  pairOf,
  parsedOrder,
  skippedOf,
  theViolation,
  validate,
} from './fixtures.js';

// PRICE_PRECISION is judged on the text as sent: its decimal places, trailing zeros included,
// against quoteAssetPrecision; on every order, grid or no grid (docs/exchange-semantics.md,
// "Judging an order").

/** No tick at all (none sent, none to infer), so only the precision holds the price. */
const noTick = (quoteAssetPrecision: unknown) => ({
  tickSize: null,
  displayDigitMerge: '',
  quoteAssetPrecision,
});

describe('PRICE_PRECISION: passing', () => {
  it.each([
    { precision: 2, price: '100' },
    { precision: 2, price: '100.1' },
    { precision: 2, price: '100.12' },
    { precision: 2, price: '100.10' },
    { precision: 2, price: 100.12 },
    { precision: '2', price: '0.01' },
    { precision: 0, price: '64000' },
    { precision: '8', price: '0.00000001' },
    { precision: 8, price: '1.23456789' },
    { precision: 8, price: '1.23400000' },
    { precision: 18, price: '0.000000000000000001' },
  ])('quoteAssetPrecision $precision accepts price $price', ({ precision, price }) => {
    const result = validate(noTick(precision), limitOrder('BUY', price, '1'));
    expectNoCode(result, 'PRICE_PRECISION');
    expect(result.ok).toBe(true);
    expect(checkPricePrecision(pairOf(noTick(precision)), parsedOrder(limitOrder('BUY', price, '1')))).toBe(
      undefined,
    );
  });
});

describe('PRICE_PRECISION: failing', () => {
  // A SELL rounds up, a BUY down (away from the market); a BUY below one unit rounds up.
  it.each([
    { precision: 2, side: 'SELL', price: '100.123', suggestion: '100.13' },
    { precision: 2, side: 'BUY', price: '100.123', suggestion: '100.12' },
    { precision: 2, side: 'SELL', price: '100.1201', suggestion: '100.13' },
    { precision: 2, side: 'BUY', price: 100.005, suggestion: '100' },
    { precision: 2, side: 'BUY', price: '100.120', suggestion: '100.12' },
    { precision: 2, side: 'SELL', price: '100.12000000', suggestion: '100.12' },
    { precision: '2', side: 'BUY', price: '0.001', suggestion: '0.01' },
    { precision: 0, side: 'BUY', price: '64000.5', suggestion: '64000' },
    { precision: 0, side: 'SELL', price: '64000.0', suggestion: '64000' },
    { precision: 0, side: 'SELL', price: '0.5', suggestion: '1' },
    { precision: '8', side: 'SELL', price: '0.000000015', suggestion: '0.00000002' },
  ] as const)(
    'quoteAssetPrecision $precision refuses $side price $price',
    ({ precision, side, price, suggestion }) => {
      const order = limitOrder(side, price, '1');
      const v = theViolation(validate(noTick(precision), order), 'PRICE_PRECISION');
      expect(v.field).toBe('price');
      expect(v.limit).toBe(String(Number(precision)));
      expect(v.value).toBe(String(price));
      expect(v.suggestion).toEqual([suggestion]);
      expectSuggestionsRepair(book(noTick(precision)), order, undefined, 'PRICE_PRECISION', 'price');
      expect(checkPricePrecision(pairOf(noTick(precision)), parsedOrder(order))).toMatchObject({
        code: 'PRICE_PRECISION',
        suggestion: [suggestion],
      });
    },
  );
});

describe('PRICE_PRECISION: exact boundaries', () => {
  it.each([
    { precision: 2, at: '1.99', beyond: '1.991' },
    { precision: 2, at: '1.90', beyond: '1.900' },
    { precision: 0, at: '7', beyond: '7.0' },
    { precision: 8, at: '0.12345678', beyond: '0.123456780' },
  ])('precision $precision: $at passes, $beyond fails', ({ precision, at, beyond }) => {
    const b = book(noTick(precision));
    expectNoCode(b.validateOrder(limitOrder('BUY', at, '1')), 'PRICE_PRECISION');
    theViolation(b.validateOrder(limitOrder('BUY', beyond, '1')), 'PRICE_PRECISION');
  });
});

describe('PRICE_PRECISION: independent of the tick', () => {
  it('an on-tick price written with more places than the precision breaks precision only', () => {
    const result = validate(
      { tickSize: '0.01', quoteAssetPrecision: 8 },
      limitOrder('BUY', '100.0100000000', '1'),
    );
    expect(theViolation(result, 'PRICE_PRECISION').suggestion).toEqual(['100.01']);
    expectNoCode(result, 'PRICE_TICK');
  });

  it('a price can break both the tick and the precision', () => {
    const result = validate({ tickSize: '0.01', quoteAssetPrecision: 2 }, limitOrder('SELL', '100.123', '1'));
    expect(result.violations.map((v) => v.code)).toEqual(['PRICE_TICK', 'PRICE_PRECISION']);
    expect(theViolation(result, 'PRICE_PRECISION').suggestion).toEqual(['100.13']);
  });

  it('a tick finer than the precision: the suggestion satisfies both (their common grid)', () => {
    const b = book({ tickSize: '0.005', quoteAssetPrecision: 2 });
    const result = b.validateOrder(limitOrder('BUY', '100.015', '1'));
    expect(theViolation(result, 'PRICE_PRECISION').suggestion).toEqual(['100.01']);
    expect(b.validateOrder(limitOrder('BUY', '100.01', '1')).ok).toBe(true);
  });
});

describe('PRICE_PRECISION: skipped without quoteAssetPrecision', () => {
  it.each([
    ['absent', definitionWithout(['quoteAssetPrecision'])],
    ['null', definitionWithout([], { quoteAssetPrecision: null })],
    ['""', definitionWithout([], { quoteAssetPrecision: '' })],
  ])('%s: skipped with NO_RULE_FIELD, the tick still applies', (_name, raw) => {
    const b = bookOf(raw);
    expect(b.rejected).toEqual([]);
    const result = b.validateOrder(limitOrder('BUY', '100.1234567890123', '1'));
    expect(result.violations.map((v) => v.code)).toEqual(['PRICE_TICK']);
    expect(result.skipped).toContainEqual(
      expect.objectContaining({
        check: 'PRICE_PRECISION',
        reason: 'NO_RULE_FIELD',
        field: 'quoteAssetPrecision',
      }),
    );
    expect(skippedOf(b.validateOrder(limitOrder('BUY', '100.12', '1')))).toContainEqual({
      check: 'PRICE_PRECISION',
      reason: 'NO_RULE_FIELD',
    });
  });

  it('a precision that is present but wrong sets the pair aside', () => {
    for (const wrong of [-1, 1.5, '8.5', 'eight', 256, true]) {
      const b = bookOf(definitionWithout([], { quoteAssetPrecision: wrong }));
      expect(b.rejected[0]?.reasons[0]?.path).toBe('quoteAssetPrecision');
    }
  });
});
