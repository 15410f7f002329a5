import { describe, expect, it } from 'vitest';
import { checkOrder, type ValidationContext, type ViolationCode } from '../../src/index.js';
import { book, codesOf, limitOrder, marketOrder, SYMBOL, skippedOf } from '../rules/fixtures.js';

// The fixture pair: tick 0.01, step 0.0001, quantity 0.001..1000, market sizes 100 (buy) and
// 50 (sell), bands +5% (buy) and -10% (sell), precisions 8.
const b = book();
const AT_100: ValidationContext = { referencePrice: '100' };

/** checkOrder's answer, held to validateOrder's on the same order: returns its codes. */
function codesChecked(order: unknown, context?: ValidationContext): readonly ViolationCode[] {
  const verdict = b.checkOrder(order as Record<string, unknown>, context);
  const result = b.validateOrder(order as Record<string, unknown>, context);
  expect(verdict.ok).toBe(result.ok);
  expect(verdict.codes).toEqual(codesOf(result));
  expect(verdict.skipped).toEqual(result.skipped);
  return verdict.codes;
}

describe('checkOrder: passing orders', () => {
  it.each([
    ['LIMIT BUY on the grid', limitOrder('BUY', '100', '1'), AT_100],
    ['LIMIT SELL as numbers', limitOrder('SELL', 100.5, 2.25), AT_100],
    ['MARKET BUY at the cap', marketOrder('BUY', '100'), AT_100],
    ['LIMIT BUY at the buy band edge', limitOrder('BUY', '105', '1'), AT_100],
    ['LIMIT SELL at the sell band edge', limitOrder('SELL', '90', '1'), AT_100],
    ['notional exactly at the limit', limitOrder('BUY', '100', '1'), { ...AT_100, maxNotional: '100' }],
  ])('%s: ok, no codes, no skips', (_, order, context) => {
    expect(codesChecked(order, context)).toEqual([]);
    expect(b.checkOrder(order, context)).toEqual({ ok: true, codes: [], skipped: [] });
  });
});

describe('checkOrder: failing orders, the codes of validateOrder in the same order', () => {
  it.each<[string, Record<string, unknown>, ValidationContext, ViolationCode[]]>([
    ['off the tick', limitOrder('BUY', '100.005', '1'), AT_100, ['PRICE_TICK']],
    ['off the step', limitOrder('BUY', '100', '1.00005'), AT_100, ['QUANTITY_STEP']],
    ['under the minimum', limitOrder('BUY', '100', '0.0009'), AT_100, ['QUANTITY_BELOW_MIN']],
    ['over the maximum', limitOrder('SELL', '100', '1000.0001'), AT_100, ['QUANTITY_ABOVE_MAX']],
    ['over the market buy size', marketOrder('BUY', '100.0001'), AT_100, ['MARKET_SIZE_ABOVE_MAX']],
    ['a cent over the buy band', limitOrder('BUY', '105.01', '1'), AT_100, ['PRICE_ABOVE_BUY_LIMIT']],
    ['a cent under the sell band', limitOrder('SELL', '89.99', '1'), AT_100, ['PRICE_BELOW_SELL_LIMIT']],
    [
      'a notional a unit over the limit',
      limitOrder('BUY', '100', '1.0001'),
      { ...AT_100, maxNotional: '100.0099' },
      ['NOTIONAL_ABOVE_MAX'],
    ],
    [
      'off the tick, over the band and off the step at once',
      limitOrder('BUY', '106.005', '1.00005'),
      AT_100,
      ['PRICE_TICK', 'PRICE_ABOVE_BUY_LIMIT', 'QUANTITY_STEP'],
    ],
  ])('%s', (_, order, context, expected) => {
    expect(codesChecked(order, context)).toEqual(expected);
    expect(b.checkOrder(order, context).ok).toBe(false);
  });

  it('written with more decimals than the asset precision', () => {
    const strict = book({ quoteAssetPrecision: 2, baseAssetPrecision: 3 });
    const verdict = checkOrder(strict, limitOrder('BUY', '100.000', '1.0000'), AT_100);
    expect(verdict.codes).toEqual(['PRICE_PRECISION', 'QUANTITY_PRECISION']);
  });
});

describe('checkOrder: skips and the general path', () => {
  it('a MARKET order with a notional limit and no reference price: ok, the notional check skipped', () => {
    const order = marketOrder('BUY', '1');
    expect(codesChecked(order, { maxNotional: '1000' })).toEqual([]);
    const verdict = b.checkOrder(order, { maxNotional: '1000' });
    expect(verdict.ok).toBe(true);
    expect(skippedOf(b.validateOrder(order, { maxNotional: '1000' }))).toEqual([
      { check: 'NOTIONAL_ABOVE_MAX', reason: 'NO_REFERENCE_PRICE' },
    ]);
    expect(verdict.skipped.map((s) => [s.check, s.reason])).toEqual([
      ['NOTIONAL_ABOVE_MAX', 'NO_REFERENCE_PRICE'],
    ]);
  });

  it.each<[string, unknown, ViolationCode[]]>([
    ['an unknown symbol', { ...limitOrder('BUY', '100', '1'), symbol: 'NOPEUSDT' }, ['UNKNOWN_SYMBOL']],
    ['a quantity that is not a decimal', limitOrder('BUY', '100', 'abc'), ['INVALID_FIELD']],
    ['no quantity', { symbol: SYMBOL, side: 'BUY', type: 'MARKET' }, ['MISSING_FIELD']],
    ['not an object', null, ['INVALID_ORDER']],
    [
      'an order whose getter throws',
      Object.defineProperty({ ...limitOrder('BUY', '100', '1') }, 'quantity', {
        enumerable: true,
        get() {
          throw new Error('boom');
        },
      }),
      ['INVALID_ORDER'],
    ],
    [
      'a 17-digit quantity over the maximum',
      limitOrder('BUY', '100', '10000000000000000'),
      ['QUANTITY_ABOVE_MAX'],
    ],
  ])('%s', (_, order, expected) => {
    expect(codesChecked(order, AT_100)).toEqual(expected);
  });
});

describe('checkOrder: verdicts are frozen, and shared on the fast path', () => {
  it('two different orders breaking the same rules get the very same verdict object', () => {
    const first = b.checkOrder(limitOrder('BUY', '100.005', '1'), AT_100);
    const second = b.checkOrder(limitOrder('SELL', '99.999', '3'), AT_100);
    expect(second).toBe(first);
    expect(b.checkOrder(limitOrder('BUY', '100', '1'), AT_100)).toBe(
      b.checkOrder(marketOrder('SELL', '2'), AT_100),
    );
  });

  it('every verdict is frozen, from either path', () => {
    for (const order of [limitOrder('BUY', '100.005', '1'), limitOrder('BUY', '100', 'abc'), null]) {
      const verdict = b.checkOrder(order as Record<string, unknown>, AT_100);
      expect(Object.isFrozen(verdict)).toBe(true);
      expect(Object.isFrozen(verdict.codes)).toBe(true);
      expect(Object.isFrozen(verdict.skipped)).toBe(true);
    }
  });
});
