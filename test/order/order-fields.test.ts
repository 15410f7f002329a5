import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_FIELDS as PUBLIC_ORDER_FIELDS, VIOLATION_CODES } from '../../src/index.js';
import {
  CONTEXT_FIELDS,
  ORDER_FIELD_TABLE,
  ORDER_FIELDS,
  presenceOf,
  READING_FIELDS,
} from '../../src/order/order-fields.js';
import { LOOKUP_CODES, READING_CODES } from '../../src/validation/violation-codes.js';
import { compiledPairOf, readForRules } from '../../test-support/engine-internals.js';
import { book, limitOrder, marketOrder, SYMBOL } from '../rules/fixtures.js';

const b = book({ maxTradeAmount: '1e60', marketBuyLimitSize: '1e60' });
const PROTO = Object.prototype as Record<string, unknown>;

/** A value for each field that the order or context would be judged on, were it read. */
const TEMPTING: Readonly<Record<string, unknown>> = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  quantity: '1',
  price: '100',
  timeInForce: 'GTC',
  newClientOrderId: 'x'.repeat(41),
  referencePrice: '0.0001',
  maxNotional: '0.0001',
};

afterEach(() => {
  for (const field of [...ORDER_FIELDS, ...CONTEXT_FIELDS]) delete PROTO[field];
});

describe('the table of order fields', () => {
  it('is the public ORDER_FIELDS, in fault order, with the reading fields around it', () => {
    expect(PUBLIC_ORDER_FIELDS).toEqual(Object.keys(ORDER_FIELD_TABLE));
    expect(READING_FIELDS).toEqual(['order', ...ORDER_FIELDS, 'context', ...CONTEXT_FIELDS]);
    expect(Object.keys(TEMPTING).sort()).toEqual([...ORDER_FIELDS, ...CONTEXT_FIELDS].sort());
  });

  it('says which order types require or refuse each field, and an unknown type requires only what all do', () => {
    expect(presenceOf('price', 'LIMIT')).toBe('required');
    expect(presenceOf('price', 'MARKET')).toBe('refused');
    expect(presenceOf('price', undefined)).toBe('optional');
    expect(presenceOf('timeInForce', 'MARKET')).toBe('optional');
    expect(presenceOf('quantity', undefined)).toBe('required');
  });

  it('lists the codes of reading and of the lookup once, first in VIOLATION_CODES', () => {
    expect(VIOLATION_CODES.slice(0, READING_CODES.length + LOOKUP_CODES.length)).toEqual([
      ...READING_CODES,
      ...LOOKUP_CODES,
    ]);
  });
});

describe('a field of the table put on Object.prototype', () => {
  // The fast reading loads the fields by name from plain records, which would see a field
  // inherited from a polluted `Object.prototype`: it must check every field of the tables, and
  // leave such an order to the general reading, which reads own fields only.
  const pair = compiledPairOf(b, SYMBOL)?.fast;
  const cases = [...ORDER_FIELDS, ...CONTEXT_FIELDS].map((field) => ({ field }));
  it.each(cases)('$field sends the order to the general reading', ({ field }) => {
    if (pair === undefined) throw new Error('the fixture pair has no fast form');
    const context = { referencePrice: '100' };
    expect(readForRules(pair, marketOrder('BUY', '1'), context)).toBeDefined();
    PROTO[field] = TEMPTING[field];
    expect(readForRules(pair, marketOrder('BUY', '1'), context)).toBeUndefined();
  });

  it('is not read where the order has its own field of the name', () => {
    PROTO.quantity = '1e-9';
    const result = b.validateOrder(limitOrder('BUY', '100', '1'));
    expect(result.violations).toEqual([]);
    expect(result.ok).toBe(true);
  });
});
