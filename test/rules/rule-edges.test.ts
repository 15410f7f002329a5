import { describe, expect, it } from 'vitest';
import { checkBuyPriceBand } from '../../src/rules/buy-price-band.js';
import { checkMaxNotional } from '../../src/rules/max-notional.js';
import { checkSellPriceBand } from '../../src/rules/sell-price-band.js';
import {
  book,
  codesOf,
  expectNoCode,
  limitOrder,
  marketOrder,
  pairOf,
  parsedContext,
  parsedOrder,
  theViolation,
} from './fixtures.js';

/**
 * Each rule's exact check called directly at the edges of what it is given: a field the order
 * lacks, a pair without the rule's field. The judge may never hand a rule such an order, but the
 * rule's contract says what it answers, and mutation testing (docs/development.md) holds it.
 */
describe('the exact checks on orders that lack the field they judge', () => {
  const reference = parsedContext({ referencePrice: '100' });

  it.each(['BUY', 'SELL'] as const)('a LIMIT %s without a price: the bands say nothing', (side) => {
    const order = parsedOrder(limitOrder(side, undefined, '1'));
    expect(order.price).toBeUndefined();
    expect(checkBuyPriceBand(pairOf(), order, reference)).toBeUndefined();
    expect(checkSellPriceBand(pairOf(), order, reference)).toBeUndefined();
  });
});

/**
 * A quantity with more decimals than the pair's step is not counted on the grid: the fast forms of
 * the quantity bounds then compare it with the bound itself (`atMost`), not by count. Each case
 * sits one hundred-thousandth either side of a bound, and `checkOrder` (fast) and `validateOrder`
 * give the same codes and limits.
 */
describe('quantity bounds on a quantity off the step (compared with the bound, not counted)', () => {
  const b = book();
  it.each([
    { order: marketOrder('BUY', '100.00001'), code: 'MARKET_SIZE_ABOVE_MAX', limit: '100', breaks: true },
    { order: marketOrder('BUY', '99.99999'), code: 'MARKET_SIZE_ABOVE_MAX', limit: '100', breaks: false },
    { order: marketOrder('SELL', '50.00001'), code: 'MARKET_SIZE_ABOVE_MAX', limit: '50', breaks: true },
    { order: marketOrder('SELL', '49.99999'), code: 'MARKET_SIZE_ABOVE_MAX', limit: '50', breaks: false },
    { order: limitOrder('BUY', '1', '1000.00001'), code: 'QUANTITY_ABOVE_MAX', limit: '1000', breaks: true },
    { order: limitOrder('BUY', '1', '999.99999'), code: 'QUANTITY_ABOVE_MAX', limit: '1000', breaks: false },
    {
      order: limitOrder('SELL', '1000', '0.00099'),
      code: 'QUANTITY_BELOW_MIN',
      limit: '0.001',
      breaks: true,
    },
    {
      order: limitOrder('SELL', '1000', '0.00101'),
      code: 'QUANTITY_BELOW_MIN',
      limit: '0.001',
      breaks: false,
    },
  ] as const)(
    '$order.type $order.side of $order.quantity: $code $breaks',
    ({ order, code, limit, breaks }) => {
      const result = b.validateOrder(order);
      expect(codesOf(result)).toContain('QUANTITY_STEP');
      expect(b.checkOrder(order).codes).toEqual(codesOf(result));
      if (breaks) expect(theViolation(result, code).limit).toBe(limit);
      else expectNoCode(result, code);
    },
  );
});

describe('NOTIONAL_ABOVE_MAX: nothing to judge without a maximum or a quantity', () => {
  const pair = pairOf();
  it('no maxNotional', () => {
    expect(
      checkMaxNotional(pair, parsedOrder(limitOrder('BUY', '100', '1')), parsedContext({})),
    ).toBeUndefined();
  });
  it('no quantity', () => {
    const order = parsedOrder(limitOrder('BUY', '100', undefined));
    expect(order.quantity).toBeUndefined();
    expect(checkMaxNotional(pair, order, parsedContext({ maxNotional: '1' }))).toBeUndefined();
  });
  it('a MARKET order without a side has no worst-case price: nothing, not a skip', () => {
    const order = parsedOrder(marketOrder('BUY', '1', { side: undefined }));
    expect(order.side).toBeUndefined();
    expect(checkMaxNotional(pair, order, parsedContext({ maxNotional: '1' }))).toBeUndefined();
  });
});
