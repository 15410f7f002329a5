import { describe, expect, it } from 'vitest';
import {
  estimateOrder,
  InvalidArgumentError,
  normalizeOrder,
  parseExchangeInfo,
  RuleBook,
} from '../../src/index.js';
import { thrown } from '../../test-support/thrown.js';
import { book, definition, definitionWithout, limitOrder, marketOrder, payload } from '../rules/fixtures.js';

/**
 * The options of `RuleBook.fromExchangeInfo` at their edges (found by mutation testing, `npm run
 * mutation`): `fetchedAt` at its bounds and as a Date, `inferTickSize` when null, a reading that
 * throws, an unknown `clientOrderIds`; and a definition set aside as it compiles.
 */

const info = parseExchangeInfo(payload([definition()]));

describe('options.fetchedAt', () => {
  it.each([
    [0, 0],
    [1.7, 1],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    [new Date(1_763_712_000_123), 1_763_712_000_123],
  ])('%s is kept as %s whole ms', (fetchedAt, ms) => {
    expect(RuleBook.fromExchangeInfo(info, { fetchedAt }).fetchedAt).toBe(ms);
  });

  it.each([
    [-1, '-1'],
    [2 ** 53, '9007199254740992'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [new Date(Number.NaN), 'NaN'],
    ['1763712000000', '1763712000000'],
  ])('%s is refused, the value named', (fetchedAt, named) => {
    const error = thrown(() => RuleBook.fromExchangeInfo(info, { fetchedAt: fetchedAt as never }));
    expect(error).toBeInstanceOf(RangeError);
    expect((error as RangeError).message).toContain(named);
  });
});

describe('options.inferTickSize', () => {
  const untick = parseExchangeInfo(payload([definitionWithout(['tickSize'])]));
  const offTick = limitOrder('BUY', '100.005', '1');
  it.each([
    [undefined, true],
    [null, true],
    [true, true],
    [false, false],
    [0, false],
  ])('%s: the tick is inferred: %s', (inferTickSize, inferred) => {
    const b = RuleBook.fromExchangeInfo(untick, { inferTickSize: inferTickSize as never });
    const codes = b.validateOrder(offTick, { referencePrice: '100' }).violations.map((v) => v.code);
    expect(codes.includes('PRICE_TICK')).toBe(inferred);
  });
});

describe('options that cannot be read, and an unknown client id rule', () => {
  it.each(['fetchedAt', 'inferTickSize', 'clientOrderIds'])(
    'a throwing %s getter: options named, the cause kept',
    (key) => {
      const cause = new Error('getter refused');
      const options = Object.defineProperty({}, key, {
        get() {
          throw cause;
        },
      });
      const error = thrown(() => RuleBook.fromExchangeInfo(info, options));
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).argument).toBe('options');
      expect((error as InvalidArgumentError).cause).toBe(cause);
      expect((error as InvalidArgumentError).message).toContain('getter refused');
    },
  );

  it('an unknown clientOrderIds is refused, naming the rules it may be and the value', () => {
    const error = thrown(() => RuleBook.fromExchangeInfo(info, { clientOrderIds: 'strict' as never }));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe('options.clientOrderIds');
    for (const part of ["'length'", "'futures-pattern'", 'strict'])
      expect((error as InvalidArgumentError).message).toContain(part);
    expect(RuleBook.fromExchangeInfo(info, { clientOrderIds: 'futures-pattern' }).clientOrderIds).toBe(
      'futures-pattern',
    );
    expect(RuleBook.fromExchangeInfo(info).clientOrderIds).toBe('length');
  });
});

describe('withClientOrderIds', () => {
  it('keeps the definitions set aside, and the warnings', () => {
    const b = RuleBook.fromExchangeInfo(
      parseExchangeInfo(payload([definition({ takerFeeRate: 'abc' }), { status: 'TRADING' }])),
    );
    const view = b.withClientOrderIds('futures-pattern');
    expect(view.rejected).toEqual(b.rejected);
    expect(view.rejected).toHaveLength(1);
    expect(view.warnings).toEqual(b.warnings);
    expect(view.clientOrderIds).toBe('futures-pattern');
  });
});

describe('the free functions take a stand-in with the method', () => {
  it('estimateOrder and normalizeOrder call it', () => {
    const stand = { estimateOrder: () => 'estimated', normalizeOrder: () => 'normalized' };
    expect(estimateOrder(stand as never, marketOrder('BUY', '1'))).toBe('estimated');
    expect(normalizeOrder(stand as never, marketOrder('BUY', '1'))).toBe('normalized');
  });
});

describe('a definition that cannot be compiled', () => {
  it('is set aside at its index, with a reason at the definition', () => {
    const parsed = book().definition('BTCUSDT');
    const hand = RuleBook.fromExchangeInfo({
      timezone: 'UTC',
      serverTime: 0,
      rejected: [],
      warnings: [],
      symbols: [parsed, { ...parsed, symbol: 'HANDUSDT', minTradeAmount: 'not-a-number' }],
    } as never);
    expect(hand.symbols).toEqual(['BTCUSDT']);
    expect(hand.rejected).toHaveLength(1);
    expect(hand.rejected[0]).toMatchObject({ index: 1, symbol: 'HANDUSDT' });
    expect(hand.rejected[0]?.reasons.map((r) => r.path)).toEqual(['(definition)']);
    expect(hand.rejected[0]?.reasons[0]?.message.length).toBeGreaterThan(0);
  });
});
