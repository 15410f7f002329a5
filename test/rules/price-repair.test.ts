import { describe, expect, it } from 'vitest';
import { repairPrice } from '../../src/rules/price-rounding.js';
import { compiledFrom, definitionWithout, pairOf, parsedOrder } from './fixtures.js';

/** `repairPrice` on the fixture pair's tick 0.01: a BUY down, a SELL up, nothing at zero. */
describe('repairPrice: onto the tick, away from the market', () => {
  const pair = pairOf();
  const limit = (side: string | undefined, price: string | undefined) =>
    parsedOrder({ symbol: 'BTCUSDT', side, type: 'LIMIT', price, quantity: '1' });

  it('a BUY goes down and a SELL up', () => {
    expect(repairPrice(pair, limit('BUY', '100.005'))).toEqual({ field: 'price', to: '100' });
    expect(repairPrice(pair, limit('SELL', '100.005'))).toEqual({ field: 'price', to: '100.01' });
  });

  it('nothing when a BUY rounds down to zero; a SELL goes up to the first tick', () => {
    expect(repairPrice(pair, limit('BUY', '0.005'))).toBeUndefined();
    expect(repairPrice(pair, limit('SELL', '0.005'))).toEqual({ field: 'price', to: '0.01' });
  });

  it('nothing without a price or a side', () => {
    expect(repairPrice(pair, limit(undefined, '100.005'))).toBeUndefined();
    expect(repairPrice(pair, limit('BUY', undefined))).toBeUndefined();
  });

  it('a pair without a price grid keeps the price', () => {
    const noGrid = compiledFrom(definitionWithout(['tickSize', 'displayDigitMerge', 'quoteAssetPrecision']));
    expect(repairPrice(noGrid, limit('SELL', '100.005'))).toEqual({ field: 'price', to: '100.005' });
  });
});
