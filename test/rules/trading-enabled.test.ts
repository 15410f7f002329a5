import { describe, expect, it } from 'vitest';
import { checkTradingEnabled } from '../../src/rules/trading-enabled.js';
import {
  bookOf,
  codesOf,
  definition,
  expectNoCode,
  limitOrder,
  marketOrder,
  pairOf,
  theViolation,
  validate,
} from './fixtures.js';

describe('TRADING_DISABLED', () => {
  it('passes when enableTrade is true', () => {
    const result = validate({ enableTrade: true }, marketOrder('BUY', '1'));
    expectNoCode(result, 'TRADING_DISABLED');
    expect(result.ok).toBe(true);
    expect(checkTradingEnabled(pairOf({ enableTrade: true }))).toBeUndefined();
  });

  it('fails when enableTrade is false, for every order type and side', () => {
    for (const order of [
      limitOrder('BUY', '100', '1'),
      limitOrder('SELL', '100', '1'),
      marketOrder('BUY', '1'),
      marketOrder('SELL', '1'),
    ]) {
      const result = validate({ enableTrade: false }, order, { referencePrice: '100' });
      expect(codesOf(result)).toEqual(['TRADING_DISABLED']);
      const v = theViolation(result, 'TRADING_DISABLED');
      expect(v.field).toBe('symbol');
    }
    expect(checkTradingEnabled(pairOf({ enableTrade: false }))).toMatchObject({
      code: 'TRADING_DISABLED',
      field: 'symbol',
    });
  });

  it('is not fooled by display flags', () => {
    const result = validate({ enableTrade: true, enableDisplay: false }, marketOrder('BUY', '1'));
    expect(result.ok).toBe(true);
  });

  it('an enableTrade other than true, false, "true" or "false" sets the definition aside rather than guessing', () => {
    for (const enableTrade of [1, 0, 'yes', 'TRUE', [], {}]) {
      const b = bookOf(definition({ enableTrade }));
      expect(b.rejected.map((r) => r.reasons.map((x) => x.path))).toEqual([['enableTrade']]);
      expect(codesOf(b.validateOrder(marketOrder('BUY', '1')))).toEqual(['SYMBOL_DEFINITION_INVALID']);
    }
  });

  it('"true" and "false" are read as the flags they spell', () => {
    expect(bookOf(definition({ enableTrade: 'true' })).validateOrder(marketOrder('BUY', '1')).ok).toBe(true);
    expect(
      codesOf(bookOf(definition({ enableTrade: 'false' })).validateOrder(marketOrder('BUY', '1'))),
    ).toEqual(['TRADING_DISABLED']);
  });

  it('an absent, null or "" enableTrade skips only this check, naming the field', () => {
    for (const enableTrade of [undefined, null, '']) {
      const result = bookOf(definition({ enableTrade })).validateOrder(marketOrder('BUY', '1'));
      expect(result.ok).toBe(true);
      expect(result.skipped).toEqual([
        expect.objectContaining({ check: 'TRADING_DISABLED', reason: 'NO_RULE_FIELD', field: 'enableTrade' }),
      ]);
    }
  });
});
