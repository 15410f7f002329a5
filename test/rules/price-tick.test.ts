import { describe, expect, it } from 'vitest';
import { parseExchangeInfo, parseExchangeInfoText, RuleBook } from '../../src/index.js';
import { checkPriceTick } from '../../src/rules/price-tick.js';
import {
  book,
  bookOf,
  compiledFrom,
  definition,
  definitionWithout,
  expectNoCode,
  expectSuggestionsRepair,
  limitOrder,
  marketOrder,
  pairOf,
  parsedOrder,
  payload,
  SYMBOL,
  skippedOf,
  theViolation,
  validate,
} from './fixtures.js';

describe('PRICE_TICK: passing', () => {
  it.each([
    { tickSize: '0.01', price: '100' },
    { tickSize: '0.01', price: '100.01' },
    { tickSize: '0.01', price: '0.01' },
    { tickSize: '0.01', price: '100.10' },
    { tickSize: '0.01', price: 100.01 },
    { tickSize: 0.01, price: 1.1 },
    { tickSize: '0.5', price: '1.5' },
    { tickSize: '0.5', price: '0.5' },
    { tickSize: 0.5, price: '1000' },
    { tickSize: '0.2', price: '0.6' },
    { tickSize: '0.2', price: 0.6 },
    { tickSize: '0.2', price: '1.4' },
    { tickSize: '0.1', price: '0.3' },
    { tickSize: 0.1, price: 0.3 },
    { tickSize: '110', price: '110' },
    { tickSize: '110', price: '220' },
    { tickSize: 110, price: 1100 },
    { tickSize: '0.00000012', price: '0.00000012' },
    { tickSize: '0.00000012', price: '0.00000036' },
    { tickSize: '0.00000012', price: '1.2' },
    { tickSize: 1e-8, price: '0.00000001' },
    { tickSize: 1e-8, price: '1.23456789' },
    { tickSize: '1e-8', price: '64000.12345678' },
    { tickSize: '0.10', price: '0.3' },
    { tickSize: '0.0100', price: '2.57' },
  ])('tickSize $tickSize accepts price $price', ({ tickSize, price }) => {
    const result = validate({ tickSize }, limitOrder('BUY', price, '1'));
    expectNoCode(result, 'PRICE_TICK');
    expect(result.ok).toBe(true);
    expect(checkPriceTick(pairOf({ tickSize }), parsedOrder(limitOrder('BUY', price, '1')))).toBeUndefined();
  });

  it('applies to SELL orders the same way', () => {
    expect(validate({ tickSize: '0.2' }, limitOrder('SELL', '0.6', '1')).ok).toBe(true);
  });
});

describe('PRICE_TICK: failing', () => {
  it.each([
    { tickSize: '0.01', price: '100.001', limit: '0.01', suggestion: ['100', '100.01'] },
    { tickSize: '0.01', price: '100.005', limit: '0.01', suggestion: ['100', '100.01'] },
    { tickSize: '0.01', price: 100.005, limit: '0.01', suggestion: ['100', '100.01'] },
    { tickSize: '0.01', price: '0.001', limit: '0.01', suggestion: ['0.01'] },
    { tickSize: '0.5', price: '1.4', limit: '0.5', suggestion: ['1', '1.5'] },
    { tickSize: '0.5', price: '0.1', limit: '0.5', suggestion: ['0.5'] },
    { tickSize: '0.2', price: '0.7', limit: '0.2', suggestion: ['0.6', '0.8'] },
    { tickSize: 0.2, price: '0.5', limit: '0.2', suggestion: ['0.4', '0.6'] },
    { tickSize: '0.1', price: '0.35', limit: '0.1', suggestion: ['0.3', '0.4'] },
    { tickSize: '110', price: '111', limit: '110', suggestion: ['110', '220'] },
    { tickSize: '110', price: '100', limit: '110', suggestion: ['110'] },
    { tickSize: '110', price: '1000', limit: '110', suggestion: ['990', '1100'] },
    {
      tickSize: '0.00000012',
      price: '0.00000013',
      limit: '0.00000012',
      suggestion: ['0.00000012', '0.00000024'],
    },
    { tickSize: '0.00000012', price: '0.0000001', limit: '0.00000012', suggestion: ['0.00000012'] },
    { tickSize: 1e-8, price: '0.000000015', limit: '0.00000001', suggestion: ['0.00000001', '0.00000002'] },
    { tickSize: '0.10', price: '0.35', limit: '0.1', suggestion: ['0.3', '0.4'] },
  ])('tickSize $tickSize refuses price $price', ({ tickSize, price, limit, suggestion }) => {
    const order = limitOrder('BUY', price, '1');
    const v = theViolation(validate({ tickSize }, order), 'PRICE_TICK');
    expect(v.field).toBe('price');
    expect(v.limit).toBe(limit);
    expect(v.value).toBe(String(price));
    expect(v.suggestion).toEqual(suggestion);
    expectSuggestionsRepair(book({ tickSize }), order, undefined, 'PRICE_TICK', 'price');
    const direct = checkPriceTick(pairOf({ tickSize }), parsedOrder(order));
    expect(direct).toMatchObject({ code: 'PRICE_TICK', limit, value: String(price) });
  });

  it('reports the order text as value, trailing zeros and all', () => {
    const v = theViolation(validate({}, limitOrder('SELL', '100.0050', '1')), 'PRICE_TICK');
    expect(v.value).toBe('100.0050');
    expect(v.suggestion).toEqual(['100', '100.01']);
  });
});

describe('PRICE_TICK: exact boundaries', () => {
  it.each([
    { tickSize: '0.01', on: '100.01', off: ['100.011', '100.0100000001', '100.00999999'] },
    { tickSize: '0.5', on: '2.5', off: ['2.50000001', '2.49999999'] },
    { tickSize: '0.2', on: '0.6', off: ['0.60000000000000001', '0.59999999999999999'] },
    { tickSize: '110', on: '330', off: ['330.00000001', '329.99999999'] },
    { tickSize: '0.00000012', on: '0.00000024', off: ['0.00000025', '0.00000023'] },
    { tickSize: 1e-8, on: '0.12345678', off: ['0.123456781'] },
  ])('tickSize $tickSize: $on passes, one unit off fails', ({ tickSize, on, off }) => {
    const b = book({ tickSize });
    expectNoCode(b.validateOrder(limitOrder('BUY', on, '1')), 'PRICE_TICK');
    for (const price of off) {
      const order = limitOrder('BUY', price, '1');
      theViolation(b.validateOrder(order), 'PRICE_TICK');
      expectSuggestionsRepair(b, order, undefined, 'PRICE_TICK', 'price');
    }
  });

  it('a price equal to one tick is on the grid; below one tick is not', () => {
    expectNoCode(validate({ tickSize: '0.00000012' }, limitOrder('BUY', '0.00000012', '1')), 'PRICE_TICK');
    const v = theViolation(
      validate({ tickSize: '0.00000012' }, limitOrder('BUY', '0.00000011', '1')),
      'PRICE_TICK',
    );
    expect(v.suggestion).toEqual(['0.00000012']);
  });
});

describe('PRICE_TICK: no grid', () => {
  // No tick sent and nothing to infer it from (an empty depth-merge list).
  it.each([
    {
      label: 'absent',
      raw: definitionWithout(['tickSize'], { quoteAssetPrecision: 2, displayDigitMerge: '' }),
    },
    { label: 'null', raw: definition({ tickSize: null, quoteAssetPrecision: 2, displayDigitMerge: '' }) },
    { label: '""', raw: definition({ tickSize: '', quoteAssetPrecision: 2, displayDigitMerge: null }) },
    { label: '0', raw: definition({ tickSize: 0, quoteAssetPrecision: 2, displayDigitMerge: '' }) },
    {
      label: '"0"',
      raw: definitionWithout(['displayDigitMerge'], { tickSize: '0', quoteAssetPrecision: 2 }),
    },
    {
      label: '"0.000"',
      raw: definition({ tickSize: '0.000', quoteAssetPrecision: 2, displayDigitMerge: ',' }),
    },
  ])('tickSize $label: skipped with NO_TICK_SIZE; the precision still holds the price', ({ raw }) => {
    const pair = compiledFrom(raw);
    expect(pair.tickSize).toBeNull();
    expect(checkPriceTick(pair, parsedOrder(limitOrder('BUY', '100.123', '1')))).toMatchObject({
      check: 'PRICE_TICK',
      reason: 'NO_TICK_SIZE',
      field: 'tickSize',
    });

    const b = bookOf(raw);
    expect(b.definition(SYMBOL)?.tickSizeSource).toBe('none');
    const offPrecision = b.validateOrder(limitOrder('BUY', '100.123', '1'));
    expectNoCode(offPrecision, 'PRICE_TICK');
    expect(skippedOf(offPrecision)).toContainEqual({ check: 'PRICE_TICK', reason: 'NO_TICK_SIZE' });
    theViolation(offPrecision, 'PRICE_PRECISION');

    const fine = b.validateOrder(limitOrder('BUY', '100.12', '1'));
    expect(fine.ok).toBe(true);
    expect(skippedOf(fine)).toContainEqual({ check: 'PRICE_TICK', reason: 'NO_TICK_SIZE' });
  });

  it('a MARKET order has no price, so nothing about the tick is checked or skipped', () => {
    const result = validate({ tickSize: null }, marketOrder('BUY', '1'), { referencePrice: '100' });
    expect(result.ok).toBe(true);
    expect(skippedOf(result).map((s) => s.check)).not.toContain('PRICE_TICK');
  });

  it('a pair with a tick does not report the tick as skipped', () => {
    const result = validate({}, limitOrder('BUY', '100.123', '1'));
    expect(skippedOf(result).map((s) => s.check)).not.toContain('PRICE_TICK');
  });

  it('a tick present but wrong sets the pair aside', () => {
    for (const wrong of ['-0.01', 'abc', true, [], '1e-2e3']) {
      const b = bookOf(definition({ tickSize: wrong }));
      expect(b.rejected[0]?.reasons.map((r) => r.path)).toEqual(['tickSize']);
    }
  });
});

describe('PRICE_TICK: a missing tick is inferred from displayDigitMerge', () => {
  it.each([
    { merge: '0.01,0.1,1', tick: '0.01' },
    { merge: '1,0.1,0.01', tick: '0.01' },
    { merge: '0.1,1,10,', tick: '0.1' },
    { merge: ' 10 , 0.5 ,, 1', tick: '0.5' },
    { merge: 'x,0.001,-1,0,abc,0.01', tick: '0.001' },
    { merge: '0.00000100', tick: '0.000001' },
    { merge: 0.05, tick: '0.05' },
  ])('tickSize absent, displayDigitMerge $merge: the tick is $tick', ({ merge, tick }) => {
    for (const raw of [
      definitionWithout(['tickSize'], { displayDigitMerge: merge }),
      definition({ tickSize: null, displayDigitMerge: merge }),
      definition({ tickSize: '', displayDigitMerge: merge }),
      definition({ tickSize: 0, displayDigitMerge: merge }),
    ]) {
      const b = bookOf(raw);
      expect(b.rejected).toEqual([]);
      expect(b.definition(SYMBOL)).toMatchObject({ tickSize: tick, tickSizeSource: 'displayDigitMerge' });
      const unit = Number(tick) >= 1 ? 1 : 10 ** -tick.split('.')[1]!.length;
      expect(b.validateOrder(limitOrder('BUY', tick, '1')).ok).toBe(true);
      const off = `${tick}${unit < 1 ? '5' : '.5'}`;
      const v = theViolation(b.validateOrder(limitOrder('BUY', off, '1')), 'PRICE_TICK');
      expect(v.limit).toBe(tick);
      expect(v.message).toContain('displayDigitMerge');
      expectSuggestionsRepair(b, limitOrder('BUY', off, '1'), undefined, 'PRICE_TICK', 'price');
    }
  });

  it('a sent tick wins over the depth-merge list, and is said to be sent', () => {
    const b = bookOf(definition({ tickSize: '0.01', displayDigitMerge: '0.1,1' }));
    expect(b.definition(SYMBOL)).toMatchObject({ tickSize: '0.01', tickSizeSource: 'tickSize' });
    expect(
      theViolation(b.validateOrder(limitOrder('BUY', '100.001', '1')), 'PRICE_TICK').message,
    ).not.toContain('displayDigitMerge');
  });

  it('inferTickSize: false leaves the pair without a grid', () => {
    const raw = definitionWithout(['tickSize'], { displayDigitMerge: '0.01,0.1' });
    const b = RuleBook.fromExchangeInfo(parseExchangeInfo(payload([raw])), { inferTickSize: false });
    expect(b.definition(SYMBOL)).toMatchObject({ tickSize: null, tickSizeSource: 'none' });
    const result = b.validateOrder(limitOrder('BUY', '100.001', '1'));
    expect(result.ok).toBe(true);
    expect(skippedOf(result)).toContainEqual({ check: 'PRICE_TICK', reason: 'NO_TICK_SIZE' });
  });

  it('the real WEEX grid-less shape: 64000.12345678 is refused, 64000.12 passes', () => {
    const raw = definitionWithout(['tickSize', 'stepSize'], {
      baseAssetPrecision: 8,
      quoteAssetPrecision: 8,
      displayDigitMerge: '1,0.1,0.01',
    });
    const b = bookOf(raw);
    theViolation(b.validateOrder(limitOrder('BUY', '64000.12345678', '0.001')), 'PRICE_TICK');
    expect(b.validateOrder(limitOrder('BUY', '64000.12', '0.001')).ok).toBe(true);
  });
});

describe('PRICE_TICK: grids as raw JSON numbers in the payload text', () => {
  it.each([
    { json: '1e-8', limit: '0.00000001', on: '0.12345678', off: '0.123456785' },
    { json: '1.2E-7', limit: '0.00000012', on: '0.00000036', off: '0.00000037' },
    { json: '0.10', limit: '0.1', on: '0.3', off: '0.35' },
    { json: '110', limit: '110', on: '330', off: '331' },
  ])('tickSize written as $json', ({ json, limit, on, off }) => {
    const text = JSON.stringify(payload([definition({ tickSize: '@tick', maxTradeAmount: '1e30' })])).replace(
      '"@tick"',
      json,
    );
    const b = RuleBook.fromExchangeInfo(parseExchangeInfoText(text));
    expect(b.definition('BTCUSDT')?.tickSize).toBe(limit);
    expectNoCode(b.validateOrder(limitOrder('BUY', on, '1')), 'PRICE_TICK');
    const v = theViolation(b.validateOrder(limitOrder('BUY', off, '1')), 'PRICE_TICK');
    expect(v.limit).toBe(limit);
    expectSuggestionsRepair(b, limitOrder('BUY', off, '1'), undefined, 'PRICE_TICK', 'price');
  });
});

describe('PRICE_TICK where the price grid is coarser than the tick', () => {
  it('suggests the neighbours on the grid (tick 0.05, quoteAssetPrecision 1: grid 0.1), on both ways', () => {
    const raw = definition({ tickSize: '0.05', quoteAssetPrecision: 1 });
    const order = limitOrder('BUY', '100.03', '1');
    const exact = checkPriceTick(compiledFrom(raw), parsedOrder(order));
    const fast = theViolation(bookOf(raw).validateOrder(order), 'PRICE_TICK');
    for (const v of [exact, fast]) expect(v).toMatchObject({ limit: '0.05', suggestion: ['100', '100.1'] });
  });
});
