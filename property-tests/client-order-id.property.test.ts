import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isClientOrderId } from '../src/order/client-order-id.js';
import { clientOrderIdArb } from '../src/testing/client-order-id-arb.js';
import { bookFrom } from '../test-support/book.js';
import { fastOnly, fastVerdictOnly, generalPath } from '../test-support/engine-internals.js';
import { BTCUSDT } from '../test-support/hand-payload.js';
import { modelVerdict } from '../test-support/model/spec-model.js';
import { propertyParameters } from '../test-support/runs.js';

/**
 * `newClientOrderId` (docs/exchange-semantics.md, "Judging an order"): on any string, the library
 * (both paths) and the independent model agree, and the ids `validOrderArb` generates all pass.
 */

const definitions = [BTCUSDT];
const book = bookFrom(definitions);
const general = generalPath(book);
const fast = fastOnly(book);
const fastVerdict = fastVerdictOnly(book);

/** Units that sit on the rule's edges: controls, DEL, C1, surrogate halves, astral pairs. */
const edgeUnitArb = fc.oneof(
  fc.integer({ min: 0, max: 0x21 }),
  fc.integer({ min: 0x7e, max: 0xa0 }),
  fc.integer({ min: 0xd7ff, max: 0xe000 }),
  fc.constantFrom(0xfffe, 0xffff),
);
const unitStringArb = fc
  .array(fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), edgeUnitArb), { maxLength: 90 })
  .map((units) => String.fromCharCode(...units));
/** Any string, with lengths around the limit in both code points and UTF-16 units. */
const anyIdArb = fc.oneof(
  unitStringArb,
  fc.string({ unit: 'binary', maxLength: 45 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 38, maxLength: 42 }),
  fc.integer({ min: 0, max: 45 }).map((n) => '😀'.repeat(n)),
  fc.integer({ min: 0, max: 45 }).map((n) => 'é'.repeat(n)),
);

const orderWith = (id: unknown) => ({
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '100',
  quantity: '1',
  newClientOrderId: id,
});

describe('newClientOrderId on any string', () => {
  it('the library, its two paths and the model give the same verdict', () => {
    let passed = 0;
    let refused = 0;
    fc.assert(
      fc.property(anyIdArb, (id) => {
        const order = orderWith(id);
        const expected = general(order, undefined);
        const codes = expected.violations.map((v) => v.code);
        expect(codes).toEqual(modelVerdict(definitions, order));
        expect(book.validateOrder(order)).toEqual(expected);
        expect(book.checkOrder(order).codes).toEqual(codes);
        const quick = fast(order, undefined);
        if (quick !== undefined) expect(quick).toEqual(expected);
        const verdict = fastVerdict(order, undefined);
        if (verdict !== undefined) expect(verdict.codes).toEqual(codes);
        // A well-formed id never costs the fast path.
        if (isClientOrderId(id)) expect(quick).toBeDefined();
        if (expected.ok) passed++;
        else refused++;
      }),
      propertyParameters(2000),
    );
    expect(passed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('every id the arbitraries generate passes, 40 code points among them', () => {
    let forty = 0;
    fc.assert(
      fc.property(clientOrderIdArb, (id) => {
        const points = [...id].length;
        expect(points).toBeGreaterThanOrEqual(1);
        expect(points).toBeLessThanOrEqual(40);
        if (points === 40) forty++;
        expect(book.validateOrder(orderWith(id)).violations).toEqual([]);
        expect(modelVerdict(definitions, orderWith(id))).toEqual([]);
      }),
      propertyParameters(1000),
    );
    expect(forty).toBeGreaterThan(0);
  });
});
