import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIOLATION_CODES, type Violation } from '../src/index.js';
import { invalidOrderArb, validOrderArb } from '../src/testing/index.js';
import { edgeCaseArb, longDigitCaseArb } from '../test-support/edge-cases.js';
import { canonical } from '../test-support/model/spec-model.js';
import { propertyParameters } from '../test-support/runs.js';
import { bookOf, ordersOrNone, scenarioArb, withInputs } from '../test-support/scenario.js';

/**
 * Every violation's message names what it is about, in the violation's own terms: its `field`
 * (the subject: `price`, `quantity`, `notional`, `symbol`, `order`...) as a word, and, when the
 * violation has them, its `limit` and its `value` exactly as they appear in those keys, each as a
 * whole token (`1` is not found inside `10` or `0.1`). So a message template emptied or losing a
 * placeholder fails here, while no test depends on the wording around them. A message that
 * says what its limit was worked out from names those inputs too: the symbol of a pair that does
 * not trade, the reference price of a price band, the quantity (as sent) and a LIMIT order's price
 * (canonical, as it was multiplied) of a notional.
 */

/** `text` occurs in `message` as a whole token: no word character or decimal digit run on either side. */
function namesToken(message: string, text: string): boolean {
  for (let at = message.indexOf(text); at !== -1; at = message.indexOf(text, at + 1)) {
    const before = message.slice(0, at);
    const after = message.slice(at + text.length);
    if (!/(\w|\d\.)$/.test(before) && !/^(\w|\.\d)/.test(after)) return true;
  }
  return false;
}

/** A decimal field as the exchange would receive it, or undefined when it is not one. */
function sent(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value : undefined;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The names a violation's message must carry that it lacks. */
function missingNames(v: Violation, order: unknown, context: unknown): string[] {
  const names: [string, string | undefined][] = [
    ['field', v.field],
    ['limit', v.limit],
    ['value', v.value],
  ];
  const o = record(order);
  if (v.code === 'SYMBOL_NOT_TRADING' || v.code === 'TRADING_DISABLED')
    names.push(['symbol', sent(o.symbol)]);
  if (v.code === 'PRICE_ABOVE_BUY_LIMIT' || v.code === 'PRICE_BELOW_SELL_LIMIT')
    names.push(['referencePrice', sent(record(context).referencePrice)]);
  if (v.code === 'NOTIONAL_ABOVE_MAX') {
    names.push(['quantity', sent(o.quantity)]);
    const price = sent(o.price);
    if (o.type === 'LIMIT' && price !== undefined) names.push(['price', canonical(new Big(price))]);
  }
  return names
    .filter(([, text]) => text !== undefined && !namesToken(v.message, text))
    .map(([name, text]) => `${name} ${text}`);
}

function expectNamed(
  result: { violations: readonly Violation[] },
  order: unknown,
  context: unknown,
  seen: Set<string>,
) {
  for (const v of result.violations) {
    seen.add(v.code);
    expect(missingNames(v, order, context), `${v.code}: ${JSON.stringify(v.message)}`).toEqual([]);
  }
}

describe('violation messages name their field, limit and value', () => {
  it('recognises a token only whole', () => {
    expect(namesToken('price 10 is above 0.1', '1')).toBe(false);
    expect(namesToken('price 10 is above 0.1', '0.1')).toBe(true);
    expect(namesToken('price 10.5 is not', '10')).toBe(false);
    expect(namesToken('quantity 1 is below minTradeAmount 2', 'quantity')).toBe(true);
    expect(namesToken('quantity 1 is below minTradeAmount 2', 'Amount')).toBe(false);
    expect(namesToken('(price 3 × quantity 1)', '1')).toBe(true);
  });

  it('for every code generated orders break, by either path', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        withInputs(scenarioArb({ tradingOnly: false }), (s) =>
          fc.tuple(
            ordersOrNone(() => validOrderArb(s.definition, s.context), 1),
            ...VIOLATION_CODES.map((c) => ordersOrNone(() => invalidOrderArb(s.definition, c, s.context), 1)),
          ),
        ),
        ([s, drawn]) => {
          for (const order of drawn.flat())
            expectNamed(s.book.validateOrder(order, s.context), order, s.context, seen);
        },
      ),
      propertyParameters(60),
    );
    // Every pair rule that quotes a limit and a value was met at least once.
    for (const code of [
      'PRICE_TICK',
      'PRICE_PRECISION',
      'QUANTITY_STEP',
      'QUANTITY_PRECISION',
      'QUANTITY_BELOW_MIN',
      'QUANTITY_ABOVE_MAX',
      'MARKET_SIZE_ABOVE_MAX',
      'NOTIONAL_ABOVE_MAX',
      'PRICE_ABOVE_BUY_LIMIT',
      'PRICE_BELOW_SELL_LIMIT',
      'SYMBOL_NOT_TRADING',
      'TRADING_DISABLED',
    ])
      expect([...seen]).toContain(code);
  });

  it('at the fast path’s edges and past safe integers', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.oneof(edgeCaseArb, longDigitCaseArb), ({ definition, order, context }) => {
        expectNamed(bookOf([definition]).validateOrder(order, context), order, context, seen);
      }),
      propertyParameters(150),
    );
    expect(seen.size).toBeGreaterThan(3);
  });
});
