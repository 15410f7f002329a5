import { describe, expect, it } from 'vitest';
import {
  estimateOrder,
  normalizeOrder,
  type OrderInput,
  RuleBook,
  sampleExchangeInfo,
  validateOrder,
} from '../../src/index.js';

// The order-taking functions type orders for callers who build them (a misspelt field is a
// compile error) and still accept input of unknown shape, judged at run time. `npm run
// typecheck` checks the @ts-expect-error lines: were a typo accepted, the directive would fail.

const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());

describe('order typing', () => {
  it('accepts a typed order, unknown input and a record, and judges them at run time', () => {
    const typed: OrderInput = { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.001' };
    const parsed: unknown = JSON.parse(
      '{"symbol":"BTCUSDT","side":"BUY","type":"MARKET","quantity":"0.001"}',
    );
    const record: Record<string, unknown> = { ...typed };
    expect(validateOrder(book, typed).ok).toBe(true);
    expect(book.validateOrder(parsed).ok).toBe(true);
    expect(validateOrder(book, record).ok).toBe(true);
    expect(normalizeOrder(book, typed).ok).toBe(true);
    expect(estimateOrder(book, typed, { referencePrice: '64000' }).ok).toBe(true);
  });

  it('a misspelt field is a compile error, and at run time a missing field', () => {
    // @ts-expect-error quantiy is not a field of an order
    const result = validateOrder(book, { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantiy: '1' });
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([['MISSING_FIELD', 'quantity']]);
    book.validateOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '1',
      // @ts-expect-error prise is not a field of an order (the compiler suggests price)
      prise: '1',
    });
    // @ts-expect-error the same holds for normalizeOrder
    normalizeOrder(book, { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantityy: '1' });
  });

  it('wrong values are for validation to report, not for the compiler', () => {
    const side: string = 'HOLD';
    const result = validateOrder(book, { symbol: 'BTCUSDT', side, type: 'MARKET', quantity: '1' });
    expect(result.violations.map((v) => v.code)).toEqual(['INVALID_FIELD']);
  });
});
