import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/decimal/dec.js';
import { quantityDown, repairQuantity } from '../../src/rules/quantity-rounding.js';
import {
  compiledFrom,
  definitionWithout,
  limitOrder,
  pairOf,
  parsedOrder,
  theViolation,
  validate,
} from './fixtures.js';

/**
 * `quantityDown` keeps the last quantity it moved and what that depended on (the pair, the
 * quantity window, the value itself), so that two rules suggesting for one order round once. The
 * memo must answer only when all three are the same: each case below changes one of them and
 * holds the answer to the one worked out afresh.
 */
describe('quantityDown: the memo of the last quantity moved down', () => {
  const fine = pairOf({ stepSize: '0.0001' });
  const coarse = pairOf({ stepSize: '0.1', minTradeAmount: '0.1' });
  const limit = parsedOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '100', quantity: '1' });
  const marketBuy = parsedOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' });
  const marketSell = parsedOrder({ symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: '1' });

  it('answers again for the same pair, window and value', () => {
    const value = Dec.parse('1.23456');
    expect(quantityDown(fine, limit, value).toString()).toBe('1.2345');
    expect(quantityDown(fine, limit, value).toString()).toBe('1.2345');
  });

  it('a new value on the same pair and window is moved afresh', () => {
    expect(quantityDown(fine, limit, Dec.parse('1.23456')).toString()).toBe('1.2345');
    expect(quantityDown(fine, limit, Dec.parse('2.34567')).toString()).toBe('2.3456');
  });

  it('the same value on another pair is moved onto that pair’s grid', () => {
    const value = Dec.parse('1.23456');
    expect(quantityDown(fine, limit, value).toString()).toBe('1.2345');
    expect(quantityDown(coarse, limit, value).toString()).toBe('1.2');
  });

  it('the same value in another window of the same pair is kept within that window', () => {
    // maxTradeAmount 1000, marketBuyLimitSize 100, marketSellLimitSize 50.
    const value = Dec.parse('500.00005');
    expect(quantityDown(fine, limit, value).toString()).toBe('500');
    expect(quantityDown(fine, marketBuy, value).toString()).toBe('100');
    expect(quantityDown(fine, marketSell, value).toString()).toBe('50');
    expect(quantityDown(fine, limit, value).toString()).toBe('500');
  });

  it('the same value on another pair where no quantity passes either (no window on both)', () => {
    // minTradeAmount above maxTradeAmount: no quantity passes, and the window is undefined.
    const a = pairOf({ stepSize: '0.01', minTradeAmount: '2000' });
    const b = pairOf({ stepSize: '0.1', minTradeAmount: '2000' });
    const value = Dec.parse('1.23456');
    expect(quantityDown(a, limit, value).toString()).toBe('1.23');
    expect(quantityDown(b, limit, value).toString()).toBe('1.2');
  });
});

describe('quantityDown where the window does not move it', () => {
  const limit = parsedOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '100', quantity: '1' });

  it('a quantity below the first step goes to the first step', () => {
    const pair = pairOf({ stepSize: '0.1', minTradeAmount: '2000' });
    expect(quantityDown(pair, limit, Dec.parse('0.05')).toString()).toBe('0.1');
  });

  it('a pair without a quantity grid keeps the value', () => {
    const pair = compiledFrom(
      definitionWithout(['stepSize', 'baseAssetPrecision'], { minTradeAmount: '2000' }),
    );
    expect(pair.quantityGrid).toBeNull();
    expect(quantityDown(pair, limit, Dec.parse('0.05')).toString()).toBe('0.05');
  });
});

describe('repairQuantity: down onto the quantity grid', () => {
  it('moves an off-step quantity down onto the step', () => {
    const order = parsedOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '100',
      quantity: '1.23456',
    });
    expect(repairQuantity(pairOf(), order)).toEqual({ field: 'quantity', to: '1.2345' });
  });

  it('nothing when down leaves zero, or without a quantity', () => {
    const tiny = parsedOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '100',
      quantity: '0.00001',
    });
    expect(repairQuantity(pairOf(), tiny)).toBeUndefined();
    const none = parsedOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '100' });
    expect(repairQuantity(pairOf(), none)).toBeUndefined();
  });
});

describe('the fast suggestion of a quantity below the first step', () => {
  it('is the first step where no quantity passes (minTradeAmount above maxTradeAmount)', () => {
    const result = validate({ minTradeAmount: '2000' }, limitOrder('BUY', '100', '0.00005'));
    expect(theViolation(result, 'QUANTITY_STEP').suggestion).toEqual(['0.0001']);
  });
});
