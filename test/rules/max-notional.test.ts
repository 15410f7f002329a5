import { describe, expect, it } from 'vitest';
import { checkMaxNotional } from '../../src/rules/max-notional.js';
import { fastOnly, generalPath } from '../../test-support/engine-internals.js';
import {
  bookOf,
  definition,
  expectNoCode,
  limitOrder,
  marketOrder,
  pairOf,
  parsedContext,
  parsedOrder,
  skippedOf,
  theViolation,
  validate,
} from './fixtures.js';

// Fixture: fallback ratio 0.02, buyLimitPriceRatio 0.05, sellLimitPriceRatio 0.1.
// LIMIT notional = price × quantity; MARKET notional = reference × (1 ± r) × quantity.

describe('NOTIONAL_ABOVE_MAX: passing', () => {
  it.each([
    {
      label: 'LIMIT BUY at the limit',
      order: limitOrder('BUY', '100', '2'),
      context: { maxNotional: '200' },
    },
    { label: 'LIMIT SELL under', order: limitOrder('SELL', '100', '2'), context: { maxNotional: 1000 } },
    {
      label: 'LIMIT float trap 0.1 × 3',
      order: limitOrder('BUY', '0.1', '3'),
      context: { maxNotional: '0.3' },
    },
    {
      label: 'MARKET BUY at 100 × 1.02',
      order: marketOrder('BUY', '1'),
      context: { referencePrice: '100', maxNotional: '102' },
    },
    {
      label: 'MARKET SELL at 100 × 0.98',
      order: marketOrder('SELL', '1'),
      context: { referencePrice: '100', maxNotional: '98' },
    },
    {
      label: 'LIMIT needs no reference',
      order: limitOrder('BUY', '64000', '0.001'),
      context: { maxNotional: '64' },
    },
  ])('$label', ({ order, context }) => {
    const result = validate({}, order, context);
    expectNoCode(result, 'NOTIONAL_ABOVE_MAX');
    expect(checkMaxNotional(pairOf(), parsedOrder(order), parsedContext(context))).toBeUndefined();
  });

  it('without maxNotional nothing is checked or skipped', () => {
    const result = validate({}, marketOrder('BUY', '100'));
    expect(result.ok).toBe(true);
    expect(result.skipped).toEqual([]);
  });
});

describe('NOTIONAL_ABOVE_MAX: failing', () => {
  it.each([
    {
      label: 'LIMIT BUY one cent over',
      order: limitOrder('BUY', '100', '2'),
      context: { maxNotional: '199.99' },
      value: '200',
      limit: '199.99',
    },
    {
      label: 'LIMIT SELL',
      order: limitOrder('SELL', '64000.01', '0.5'),
      context: { maxNotional: 32000 },
      value: '32000.005',
      limit: '32000',
    },
    {
      label: 'MARKET BUY at the fallback worst case',
      order: marketOrder('BUY', '1'),
      context: { referencePrice: '100', maxNotional: '101.99' },
      value: '102',
      limit: '101.99',
    },
    {
      label: 'MARKET SELL at the fallback worst case',
      order: marketOrder('SELL', '2'),
      context: { referencePrice: '100', maxNotional: '195' },
      value: '196',
      limit: '195',
    },
  ])('$label', ({ order, context, value, limit }) => {
    const v = theViolation(validate({}, order, context), 'NOTIONAL_ABOVE_MAX');
    expect(v.field).toBe('notional');
    expect(v.value).toBe(value);
    expect(v.limit).toBe(limit);
    expect(checkMaxNotional(pairOf(), parsedOrder(order), parsedContext(context))).toMatchObject({
      code: 'NOTIONAL_ABOVE_MAX',
      value,
      limit,
    });
  });
});

describe('NOTIONAL_ABOVE_MAX: the fast explanation quotes the price as the general one does', () => {
  // The fast explanation quotes a string price without trailing zeros as it came, and prints any
  // other price from its units: both must be what the exact check prints.
  it.each(['100.5', '100.50', '100.500', '100', 100.5, '0.25', '0.250'])('LIMIT price %j', (price) => {
    const b = bookOf(definition());
    const order = limitOrder('BUY', price, '2');
    const context = { maxNotional: '1' };
    const fast = fastOnly(b)(order, context);
    expect(fast).toBeDefined();
    expect(fast).toEqual(generalPath(b)(order, context));
  });
});

describe('NOTIONAL_ABOVE_MAX: exact boundaries', () => {
  it('LIMIT: equal to maxNotional passes; one smallest unit less of room fails', () => {
    const order = limitOrder('BUY', '64000.01', '0.0003');
    expectNoCode(validate({}, order, { maxNotional: '19.200003' }), 'NOTIONAL_ABOVE_MAX');
    const v = theViolation(validate({}, order, { maxNotional: '19.200002' }), 'NOTIONAL_ABOVE_MAX');
    expect(v.value).toBe('19.200003');
    theViolation(validate({}, order, { maxNotional: '19.20000299999999' }), 'NOTIONAL_ABOVE_MAX');
  });

  it('MARKET BUY: equal to the worst-case notional passes; just below fails', () => {
    const context = { referencePrice: '64000.5' };
    // 64000.5 × 1.02 × 0.5 = 32640.255
    expectNoCode(
      validate({}, marketOrder('BUY', '0.5'), { ...context, maxNotional: '32640.255' }),
      'NOTIONAL_ABOVE_MAX',
    );
    const v = theViolation(
      validate({}, marketOrder('BUY', '0.5'), { ...context, maxNotional: '32640.25499999' }),
      'NOTIONAL_ABOVE_MAX',
    );
    expect(v.value).toBe('32640.255');
  });
});

describe('NOTIONAL_ABOVE_MAX: zero fallback ratio', () => {
  it('a MARKET BUY falls back to buyLimitPriceRatio (100 × 1.05)', () => {
    const overrides = { marketFallbackPriceRatio: '0' };
    const context = { referencePrice: '100' };
    expectNoCode(
      validate(overrides, marketOrder('BUY', '1'), { ...context, maxNotional: '105' }),
      'NOTIONAL_ABOVE_MAX',
    );
    const v = theViolation(
      validate(overrides, marketOrder('BUY', '1'), { ...context, maxNotional: '104.99' }),
      'NOTIONAL_ABOVE_MAX',
    );
    expect(v.value).toBe('105');
  });

  it('a MARKET SELL falls back to sellLimitPriceRatio (100 × 0.9)', () => {
    const overrides = { marketFallbackPriceRatio: 0 };
    const context = { referencePrice: '100' };
    expectNoCode(
      validate(overrides, marketOrder('SELL', '1'), { ...context, maxNotional: '90' }),
      'NOTIONAL_ABOVE_MAX',
    );
    const v = theViolation(
      validate(overrides, marketOrder('SELL', '1'), { ...context, maxNotional: '89.99' }),
      'NOTIONAL_ABOVE_MAX',
    );
    expect(v.value).toBe('90');
  });

  it('"0.000" is zero too', () => {
    const v = theViolation(
      validate({ marketFallbackPriceRatio: '0.000' }, marketOrder('BUY', '1'), {
        referencePrice: '100',
        maxNotional: '104',
      }),
      'NOTIONAL_ABOVE_MAX',
    );
    expect(v.value).toBe('105');
  });
});

describe('NOTIONAL_ABOVE_MAX: reference price', () => {
  it('a MARKET order without a reference price is skipped with NO_REFERENCE_PRICE', () => {
    for (const side of ['BUY', 'SELL'] as const) {
      const result = validate({}, marketOrder(side, '1'), { maxNotional: '0.01' });
      expectNoCode(result, 'NOTIONAL_ABOVE_MAX');
      expect(result.ok).toBe(true);
      expect(skippedOf(result)).toEqual([{ check: 'NOTIONAL_ABOVE_MAX', reason: 'NO_REFERENCE_PRICE' }]);
    }
    expect(
      checkMaxNotional(pairOf(), parsedOrder(marketOrder('BUY', '1')), parsedContext({ maxNotional: '1' })),
    ).toMatchObject({ check: 'NOTIONAL_ABOVE_MAX', reason: 'NO_REFERENCE_PRICE' });
  });

  it('a LIMIT order is judged by its own price, not the reference', () => {
    const result = validate({}, limitOrder('BUY', '100', '1'), {
      referencePrice: '1000000',
      maxNotional: '100',
    });
    expect(result.ok).toBe(true);
  });

  it('a malformed maxNotional is INVALID_FIELD maxNotional and the check does not run', () => {
    for (const maxNotional of ['1e3', '-5', '0', '', Number.POSITIVE_INFINITY, {}]) {
      const result = validate({}, limitOrder('BUY', '100', '1'), { maxNotional });
      expect(theViolation(result, 'INVALID_FIELD').field).toBe('maxNotional');
      expectNoCode(result, 'NOTIONAL_ABOVE_MAX');
    }
  });
});
