import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ContractBook } from '../../src/futures.js';
import { CONTRACT_ORDER_FIELDS } from '../../src/order/contract-order-fields.js';

// A contract order is what would be sent: only its own fields count, as for spot. A field the
// order (or its context) merely inherits, from its prototype or from a polluted Object.prototype,
// is not sent by a JSON encoder, so it must not be judged as if it were.
const RECORDED = JSON.parse(
  readFileSync(new URL('../fixtures/weex-futures-recorded.json', import.meta.url), 'utf8'),
) as { recorded: unknown };
const book = ContractBook.fromContractInfo(RECORDED.recorded);
const opening = { symbol: 'BTCUSDT', side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '2' };

const codesAndFields = (order: unknown, context?: Parameters<typeof book.validateOrder>[1]) =>
  book.validateOrder(order, context).violations.map((v) => `${v.code}:${v.field}`);

describe('a contract order is read by its own fields only', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).positionSide;
    delete (Object.prototype as Record<string, unknown>).position;
  });

  it('refuses an order whose fields are inherited from its prototype', () => {
    const order = Object.create({ side: 'BUY', positionSide: 'LONG', type: 'MARKET', quantity: '1' });
    order.symbol = 'BTCUSDT';
    const codes = codesAndFields(order);
    expect(codes).toEqual(
      expect.arrayContaining([
        'MISSING_FIELD:side',
        'MISSING_FIELD:quantity',
        'MISSING_FIELD:positionSide',
        'MISSING_FIELD:type',
      ]),
    );
    expect(book.checkOrder(order).ok).toBe(false);
  });

  it('does not take a polluted Object.prototype field as the order own', () => {
    (Object.prototype as Record<string, unknown>).positionSide = 'LONG';
    const { positionSide: _left, ...withoutSide } = opening;
    expect(codesAndFields(withoutSide)).toEqual(['MISSING_FIELD:positionSide']);
    expect(book.checkOrder(withoutSide).codes).toEqual(['MISSING_FIELD']);
  });

  it('does not take an inherited position as the context own, and takes an own one', () => {
    const inherited = Object.create({ position: '999999' });
    const verdict = book.checkOrder(opening, inherited);
    expect(verdict.ok).toBe(true);
    expect(verdict.skipped.map((s) => s.reason)).toContain('NO_POSITION');
    expect(codesAndFields(opening, { position: '999999' })).toEqual(['POSITION_SIZE_ABOVE_MAX:quantity']);
  });
});

describe('a polluted Object.prototype changes no answer', () => {
  // Every name an order or its context is read by: the fast reading loads them by name from a
  // plain record once it has checked that Object.prototype holds none of them.
  const names = [...CONTRACT_ORDER_FIELDS, 'position', 'referencePrice', 'maxNotional'];
  const polluted = Object.prototype as Record<string, unknown>;
  afterEach(() => {
    for (const name of names) delete polluted[name];
  });

  it.each(names)('with Object.prototype.%s set', (name) => {
    const context = {};
    const before = [book.validateOrder(opening, context), book.checkOrder(opening, context)];
    polluted[name] = name === 'position' ? '999999' : 'X';
    expect([book.validateOrder(opening, context), book.checkOrder(opening, context)]).toEqual(before);
  });
});
