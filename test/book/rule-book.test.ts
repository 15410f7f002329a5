import { describe, expect, it } from 'vitest';
import {
  estimateOrder,
  type OrderEstimate,
  parseExchangeInfo,
  RuleBook,
  type ValidationContext,
  VIOLATION_CODES,
  validateOrder,
} from '../../src/index.js';
import {
  book,
  bookOf,
  codesOf,
  definition,
  limitOrder,
  marketOrder,
  payload,
  skippedOf,
} from '../rules/fixtures.js';

const DECIMAL_OUT = /^-?\d+(\.\d+)?$/;

function okEstimate(estimate: OrderEstimate) {
  if (!estimate.estimated)
    throw new Error(`expected an estimate, got ${JSON.stringify(estimate.violations)}`);
  for (const value of [estimate.worstCasePrice, estimate.notional, estimate.feeRate, estimate.expectedFee])
    expect(value).toMatch(DECIMAL_OUT);
  return estimate;
}

describe('VIOLATION_CODES', () => {
  it('lists the 18 codes of the README table, in table order', () => {
    expect(VIOLATION_CODES).toEqual([
      'INVALID_ORDER',
      'MISSING_FIELD',
      'INVALID_FIELD',
      'UNEXPECTED_FIELD',
      'UNKNOWN_SYMBOL',
      'SYMBOL_DEFINITION_INVALID',
      'SYMBOL_NOT_TRADING',
      'TRADING_DISABLED',
      'PRICE_TICK',
      'PRICE_PRECISION',
      'PRICE_ABOVE_BUY_LIMIT',
      'PRICE_BELOW_SELL_LIMIT',
      'QUANTITY_STEP',
      'QUANTITY_PRECISION',
      'QUANTITY_BELOW_MIN',
      'QUANTITY_ABOVE_MAX',
      'MARKET_SIZE_ABOVE_MAX',
      'NOTIONAL_ABOVE_MAX',
    ]);
  });
});

describe('RuleBook: contents', () => {
  const b = bookOf(
    definition({ symbol: 'BTCUSDT' }),
    definition({ symbol: 'BADUSDT', minTradeAmount: 'abc' }),
    definition({ symbol: 'ETHUSDT', tickSize: 0.5 }),
    definition({ symbol: 'DUPUSDT' }),
    definition({ symbol: 'XRPUSDT', stepSize: null }),
    definition({ symbol: 'DUPUSDT', tickSize: '1' }),
  );

  it('symbols: the usable definitions, in payload order', () => {
    expect(b.symbols).toEqual(['BTCUSDT', 'ETHUSDT', 'XRPUSDT']);
    expect(b.size).toBe(3);
  });

  it('rejected: the set-aside definitions with their reasons, in payload order', () => {
    expect(b.rejected.map((r) => [r.index, r.symbol, r.reasons.map((x) => x.path)])).toEqual([
      [1, 'BADUSDT', ['minTradeAmount']],
      [3, 'DUPUSDT', ['symbol']],
      [5, 'DUPUSDT', ['symbol']],
    ]);
    for (const symbol of ['BADUSDT', 'DUPUSDT'])
      expect(codesOf(b.validateOrder({ ...marketOrder('BUY', '1'), symbol }))).toEqual([
        'SYMBOL_DEFINITION_INVALID',
      ]);
  });

  it('definition(): the parsed definition, or undefined for set-aside and unknown symbols', () => {
    expect(b.definition('ETHUSDT')).toMatchObject({ symbol: 'ETHUSDT', tickSize: '0.5', stepSize: '0.0001' });
    expect(b.definition('XRPUSDT')?.stepSize).toBeNull();
    expect(b.definition('BADUSDT')).toBeUndefined();
    expect(b.definition('DUPUSDT')).toBeUndefined();
    expect(b.definition('NOPE')).toBeUndefined();
    expect(b.definition('toString')).toBeUndefined();
  });

  it('keeps timezone and serverTime', () => {
    expect(b.timezone).toBe('UTC');
    expect(b.serverTime).toBe(1_763_712_000_000);
  });

  it('fromExchangeInfo accepts a raw decoded body as well as a parsed one', () => {
    const raw = payload([definition(), definition({ symbol: 'BADUSDT', minTradeAmount: 'abc' })]);
    const fromRaw = RuleBook.fromExchangeInfo(raw as never);
    const fromParsed = RuleBook.fromExchangeInfo(parseExchangeInfo(raw));
    expect(fromRaw.symbols).toEqual(fromParsed.symbols);
    expect(fromRaw.rejected).toEqual(fromParsed.rejected);
  });

  it('an empty book knows no symbol', () => {
    const empty = bookOf();
    expect(empty.symbols).toEqual([]);
    expect(codesOf(empty.validateOrder(marketOrder('BUY', '1')))).toEqual(['UNKNOWN_SYMBOL']);
  });
});

describe('estimateOrder', () => {
  // Fixture: taker 0.001, maker 0.0008, fallback 0.02, buy ratio 0.05, sell ratio 0.1.
  const b = book();

  it('LIMIT without a reference price: price × quantity at the maker rate', () => {
    expect(okEstimate(b.estimateOrder(limitOrder('BUY', '100', '2')))).toEqual({
      estimated: true,
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '2',
      worstCasePrice: '100',
      notional: '200',
      liquidity: 'MAKER',
      feeRate: '0.0008',
      expectedFee: '0.16',
      feeAsset: 'USDT',
    });
  });

  it.each([
    { side: 'BUY', price: '100', reference: '100', liquidity: 'TAKER', fee: '0.2' },
    { side: 'BUY', price: '100.01', reference: '100', liquidity: 'TAKER', fee: '0.20002' },
    { side: 'BUY', price: '99.99', reference: '100', liquidity: 'MAKER', fee: '0.159984' },
    { side: 'SELL', price: '100', reference: '100', liquidity: 'TAKER', fee: '0.2' },
    { side: 'SELL', price: '99.99', reference: '100', liquidity: 'TAKER', fee: '0.19998' },
    { side: 'SELL', price: '100.01', reference: '100', liquidity: 'MAKER', fee: '0.160016' },
  ] as const)(
    'LIMIT $side at $price, reference $reference: $liquidity',
    ({ side, price, reference, liquidity, fee }) => {
      const e = okEstimate(b.estimateOrder(limitOrder(side, price, '2'), { referencePrice: reference }));
      expect(e.liquidity).toBe(liquidity);
      expect(e.feeRate).toBe(liquidity === 'TAKER' ? '0.001' : '0.0008');
      expect(e.worstCasePrice).toBe(price);
      expect(e.expectedFee).toBe(fee);
    },
  );

  it.each([
    { side: 'BUY', fallback: '0.02', worst: '65280', notional: '32640', fee: '32.64' },
    { side: 'SELL', fallback: '0.02', worst: '62720', notional: '31360', fee: '31.36' },
    { side: 'BUY', fallback: '0', worst: '67200', notional: '33600', fee: '33.6' },
    { side: 'SELL', fallback: 0, worst: '57600', notional: '28800', fee: '28.8' },
  ] as const)(
    'MARKET $side, fallback $fallback: worst case $worst at the taker rate',
    ({ side, fallback, worst, notional, fee }) => {
      const e = okEstimate(
        book({ marketFallbackPriceRatio: fallback }).estimateOrder(marketOrder(side, '0.5'), {
          referencePrice: '64000',
        }),
      );
      expect(e).toMatchObject({
        type: 'MARKET',
        side,
        worstCasePrice: worst,
        notional,
        liquidity: 'TAKER',
        feeRate: '0.001',
        expectedFee: fee,
      });
    },
  );

  it('MARKET without a reference price cannot be estimated', () => {
    const e = b.estimateOrder(marketOrder('BUY', '1'));
    expect(e.estimated).toBe(false);
    if (!e.estimated)
      expect(e.violations.map((v) => [v.code, v.field])).toEqual([['MISSING_FIELD', 'referencePrice']]);
  });

  it('a negative maker rate is a rebate', () => {
    const e = okEstimate(book({ makerFeeRate: '-0.0002' }).estimateOrder(limitOrder('BUY', '100', '2')));
    expect(e).toMatchObject({ liquidity: 'MAKER', feeRate: '-0.0002', expectedFee: '-0.04' });
  });

  it('exact arithmetic, printed plainly', () => {
    expect(okEstimate(b.estimateOrder(limitOrder('BUY', 0.1, 3))).notional).toBe('0.3');
    const tiny = okEstimate(
      book({ tickSize: '0.00000001', stepSize: '0.00000001', minTradeAmount: '0' }).estimateOrder(
        limitOrder('BUY', '0.00000001', '0.00000001'),
      ),
    );
    expect(tiny.notional).toBe('0.0000000000000001');
    expect(tiny.expectedFee).toBe('0.00000000000000000008');
  });

  it('estimates an order that breaks a pair rule (it needs only the arithmetic)', () => {
    const e = okEstimate(b.estimateOrder(limitOrder('BUY', '100.005', '0.00001')));
    expect(e.notional).toBe('0.00100005');
  });

  it('refuses what it cannot compute: unknown or set-aside symbols, missing fields', () => {
    const withBad = bookOf(definition(), definition({ symbol: 'BADUSDT', minTradeAmount: 'abc' }));
    const cases: [unknown, string][] = [
      [{ ...marketOrder('BUY', '1'), symbol: 'NOPE' }, 'UNKNOWN_SYMBOL'],
      [{ ...marketOrder('BUY', '1'), symbol: 'BADUSDT' }, 'SYMBOL_DEFINITION_INVALID'],
      [{ symbol: 'BTCUSDT', type: 'MARKET', quantity: '1' }, 'MISSING_FIELD'],
      [{ ...limitOrder('BUY', '100', '1'), price: undefined }, 'MISSING_FIELD'],
      [limitOrder('BUY', '100', '1e-3'), 'INVALID_FIELD'],
      [null, 'INVALID_ORDER'],
    ];
    for (const [order, code] of cases) {
      const e = withBad.estimateOrder(order, { referencePrice: '100' });
      expect(e.estimated).toBe(false);
      if (!e.estimated) expect(e.violations.map((v) => v.code)).toContain(code);
    }
  });
});

describe('free functions agree with the methods', () => {
  const b = bookOf(definition(), definition({ symbol: 'HALTED', status: 'BREAK', tickSize: null }));
  const cases: [unknown, ValidationContext | undefined][] = [
    [limitOrder('BUY', '100', '1'), undefined],
    [limitOrder('BUY', '200.005', '0.00001'), { referencePrice: '100', maxNotional: '1' }],
    [marketOrder('SELL', '60'), { referencePrice: '100' }],
    [{ ...limitOrder('SELL', '1.234', '1'), symbol: 'HALTED' }, undefined],
    [{ ...marketOrder('BUY', '1'), symbol: 'NOPE' }, undefined],
    [42, undefined],
  ];

  it.each(cases)('validateOrder(book, %o) equals book.validateOrder', (order, context) => {
    expect(validateOrder(b, order, context)).toEqual(b.validateOrder(order, context));
  });

  it.each(cases)('estimateOrder(book, %o) equals book.estimateOrder', (order, context) => {
    expect(estimateOrder(b, order, context)).toEqual(b.estimateOrder(order, context));
  });
});

describe('result order', () => {
  const halted = book({ status: 'BREAK', enableTrade: false, sellLimitPriceRatio: '0.1' });
  const indexOf = (code: string) => VIOLATION_CODES.indexOf(code as never);

  it('a disabled, not-trading pair whose LIMIT order also breaks tick, band, step, min and notional reports all, in the documented order', () => {
    const result = halted.validateOrder(limitOrder('BUY', '105.005', '0.00005'), {
      referencePrice: '100',
      maxNotional: '0.000001',
    });
    expect(codesOf(result)).toEqual([
      'SYMBOL_NOT_TRADING',
      'TRADING_DISABLED',
      'PRICE_TICK',
      'PRICE_ABOVE_BUY_LIMIT',
      'QUANTITY_STEP',
      'QUANTITY_BELOW_MIN',
      'NOTIONAL_ABOVE_MAX',
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('a MARKET SELL on that pair: sizes after grids, shape violations first', () => {
    const result = halted.validateOrder(
      marketOrder('SELL', '1000.00005', { newClientOrderId: 'x'.repeat(41) }),
      { maxNotional: '1' },
    );
    expect(codesOf(result)).toEqual([
      'INVALID_FIELD',
      'SYMBOL_NOT_TRADING',
      'TRADING_DISABLED',
      'QUANTITY_STEP',
      'QUANTITY_ABOVE_MAX',
      'MARKET_SIZE_ABOVE_MAX',
    ]);
    expect(skippedOf(result)).toEqual([{ check: 'NOTIONAL_ABOVE_MAX', reason: 'NO_REFERENCE_PRICE' }]);
  });

  it('without grids: the grid checks are skipped, the precision codes keep their places', () => {
    const result = book({
      status: 'BREAK',
      enableTrade: false,
      tickSize: null,
      stepSize: null,
      displayDigitMerge: '',
      quoteAssetPrecision: 2,
      baseAssetPrecision: 2,
    }).validateOrder(limitOrder('SELL', '1.001', '0.0001'), { referencePrice: '100' });
    expect(codesOf(result)).toEqual([
      'SYMBOL_NOT_TRADING',
      'TRADING_DISABLED',
      'PRICE_PRECISION',
      'PRICE_BELOW_SELL_LIMIT',
      'QUANTITY_PRECISION',
      'QUANTITY_BELOW_MIN',
    ]);
    expect(skippedOf(result)).toEqual([
      { check: 'PRICE_TICK', reason: 'NO_TICK_SIZE' },
      { check: 'QUANTITY_STEP', reason: 'NO_STEP_SIZE' },
    ]);
  });

  it('codes always come in VIOLATION_CODES order', () => {
    const orders = [
      limitOrder('BUY', '105.005', '0.00005'),
      limitOrder('SELL', '1.005', '5000.00005'),
      marketOrder('BUY', '5000.00005'),
      marketOrder('SELL', '0.00005', { price: '1' }),
    ];
    for (const order of orders) {
      const codes = codesOf(halted.validateOrder(order, { referencePrice: '100', maxNotional: '1' }));
      expect(codes.length).toBeGreaterThan(2);
      expect([...codes].sort((a, b) => indexOf(a) - indexOf(b))).toEqual(codes);
    }
  });

  it('is stable: same input, same result, whatever the key order of the order', () => {
    const order = limitOrder('BUY', '105.005', '0.00005', { newClientOrderId: 'x\ty' });
    const reversed = Object.fromEntries(Object.entries(order).reverse());
    const context = { referencePrice: '100', maxNotional: '0.000001' };
    const first = halted.validateOrder(order, context);
    expect(halted.validateOrder(order, context)).toEqual(first);
    expect(halted.validateOrder(reversed, context)).toEqual(first);
    expect(halted.validateOrder(order, { maxNotional: '0.000001', referencePrice: '100' })).toEqual(first);
  });

  it('a passing order has nothing to report', () => {
    expect(
      book().validateOrder(limitOrder('BUY', '100', '1'), { referencePrice: '100', maxNotional: '100' }),
    ).toEqual({
      ok: true,
      violations: [],
      skipped: [],
    });
  });
});
