// test-support/engine-internals.ts takes the judge apart for the tests and properties that hold
// its ways to one verdict: these hold the harness itself, so that "the fast ways alone" can never
// quietly become the general way compared with itself.
import { describe, expect, it } from 'vitest';
import { fastOnly, fastVerdictOnly, generalPath } from '../../test-support/engine-internals.js';
import { book, limitOrder, marketOrder } from '../rules/fixtures.js';

const b = book();

describe('the fast ways alone', () => {
  it.each([
    ['a passing LIMIT order', limitOrder('BUY', '100', '1'), undefined],
    ['a passing MARKET order', marketOrder('SELL', '1'), undefined],
    ['an order off the tick and the step', limitOrder('BUY', '100.001', '1.00001'), undefined],
    [
      'a price of 20 significant digits (judged exactly)',
      limitOrder('BUY', '100.00000000000000001', '1'),
      undefined,
    ],
    ['an order over the notional cap', limitOrder('BUY', '100', '2'), { maxNotional: '150' }],
  ])('answer for %s, as validateOrder and checkOrder do', (_name, order, context) => {
    const result = fastOnly(b)(order, context);
    expect(result).toBeDefined();
    expect(result).toEqual(b.validateOrder(order, context));
    expect(result).toEqual(generalPath(b)(order, context));
    expect(fastVerdictOnly(b)(order, context)).toBe(b.checkOrder(order, context));
  });

  it.each([
    ['a malformed price (not read the fast way)', limitOrder('BUY', 'abc', '1')],
    ['a price with a second point', limitOrder('BUY', '1.0.0', '1')],
    [
      'an unknown symbol (the fast ways asked, the general way looked it up)',
      limitOrder('BUY', '100', '1', { symbol: 'NOPEUSDT' }),
    ],
    ['not an order', 'BUY 1 BTC'],
  ])('leave %s to the general way', (_name, order) => {
    expect(fastOnly(b)(order, undefined)).toBeUndefined();
    expect(fastVerdictOnly(b)(order, undefined)).toBeUndefined();
    expect(b.validateOrder(order as never)).toEqual(generalPath(b)(order, undefined));
  });
});
