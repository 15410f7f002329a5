import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOrder, type ViolationCode } from '../src/index.js';
import { invalidOrderArb, validOrderArb } from '../src/testing/index.js';
import { propertyParameters } from './support/runs.js';
import { samplesOrNone, scenarioArb } from './support/scenario.js';

const GRID_CODES: readonly ViolationCode[] = [
  'PRICE_TICK',
  'PRICE_PRECISION',
  'QUANTITY_STEP',
  'QUANTITY_PRECISION',
];
const PLAIN = /^(0|[1-9]\d*)(\.\d+)?$/;

describe('normalizeOrder', () => {
  it('every repaired order passes, is plain, never moves against the side, and moves less than one grid unit', () => {
    let repaired = 0;
    let tried = 0;
    fc.assert(
      fc.property(scenarioArb(), fc.integer(), (s, seed) => {
        const orders = [
          ...samplesOrNone(() => validOrderArb(s.definition, s.context), 2, seed),
          ...GRID_CODES.flatMap((code) =>
            samplesOrNone(() => invalidOrderArb(s.definition, code, s.context), 2, seed),
          ),
        ] as Record<string, unknown>[];
        const priceGrid = new Big(s.definition.tickSize ?? `1e-${s.definition.quoteAssetPrecision}`);
        const quantityGrid = new Big(s.definition.stepSize ?? `1e-${s.definition.baseAssetPrecision}`);
        for (const order of orders) {
          tried++;
          const r = normalizeOrder(s.book, order, s.context);
          if (!r.ok) continue;
          repaired++;
          expect(s.book.validateOrder(r.order, s.context).violations).toEqual([]);
          const before = { price: order.price, quantity: order.quantity };
          const after = r.order as Record<string, unknown>;
          expect(after.quantity).toMatch(PLAIN);
          const q0 = new Big(String(before.quantity));
          const q1 = new Big(String(after.quantity));
          expect(q1.lte(q0)).toBe(true);
          expect(q0.minus(q1).lt(quantityGrid)).toBe(true);
          if (before.price === undefined) continue;
          expect(after.price).toMatch(PLAIN);
          const p0 = new Big(String(before.price));
          const p1 = new Big(String(after.price));
          expect(order.side === 'BUY' ? p1.lte(p0) : p1.gte(p0)).toBe(true);
          expect(p1.minus(p0).abs().lt(priceGrid)).toBe(true);
        }
      }),
      propertyParameters(300),
    );
    // The property is about repaired orders; most generated ones must be repairable for it to bite.
    expect(repaired / tried).toBeGreaterThan(0.5);
  });
});
