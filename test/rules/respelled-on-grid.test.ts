import { describe, expect, it } from 'vitest';
import { respelledOnGrid } from '../../src/rules/respelled-on-grid.js';
import { violationOf } from '../../src/validation/violation.js';
import { compiledFrom, definitionWithout, pairOf, parsedOrder } from './fixtures.js';

/**
 * `respelledOnGrid` puts the plain spelling an INVALID_FIELD suggests for a price or a quantity on
 * the pair's grid (tick 0.01, step 0.0001 here), and leaves every other violation as it is: each
 * case below holds one of its conditions (the code, the field, the suggestion, the price grid).
 */
describe('respelledOnGrid', () => {
  const pair = pairOf();
  const buy = parsedOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '1e2', quantity: '1' });
  const sell = parsedOrder({ symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', price: '1e2', quantity: '1' });

  it('an INVALID_FIELD price is suggested on the tick, away from the market', () => {
    const v = violationOf('INVALID_FIELD', 'price', 'm', undefined, '1.23456e0', ['1.23456']);
    expect(respelledOnGrid(pair, buy, v).suggestion).toEqual(['1.23']);
    expect(respelledOnGrid(pair, sell, v).suggestion).toEqual(['1.24']);
  });

  it('an INVALID_FIELD quantity is suggested on the step, down', () => {
    const v = violationOf('INVALID_FIELD', 'quantity', 'm', undefined, '1.23456e0', ['1.23456']);
    expect(respelledOnGrid(pair, buy, v).suggestion).toEqual(['1.2345']);
  });

  it('another code on the price or quantity is left as it is', () => {
    const price = violationOf('PRICE_TICK', 'price', 'm', '0.01', '1.23456', ['1.23456']);
    expect(respelledOnGrid(pair, buy, price)).toBe(price);
    const quantity = violationOf('QUANTITY_STEP', 'quantity', 'm', '0.0001', '1.23456', ['1.23456']);
    expect(respelledOnGrid(pair, buy, quantity)).toBe(quantity);
  });

  it('an INVALID_FIELD on another field is left as it is', () => {
    for (const field of ['referencePrice', 'maxNotional'] as const) {
      const v = violationOf('INVALID_FIELD', field, 'm', undefined, '1.23456e0', ['1.23456']);
      expect(respelledOnGrid(pair, buy, v)).toBe(v);
    }
  });

  it('without a plain positive suggestion the violation is left as it is', () => {
    for (const suggestion of [undefined, ['-1.23456'], ['1.23456e0'], ['0']]) {
      const v = violationOf('INVALID_FIELD', 'price', 'm', undefined, 'x', suggestion);
      expect(respelledOnGrid(pair, buy, v)).toBe(v);
      const q = violationOf('INVALID_FIELD', 'quantity', 'm', undefined, 'x', suggestion);
      expect(respelledOnGrid(pair, buy, q)).toBe(q);
    }
  });

  it('a pair without a price grid leaves a price suggestion as it is', () => {
    const noTick = compiledFrom(definitionWithout(['tickSize', 'displayDigitMerge', 'quoteAssetPrecision']));
    expect(noTick.priceGrid).toBeNull();
    const v = violationOf('INVALID_FIELD', 'price', 'm', undefined, '1.23456e0', ['1.23456']);
    expect(respelledOnGrid(noTick, buy, v)).toBe(v);
  });
});
