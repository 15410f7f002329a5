import { inspect, isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generalPath } from '../../property-tests/support/paths.js';
import { parseExchangeInfo, RuleBook, type ValidationResult } from '../../src/index.js';
import { exchangeInfoPayload, pairDefinition } from '../helpers/payload.js';

/**
 * A failing order the fast path judged gets a result whose violations are explained when first
 * read. These tests hold that result to what a plain one does: the same data wherever it goes.
 */
const book = RuleBook.fromExchangeInfo(
  parseExchangeInfo(exchangeInfoPayload([pairDefinition({ tickSize: '0.01', stepSize: '0.0001' })])),
);
const offTick = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '64000.005',
  quantity: '0.001',
};
const offStep = { symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: 0.00015 };
const context = { referencePrice: '64010' };

function failing(order: Record<string, unknown>): { result: ValidationResult; expected: ValidationResult } {
  const expected = generalPath(book)(structuredClone(order), context);
  const result = book.validateOrder(order as never, context);
  // Judged by the fast path: its result explains itself on first read.
  expect(Object.getOwnPropertyDescriptor(result, 'violations')?.get).toBeTypeOf('function');
  return { result, expected };
}

describe('a failing result of the fast path', () => {
  it('reads as the general path reports it', () => {
    for (const order of [offTick, offStep]) {
      const { result, expected } = failing(order);
      expect(result.ok).toBe(false);
      expect(result).toEqual(expected);
      expect(result.violations.map((v) => v.code)).toEqual(expected.violations.map((v) => v.code));
    }
  });

  it('is plain data: keys, prototype, JSON, spreading, structuredClone and strict equality all carry the violations', () => {
    const { result, expected } = failing(offTick);
    expect(Object.keys(result)).toEqual(['ok', 'violations', 'skipped']);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(result))).toEqual(JSON.parse(JSON.stringify(expected)));
    expect({ ...result }).toEqual(expected);
    expect(structuredClone(result)).toEqual(expected);
    expect(result).toStrictEqual(expected);
    expect(isDeepStrictEqual(result, expected)).toBe(true);
    // Node's console shows an accessor as [Getter] unless asked for its value.
    expect(inspect(result, { depth: 4, getters: true })).toContain("code: 'PRICE_TICK'");
  });

  it('explains once: every read returns the same violations', () => {
    const { result } = failing(offStep);
    expect(result.violations).toBe(result.violations);
  });

  it('explains the order as validated, read after other orders and after the order changed', () => {
    const order: Record<string, unknown> = { ...offTick };
    const { result, expected } = failing(order);
    order.price = '64000.01';
    order.quantity = '0.00015';
    for (const other of [offStep, order, offTick]) book.validateOrder(other as never, context);
    expect(result).toEqual(expected);
    expect(result.violations[0]).toMatchObject({ code: 'PRICE_TICK', value: '64000.005', limit: '0.01' });
  });
});
