import { describe, expect, it } from 'vitest';
import { normalizeOrder, RuleBook, sampleExchangeInfo } from '../../src/index.js';

const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
const limit = (symbol: string, side: 'BUY' | 'SELL', price: unknown, quantity: unknown) => ({
  symbol,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
});

describe('normalizeOrder', () => {
  it('returns a valid order unchanged, with numbers spelled as plain strings', () => {
    const r = normalizeOrder(book, limit('BTCUSDT', 'BUY', 64000.01, 0.0015), { referencePrice: '64000' });
    expect(r).toEqual({ ok: true, order: limit('BTCUSDT', 'BUY', '64000.01', '0.0015'), changes: [] });
  });

  it.each([
    ['BUY', '64000.017', '64000.01'],
    ['SELL', '64000.011', '64000.02'],
    ['BUY', '0.006', '0.006'],
  ] as const)('moves a %s price onto the tick away from the market (%s -> %s)', (side, price, expected) => {
    const r = normalizeOrder(book, limit('BTCUSDT', side, price, '0.001'));
    if (price === expected) {
      // Below one tick, a BUY cannot round down to a positive price: nothing to repair with.
      expect(r.ok).toBe(false);
      return;
    }
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.order.price).toBe(expected);
    expect(r.changes).toEqual([{ field: 'price', from: price, to: expected, code: 'PRICE_TICK' }]);
    expect(book.validateOrder(r.order).ok).toBe(true);
  });

  it('moves the quantity down onto the step, on non-power-of-ten grids too', () => {
    const r = normalizeOrder(book, { symbol: 'MEMEUSDT', side: 'SELL', type: 'MARKET', quantity: '1219' });
    expect(r).toMatchObject({ ok: true, order: { quantity: '1210' } });
    expect(r.changes).toEqual([{ field: 'quantity', from: '1219', to: '1210', code: 'QUANTITY_STEP' }]);
  });

  it('rounds to the precision where a pair has no grid', () => {
    const r = normalizeOrder(book, limit('NEWUSDT', 'SELL', '2.51234', '10.555'), { referencePrice: '2.5' });
    expect(r.ok).toBe(true);
    expect(r.changes.map((c) => [c.field, c.to, c.code])).toEqual([
      ['price', '2.5124', 'PRICE_PRECISION'],
      ['quantity', '10.55', 'QUANTITY_PRECISION'],
    ]);
  });

  it('respells a float-printed decimal in plain notation', () => {
    const r = normalizeOrder(book, limit('MEMEUSDT', 'BUY', 1.2e-7, 1100));
    expect(r).toMatchObject({ ok: true, order: { price: '0.00000012', quantity: '1100' } });
    expect(r.changes).toEqual([{ field: 'price', from: '1.2e-7', to: '0.00000012', code: 'INVALID_FIELD' }]);
  });

  it('reports what rounding cannot repair: below the minimum after rounding, a disabled pair, a band', () => {
    const below = normalizeOrder(book, limit('BTCUSDT', 'BUY', '64000', '0.000099'));
    expect(below.ok).toBe(false);
    if (!below.ok) expect(below.violations.map((v) => v.code)).toEqual(['QUANTITY_BELOW_MIN']);

    const disabled = normalizeOrder(book, limit('LUNAUSDT', 'SELL', '0.00015', '1'));
    expect(disabled.ok).toBe(false);
    if (!disabled.ok)
      expect(disabled.violations.map((v) => v.code)).toEqual(['SYMBOL_NOT_TRADING', 'TRADING_DISABLED']);

    const band = normalizeOrder(book, limit('BTCUSDT', 'BUY', '70000.005', '0.001'), {
      referencePrice: '64000',
    });
    expect(band.ok).toBe(false);
    if (!band.ok) expect(band.violations.map((v) => v.code)).toEqual(['PRICE_ABOVE_BUY_LIMIT']);
  });

  it('writes canonical text: trailing zeros beyond the precision go, those within it stay', () => {
    const trimmed = normalizeOrder(book, limit('BTCUSDT', 'BUY', '64000.0100000000', '0.00100000000000'));
    expect(trimmed).toMatchObject({ ok: true, order: { price: '64000.01', quantity: '0.001' } });
    expect(trimmed.changes).toEqual([
      { field: 'price', from: '64000.0100000000', to: '64000.01', code: 'PRICE_PRECISION' },
      { field: 'quantity', from: '0.00100000000000', to: '0.001', code: 'QUANTITY_PRECISION' },
    ]);
    // Within the precision, the text as written passes and is kept.
    const kept = normalizeOrder(book, limit('BTCUSDT', 'BUY', '64000.10', '0.00100'));
    expect(kept).toEqual({ ok: true, order: limit('BTCUSDT', 'BUY', '64000.10', '0.00100'), changes: [] });
  });

  it('repairs on an inferred tick, and what it returns passes', () => {
    const r = normalizeOrder(book, limit('SOLUSDT', 'SELL', '150.125', '2.000000001'), {
      referencePrice: '150',
    });
    expect(r).toMatchObject({ ok: true, order: { price: '150.13', quantity: '2' } });
    if (r.ok) expect(book.validateOrder(r.order, { referencePrice: '150' }).ok).toBe(true);
  });

  it('a tick finer than the precision: the price lands on both', () => {
    const info = sampleExchangeInfo();
    const odd = RuleBook.fromExchangeInfo({
      ...info,
      symbols: [{ ...info.symbols[0]!, tickSize: '0.005', quoteAssetPrecision: 2 }],
    });
    const r = normalizeOrder(odd, limit('BTCUSDT', 'BUY', '64000.015', '0.001'));
    expect(r).toMatchObject({ ok: true, order: { price: '64000.01' } });
  });

  it('returns what it judged: an order is read once, so a changing getter cannot slip past', () => {
    let reads = 0;
    const order = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '64000.01',
      get quantity() {
        reads++;
        return reads === 1 ? '0.001' : '99999999';
      },
    };
    const r = normalizeOrder(book, order);
    expect(reads).toBe(1);
    expect(r).toMatchObject({ ok: true, order: { quantity: '0.001' } });
  });

  it('a getter that throws is a verdict, not an exception', () => {
    const order = {
      symbol: 'BTCUSDT',
      get side(): string {
        throw new Error('boom');
      },
    };
    const r = normalizeOrder(book, order);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violations.map((v) => v.code)).toEqual(['INVALID_ORDER']);
  });

  it('never throws and repairs nothing on garbage', () => {
    for (const garbage of [null, 42, 'x', [], { symbol: 'NOPE' }])
      expect(normalizeOrder(book, garbage)).toMatchObject({ ok: false, changes: [] });
  });
});
