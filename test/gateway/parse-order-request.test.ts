/**
 * Only what the gateway judges goes out: the order body's keys, as tables. The order fields pass;
 * a key that folds to one (case, `_`, `-` and other separators aside) is refused as ambiguous,
 * whether or not the operator allowed it; any other key is refused unless allowed; the order
 * endpoint takes no query string at all.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_FIELDS, parseOrderRequest } from '../../src/gateway/parse-order-request.js';

const ORDER = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.01',
  price: '100000.00',
  newClientOrderId: 'a-1',
};

function read(
  body: Record<string, unknown>,
  options: { query?: string; allowFields?: readonly string[] } = {},
) {
  return parseOrderRequest({
    query: options.query ?? '',
    body: Buffer.from(JSON.stringify(body)),
    contentType: 'application/json',
    ...(options.allowFields === undefined ? {} : { allowFields: new Set(options.allowFields) }),
  });
}

describe('body keys', () => {
  it('every order field passes, and only those are read', () => {
    expect(read(ORDER)).toEqual({ ok: true, order: ORDER });
    expect(Object.keys(ORDER).sort()).toEqual([...ORDER_FIELDS].sort());
  });

  const refused: readonly { key: string; reason: string; allowed?: boolean }[] = [
    { key: 'quoteOrderQty', reason: 'unknown-field' },
    { key: 'size', reason: 'unknown-field' },
    { key: 'stopPrice', reason: 'unknown-field' },
    { key: 'stpMode', reason: 'unknown-field' },
    { key: '', reason: 'unknown-field' },
    { key: 'quan_tity', reason: 'ambiguous-key' },
    { key: 'Quantity', reason: 'ambiguous-key' },
    { key: 'QUANTITY', reason: 'ambiguous-key' },
    { key: 'quantity ', reason: 'ambiguous-key' },
    { key: 'quan\u200btity', reason: 'ambiguous-key' },
    { key: 'quantity.', reason: 'ambiguous-key' },
    { key: 'ſymbol', reason: 'ambiguous-key' },
    { key: 'time_in_force', reason: 'ambiguous-key' },
    { key: 'new-client-order-id', reason: 'ambiguous-key' },
    { key: 'NewClientOrderID', reason: 'ambiguous-key' },
    // Allowed by the operator, but folding to an order field: still refused.
    { key: 'quan_tity', reason: 'ambiguous-key', allowed: true },
    { key: 'Price', reason: 'ambiguous-key', allowed: true },
  ];

  it.each(refused)('"$key" (allowed: $allowed): 400 $reason, naming it', ({ key, reason, allowed }) => {
    const parsed = read({ ...ORDER, [key]: '9001' }, allowed === true ? { allowFields: [key] } : {});
    expect(parsed).toEqual({
      ok: false,
      problem: { status: 400, code: -1142, reason, msg: expect.any(String), fields: [key] },
    });
  });

  it('names every key at fault', () => {
    const parsed = read({ ...ORDER, size: 1, foo: 2 });
    expect(!parsed.ok && parsed.problem.fields).toEqual(['size', 'foo']);
  });

  it('a key the operator allowed passes and is not part of the judged order', () => {
    expect(read({ ...ORDER, foo: 1 }, { allowFields: ['foo'] })).toEqual({ ok: true, order: ORDER });
    expect(read({ ...ORDER, foo: 1, bar: 2 }, { allowFields: ['foo'] })).toMatchObject({
      ok: false,
      problem: { reason: 'unknown-field', fields: ['bar'] },
    });
  });
});

describe('the order endpoint takes no query string', () => {
  const queries: readonly { query: string; reason: string; fields: readonly string[] }[] = [
    { query: 'quantity=9001', reason: 'query-string-order', fields: ['quantity'] },
    { query: 'Quantity=9001', reason: 'query-string-order', fields: ['quantity'] },
    { query: 'x=1;quantity=9001', reason: 'query-string-order', fields: ['quantity'] },
    { query: 'quan_tity=9001', reason: 'query-string-order', fields: ['quantity'] },
    { query: '%71uantity=9001', reason: 'query-string-order', fields: ['quantity'] },
    {
      query: 'side=SELL&recvWindow=5000&quantity=9',
      reason: 'query-string-order',
      fields: ['side', 'quantity'],
    },
    { query: 'recvWindow=5000', reason: 'query-not-allowed', fields: ['recvWindow'] },
    { query: 'a+b=1&%zz=2', reason: 'query-not-allowed', fields: ['a b', '%zz'] },
    { query: '&', reason: 'query-not-allowed', fields: [] },
  ];

  it.each(queries)('?$query: 400 $reason', ({ query, reason, fields }) => {
    expect(read(ORDER, { query })).toEqual({
      ok: false,
      problem: { status: 400, code: -1142, reason, msg: expect.any(String), fields },
    });
  });
});
