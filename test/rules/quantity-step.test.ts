import { describe, expect, it } from 'vitest';
import { checkQuantityStep } from '../../src/rules/quantity-step.js';
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
  skippedOf,
  theViolation,
  validate,
} from './fixtures.js';

/** A step grid, with wide size bounds so only the step decides. */
const step = (stepSize: unknown) => ({
  stepSize,
  minTradeAmount: '0',
  maxTradeAmount: '100000',
  marketBuyLimitSize: '100000',
  marketSellLimitSize: '100000',
});

describe('QUANTITY_STEP: passing', () => {
  it.each([
    { stepSize: '0.0001', quantity: '1' },
    { stepSize: '0.0001', quantity: '1.0001' },
    { stepSize: '0.0001', quantity: '0.0001' },
    { stepSize: '0.0001', quantity: '1.00010' },
    { stepSize: '0.01', quantity: '0.29' },
    { stepSize: '0.01', quantity: 0.29 },
    { stepSize: 0.01, quantity: 0.57 },
    { stepSize: '0.1', quantity: '0.3' },
    { stepSize: 0.1, quantity: 0.3 },
    { stepSize: '0.10', quantity: '0.7' },
    { stepSize: '0.5', quantity: '2.5' },
    { stepSize: '0.2', quantity: '0.6' },
    { stepSize: '0.2', quantity: 0.6 },
    { stepSize: '110', quantity: '220' },
    { stepSize: '0.00000012', quantity: '0.00000036' },
    { stepSize: 1e-8, quantity: '0.00000001' },
    { stepSize: 1e-8, quantity: '12.34567891' },
    { stepSize: '1e-5', quantity: '0.00123' },
  ])('stepSize $stepSize accepts quantity $quantity', ({ stepSize, quantity }) => {
    const result = validate(step(stepSize), marketOrder('BUY', quantity));
    expectNoCode(result, 'QUANTITY_STEP');
    expect(result.ok).toBe(true);
    expect(
      checkQuantityStep(pairOf(step(stepSize)), parsedOrder(marketOrder('BUY', quantity))),
    ).toBeUndefined();
  });
});

describe('QUANTITY_STEP: failing', () => {
  it.each([
    { stepSize: '0.0001', quantity: '1.00011', limit: '0.0001', suggestion: ['1.0001'] },
    { stepSize: '0.0001', quantity: '0.00005', limit: '0.0001', suggestion: ['0.0001'] },
    { stepSize: '0.01', quantity: '0.295', limit: '0.01', suggestion: ['0.29'] },
    { stepSize: '0.01', quantity: 0.1 + 0.2, limit: '0.01', suggestion: ['0.3'] },
    { stepSize: '0.1', quantity: '0.35', limit: '0.1', suggestion: ['0.3'] },
    { stepSize: '0.10', quantity: '0.75', limit: '0.1', suggestion: ['0.7'] },
    { stepSize: '0.5', quantity: '2.7', limit: '0.5', suggestion: ['2.5'] },
    { stepSize: '0.2', quantity: '0.7', limit: '0.2', suggestion: ['0.6'] },
    { stepSize: '0.2', quantity: '0.1', limit: '0.2', suggestion: ['0.2'] },
    { stepSize: '110', quantity: '300', limit: '110', suggestion: ['220'] },
    { stepSize: '110', quantity: '50', limit: '110', suggestion: ['110'] },
    { stepSize: '0.00000012', quantity: '0.00000037', limit: '0.00000012', suggestion: ['0.00000036'] },
    { stepSize: 1e-8, quantity: '0.000000015', limit: '0.00000001', suggestion: ['0.00000001'] },
  ])('stepSize $stepSize refuses quantity $quantity', ({ stepSize, quantity, limit, suggestion }) => {
    for (const order of [marketOrder('BUY', quantity), limitOrder('SELL', '100', quantity)]) {
      const v = theViolation(validate(step(stepSize), order), 'QUANTITY_STEP');
      expect(v.field).toBe('quantity');
      expect(v.limit).toBe(limit);
      expect(v.value).toBe(String(quantity));
      expect(v.suggestion).toEqual(suggestion);
      expectSuggestionsRepair(book(step(stepSize)), order, undefined, 'QUANTITY_STEP', 'quantity');
      expect(checkQuantityStep(pairOf(step(stepSize)), parsedOrder(order))).toMatchObject({
        code: 'QUANTITY_STEP',
        limit,
        value: String(quantity),
      });
    }
  });
});

describe('QUANTITY_STEP: exact boundaries', () => {
  it.each([
    { stepSize: '0.0001', on: '1.0001', off: ['1.00010001', '1.00009999'] },
    { stepSize: '0.01', on: '0.29', off: ['0.291', '0.28999999999'] },
    { stepSize: '0.2', on: '0.6', off: ['0.60000000000000001', '0.59999999999999999'] },
    { stepSize: '110', on: '330', off: ['330.00000001', '329.99999999'] },
    { stepSize: '0.00000012', on: '0.00000024', off: ['0.00000025', '0.00000023'] },
  ])('stepSize $stepSize: $on passes, one unit off fails', ({ stepSize, on, off }) => {
    const b = book(step(stepSize));
    expectNoCode(b.validateOrder(marketOrder('BUY', on)), 'QUANTITY_STEP');
    for (const quantity of off) {
      const order = marketOrder('BUY', quantity);
      theViolation(b.validateOrder(order), 'QUANTITY_STEP');
      expectSuggestionsRepair(b, order, undefined, 'QUANTITY_STEP', 'quantity');
    }
  });
});

describe('QUANTITY_STEP: no grid', () => {
  it.each([
    { label: 'absent', raw: definitionWithout(['stepSize'], { baseAssetPrecision: 3, minTradeAmount: '0' }) },
    { label: 'null', raw: definition({ stepSize: null, baseAssetPrecision: 3, minTradeAmount: '0' }) },
    { label: '0', raw: definition({ stepSize: 0, baseAssetPrecision: 3, minTradeAmount: '0' }) },
    { label: '"0.0"', raw: definition({ stepSize: '0.0', baseAssetPrecision: 3, minTradeAmount: '0' }) },
  ])('stepSize $label: skipped with NO_STEP_SIZE, QUANTITY_PRECISION runs instead', ({ raw }) => {
    const pair = compiledFrom(raw);
    expect(pair.stepSize).toBeNull();
    expect(checkQuantityStep(pair, parsedOrder(marketOrder('BUY', '1.2345')))).toMatchObject({
      check: 'QUANTITY_STEP',
      reason: 'NO_STEP_SIZE',
    });
    const b = bookOf(raw);
    const off = b.validateOrder(marketOrder('BUY', '1.2345'));
    expectNoCode(off, 'QUANTITY_STEP');
    expect(skippedOf(off)).toContainEqual({ check: 'QUANTITY_STEP', reason: 'NO_STEP_SIZE' });
    theViolation(off, 'QUANTITY_PRECISION');
    const fine = b.validateOrder(marketOrder('BUY', '1.234'));
    expect(fine.ok).toBe(true);
    expect(skippedOf(fine)).toEqual([{ check: 'QUANTITY_STEP', reason: 'NO_STEP_SIZE' }]);
  });

  it('a pair with both grids absent skips both, in rule order', () => {
    const raw = definitionWithout(['tickSize', 'stepSize', 'displayDigitMerge']);
    const result = bookOf(raw).validateOrder(limitOrder('BUY', '100.5', '1.5'));
    expect(result.ok).toBe(true);
    expect(skippedOf(result)).toEqual([
      { check: 'PRICE_TICK', reason: 'NO_TICK_SIZE' },
      { check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_REFERENCE_PRICE' },
      { check: 'QUANTITY_STEP', reason: 'NO_STEP_SIZE' },
    ]);
  });

  it('a pair whose tick is inferred skips only the step', () => {
    const raw = definitionWithout(['tickSize', 'stepSize'], { displayDigitMerge: '0.5,1,' });
    const result = bookOf(raw).validateOrder(limitOrder('BUY', '100.5', '1.5'));
    expect(result.ok).toBe(true);
    expect(skippedOf(result)).toEqual([
      { check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_REFERENCE_PRICE' },
      { check: 'QUANTITY_STEP', reason: 'NO_STEP_SIZE' },
    ]);
  });

  it('a pair with a step does not report the step as skipped', () => {
    const result = validate({}, marketOrder('BUY', '1.23456'));
    theViolation(result, 'QUANTITY_STEP');
    expect(skippedOf(result)).toEqual([]);
  });
});

describe('suggestions that agree', () => {
  // docs/exchange-semantics.md, "Judging an order": one violation never suggests a quantity another
  // rule of the pair refuses, where one that passes exists.
  it('a quantity off the step and under the minimum: both suggest the lowest passing quantity', () => {
    const b = book({ stepSize: '110', minTradeAmount: '1100', maxTradeAmount: '990000' });
    const result = b.validateOrder(limitOrder('BUY', '100', '1000'));
    expect(result.violations.map((v) => [v.code, v.suggestion])).toEqual([
      ['QUANTITY_STEP', ['1100']],
      ['QUANTITY_BELOW_MIN', ['1100']],
    ]);
    expect(b.validateOrder(limitOrder('BUY', '100', '1100')).ok).toBe(true);
  });

  it('off the step and over the maximum, or a MARKET cap below it: every suggestion passes', () => {
    const b = book({ stepSize: '0.5', maxTradeAmount: '100', marketBuyLimitSize: '40' });
    const limitResult = b.validateOrder(limitOrder('BUY', '100', '150.3'));
    expect(limitResult.violations.map((v) => [v.code, v.suggestion])).toEqual([
      ['QUANTITY_STEP', ['100']],
      ['QUANTITY_ABOVE_MAX', ['100']],
    ]);
    const market = b.validateOrder(marketOrder('BUY', '150.3'));
    expect(market.violations.map((v) => [v.code, v.suggestion])).toEqual([
      ['QUANTITY_STEP', ['40']],
      ['QUANTITY_ABOVE_MAX', ['40']],
      ['MARKET_SIZE_ABOVE_MAX', ['40']],
    ]);
    for (const v of market.violations)
      expect(b.validateOrder(marketOrder('BUY', v.suggestion?.[0] ?? '')).ok).toBe(true);
  });

  it('a quantity a float printed as 1e-7: its plain spelling is put on the step and within the bounds', () => {
    const b = book();
    // Fixture: step 0.0001, minimum 0.001.
    const v = b.validateOrder(marketOrder('BUY', 1e-7)).violations;
    expect(v.map((x) => [x.code, x.field, x.suggestion])).toEqual([['INVALID_FIELD', 'quantity', ['0.001']]]);
    expect(b.validateOrder(marketOrder('BUY', '0.001')).ok).toBe(true);
    // A price is put on the tick away from the market; an unknown pair keeps the plain spelling.
    const price = b.validateOrder(limitOrder('SELL', 1.2e-7, '1')).violations;
    expect(price.map((x) => [x.code, x.suggestion])).toEqual([['INVALID_FIELD', ['0.01']]]);
    const unknown = b.validateOrder({ ...marketOrder('BUY', 1e-7), symbol: 'NOPE' }).violations;
    expect(unknown.find((x) => x.code === 'INVALID_FIELD')?.suggestion).toEqual(['0.0000001']);
  });

  it('when no quantity passes (minimum above the cap), each rule suggests its own bound', () => {
    const b = book({ stepSize: '1', minTradeAmount: '50', maxTradeAmount: '10' });
    const result = b.validateOrder(marketOrder('BUY', '20.5'));
    expect(result.violations.map((v) => [v.code, v.suggestion])).toEqual([
      ['QUANTITY_STEP', ['20']],
      ['QUANTITY_BELOW_MIN', ['50']],
      ['QUANTITY_ABOVE_MAX', ['10']],
    ]);
  });
});
