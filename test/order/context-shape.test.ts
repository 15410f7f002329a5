import { describe, expect, it } from 'vitest';
import type { ValidationContext } from '../../src/index.js';
import { checkContextShape } from '../../test-support/engine-internals.js';
import { book, codesOf, limitOrder, marketOrder, skippedOf } from '../rules/fixtures.js';

const b = book();
const order = limitOrder('SELL', '100', '1');
const withContext = (context: unknown) => b.validateOrder(order, context as ValidationContext);

describe('context shape: passing', () => {
  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', {}],
    ['null fields', { referencePrice: null, maxNotional: null }],
    ['unknown fields', { lastPrice: 'x', referencePrice: '100' }],
  ])('%s context adds no violation', (_label, context) => {
    const result = withContext(context);
    expect(result.violations).toEqual([]);
    expect(result.ok).toBe(true);
    expect(checkContextShape(context).violations).toEqual([]);
  });

  it.each([
    { referencePrice: '100', maxNotional: '1000' },
    { referencePrice: 100, maxNotional: 1000 },
    { referencePrice: '0.00000001', maxNotional: '0.1' },
    { referencePrice: '64000.50', maxNotional: 1e3 },
  ])('decimal strings and numbers are read: %j', (context) => {
    expect(withContext(context).violations.filter((v) => v.code === 'INVALID_FIELD')).toEqual([]);
    const parsed = checkContextShape(context).context;
    expect(parsed.referencePrice?.text).toBe(String(context.referencePrice));
    expect(parsed.maxNotional?.text).toBe(String(context.maxNotional));
  });

  it('a reference price enables the band; without it the band is skipped', () => {
    expect(skippedOf(withContext({ referencePrice: '100' }))).toEqual([]);
    expect(skippedOf(withContext({}))).toEqual([
      { check: 'PRICE_BELOW_SELL_LIMIT', reason: 'NO_REFERENCE_PRICE' },
    ]);
  });
});

describe('context shape: failing', () => {
  it.each([
    ['a string', 'referencePrice=100'],
    ['a number', 100],
    ['an array', [{ referencePrice: '100' }]],
    ['a Date', new Date()],
    ['a Map', new Map([['referencePrice', '100']])],
    ['a boolean', true],
    ['a function', () => ({ referencePrice: '100' })],
  ])('%s context is INVALID_FIELD context', (_label, context) => {
    const result = withContext(context);
    expect(result.ok).toBe(false);
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([['INVALID_FIELD', 'context']]);
  });

  it.each([
    { value: '1e2', suggestion: ['100'] },
    { value: 1e-7, suggestion: ['0.0000001'] },
    { value: ' 100', suggestion: ['100'] },
    { value: '-100', suggestion: undefined },
    { value: '0', suggestion: undefined },
    { value: 0, suggestion: undefined },
    { value: '', suggestion: undefined },
    { value: Number.NaN, suggestion: undefined },
    { value: Number.NEGATIVE_INFINITY, suggestion: undefined },
    { value: 100n, suggestion: undefined },
    { value: {}, suggestion: undefined },
  ])('referencePrice $value is INVALID_FIELD referencePrice', ({ value, suggestion }) => {
    const result = withContext({ referencePrice: value });
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([['INVALID_FIELD', 'referencePrice']]);
    expect(result.violations[0]?.suggestion).toEqual(suggestion);
    expect(skippedOf(result)).toEqual([{ check: 'PRICE_BELOW_SELL_LIMIT', reason: 'NO_REFERENCE_PRICE' }]);
    if (suggestion !== undefined) expect(withContext({ referencePrice: suggestion[0] }).ok).toBe(true);
  });

  it('both fields malformed: two violations, referencePrice first', () => {
    expect(codesOf(withContext({ referencePrice: 'x', maxNotional: 'y' }))).toEqual([
      'INVALID_FIELD',
      'INVALID_FIELD',
    ]);
    expect(withContext({ maxNotional: 'y', referencePrice: 'x' }).violations.map((v) => v.field)).toEqual([
      'referencePrice',
      'maxNotional',
    ]);
  });

  it('context violations come after order-shape violations and before UNKNOWN_SYMBOL', () => {
    const result = b.validateOrder({ ...marketOrder('BUY', '0'), symbol: 'NOPE' }, {
      referencePrice: '-1',
    } as never);
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([
      ['INVALID_FIELD', 'quantity'],
      ['INVALID_FIELD', 'referencePrice'],
      ['UNKNOWN_SYMBOL', 'symbol'],
    ]);
  });

  it('inherited context fields do not count', () => {
    const inherited = Object.create({ referencePrice: '1', maxNotional: '1' }) as ValidationContext;
    const result = b.validateOrder(limitOrder('SELL', '100', '1'), inherited);
    expect(result.ok).toBe(true);
    expect(skippedOf(result)).toEqual([{ check: 'PRICE_BELOW_SELL_LIMIT', reason: 'NO_REFERENCE_PRICE' }]);
  });
});

describe('context shape: an unreadable context', () => {
  const unreadable = (): ValidationContext => {
    const context = {};
    Object.defineProperty(context, 'referencePrice', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    return context as ValidationContext;
  };

  it('never throws and refuses the order', () => {
    const result = b.validateOrder(limitOrder('BUY', '100.005', '1'), unreadable());
    expect(result.ok).toBe(false);
  });

  it('is reported as INVALID_FIELD on the context, and the order is still checked', () => {
    const result = b.validateOrder(limitOrder('BUY', '100.005', '1'), unreadable());
    expect(codesOf(result)).not.toContain('INVALID_ORDER');
    const v = result.violations.find((x) => x.code === 'INVALID_FIELD');
    expect(['context', 'referencePrice']).toContain(v?.field);
    expect(codesOf(result)).toContain('PRICE_TICK');
  });
});
