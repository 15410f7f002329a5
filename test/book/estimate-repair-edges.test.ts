import { describe, expect, it } from 'vitest';
import { estimateOrder, normalizeOrder } from '../../src/index.js';
import {
  book,
  bookOf,
  definition,
  definitionWithout,
  limitOrder,
  marketOrder,
  SYMBOL,
} from '../rules/fixtures.js';

/**
 * The edges of `estimateOrder` and `normalizeOrder` found by mutation testing (`npm run
 * mutation`): the fields an estimate needs, the fields it leaves out, and the orders the repair
 * must answer without a pair to repair on.
 */

const b = book();
const AT_100 = { referencePrice: '100' };

describe('estimateOrder: what it needs', () => {
  it.each([
    ['no side', { symbol: SYMBOL, type: 'MARKET', quantity: '1' }, 'side'],
    ['no type', { symbol: SYMBOL, side: 'BUY', quantity: '1' }, 'type'],
    ['no quantity', { symbol: SYMBOL, side: 'BUY', type: 'MARKET' }, 'quantity'],
  ])('%s: not estimated, the missing field named', (_name, order, field) => {
    const estimate = estimateOrder(b, order as never, AT_100);
    expect(estimate.estimated).toBe(false);
    if (estimate.estimated) return;
    expect(estimate.violations.map((v) => v.field)).toEqual([field]);
  });

  it('a LIMIT order with no side: not estimated', () => {
    const estimate = estimateOrder(b, {
      symbol: SYMBOL,
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '100',
      quantity: '1',
    } as never);
    expect(estimate.estimated).toBe(false);
    if (estimate.estimated) return;
    expect(estimate.violations.map((v) => v.field)).toEqual(['side']);
  });

  it('a LIMIT order without a price: not estimated, and no reference price asked for', () => {
    const estimate = estimateOrder(b, {
      symbol: SYMBOL,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '1',
    } as never);
    expect(estimate.estimated).toBe(false);
    if (estimate.estimated) return;
    const fields = estimate.violations.map((v) => v.field);
    expect(fields).toContain('price');
    expect(fields).not.toContain('referencePrice');
    expect(estimate.reason).toBeUndefined();
    const oneSided = bookOf(
      definitionWithout(['marketFallbackPriceRatio', 'buyLimitPriceRatio'], { sellLimitPriceRatio: '0.1' }),
    );
    const unpriced = estimateOrder(
      oneSided,
      { symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1' } as never,
      AT_100,
    );
    expect(unpriced.estimated).toBe(false);
    if (unpriced.estimated) return;
    expect(unpriced.reason).toBeUndefined();
    expect(unpriced.violations.map((v) => v.field)).toEqual(['price']);
  });

  it('a MARKET order without a reference price: not estimated, the reference price asked for', () => {
    const estimate = estimateOrder(b, marketOrder('BUY', '1'));
    expect(estimate.estimated).toBe(false);
    if (estimate.estimated) return;
    expect(estimate.violations.map((v) => v.field)).toEqual(['referencePrice']);
    expect(estimate.reason).toBeUndefined();
  });

  it('a MARKET order whose side has no worst-case ratio: a reason naming the ratio, the other side estimated', () => {
    const oneSided = bookOf(
      definitionWithout(['marketFallbackPriceRatio', 'buyLimitPriceRatio'], { sellLimitPriceRatio: '0.1' }),
    );
    const buy = estimateOrder(oneSided, marketOrder('BUY', '1'), AT_100);
    expect(buy.estimated).toBe(false);
    if (buy.estimated) return;
    expect(buy.violations).toEqual([]);
    expect(buy.reason).toContain('buyLimitPriceRatio');
    expect(buy.reason).toContain(SYMBOL);

    const sell = estimateOrder(oneSided, marketOrder('SELL', '1'), AT_100);
    expect(sell).toMatchObject({ estimated: true, worstCasePrice: '90', notional: '90', liquidity: 'TAKER' });

    const sellOnly = bookOf(
      definitionWithout(['marketFallbackPriceRatio', 'sellLimitPriceRatio'], { buyLimitPriceRatio: '0.05' }),
    );
    const noSell = estimateOrder(sellOnly, marketOrder('SELL', '1'), AT_100);
    expect(noSell.estimated).toBe(false);
    if (noSell.estimated) return;
    expect(noSell.reason).toContain('sellLimitPriceRatio');
    expect(estimateOrder(sellOnly, marketOrder('BUY', '1'), AT_100)).toMatchObject({
      estimated: true,
      worstCasePrice: '105',
    });
  });
});

describe('estimateOrder: what it leaves out', () => {
  it('no fee rate for the liquidity: no feeRate and no expectedFee', () => {
    const noTaker = bookOf(definitionWithout(['takerFeeRate']));
    const estimate = estimateOrder(noTaker, marketOrder('BUY', '1'), AT_100);
    expect(estimate.estimated).toBe(true);
    expect(estimate).not.toHaveProperty('feeRate');
    expect(estimate).not.toHaveProperty('expectedFee');
    expect(estimate).toMatchObject({ feeAsset: 'USDT', liquidity: 'TAKER' });
  });

  it('no quote asset named: no feeAsset', () => {
    const noQuote = bookOf(definitionWithout(['quoteAsset']));
    const estimate = estimateOrder(noQuote, marketOrder('BUY', '1'), AT_100);
    expect(estimate.estimated).toBe(true);
    expect(estimate).not.toHaveProperty('feeAsset');
    expect(estimate).toMatchObject({ feeRate: '0.001' });
  });

  it('a LIMIT order is a maker below (BUY) or above (SELL) the reference, a taker across it', () => {
    expect(estimateOrder(b, limitOrder('BUY', '99', '1'), AT_100)).toMatchObject({
      liquidity: 'MAKER',
      feeRate: '0.0008',
    });
    expect(estimateOrder(b, limitOrder('BUY', '100', '1'), AT_100)).toMatchObject({ liquidity: 'TAKER' });
    expect(estimateOrder(b, limitOrder('SELL', '101', '1'), AT_100)).toMatchObject({ liquidity: 'MAKER' });
    expect(estimateOrder(b, limitOrder('SELL', '100', '1'), AT_100)).toMatchObject({ liquidity: 'TAKER' });
    expect(estimateOrder(b, limitOrder('SELL', '99', '1'))).toMatchObject({ liquidity: 'MAKER' });
  });
});

describe('normalizeOrder without a pair to repair on', () => {
  it.each([
    ['not a record', 'BUY 1 BTC', undefined],
    ['null', null, undefined],
    ['no symbol', { side: 'BUY', type: 'MARKET', quantity: '1' }, 'symbol'],
    ['an unknown symbol', marketOrder('BUY', '1', { symbol: 'NOPEUSDT' }), 'symbol'],
  ])('%s: not ok, nothing changed', (_name, order, field) => {
    const result = normalizeOrder(b, order as never, AT_100);
    expect(result.ok).toBe(false);
    expect(result.changes).toEqual([]);
    if (result.ok) return;
    expect(result.violations.length).toBeGreaterThan(0);
    if (field !== undefined) expect(result.violations.map((v) => v.field)).toContain(field);
  });

  it('an unknown symbol is named as such', () => {
    const result = normalizeOrder(b, marketOrder('BUY', '1', { symbol: 'NOPEUSDT' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations.map((v) => v.code)).toEqual(['UNKNOWN_SYMBOL']);
  });
});

describe('normalizeOrder beside faults no rounding repairs', () => {
  it('moves the price onto the tick, and keeps the reading fault it cannot repair', () => {
    const result = normalizeOrder(b, limitOrder('BUY', '100.005', '1', { newClientOrderId: 7 }), AT_100);
    expect(result.changes).toEqual([{ field: 'price', from: '100.005', to: '100', code: 'PRICE_TICK' }]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations.map((v) => v.field)).toEqual(['newClientOrderId']);
  });

  it('a number moved onto the grid is named as the text it was sent as', () => {
    const result = normalizeOrder(b, limitOrder('BUY', 100.005, 1), AT_100);
    expect(result.ok).toBe(true);
    expect(result.changes).toEqual([{ field: 'price', from: '100.005', to: '100', code: 'PRICE_TICK' }]);
    const quantity = normalizeOrder(b, marketOrder('BUY', 1.00005), AT_100);
    expect(quantity.changes).toEqual([
      { field: 'quantity', from: '1.00005', to: '1', code: 'QUANTITY_STEP' },
    ]);
  });
});

describe('the fixture', () => {
  it('keeps its quote asset and fee rates (the cases above take them away)', () => {
    expect(definition()).toMatchObject({ quoteAsset: 'USDT', takerFeeRate: '0.001', makerFeeRate: '0.0008' });
  });
});
