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
    expect(estimateOrder(book, typed, { referencePrice: '64000' }).estimated).toBe(true);
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

describe('violations narrow by code', () => {
  it('a PRICE_TICK always has its limit, value and suggestion; a NOTIONAL_ABOVE_MAX has no suggestion', () => {
    const result = validateOrder(
      book,
      {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        price: '64000.005',
        quantity: '1',
      },
      { maxNotional: '100' },
    );
    const seen: string[] = [];
    for (const v of result.violations) {
      if (v.code === 'PRICE_TICK') {
        // No undefined check: the type says a PRICE_TICK always suggests.
        const below: string = v.suggestion[0];
        seen.push(`${v.code} ${v.limit} ${v.value} ${below}`);
      } else if (v.code === 'NOTIONAL_ABOVE_MAX') {
        // @ts-expect-error a notional violation carries no suggestion
        const none: readonly string[] = v.suggestion;
        expect(none).toBeUndefined();
        seen.push(`${v.code} ${v.limit} ${v.value}`);
      }
    }
    expect(seen).toEqual(['PRICE_TICK 0.01 64000.005 64000', 'NOTIONAL_ABOVE_MAX 100 64000.005']);
  });
});
