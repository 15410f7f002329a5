import { describe, expect, it } from 'vitest';
import { type BookPairs, checkSymbolKnown, type PairLookup } from '../../src/book/judge-order.js';
import { repairWith } from '../../src/book/repair-order.js';
import { RuleBook } from '../../src/index.js';
import {
  bookOf,
  codesOf,
  definition,
  limitOrder,
  marketOrder,
  pairOf,
  theViolation,
} from '../rules/fixtures.js';

const b = bookOf(
  definition(),
  definition({ symbol: 'ETHUSDT', tickSize: '0.5' }),
  definition({ symbol: 'BADUSDT', minTradeAmount: 'abc' }),
);

describe('UNKNOWN_SYMBOL', () => {
  it('a known symbol passes', () => {
    expect(b.validateOrder(marketOrder('BUY', '1')).ok).toBe(true);
    expect(b.validateOrder({ ...limitOrder('BUY', '1.5', '1'), symbol: 'ETHUSDT' }).ok).toBe(true);
    expect(checkSymbolKnown('BTCUSDT', { kind: 'known', pair: pairOf() })).toBeUndefined();
  });

  it.each(['XRPUSDT', 'btcusdt', ' BTCUSDT', 'BTCUSDT ', 'BTC-USDT', 'toString', '__proto__', 'constructor'])(
    'symbol %j is unknown, and no pair rule runs for it',
    (symbol) => {
      const result = b.validateOrder({ ...limitOrder('BUY', '100.001', '0.00001'), symbol });
      expect(codesOf(result)).toEqual(['UNKNOWN_SYMBOL']);
      expect(theViolation(result, 'UNKNOWN_SYMBOL').field).toBe('symbol');
      expect(result.skipped).toEqual([]);
    },
  );

  it('is reported after the shape violations', () => {
    const result = b.validateOrder({ symbol: 'XRPUSDT', side: 'HOLD', type: 'MARKET', quantity: '1' });
    expect(codesOf(result)).toEqual(['INVALID_FIELD', 'UNKNOWN_SYMBOL']);
  });

  it('normalizeOrder looks an unknown or set-aside symbol up once', () => {
    for (const answer of [
      { kind: 'unknown' },
      { kind: 'rejected', rejected: { index: 0, symbol: 'XRPUSDT', reasons: [] } },
    ] as const satisfies readonly PairLookup[]) {
      const asked: string[] = [];
      const pairs: BookPairs = {
        fast: () => undefined,
        lookup: (symbol) => {
          asked.push(symbol);
          return answer;
        },
      };
      const result = repairWith(pairs, { ...limitOrder('BUY', '1', '1'), symbol: 'XRPUSDT' }, undefined);
      expect(result.ok).toBe(false);
      expect(asked).toEqual(['XRPUSDT']);
    }
  });

  it('direct: an unknown lookup gives UNKNOWN_SYMBOL', () => {
    expect(checkSymbolKnown('XRPUSDT', { kind: 'unknown' })).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
      field: 'symbol',
    });
  });
});

describe('SYMBOL_DEFINITION_INVALID', () => {
  it('an order for a set-aside definition gets SYMBOL_DEFINITION_INVALID and nothing else from the pair', () => {
    const result = b.validateOrder({ ...limitOrder('BUY', '100.001', '1'), symbol: 'BADUSDT' });
    expect(codesOf(result)).toEqual(['SYMBOL_DEFINITION_INVALID']);
    expect(theViolation(result, 'SYMBOL_DEFINITION_INVALID').field).toBe('symbol');
    expect(result.skipped).toEqual([]);
  });

  it('the book lists it in rejected, and not among its symbols', () => {
    expect(b.symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(b.rejected).toHaveLength(1);
    expect(b.rejected[0]).toMatchObject({ index: 2, symbol: 'BADUSDT' });
  });

  it('direct: a rejected lookup gives SYMBOL_DEFINITION_INVALID', () => {
    const rejected = { index: 0, symbol: 'BADUSDT', reasons: [{ path: 'minTradeAmount', message: 'x' }] };
    expect(checkSymbolKnown('BADUSDT', { kind: 'rejected', rejected })).toMatchObject({
      code: 'SYMBOL_DEFINITION_INVALID',
      field: 'symbol',
    });
  });

  it('a hand-built parsed definition that cannot compile is set aside too', () => {
    const parsedInfo = {
      timezone: 'UTC',
      serverTime: 0,
      rejected: [],
      warnings: [],
      symbols: [{ ...b.definition('BTCUSDT')!, symbol: 'HANDUSDT', minTradeAmount: 'not-a-number' }],
    };
    const hand = RuleBook.fromExchangeInfo(parsedInfo);
    expect(hand.symbols).toEqual([]);
    expect(hand.rejected[0]).toMatchObject({ symbol: 'HANDUSDT' });
    expect(codesOf(hand.validateOrder({ ...marketOrder('BUY', '1'), symbol: 'HANDUSDT' }))).toEqual([
      'SYMBOL_DEFINITION_INVALID',
    ]);
  });
});
