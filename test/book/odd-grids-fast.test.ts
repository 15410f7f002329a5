import { describe, expect, it } from 'vitest';
import { bookFrom } from '../../test-support/book.js';
import { fastOnly, fastVerdictOnly, generalPath } from '../../test-support/engine-internals.js';
import { pairDefinition } from '../../test-support/payload.js';

/**
 * Pairs whose grids are not their ticks and steps (a tick finer than the quote precision, a step
 * finer than the base precision, no grid at all, zero grids) are judged by the fast path, in its
 * cost class, and answer exactly what the general path does.
 */
const SHAPES: Record<string, Record<string, unknown>> = {
  'fine tick': { tickSize: '0.001', quoteAssetPrecision: 1 },
  'fine inferred tick': { tickSize: undefined, displayDigitMerge: '0.001,0.01', quoteAssetPrecision: 1 },
  'fine step': { stepSize: '0.00001', baseAssetPrecision: 3 },
  'zero grid': { tickSize: '0', stepSize: '0', displayDigitMerge: undefined },
  'grid-less': {
    tickSize: undefined,
    stepSize: undefined,
    displayDigitMerge: undefined,
    quoteAssetPrecision: undefined,
    baseAssetPrecision: undefined,
  },
};

function definitionOf(overrides: Record<string, unknown>): Record<string, unknown> {
  const definition = pairDefinition(overrides);
  for (const [key, value] of Object.entries(definition)) if (value === undefined) delete definition[key];
  return definition;
}

const limit = (side: string, price: string, quantity: string) => ({
  symbol: 'BTCUSDT',
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  price,
  quantity,
});
const market = (side: string, quantity: string) => ({ symbol: 'BTCUSDT', side, type: 'MARKET', quantity });

const ORDERS: readonly [Record<string, unknown>, Record<string, unknown>][] = [
  [limit('BUY', '100.1', '0.5'), { referencePrice: '100', maxNotional: '1000' }],
  [limit('BUY', '100.123', '0.5'), { referencePrice: '100' }],
  [limit('SELL', '100.1005', '0.00123'), { referencePrice: '100' }],
  [limit('BUY', '100.12', '0.5123456'), {}],
  [limit('BUY', '130', '0.00001'), { referencePrice: '100', maxNotional: '1' }],
  [limit('SELL', '80.55', '1000.5'), { referencePrice: '100' }],
  [limit('BUY', '100.1', '0.5'), { referencePrice: '100', maxNotional: '10' }],
  [market('BUY', '0.5'), { referencePrice: '100', maxNotional: '10' }],
  [market('SELL', '150.123456'), { referencePrice: '100.5', maxNotional: '100' }],
  [market('BUY', '0.5'), {}],
  [market('SELL', '0.00001'), { referencePrice: '100' }],
  [limit('BUY', '100.1', '12345678901234567.5'), { referencePrice: '100' }],
  [market('BUY', '0.1234567890123456789'), { referencePrice: '100', maxNotional: '10' }],
];

describe('odd grids on the fast path', () => {
  for (const [shape, overrides] of Object.entries(SHAPES))
    it(`${shape}: the fast path answers every order, as the general path does`, () => {
      const book = bookFrom([definitionOf(overrides)]);
      const general = generalPath(book);
      const fast = fastOnly(book);
      const verdict = fastVerdictOnly(book);
      for (const [order, context] of ORDERS) {
        const expected = general(order, context);
        expect(fast(order, context)).toEqual(expected);
        expect(verdict(order, context)?.codes).toEqual(expected.violations.map((v) => v.code));
        expect(book.validateOrder(order, context)).toEqual(expected);
      }
    });
});
