import { describe, expect, it } from 'vitest';
import { checkPricePrecision } from '../../src/rules/price-precision.js';
import {
  book,
  bookOf,
  compiledFrom,
  definitionWithout,
  expectNoCode,
  expectSuggestionsRepair,
  limitOrder,
  pairOf,
  parsedOrder,
  theViolation,
  validate,
} from './fixtures.js';

/** No tick grid, so the price is held to quoteAssetPrecision. */
const noTick = (quoteAssetPrecision: unknown) => ({ tickSize: null, quoteAssetPrecision });

describe('PRICE_PRECISION: passing', () => {
  it.each([
    { precision: 2, price: '100' },
    { precision: 2, price: '100.1' },
    { precision: 2, price: '100.12' },
    { precision: 2, price: '100.120' },
    { precision: 2, price: '100.12000000' },
    { precision: 2, price: 100.12 },
    { precision: '2', price: '0.01' },
    { precision: 0, price: '64000' },
    { precision: 0, price: '64000.0' },
    { precision: '8', price: '0.00000001' },
    { precision: 8, price: '1.23456789' },
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
  it.each([
    { precision: 2, price: '100.123', limit: '2', suggestion: ['100.12', '100.13'] },
    { precision: 2, price: '100.1201', limit: '2', suggestion: ['100.12', '100.13'] },
    { precision: 2, price: 100.005, limit: '2', suggestion: ['100', '100.01'] },
    { precision: '2', price: '0.001', limit: '2', suggestion: ['0.01'] },
    { precision: 0, price: '64000.5', limit: '0', suggestion: ['64000', '64001'] },
    { precision: 0, price: '0.5', limit: '0', suggestion: ['1'] },
    { precision: '8', price: '0.000000015', limit: '8', suggestion: ['0.00000001', '0.00000002'] },
  ])('quoteAssetPrecision $precision refuses price $price', ({ precision, price, limit, suggestion }) => {
    const order = limitOrder('SELL', price, '1');
    const v = theViolation(validate(noTick(precision), order), 'PRICE_PRECISION');
    expect(v.field).toBe('price');
    expect(v.limit).toBe(limit);
    expect(v.value).toBe(String(price));
    expect(v.suggestion).toEqual(suggestion);
    expectSuggestionsRepair(book(noTick(precision)), order, undefined, 'PRICE_PRECISION', 'price');
    expect(checkPricePrecision(pairOf(noTick(precision)), parsedOrder(order))).toMatchObject({
      code: 'PRICE_PRECISION',
      limit,
    });
  });
});

describe('PRICE_PRECISION: exact boundaries', () => {
  it.each([
    { precision: 2, at: '1.99', beyond: '1.991' },
    { precision: 0, at: '7', beyond: '7.1' },
    { precision: 8, at: '0.12345678', beyond: '0.123456781' },
  ])('precision $precision: $at passes, $beyond fails', ({ precision, at, beyond }) => {
    const b = book(noTick(precision));
    expectNoCode(b.validateOrder(limitOrder('BUY', at, '1')), 'PRICE_PRECISION');
    theViolation(b.validateOrder(limitOrder('BUY', beyond, '1')), 'PRICE_PRECISION');
  });

  it('trailing zeros beyond the precision are not significant', () => {
    expectNoCode(validate(noTick(2), limitOrder('BUY', '1.9900000', '1')), 'PRICE_PRECISION');
  });
});

describe('PRICE_PRECISION: only without a tick grid', () => {
  it('does not run when the pair has a tick grid (PRICE_TICK does)', () => {
    const result = validate(
      { tickSize: '0.00000001', quoteAssetPrecision: 2 },
      limitOrder('BUY', '1.123', '1'),
    );
    expect(result.ok).toBe(true);
    const off = validate({ tickSize: '0.01', quoteAssetPrecision: 8 }, limitOrder('BUY', '1.123', '1'));
    expectNoCode(off, 'PRICE_PRECISION');
    theViolation(off, 'PRICE_TICK');
    expect(
      checkPricePrecision(pairOf({ quoteAssetPrecision: 2 }), parsedOrder(limitOrder('BUY', '1.123', '1'))),
    ).toBeUndefined();
  });

  it('runs for absent, null and zero ticks', () => {
    for (const raw of [
      definitionWithout(['tickSize'], { quoteAssetPrecision: 2 }),
      { ...noTick(2) },
      { tickSize: 0, quoteAssetPrecision: 2 },
    ]) {
      const b = 'symbol' in raw ? bookOf(raw) : book(raw);
      theViolation(b.validateOrder(limitOrder('BUY', '1.123', '1')), 'PRICE_PRECISION');
    }
    const pair = compiledFrom(definitionWithout(['tickSize'], { quoteAssetPrecision: 2 }));
    expect(checkPricePrecision(pair, parsedOrder(limitOrder('BUY', '1.123', '1')))).toMatchObject({
      code: 'PRICE_PRECISION',
    });
  });
});
