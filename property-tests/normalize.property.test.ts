import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOrder, type ViolationCode } from '../src/index.js';
import { invalidOrderArb, validOrderArb } from '../src/testing/index.js';
import { leastCommonMultiple } from '../test-support/model/spec-model.js';
import { propertyParameters } from '../test-support/runs.js';
import { ordersOrNone, scenarioArb, withInputs } from '../test-support/scenario.js';

const GRID_CODES: readonly ViolationCode[] = [
  'PRICE_TICK',
  'PRICE_PRECISION',
  'QUANTITY_STEP',
  'QUANTITY_PRECISION',
];
/** Canonical plain decimal text: how a changed value is written. */
const CANONICAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** The text a price or quantity would be sent as. */
const sent = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/** The grid a value is repaired onto: the least common multiple of a tick (or step) and 10^-precision. */
function gridOf(size: string | null, precision: number | null): Big | undefined {
  const unit = precision === null ? undefined : new Big(`1e-${precision}`);
  if (size === null) return unit;
  return unit === undefined ? new Big(size) : leastCommonMultiple(new Big(size), unit);
}

describe('normalizeOrder', () => {
  it('every repaired order passes, changed values are canonical, a passing one is left as written, nothing moves against the side or by a grid unit or more', () => {
    let repaired = 0;
    let tried = 0;
    fc.assert(
      fc.property(
        withInputs(scenarioArb(), (s) =>
          fc.tuple(
            ordersOrNone(() => validOrderArb(s.definition, s.context), 2),
            ...GRID_CODES.map((code) =>
              ordersOrNone(() => invalidOrderArb(s.definition, code, s.context), 2),
            ),
          ),
        ),
        ([s, drawn]) => {
          const orders = drawn.flat() as Record<string, unknown>[];
          // The grids repairs round onto: tick (sent or inferred) and precision at once.
          const inForce = s.book.definition(s.definition.symbol);
          const priceGrid = gridOf(inForce?.tickSize ?? null, inForce?.quoteAssetPrecision ?? null);
          const quantityGrid = gridOf(inForce?.stepSize ?? null, inForce?.baseAssetPrecision ?? null);
          for (const order of orders) {
            tried++;
            const r = normalizeOrder(s.book, order, s.context);
            if (!r.ok) continue;
            repaired++;
            expect(s.book.validateOrder(r.order, s.context).violations).toEqual([]);
            const before = { price: order.price, quantity: order.quantity };
            const after = r.order as unknown as Record<string, unknown>;
            if (s.book.validateOrder(order, s.context).ok) {
              // A passing order is left as it was written.
              expect(sent(after.quantity)).toBe(sent(before.quantity));
              expect(sent(after.price)).toBe(sent(before.price));
              continue;
            }
            const q0 = new Big(sent(before.quantity) as string);
            if (sent(after.quantity) !== sent(before.quantity)) {
              expect(after.quantity).toMatch(CANONICAL);
              const q1 = new Big(after.quantity as string);
              // Down by less than one grid unit, or up to the first grid point when down is zero.
              if (q1.gt(q0))
                expect(quantityGrid !== undefined && q1.eq(quantityGrid) && q0.lt(q1)).toBe(true);
              else if (quantityGrid !== undefined) expect(q0.minus(q1).lt(quantityGrid)).toBe(true);
            }
            if (before.price === undefined || sent(after.price) === sent(before.price)) continue;
            expect(after.price).toMatch(CANONICAL);
            const p0 = new Big(sent(before.price) as string);
            const p1 = new Big(after.price as string);
            const roundedUpFromZero = priceGrid !== undefined && p1.eq(priceGrid) && p0.lt(p1);
            expect(order.side === 'BUY' ? p1.lte(p0) || roundedUpFromZero : p1.gte(p0)).toBe(true);
            if (priceGrid !== undefined) expect(p1.minus(p0).abs().lt(priceGrid)).toBe(true);
          }
        },
      ),
      propertyParameters(50),
    );
    // The property is about repaired orders; most generated ones must be repairable for it to bite.
    expect(repaired / tried).toBeGreaterThan(0.5);
  });
});
