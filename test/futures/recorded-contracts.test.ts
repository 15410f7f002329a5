import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ContractBook, parseContractInfo, parseContractInfoText } from '../../src/futures.js';

// WEEX futures V3 contract definitions as recorded (test/fixtures/weex-futures-recorded.json:
// ccxt's static markets fixture, every value a string) and the documented example
// (test/fixtures/weex-futures-doc-example.json: JSON numbers such as 1e-06). Both files name
// their source. These are the Done-when cases of the futures issue.
const RECORDED = JSON.parse(
  readFileSync(new URL('../fixtures/weex-futures-recorded.json', import.meta.url), 'utf8'),
) as { recorded: { symbols: Record<string, unknown>[] } };
const DOC_TEXT = readFileSync(new URL('../fixtures/weex-futures-doc-example.json', import.meta.url), 'utf8');

const book = ContractBook.fromContractInfo(RECORDED.recorded);

const market = (symbol: string, side: 'BUY' | 'SELL', positionSide: 'LONG' | 'SHORT', quantity: string) => ({
  symbol,
  side,
  positionSide,
  type: 'MARKET',
  quantity,
});
const limit = (symbol: string, side: 'BUY' | 'SELL', price: string, quantity: string) => ({
  symbol,
  side,
  positionSide: side === 'BUY' ? 'LONG' : 'SHORT',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
});

describe('the recorded contract definitions', () => {
  it('parse: BTCUSDT, ETHUSDT and DOGEUSDT (strings), none set aside, exact plain decimals', () => {
    const info = parseContractInfo(RECORDED.recorded);
    expect(info.symbols.map((c) => c.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']);
    expect(info.rejected).toEqual([]);
    expect(info.warnings).toEqual([]);
    const doge = info.symbols[2];
    expect(doge?.quantityPrecision).toBe(-2);
    expect(doge?.pricePrecision).toBe(5);
    expect(doge?.contractVal).toBe('100');
    expect(doge?.marketOpenLimitSize).toBe('200200000');
    expect(info.symbols[0]?.maxLeverage).toBe('400');
  });

  it('the documented example (JSON numbers, contractVal 1e-06) parses from its text and as an object', () => {
    for (const info of [parseContractInfoText(DOC_TEXT), parseContractInfo(JSON.parse(DOC_TEXT))]) {
      expect(info.rejected).toEqual([]);
      const btc = info.symbols[0];
      expect(btc?.contractVal).toBe('0.000001');
      expect(btc?.quantityPrecision).toBe(6);
      expect(btc?.buyLimitPriceRatio).toBe('0.016');
      expect(btc?.makerFeeRate).toBe('0');
      expect(btc?.maxOrderSize).toBe('10000');
    }
    const docBook = ContractBook.fromContractInfoText(DOC_TEXT);
    expect(docBook.checkOrder(limit('BTCUSDT', 'BUY', '64000.1', '0.000101')).codes).toEqual([]);
    expect(docBook.checkOrder(limit('BTCUSDT', 'BUY', '64000.1', '0.0000015')).codes).toEqual([
      'QUANTITY_STEP',
      'QUANTITY_BELOW_MIN',
    ]);
  });

  it('DOGEUSDT: 150 is refused with 100 and 200 suggested; 300 passes', () => {
    const refused = book.validateOrder(market('DOGEUSDT', 'BUY', 'LONG', '150'));
    expect(refused.ok).toBe(false);
    expect(refused.violations).toHaveLength(1);
    expect(refused.violations[0]).toMatchObject({
      code: 'QUANTITY_STEP',
      field: 'quantity',
      limit: '100',
      value: '150',
      suggestion: ['100', '200'],
    });
    expect(book.checkOrder(market('DOGEUSDT', 'BUY', 'LONG', '150')).codes).toEqual(['QUANTITY_STEP']);
    expect(book.validateOrder(market('DOGEUSDT', 'BUY', 'LONG', '300')).ok).toBe(true);
    expect(book.validateOrder(limit('DOGEUSDT', 'SELL', '0.09321', '1400')).ok).toBe(true);
  });

  it('BTCUSDT: a price of 64000.05 is refused on the 1-decimal grid, 64000 and 64000.1 suggested', () => {
    const result = book.validateOrder(limit('BTCUSDT', 'BUY', '64000.05', '0.01'));
    expect(result.violations).toEqual([
      expect.objectContaining({
        code: 'PRICE_TICK',
        field: 'price',
        limit: '0.1',
        value: '64000.05',
        suggestion: ['64000', '64000.1'],
      }),
    ]);
    expect(book.validateOrder(limit('BTCUSDT', 'BUY', '64000.1', '0.01')).ok).toBe(true);
    expect(book.validateOrder(limit('ETHUSDT', 'BUY', '1921.65', '0.036')).ok).toBe(true);
    expect(book.checkOrder(limit('ETHUSDT', 'BUY', '1921.655', '0.036')).codes).toEqual(['PRICE_TICK']);
  });

  it('an opening MARKET order over marketOpenLimitSize is refused; the same size closing is not', () => {
    // BTCUSDT: marketOpenLimitSize 100, maxOrderSize 1200.
    for (const [side, positionSide] of [
      ['BUY', 'LONG'],
      ['SELL', 'SHORT'],
    ] as const) {
      const result = book.validateOrder(market('BTCUSDT', side, positionSide, '100.0001'));
      expect(result.violations).toEqual([
        expect.objectContaining({
          code: 'MARKET_OPEN_SIZE_ABOVE_MAX',
          field: 'quantity',
          limit: '100',
          value: '100.0001',
          suggestion: ['100'],
        }),
      ]);
      expect(book.validateOrder(market('BTCUSDT', side, positionSide, '100')).ok).toBe(true);
    }
    for (const [side, positionSide] of [
      ['SELL', 'LONG'],
      ['BUY', 'SHORT'],
    ] as const)
      expect(book.validateOrder(market('BTCUSDT', side, positionSide, '100.0001')).ok).toBe(true);
    // A LIMIT order is not a MARKET order: the cap does not hold it.
    expect(book.validateOrder(limit('BTCUSDT', 'BUY', '64000', '1000')).ok).toBe(true);
  });

  it('a position in the context refuses an order that takes it past maxPositionSize; exactly at it passes', () => {
    // BTCUSDT: maxPositionSize 1000000.
    const order = limit('BTCUSDT', 'BUY', '64000', '1');
    expect(book.validateOrder(order, { position: '999999' }).ok).toBe(true);
    const over = book.validateOrder(order, { position: '999999.0001' });
    expect(over.violations).toEqual([
      expect.objectContaining({
        code: 'POSITION_SIZE_ABOVE_MAX',
        field: 'quantity',
        limit: '1000000',
        value: '1000000.0001',
        suggestion: ['0.9999'],
      }),
    ]);
    expect(book.checkOrder(order, { position: '999999.0001' }).codes).toEqual(['POSITION_SIZE_ABOVE_MAX']);
    // Closing orders shrink the position: never held to it.
    expect(
      book.validateOrder({ ...order, side: 'SELL', positionSide: 'LONG' }, { position: '1000000' }).ok,
    ).toBe(true);
    // Without a position the check is skipped, and said so.
    expect(book.validateOrder(order).skipped).toContainEqual(
      expect.objectContaining({ check: 'POSITION_SIZE_ABOVE_MAX', reason: 'NO_POSITION', field: 'position' }),
    );
  });
});
