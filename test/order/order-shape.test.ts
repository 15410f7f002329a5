import { describe, expect, it } from 'vitest';
import { checkOrderShape } from '../../test-support/engine-internals.js';
import { book, codesOf, limitOrder, marketOrder, SYMBOL, theViolation } from '../rules/fixtures.js';

const b = book({ maxTradeAmount: '1e60', marketBuyLimitSize: '1e60' });
const fields = (order: unknown) => b.validateOrder(order).violations.map((v) => [v.code, v.field]);

describe('order shape: passing', () => {
  it.each([
    { label: 'LIMIT GTC', order: limitOrder('BUY', '100', '1') },
    { label: 'LIMIT IOC', order: limitOrder('SELL', '100', '1', { timeInForce: 'IOC' }) },
    { label: 'LIMIT FOK', order: limitOrder('SELL', '100', '1', { timeInForce: 'FOK' }) },
    { label: 'numbers', order: limitOrder('BUY', 100.5, 1.5) },
    { label: 'MARKET', order: marketOrder('BUY', '1') },
    { label: 'MARKET with null price', order: marketOrder('BUY', '1', { price: null }) },
    { label: 'MARKET with a timeInForce', order: marketOrder('SELL', '1', { timeInForce: 'IOC' }) },
    { label: 'client order id', order: marketOrder('BUY', '1', { newClientOrderId: 'my-order_1.a:b/c' }) },
    {
      label: 'client order id of 40 with a space',
      order: marketOrder('BUY', '1', { newClientOrderId: `ordré ${'x'.repeat(34)}` }),
    },
    {
      label: 'extra fields',
      order: marketOrder('BUY', '1', { timestamp: 1, recvWindow: 5000, signature: 'x' }),
    },
    {
      label: 'a null-prototype object',
      order: Object.assign(Object.create(null) as object, marketOrder('BUY', '1')),
    },
    { label: 'quantity of 64 characters', order: marketOrder('BUY', `${'1'.repeat(56)}.0001000`) },
  ])('$label passes', ({ order }) => {
    const result = b.validateOrder(order);
    expect(result.violations).toEqual([]);
    expect(result.ok).toBe(true);
    expect(checkOrderShape(order).violations).toEqual([]);
  });

  it('reads the order into exact decimals as they would be sent', () => {
    const { order } = checkOrderShape(limitOrder('BUY', 100.5, '1.50'));
    expect(order.price?.text).toBe('100.5');
    expect(order.quantity?.text).toBe('1.50');
    expect(order.quantity?.value.toString()).toBe('1.5');
    expect(order).toMatchObject({ symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC' });
  });
});

describe('INVALID_ORDER', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', JSON.stringify(marketOrder('BUY', '1'))],
    ['a boolean', true],
    ['a bigint', 1n],
    ['a symbol', Symbol('order')],
    ['a function', () => marketOrder('BUY', '1')],
    ['an array', [marketOrder('BUY', '1')]],
    ['a Date', new Date()],
    ['a Map', new Map(Object.entries(marketOrder('BUY', '1')))],
    ['a boxed string', new String('order')],
  ])('%s is INVALID_ORDER and nothing else', (_label, order) => {
    const result = b.validateOrder(order);
    expect(result.ok).toBe(false);
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([['INVALID_ORDER', 'order']]);
    expect(result.skipped).toEqual([]);
  });
});

describe('MISSING_FIELD', () => {
  it('an empty object misses symbol, side, type and quantity, in that order', () => {
    expect(fields({})).toEqual([
      ['MISSING_FIELD', 'symbol'],
      ['MISSING_FIELD', 'side'],
      ['MISSING_FIELD', 'type'],
      ['MISSING_FIELD', 'quantity'],
    ]);
  });

  it.each(['symbol', 'side', 'type', 'quantity'])('a missing or null %s', (field) => {
    const order = marketOrder('BUY', '1');
    const { [field]: _dropped, ...without } = order;
    expect(fields(without)).toContainEqual(['MISSING_FIELD', field]);
    expect(fields({ ...order, [field]: null })).toContainEqual(['MISSING_FIELD', field]);
  });

  it('a LIMIT order needs price and timeInForce', () => {
    const { price: _p, timeInForce: _t, ...bare } = limitOrder('BUY', '100', '1');
    expect(fields(bare)).toEqual([
      ['MISSING_FIELD', 'price'],
      ['MISSING_FIELD', 'timeInForce'],
    ]);
    expect(fields({ ...bare, price: '100' })).toEqual([['MISSING_FIELD', 'timeInForce']]);
    expect(fields({ ...bare, timeInForce: 'GTC' })).toEqual([['MISSING_FIELD', 'price']]);
  });

  it('a MARKET order needs neither price nor timeInForce', () => {
    expect(fields(marketOrder('SELL', '1'))).toEqual([]);
  });

  it('inherited fields do not count', () => {
    const inherited = Object.create(marketOrder('BUY', '1')) as object;
    expect(codesOf(b.validateOrder(inherited))).toEqual([
      'MISSING_FIELD',
      'MISSING_FIELD',
      'MISSING_FIELD',
      'MISSING_FIELD',
    ]);
  });
});

describe('INVALID_FIELD', () => {
  it.each([
    { field: 'symbol', value: '', suggestion: undefined },
    { field: 'symbol', value: 42, suggestion: undefined },
    { field: 'symbol', value: ['BTCUSDT'], suggestion: undefined },
    { field: 'side', value: 'buy', suggestion: ['BUY'] },
    { field: 'side', value: ' SELL ', suggestion: ['SELL'] },
    { field: 'side', value: 'HOLD', suggestion: undefined },
    { field: 'side', value: 1, suggestion: undefined },
    { field: 'type', value: 'market', suggestion: ['MARKET'] },
    { field: 'type', value: 'STOP_LOSS', suggestion: undefined },
    { field: 'quantity', value: '', suggestion: undefined },
    // Spelled in exponent form: the plain spelling, put on the pair's step and within its bounds
    // (step 0.0001, minimum 0.001).
    { field: 'quantity', value: '1e-8', suggestion: ['0.001'] },
    { field: 'quantity', value: '1E-8', suggestion: ['0.001'] },
    { field: 'quantity', value: 1e-7, suggestion: ['0.001'] },
    { field: 'quantity', value: 1e21, suggestion: ['1000000000000000000000'] },
    { field: 'quantity', value: '-1', suggestion: undefined },
    { field: 'quantity', value: -1, suggestion: undefined },
    { field: 'quantity', value: ' 1', suggestion: ['1'] },
    { field: 'quantity', value: '1 ', suggestion: ['1'] },
    { field: 'quantity', value: '01', suggestion: ['1'] },
    { field: 'quantity', value: '0', suggestion: undefined },
    { field: 'quantity', value: 0, suggestion: undefined },
    { field: 'quantity', value: '0.0', suggestion: undefined },
    { field: 'quantity', value: '.5', suggestion: undefined },
    { field: 'quantity', value: '5.', suggestion: undefined },
    { field: 'quantity', value: '+1', suggestion: ['1'] },
    { field: 'quantity', value: '1,5', suggestion: undefined },
    { field: 'quantity', value: 'abc', suggestion: undefined },
    { field: 'quantity', value: Number.NaN, suggestion: undefined },
    { field: 'quantity', value: Number.POSITIVE_INFINITY, suggestion: undefined },
    { field: 'quantity', value: 1n, suggestion: undefined },
    { field: 'quantity', value: true, suggestion: undefined },
    { field: 'quantity', value: { value: '1' }, suggestion: undefined },
    { field: 'quantity', value: `1.${'0'.repeat(63)}`, suggestion: ['1'] },
    { field: 'quantity', value: `1.${'0'.repeat(62)}1`, suggestion: undefined },
    { field: 'price', value: '1e2', suggestion: ['100'] },
    { field: 'price', value: '-100', suggestion: undefined },
    { field: 'price', value: '', suggestion: undefined },
    { field: 'timeInForce', value: 'gtc', suggestion: ['GTC'] },
    { field: 'timeInForce', value: 'DAY', suggestion: undefined },
    { field: 'newClientOrderId', value: 'a'.repeat(41), suggestion: undefined },
    { field: 'newClientOrderId', value: 'bell\u0007', suggestion: undefined },
    { field: 'newClientOrderId', value: '', suggestion: undefined },
    { field: 'newClientOrderId', value: 123, suggestion: undefined },
  ])('$field = $value is INVALID_FIELD', ({ field, value, suggestion }) => {
    const order = { ...limitOrder('BUY', '100', '1'), [field]: value };
    const result = b.validateOrder(order);
    const v = result.violations.find((x) => x.code === 'INVALID_FIELD');
    expect(v?.field).toBe(field);
    expect(result.violations.filter((x) => x.code === 'INVALID_FIELD')).toHaveLength(1);
    expect(v?.suggestion).toEqual(suggestion);
    if (suggestion !== undefined) {
      const repaired = b.validateOrder({ ...order, [field]: suggestion[0] });
      expect(repaired.violations.filter((x) => x.code === 'INVALID_FIELD')).toEqual([]);
    }
    expect(checkOrderShape(order).violations.map((x) => x.field)).toContain(field);
  });

  it('reports every bad field, in field order', () => {
    const result = b.validateOrder({
      symbol: 7,
      side: 'buy',
      type: 'limit',
      quantity: '1e-8',
      price: '-1',
      timeInForce: 'DAY',
      newClientOrderId: 'line\nbreak',
    });
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([
      ['INVALID_FIELD', 'symbol'],
      ['INVALID_FIELD', 'side'],
      ['INVALID_FIELD', 'type'],
      ['INVALID_FIELD', 'quantity'],
      ['INVALID_FIELD', 'price'],
      ['INVALID_FIELD', 'timeInForce'],
      ['INVALID_FIELD', 'newClientOrderId'],
    ]);
  });

  it('a bad field is not used by the pair rules', () => {
    // quantity 1e-8 would break QUANTITY_STEP and QUANTITY_BELOW_MIN if it were read.
    expect(codesOf(b.validateOrder(marketOrder('BUY', '1e-8')))).toEqual(['INVALID_FIELD']);
  });
});

describe('UNEXPECTED_FIELD', () => {
  it.each(['100', 100, '1e2', ''])('a price %j on a MARKET order', (price) => {
    const result = b.validateOrder(marketOrder('BUY', '1', { price }));
    const v = theViolation(result, 'UNEXPECTED_FIELD');
    expect(v.field).toBe('price');
    expect(codesOf(result)).toEqual(['UNEXPECTED_FIELD']);
  });

  it('is not raised for LIMIT orders or absent prices', () => {
    expect(codesOf(b.validateOrder(limitOrder('SELL', '100', '1')))).toEqual([]);
    expect(codesOf(b.validateOrder(marketOrder('SELL', '1', { price: undefined })))).toEqual([]);
  });
});
