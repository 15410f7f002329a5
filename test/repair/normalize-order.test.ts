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

  it('never throws and repairs nothing on garbage', () => {
    for (const garbage of [null, 42, 'x', [], { symbol: 'NOPE' }])
      expect(normalizeOrder(book, garbage)).toMatchObject({ ok: false, changes: [] });
  });
});
