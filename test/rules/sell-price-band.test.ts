import { describe, expect, it } from 'vitest';
import { sellPriceBand } from '../../src/rules/price-band.js';
import {
  book,
  expectNoCode,
  expectSuggestionsRepair,
  limitOrder,
  marketOrder,
  pairOf,
  parsedContext,
  parsedOrder,
  skippedOf,
  theViolation,
  validate,
} from './fixtures.js';

// Fixture: sellLimitPriceRatio 0.1, tick 0.01. A LIMIT SELL may be at least reference × 0.9.

describe('PRICE_BELOW_SELL_LIMIT: passing', () => {
  it.each([
    { ratio: '0.1', reference: '100', price: '90' },
    { ratio: '0.1', reference: '100', price: '90.01' },
    { ratio: '0.1', reference: 100, price: 90 },
    { ratio: 0.1, reference: '100', price: '1000000' },
    { ratio: '0.1', reference: '101.23', price: '91.11' },
    { ratio: '0.3', reference: '0.3', price: '0.21' },
    { ratio: '0', reference: '100', price: '100' },
    { ratio: '1', reference: '100', price: '0.01' },
    { ratio: '0.10', reference: '100.0', price: '90.00' },
  ])('ratio $ratio, reference $reference: SELL at $price passes', ({ ratio, reference, price }) => {
    const order = limitOrder('SELL', price, '1');
    const result = validate({ sellLimitPriceRatio: ratio }, order, { referencePrice: reference });
    expectNoCode(result, 'PRICE_BELOW_SELL_LIMIT');
    expect(result.ok).toBe(true);
    expect(result.skipped).toEqual([]);
    expect(
      sellPriceBand.check(
        pairOf({ sellLimitPriceRatio: ratio }),
        parsedOrder(order),
        parsedContext({ referencePrice: reference }),
      ),
    ).toBeUndefined();
  });
});

describe('PRICE_BELOW_SELL_LIMIT: failing', () => {
  it.each([
    { ratio: '0.1', reference: '100', price: '89.99', limit: '90', suggestion: ['90'] },
    { ratio: '0.1', reference: 100, price: 1, limit: '90', suggestion: ['90'] },
    { ratio: '0.1', reference: '101.23', price: '91.1', limit: '91.107', suggestion: ['91.11'] },
    { ratio: '0', reference: '100', price: '99.99', limit: '100', suggestion: ['100'] },
    { ratio: '0.3', reference: '0.3', price: '0.2', limit: '0.21', suggestion: ['0.21'] },
    { ratio: '0.10', reference: '100.00', price: '89.99', limit: '90', suggestion: ['90'] },
  ])(
    'ratio $ratio, reference $reference: SELL at $price fails',
    ({ ratio, reference, price, limit, suggestion }) => {
      const order = limitOrder('SELL', price, '1');
      const context = { referencePrice: reference };
      const v = theViolation(
        validate({ sellLimitPriceRatio: ratio }, order, context),
        'PRICE_BELOW_SELL_LIMIT',
      );
      expect(v.field).toBe('price');
      expect(v.limit).toBe(limit);
      expect(v.value).toBe(String(price));
      expect(v.suggestion).toEqual(suggestion);
      expectSuggestionsRepair(
        book({ sellLimitPriceRatio: ratio }),
        order,
        context,
        'PRICE_BELOW_SELL_LIMIT',
        'price',
      );
      expect(
        sellPriceBand.check(
          pairOf({ sellLimitPriceRatio: ratio }),
          parsedOrder(order),
          parsedContext(context),
        ),
      ).toMatchObject({ code: 'PRICE_BELOW_SELL_LIMIT', limit });
    },
  );

  it('suggests the lowest price on a non-decimal tick (110) that is inside the band', () => {
    const b = book({ tickSize: '110', sellLimitPriceRatio: '0.1' });
    const order = limitOrder('SELL', '880', '1');
    const context = { referencePrice: '1000' };
    const v = theViolation(b.validateOrder(order, context), 'PRICE_BELOW_SELL_LIMIT');
    expect(v.limit).toBe('900');
    expect(v.suggestion).toEqual(['990']);
    expectSuggestionsRepair(b, order, context, 'PRICE_BELOW_SELL_LIMIT', 'price');
    expect(b.validateOrder({ ...order, price: '990' }, context).ok).toBe(true);
  });

  it('suggests on a 0.00000012 tick', () => {
    const b = book({ tickSize: '0.00000012', sellLimitPriceRatio: '0.1' });
    const order = limitOrder('SELL', '0.00000012', '1');
    const context = { referencePrice: '0.000001' };
    const v = theViolation(b.validateOrder(order, context), 'PRICE_BELOW_SELL_LIMIT');
    expect(v.limit).toBe('0.0000009');
    expect(v.suggestion).toEqual(['0.00000096']);
    expectSuggestionsRepair(b, order, context, 'PRICE_BELOW_SELL_LIMIT', 'price');
  });
});

describe('PRICE_BELOW_SELL_LIMIT: exact boundaries', () => {
  it('equal to reference × (1 − ratio) passes; one smallest unit below fails', () => {
    const b = book({ tickSize: '0.00000001', sellLimitPriceRatio: '0.1' });
    const context = { referencePrice: '101.23' };
    expectNoCode(b.validateOrder(limitOrder('SELL', '91.107', '1'), context), 'PRICE_BELOW_SELL_LIMIT');
    const v = theViolation(
      b.validateOrder(limitOrder('SELL', '91.10699999', '1'), context),
      'PRICE_BELOW_SELL_LIMIT',
    );
    expect(v.limit).toBe('91.107');
    expect(v.suggestion).toEqual(['91.107']);
  });

  it('is exact where floats are not (0.3 × 0.7 = 0.21)', () => {
    const b = book({ tickSize: '0.00000001', sellLimitPriceRatio: '0.3' });
    expectNoCode(
      b.validateOrder(limitOrder('SELL', '0.21', '1'), { referencePrice: 0.3 }),
      'PRICE_BELOW_SELL_LIMIT',
    );
    theViolation(
      b.validateOrder(limitOrder('SELL', '0.20999999', '1'), { referencePrice: 0.3 }),
      'PRICE_BELOW_SELL_LIMIT',
    );
  });
});

describe('PRICE_BELOW_SELL_LIMIT: reference price', () => {
  it('without a reference price the check is skipped with NO_REFERENCE_PRICE', () => {
    for (const context of [undefined, {}, { referencePrice: null }]) {
      const result = validate({}, limitOrder('SELL', '0.01', '1'), context);
      expectNoCode(result, 'PRICE_BELOW_SELL_LIMIT');
      expect(result.ok).toBe(true);
      expect(skippedOf(result)).toEqual([{ check: 'PRICE_BELOW_SELL_LIMIT', reason: 'NO_REFERENCE_PRICE' }]);
    }
    expect(sellPriceBand.check(pairOf(), parsedOrder(limitOrder('SELL', '1', '1')), {})).toMatchObject({
      check: 'PRICE_BELOW_SELL_LIMIT',
      reason: 'NO_REFERENCE_PRICE',
    });
  });

  it('a malformed reference price is INVALID_FIELD referencePrice and the band is skipped', () => {
    for (const referencePrice of ['-100', '0', 'abc', Number.NaN, '1e2', true]) {
      const result = validate({}, limitOrder('SELL', '1', '1'), { referencePrice });
      expectNoCode(result, 'PRICE_BELOW_SELL_LIMIT');
      expect(theViolation(result, 'INVALID_FIELD').field).toBe('referencePrice');
      expect(skippedOf(result)).toContainEqual({
        check: 'PRICE_BELOW_SELL_LIMIT',
        reason: 'NO_REFERENCE_PRICE',
      });
    }
  });

  it('does not apply (nor skip) for BUY or MARKET orders', () => {
    for (const order of [limitOrder('BUY', '1', '1'), marketOrder('SELL', '1')]) {
      expectNoCode(validate({}, order, { referencePrice: '100' }), 'PRICE_BELOW_SELL_LIMIT');
      expect(skippedOf(validate({}, order)).map((s) => s.check)).not.toContain('PRICE_BELOW_SELL_LIMIT');
    }
  });
});
