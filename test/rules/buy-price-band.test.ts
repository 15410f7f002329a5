import { describe, expect, it } from 'vitest';
import { buyPriceBand } from '../../src/rules/price-band.js';
import {
  book,
  bookOf,
  compiledFrom,
  definitionWithout,
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

// Fixture: buyLimitPriceRatio 0.05, tick 0.01. A LIMIT BUY may be at most reference × 1.05.

describe('PRICE_ABOVE_BUY_LIMIT: passing', () => {
  it.each([
    { ratio: '0.05', reference: '100', price: '105' },
    { ratio: '0.05', reference: '100', price: '104.99' },
    { ratio: '0.05', reference: 100, price: 105 },
    { ratio: 0.05, reference: '100', price: '1' },
    { ratio: '0.05', reference: '100', price: '0.01' },
    { ratio: '0.05', reference: '64000.5', price: '67200.52' },
    { ratio: '0.1', reference: '0.1', price: '0.11' },
    { ratio: '0', reference: '100', price: '100' },
    { ratio: '2', reference: '100', price: '300' },
    { ratio: '0.050', reference: '100.00', price: '105.00' },
  ])('ratio $ratio, reference $reference: BUY at $price passes', ({ ratio, reference, price }) => {
    const order = limitOrder('BUY', price, '1');
    const result = validate({ buyLimitPriceRatio: ratio }, order, { referencePrice: reference });
    expectNoCode(result, 'PRICE_ABOVE_BUY_LIMIT');
    expect(result.ok).toBe(true);
    expect(result.skipped).toEqual([]);
    expect(
      buyPriceBand.check(
        pairOf({ buyLimitPriceRatio: ratio }),
        parsedOrder(order),
        parsedContext({ referencePrice: reference }),
      ),
    ).toBeUndefined();
  });

  it('is one-sided: a buy far below the market passes', () => {
    expect(validate({}, limitOrder('BUY', '0.01', '1'), { referencePrice: '64000' }).ok).toBe(true);
  });
});

describe('PRICE_ABOVE_BUY_LIMIT: failing', () => {
  it.each([
    { ratio: '0.05', reference: '100', price: '105.01', limit: '105', suggestion: ['105'] },
    { ratio: '0.05', reference: 100, price: 200, limit: '105', suggestion: ['105'] },
    { ratio: '0.05', reference: '64000.5', price: '67200.53', limit: '67200.525', suggestion: ['67200.52'] },
    { ratio: '0', reference: '100', price: '100.01', limit: '100', suggestion: ['100'] },
    { ratio: '0.1', reference: '0.1', price: '0.12', limit: '0.11', suggestion: ['0.11'] },
    { ratio: '0.050', reference: '100.00', price: '105.01', limit: '105', suggestion: ['105'] },
  ])(
    'ratio $ratio, reference $reference: BUY at $price fails',
    ({ ratio, reference, price, limit, suggestion }) => {
      const order = limitOrder('BUY', price, '1');
      const context = { referencePrice: reference };
      const v = theViolation(
        validate({ buyLimitPriceRatio: ratio }, order, context),
        'PRICE_ABOVE_BUY_LIMIT',
      );
      expect(v.field).toBe('price');
      expect(v.limit).toBe(limit);
      expect(v.value).toBe(String(price));
      expect(v.suggestion).toEqual(suggestion);
      expectSuggestionsRepair(
        book({ buyLimitPriceRatio: ratio }),
        order,
        context,
        'PRICE_ABOVE_BUY_LIMIT',
        'price',
      );
      expect(
        buyPriceBand.check(pairOf({ buyLimitPriceRatio: ratio }), parsedOrder(order), parsedContext(context)),
      ).toMatchObject({ code: 'PRICE_ABOVE_BUY_LIMIT', limit });
    },
  );

  it('suggests the highest price on a non-decimal tick (110) that is inside the band', () => {
    const b = book({ tickSize: '110', buyLimitPriceRatio: '0.05' });
    const order = limitOrder('BUY', '1100', '1');
    const context = { referencePrice: '1000' };
    const v = theViolation(b.validateOrder(order, context), 'PRICE_ABOVE_BUY_LIMIT');
    expect(v.limit).toBe('1050');
    expect(v.suggestion).toEqual(['990']);
    expectSuggestionsRepair(b, order, context, 'PRICE_ABOVE_BUY_LIMIT', 'price');
    expect(b.validateOrder({ ...order, price: '990' }, context).ok).toBe(true);
  });

  it('suggests on a 0.5 tick', () => {
    const b = book({ tickSize: '0.5', buyLimitPriceRatio: '0.03' });
    const v = theViolation(
      b.validateOrder(limitOrder('BUY', '11', '1'), { referencePrice: '10.3' }),
      'PRICE_ABOVE_BUY_LIMIT',
    );
    expect(v.limit).toBe('10.609');
    expect(v.suggestion).toEqual(['10.5']);
  });

  it('without a tick, suggests on the quoteAssetPrecision grid', () => {
    const b = book({ tickSize: null, quoteAssetPrecision: 2, buyLimitPriceRatio: '0.05' });
    const order = limitOrder('BUY', '11', '1');
    const context = { referencePrice: '10.01' };
    const v = theViolation(b.validateOrder(order, context), 'PRICE_ABOVE_BUY_LIMIT');
    expect(v.limit).toBe('10.5105');
    expect(v.suggestion).toEqual(['10.51']);
    expectSuggestionsRepair(b, order, context, 'PRICE_ABOVE_BUY_LIMIT', 'price');
  });

  it('offers no suggestion when no positive grid price fits in the band', () => {
    const v = theViolation(
      validate({ tickSize: '1', buyLimitPriceRatio: '0.05' }, limitOrder('BUY', '1', '1'), {
        referencePrice: '0.5',
      }),
      'PRICE_ABOVE_BUY_LIMIT',
    );
    expect(v.limit).toBe('0.525');
    expect(v.suggestion).toBeUndefined();
  });
});

describe('PRICE_ABOVE_BUY_LIMIT: exact boundaries', () => {
  it('equal to reference × (1 + ratio) passes; one smallest unit above fails', () => {
    const b = book({ tickSize: '0.00000001', buyLimitPriceRatio: '0.05' });
    const context = { referencePrice: '64000.5' };
    expectNoCode(b.validateOrder(limitOrder('BUY', '67200.525', '1'), context), 'PRICE_ABOVE_BUY_LIMIT');
    const v = theViolation(
      b.validateOrder(limitOrder('BUY', '67200.52500001', '1'), context),
      'PRICE_ABOVE_BUY_LIMIT',
    );
    expect(v.limit).toBe('67200.525');
    expect(v.suggestion).toEqual(['67200.525']);
  });

  it('is exact where floats are not (0.1 × 1.2 = 0.12)', () => {
    const b = book({ tickSize: '0.00000001', buyLimitPriceRatio: '0.2' });
    expectNoCode(
      b.validateOrder(limitOrder('BUY', '0.12', '1'), { referencePrice: 0.1 }),
      'PRICE_ABOVE_BUY_LIMIT',
    );
    theViolation(
      b.validateOrder(limitOrder('BUY', '0.12000001', '1'), { referencePrice: 0.1 }),
      'PRICE_ABOVE_BUY_LIMIT',
    );
  });
});

describe('PRICE_ABOVE_BUY_LIMIT: reference price', () => {
  it('without a reference price the check is skipped with NO_REFERENCE_PRICE, even for absurd prices', () => {
    for (const context of [undefined, {}, { referencePrice: undefined }, { referencePrice: null }]) {
      const result = validate({}, limitOrder('BUY', '99999999', '1'), context);
      expectNoCode(result, 'PRICE_ABOVE_BUY_LIMIT');
      expect(result.ok).toBe(true);
      expect(skippedOf(result)).toEqual([{ check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_REFERENCE_PRICE' }]);
    }
    expect(buyPriceBand.check(pairOf(), parsedOrder(limitOrder('BUY', '1', '1')), {})).toMatchObject({
      check: 'PRICE_ABOVE_BUY_LIMIT',
      reason: 'NO_REFERENCE_PRICE',
    });
  });

  it('a malformed reference price is INVALID_FIELD referencePrice and the band is skipped', () => {
    const result = validate({}, limitOrder('BUY', '200', '1'), { referencePrice: '1e2' });
    expectNoCode(result, 'PRICE_ABOVE_BUY_LIMIT');
    expect(theViolation(result, 'INVALID_FIELD').field).toBe('referencePrice');
    expect(skippedOf(result)).toContainEqual({
      check: 'PRICE_ABOVE_BUY_LIMIT',
      reason: 'NO_REFERENCE_PRICE',
    });
  });

  it('does not apply (nor skip) for SELL or MARKET orders', () => {
    for (const order of [limitOrder('SELL', '200', '1'), marketOrder('BUY', '1')]) {
      const withRef = validate({}, order, { referencePrice: '100' });
      expectNoCode(withRef, 'PRICE_ABOVE_BUY_LIMIT');
      const without = validate({}, order);
      expect(skippedOf(without).map((s) => s.check)).not.toContain('PRICE_ABOVE_BUY_LIMIT');
    }
  });
});

describe('PRICE_ABOVE_BUY_LIMIT on a pair without a price grid', () => {
  it('suggests the edge itself, unrounded, on both ways', () => {
    const raw = definitionWithout(['tickSize', 'displayDigitMerge', 'quoteAssetPrecision']);
    const order = limitOrder('BUY', '106.123', '1');
    const context = { referencePrice: '100.001' };
    const exact = buyPriceBand.check(compiledFrom(raw), parsedOrder(order), parsedContext(context));
    const fast = theViolation(bookOf(raw).validateOrder(order, context), 'PRICE_ABOVE_BUY_LIMIT');
    for (const v of [exact, fast]) expect(v).toMatchObject({ limit: '105.00105', suggestion: ['105.00105'] });
  });
});
