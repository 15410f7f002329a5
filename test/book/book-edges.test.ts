import { describe, expect, it } from 'vitest';
import { NearSymbols } from '../../src/book/near-symbol.js';
import { checkOrder, estimateOrder, InvalidArgumentError, RuleBook, validateOrder } from '../../src/index.js';
import { book, bookOf, definition, marketOrder } from '../rules/fixtures.js';

/**
 * The book's small helpers at their edges (found by mutation testing, `npm run mutation`): the
 * near spelling of an unknown symbol, and the check that an argument is a rule book.
 */

describe('NearSymbols', () => {
  it('tells the one known symbol an unknown one folds to', () => {
    const near = new NearSymbols(() => ['BTCUSDT', 'ETHUSDT']);
    expect(near.of('btcusdt')).toBe('BTCUSDT');
    expect(near.of('eth/usdt')).toBe('ETHUSDT');
    expect(near.of('XRPUSDT')).toBeUndefined();
  });

  it('tells none when two known symbols fold alike, or when asked for a known symbol itself', () => {
    const near = new NearSymbols(() => ['BTCUSDT', 'BTC_USDT', 'ETHUSDT']);
    expect(near.of('btcusdt')).toBeUndefined();
    expect(near.of('btc-usdt')).toBeUndefined();
    expect(near.of('ETHUSDT')).toBeUndefined();
    expect(near.of('ethusdt')).toBe('ETHUSDT');
  });

  it('folds symbols of up to 64 characters, and no longer ones', () => {
    const near = new NearSymbols(() => ['BTCUSDT']);
    const at64 = `btc${'-'.repeat(57)}usdt`;
    expect(at64).toHaveLength(64);
    expect(near.of(at64)).toBe('BTCUSDT');
    expect(near.of(`btc${'-'.repeat(58)}usdt`)).toBeUndefined();
  });

  it('reads the known symbols once, however often it is asked', () => {
    let reads = 0;
    const near = new NearSymbols(() => {
      reads++;
      return ['BTCUSDT'];
    });
    expect(reads).toBe(0);
    near.of('btcusdt');
    near.of('btc-usdt');
    near.of('XRPUSDT');
    expect(reads).toBe(1);
  });
});

describe('a rule book argument', () => {
  const b = book();
  const order = marketOrder('BUY', '1');

  function faultOf(run: () => unknown): InvalidArgumentError {
    try {
      run();
    } catch (error) {
      if (error instanceof InvalidArgumentError) return error;
      throw error;
    }
    throw new Error('did not throw');
  }

  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'BTCUSDT'],
    ['a function carrying the method', Object.assign(() => 0, { validateOrder: () => 0 })],
    ['an object without the method', { checkOrder: () => 0 }],
    ['an object whose method is not a function', { validateOrder: 'yes' }],
  ])('%s is refused, naming the argument and carrying the value', (_name, value) => {
    const fault = faultOf(() => validateOrder(value as never, order));
    expect(fault.argument).toBe('book');
    expect(fault.value).toBe(value);
    expect(fault.cause).toBeUndefined();
  });

  it('a number is described in the message by its value', () => {
    expect(faultOf(() => checkOrder(12345 as never, order)).message).toContain('12345');
  });

  it('a revoked proxy is refused with what reading it threw as the cause', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const fault = faultOf(() => estimateOrder(proxy as never, order));
    expect(fault.argument).toBe('book');
    expect(fault.cause).toBeInstanceOf(TypeError);
    expect(fault.value).toBeUndefined();
  });

  it('an object with the method is taken as a book, and the method answers', () => {
    const stand = { validateOrder: () => 'answered', checkOrder: () => 'checked' };
    expect(validateOrder(stand as never, order)).toBe('answered');
    expect(checkOrder(stand as never, order)).toBe('checked');
    expect(validateOrder(b, order).ok).toBe(true);
    expect(b).toBeInstanceOf(RuleBook);
  });
});

describe('a book made from a hand-built parsed payload', () => {
  const parsed = book().definition('BTCUSDT');

  it('without warnings has none; with a hole among its symbols, compiles the others', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case
    const symbols = [, parsed];
    const handBuilt = RuleBook.fromExchangeInfo({
      timezone: 'UTC',
      serverTime: 0,
      rejected: [],
      symbols,
    } as never);
    expect(handBuilt.warnings).toEqual([]);
    expect(Object.isFrozen(handBuilt.warnings)).toBe(true);
    expect(handBuilt.symbols).toEqual(['BTCUSDT']);
    expect(handBuilt.validateOrder(marketOrder('BUY', '1')).ok).toBe(true);
  });

  it('keeps the warnings of a payload, and a definition set aside without a symbol', () => {
    const warned = bookOf(definition({ takerFeeRate: 'abc' }), { status: 'TRADING' });
    expect(warned.warnings.map((w) => w.field)).toEqual(['takerFeeRate']);
    expect(warned.rejected).toHaveLength(1);
    expect(warned.rejected[0]?.symbol).toBeUndefined();
    expect(warned.validateOrder(marketOrder('BUY', '1')).ok).toBe(true);
  });
});
