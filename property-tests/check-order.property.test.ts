import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderVerdict, RuleBook, ValidationResult, ViolationCode } from '../src/index.js';
import { invalidOrderArb, validOrderArb } from '../src/testing/index.js';
import { edgeCaseArb } from '../test-support/edge-cases.js';
import { fastVerdictOnly } from '../test-support/engine-internals.js';
import { propertyParameters } from '../test-support/runs.js';
import { bookOf, ordersOrNone, scenarioArb, withInputs } from '../test-support/scenario.js';

/** What `checkOrder` must answer: `validateOrder`'s verdict, with each violation as its code. */
function expectedVerdict(result: ValidationResult): OrderVerdict {
  return { ok: result.ok, codes: result.violations.map((v) => v.code), skipped: result.skipped };
}

/** Checks one order both ways; true when the fast path answered `checkOrder` itself. */
function agrees(book: RuleBook, order: unknown, context: unknown): boolean {
  const result = book.validateOrder(order as Record<string, unknown>, context as never);
  const verdict = book.checkOrder(order as Record<string, unknown>, context as never);
  expect(verdict).toEqual(expectedVerdict(result));
  expect(Object.isFrozen(verdict) && Object.isFrozen(verdict.codes) && Object.isFrozen(verdict.skipped)).toBe(
    true,
  );
  const fast = fastVerdictOnly(book)(order, context);
  if (fast === undefined) return false;
  // The fast path's verdicts are shared: asking again gives the very same object.
  expect(book.checkOrder(order as Record<string, unknown>, context as never)).toBe(fast);
  return true;
}

const BREAKABLE: readonly ViolationCode[] = [
  'PRICE_TICK',
  'PRICE_PRECISION',
  'QUANTITY_STEP',
  'QUANTITY_PRECISION',
  'QUANTITY_BELOW_MIN',
  'QUANTITY_ABOVE_MAX',
  'MARKET_SIZE_ABOVE_MAX',
  'PRICE_ABOVE_BUY_LIMIT',
  'PRICE_BELOW_SELL_LIMIT',
  'NOTIONAL_ABOVE_MAX',
];

describe('checkOrder is validateOrder without the explanations', () => {
  it('on generated pairs, passing orders and orders breaking each rule: same ok, codes in order, skips', () => {
    let answeredFast = 0;
    fc.assert(
      fc.property(
        withInputs(
          fc.tuple(scenarioArb({ tradingOnly: false }), fc.constantFrom(...BREAKABLE)),
          ([s, code]) =>
            fc.tuple(
              ordersOrNone(() => validOrderArb(s.definition, s.context), 3),
              ordersOrNone(() => invalidOrderArb(s.definition, code, s.context), 2),
            ),
        ),
        ([[s], drawn]) => {
          const orders: unknown[] = drawn.flat();
          for (const order of orders) if (agrees(s.book, order, s.context)) answeredFast++;
        },
      ),
      propertyParameters(150),
    );
    expect(answeredFast).toBeGreaterThan(0);
  });

  it("at the fast path's edges: 16+ digit values, many decimals, odd grids, counts around 2^53", () => {
    fc.assert(
      fc.property(edgeCaseArb, ({ definition, order, context }) => {
        agrees(bookOf([definition]), order, context);
      }),
      propertyParameters(300),
    );
  });

  it('on malformed orders and contexts, judged by the general path: the same codes', () => {
    const field = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.constantFrom('', '1', '0.5', '-1', '1e-7', 'abc', '0', '1.', ' 2'),
      fc.double(),
      fc.boolean(),
    );
    fc.assert(
      fc.property(
        scenarioArb({ tradingOnly: false }),
        fc.record(
          {
            side: fc.oneof(fc.constantFrom('BUY', 'SELL', 'buy'), field),
            type: fc.oneof(fc.constantFrom('LIMIT', 'MARKET', 'STOP'), field),
            quantity: field,
            price: field,
            timeInForce: fc.oneof(fc.constantFrom('GTC', 'IOC', 'DAY'), field),
          },
          { requiredKeys: [] },
        ),
        fc.record({ referencePrice: field, maxNotional: field }, { requiredKeys: [] }),
        (s, fields, context) => {
          agrees(s.book, { symbol: s.definition.symbol, ...fields }, context);
        },
      ),
      propertyParameters(200),
    );
  });
});
