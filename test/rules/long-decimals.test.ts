import { describe, expect, it } from 'vitest';
import type { RuleBook, ValidationContext } from '../../src/index.js';
import { fastOnly, fastVerdictOnly } from '../../test-support/engine-internals.js';
import { book, codesOf, limitOrder, marketOrder, theViolation } from './fixtures.js';

/**
 * Decimals past safe integers (17 to 40 significant digits, as strategies computing with decimal
 * libraries send them; quantities past 2^53 grid units under 20-digit caps) are judged by the
 * rules' exact checks without the general path, with the exact limits, values and suggestions.
 *
 * The fixture pair: tick 0.01, step 0.0001, quantity 0.001..1000, MARKET caps 100 (buy) and 50
 * (sell), bands +5% / -10%, fallback ratio 2%, precisions 8 and 8.
 */

/** A cap as venues derive it from a 64-bit integer, and a pair whose every cap is it. */
const CAP = '18446744073709551615';
const LONG_CAPS = {
  stepSize: '1',
  baseAssetPrecision: 0,
  maxTradeAmount: CAP,
  marketBuyLimitSize: CAP,
  marketSellLimitSize: CAP,
};

/** Validates, asserting the fast path answered itself (its exact checks), never the general path. */
function judged(b: RuleBook, order: Record<string, unknown>, context?: ValidationContext) {
  expect(fastOnly(b)(order, context)).toBeDefined();
  expect(fastVerdictOnly(b)(order, context)).toBeDefined();
  return b.validateOrder(order, context);
}

describe('decimals past safe integers: passing', () => {
  it.each([
    {
      name: 'a 17-digit quantity on the step, under a 20-digit cap',
      pair: { maxTradeAmount: CAP },
      order: limitOrder('BUY', '100', '1234567890123.4567'),
    },
    {
      name: 'a quantity of 19 digits, on the grid and under a 20-digit cap',
      pair: LONG_CAPS,
      order: limitOrder('BUY', '100', '1234567890123456789'),
    },
    { name: 'the 20-digit cap itself', pair: LONG_CAPS, order: marketOrder('SELL', CAP) },
    {
      name: 'a price one 10^-24 under the buy band (its tick and precision broken, not the band)',
      pair: {},
      order: limitOrder('BUY', '104.999999999999999999999999', '1'),
      context: { referencePrice: '100' },
      breaks: ['PRICE_TICK', 'PRICE_PRECISION'],
    },
    {
      name: 'a notional just under a 25-digit limit',
      pair: {},
      order: limitOrder('BUY', '100', '1'),
      context: { maxNotional: '100.0000000000000000000001' },
    },
    {
      name: 'a reference price of 25 digits',
      pair: {},
      order: limitOrder('SELL', '90.01', '1'),
      context: { referencePrice: '100.0000000000000000000001' },
    },
  ])('$name', ({ pair, order, context, breaks }) => {
    const result = judged(book(pair), order, context);
    expect(codesOf(result)).toEqual(breaks ?? []);
  });
});

describe('decimals past safe integers: failing, with exact limits, values and suggestions', () => {
  it('a quantity of 20 significant digits: off the step and too precise, suggested down onto the step', () => {
    const result = judged(book(), limitOrder('BUY', '100', '0.01333333333333333333'));
    expect(codesOf(result)).toEqual(['QUANTITY_STEP', 'QUANTITY_PRECISION']);
    expect(theViolation(result, 'QUANTITY_STEP')).toMatchObject({
      limit: '0.0001',
      value: '0.01333333333333333333',
      suggestion: ['0.0133'],
    });
    expect(theViolation(result, 'QUANTITY_PRECISION')).toMatchObject({ limit: '8', suggestion: ['0.0133'] });
  });

  it('a price of 22 significant digits: the grid points either side, and away from the market', () => {
    const result = judged(book(), limitOrder('SELL', '100013.33333333333333333', '1'));
    expect(codesOf(result)).toEqual(['PRICE_TICK', 'PRICE_PRECISION']);
    expect(theViolation(result, 'PRICE_TICK').suggestion).toEqual(['100013.33', '100013.34']);
    expect(theViolation(result, 'PRICE_PRECISION').suggestion).toEqual(['100013.34']);
  });

  it('a quantity one unit over a 20-digit cap, and one 10^-20 over the maximum', () => {
    const over = judged(book(LONG_CAPS), limitOrder('BUY', '100', '18446744073709551616'));
    expect(codesOf(over)).toEqual(['QUANTITY_ABOVE_MAX']);
    expect(theViolation(over, 'QUANTITY_ABOVE_MAX')).toMatchObject({ limit: CAP, suggestion: [CAP] });
    const hair = judged(book(), limitOrder('BUY', '100', '1000.00000000000000000001'));
    expect(codesOf(hair)).toEqual(['QUANTITY_STEP', 'QUANTITY_PRECISION', 'QUANTITY_ABOVE_MAX']);
    expect(theViolation(hair, 'QUANTITY_ABOVE_MAX')).toMatchObject({ limit: '1000', suggestion: ['1000'] });
  });

  it('a MARKET quantity over a 20-digit side cap, with its notional worked out exactly', () => {
    const result = judged(book(LONG_CAPS), marketOrder('BUY', '18446744073709551616'), {
      referencePrice: '100',
      maxNotional: '1000',
    });
    expect(codesOf(result)).toEqual(['QUANTITY_ABOVE_MAX', 'MARKET_SIZE_ABOVE_MAX', 'NOTIONAL_ABOVE_MAX']);
    // Worst case 100 × (1 + 0.02) = 102, times the quantity.
    expect(theViolation(result, 'NOTIONAL_ABOVE_MAX').value).toBe('1881567895518374264832');
  });

  it('a notional just over a 25-digit limit, and a price just over a band measured from a 25-digit reference', () => {
    const notional = judged(book(), limitOrder('BUY', '100', '1'), {
      maxNotional: '99.9999999999999999999999',
    });
    expect(theViolation(notional, 'NOTIONAL_ABOVE_MAX')).toMatchObject({
      limit: '99.9999999999999999999999',
      value: '100',
    });
    const band = judged(book(), limitOrder('BUY', '105.01', '1'), {
      referencePrice: '100.0000000000000000000001',
    });
    expect(theViolation(band, 'PRICE_ABOVE_BUY_LIMIT')).toMatchObject({
      limit: '105.000000000000000000000105',
      suggestion: ['105'],
    });
  });
});
