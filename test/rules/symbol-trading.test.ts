import { describe, expect, it } from 'vitest';
import { checkSymbolTrading } from '../../src/rules/symbol-trading.js';
import {
  codesOf,
  expectNoCode,
  limitOrder,
  marketOrder,
  pairOf,
  theViolation,
  validate,
} from './fixtures.js';

describe('SYMBOL_NOT_TRADING', () => {
  it('passes for status TRADING', () => {
    const result = validate({ status: 'TRADING' }, limitOrder('BUY', '100', '1'));
    expectNoCode(result, 'SYMBOL_NOT_TRADING');
    expect(result.ok).toBe(true);
    expect(checkSymbolTrading(pairOf({ status: 'TRADING' }))).toBeUndefined();
  });

  it.each(['BREAK', 'HALT', 'PRE_TRADING', 'trading', 'TRADING ', 'END_OF_DAY'])(
    'fails for status %j, for every order type',
    (status) => {
      for (const order of [limitOrder('BUY', '100', '1'), marketOrder('SELL', '1')]) {
        const v = theViolation(validate({ status }, order), 'SYMBOL_NOT_TRADING');
        expect(v.field).toBe('symbol');
        expect(v.limit).toBeUndefined();
        expect(v.value).toBeUndefined();
      }
      expect(checkSymbolTrading(pairOf({ status }))).toMatchObject({
        code: 'SYMBOL_NOT_TRADING',
        field: 'symbol',
      });
    },
  );

  it('still runs the other rules, after it', () => {
    const result = validate({ status: 'BREAK' }, limitOrder('BUY', '100.001', '1'));
    expect(codesOf(result)).toEqual(['SYMBOL_NOT_TRADING', 'PRICE_TICK']);
  });

  it('is independent of enableTrade', () => {
    expect(codesOf(validate({ status: 'BREAK', enableTrade: true }, marketOrder('BUY', '1')))).toEqual([
      'SYMBOL_NOT_TRADING',
    ]);
    expect(codesOf(validate({ status: 'BREAK', enableTrade: false }, marketOrder('BUY', '1')))).toEqual([
      'SYMBOL_NOT_TRADING',
      'TRADING_DISABLED',
    ]);
  });
});
