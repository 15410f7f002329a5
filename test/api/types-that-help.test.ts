/**
 * Types that help under the project's own strict settings (`exactOptionalPropertyTypes`,
 * `noUncheckedIndexedAccess`): `npm run typecheck` compiles this file, so each assertion below is
 * a compile-time check, and the run-time expectations say the types tell the truth.
 *
 * - An optional order or context field takes `undefined` written out (`price: isLimit ? px :
 *   undefined`), since at run time `undefined` is read as absent.
 * - A suggestion that is there has an element: `v.suggestion[0]` is a `string` once the code says
 *   a suggestion is always given (PRICE_TICK), and an order is repaired without a check.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc, { type Arbitrary } from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  estimateOrder,
  normalizeOrder,
  type OrderInput,
  RuleBook,
  type Suggestions,
  sampleExchangeInfo,
  type ValidationContext,
  validateOrder,
} from '../../src/index.js';
import { validOrderArb } from '../../src/testing/index.js';

const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());

/** A form's values, as an order ticket holds them: a price only when the type takes one. */
function orderFrom(isLimit: boolean, px: string | undefined, id: string | undefined): OrderInput {
  return {
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: isLimit ? 'LIMIT' : 'MARKET',
    quantity: '0.001',
    price: isLimit ? px : undefined,
    timeInForce: isLimit ? 'GTC' : undefined,
    newClientOrderId: id,
    newOrderRespType: undefined,
    timestamp: undefined,
    recvWindow: undefined,
    signature: undefined,
  };
}

function contextFrom(last: string | undefined, limit: number | undefined): ValidationContext {
  return { referencePrice: last, maxNotional: limit };
}

describe('optional order and context fields take undefined written out', () => {
  it('each optional field of OrderInput and ValidationContext accepts undefined', () => {
    expectTypeOf<undefined>().toExtend<OrderInput['price']>();
    expectTypeOf<undefined>().toExtend<OrderInput['timeInForce']>();
    expectTypeOf<undefined>().toExtend<OrderInput['newClientOrderId']>();
    expectTypeOf<undefined>().toExtend<OrderInput['newOrderRespType']>();
    expectTypeOf<undefined>().toExtend<OrderInput['timestamp']>();
    expectTypeOf<undefined>().toExtend<OrderInput['recvWindow']>();
    expectTypeOf<undefined>().toExtend<OrderInput['signature']>();
    expectTypeOf<undefined>().toExtend<ValidationContext['referencePrice']>();
    expectTypeOf<undefined>().toExtend<ValidationContext['maxNotional']>();
    // Required fields stay required.
    expectTypeOf<undefined>().not.toExtend<OrderInput['symbol']>();
    expectTypeOf<undefined>().not.toExtend<OrderInput['quantity']>();
  });

  it('validateOrder, checkOrder, normalizeOrder and estimateOrder read undefined as absent', () => {
    const market = orderFrom(false, '64000.01', undefined);
    const limit = orderFrom(true, '64000.01', 'ticket-1');
    const noContext = contextFrom(undefined, undefined);
    expect(validateOrder(book, market, noContext)).toEqual({ ok: true, violations: [], skipped: [] });
    expect(book.validateOrder(limit, contextFrom('64000', 1_000_000)).ok).toBe(true);
    expect(book.checkOrder(market, noContext).ok).toBe(true);
    const repaired = normalizeOrder(book, market, noContext);
    expect(repaired.ok && repaired.order).toEqual({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.001',
    });
    const estimate = estimateOrder(book, limit, contextFrom('64000', undefined));
    expect(estimate.estimated && estimate.notional).toBe('64.00001');
    // A LIMIT order whose price is undefined lacks it, exactly as one without the key.
    const codes = book.validateOrder(orderFrom(true, undefined, undefined)).violations.map((v) => v.code);
    expect(codes).toEqual(['MISSING_FIELD']);
  });

  it('an inline literal with undefined in it still catches a misspelt field', () => {
    const px: string | undefined = undefined;
    book.validateOrder(
      // @ts-expect-error prise is not a field of an order
      { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1', prise: px },
      { referencePrice: undefined },
    );
    // @ts-expect-error refPrice is not a field of the context
    book.validateOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' }, { refPrice: '1' });
  });
});

describe('suggestions are non-empty where they are given', () => {
  it('a code that always suggests gives a string at [0]; an optional suggestion, once there, too', () => {
    const order = { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC' } as const;
    const violations = [
      ...book.validateOrder({ ...order, price: '64000.005', quantity: '0.000015' }).violations,
      ...book.validateOrder({ ...order, symbol: 'XAUTUSDT', price: '2000.000', quantity: '0.01' }).violations,
      ...book.validateOrder({ ...order, side: 'sell', price: '64000', quantity: '1' }).violations,
    ];
    const seen: string[] = [];
    for (const v of violations) {
      switch (v.code) {
        case 'PRICE_TICK':
        case 'PRICE_PRECISION':
        case 'PRICE_BELOW_SELL_LIMIT':
        case 'QUANTITY_STEP':
        case 'QUANTITY_PRECISION':
        case 'QUANTITY_BELOW_MIN':
          expectTypeOf(v.suggestion).toEqualTypeOf<Suggestions>();
          expectTypeOf(v.suggestion[0]).toEqualTypeOf<string>();
          // Further elements are still checked: a tick suggests one or two values.
          expectTypeOf(v.suggestion[1]).toEqualTypeOf<string | undefined>();
          seen.push(`${v.code} ${v.suggestion[0]}`);
          break;
        case 'PRICE_ABOVE_BUY_LIMIT':
        case 'QUANTITY_ABOVE_MAX':
        case 'MARKET_SIZE_ABOVE_MAX':
        case 'INVALID_FIELD':
          // A cap whose nearest passing value may not exist: absent, or non-empty.
          expectTypeOf(v.suggestion).toEqualTypeOf<Suggestions | undefined>();
          if (v.suggestion) seen.push(`${v.code} ${v.suggestion[0]}`);
          break;
        case 'NOTIONAL_ABOVE_MAX':
        case 'MISSING_FIELD':
          expectTypeOf(v.suggestion).toEqualTypeOf<undefined>();
          break;
      }
    }
    expect(seen).toEqual([
      'PRICE_TICK 64000',
      'QUANTITY_STEP 0.0001',
      'QUANTITY_BELOW_MIN 0.0001',
      'PRICE_PRECISION 2000',
      'INVALID_FIELD SELL',
    ]);
  });

  it("the README's Act step compiles as printed and repairs the order", () => {
    const order: OrderInput = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '64000.005',
      quantity: '0.0015',
    };
    const next = repaired(book, order);
    expect(next).toEqual({ ...order, price: '64000' });
    expect(book.validateOrder(next as OrderInput).ok).toBe(true);
    expect(repaired(book, { ...order, quantity: '0.00001' })).toMatch(/^QUANTITY_BELOW_MIN: /);
  });

  it('README.md prints the Act step exactly as this file compiles it', () => {
    const source = readFileSync(fileURLToPath(import.meta.url), 'utf8');
    const from = source.lastIndexOf('// README, "Act" (as printed):');
    const to = source.lastIndexOf('// README, "Act": end');
    const printed = source.slice(source.indexOf('\n', from) + 1, to);
    expect(printed).toContain('function repaired(');
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    expect(readme).toContain(
      `\`\`\`ts\nimport type { OrderInput, RuleBook } from 'order-preflight';\n\n${printed}\`\`\``,
    );
  });

  it('validOrderArb makes OrderInputs: a strategy reads their fields without a cast', () => {
    const definition = book.definition('BTCUSDT')!;
    const a: Arbitrary<OrderInput> = validOrderArb(definition);
    const [order] = fc.sample(a, { numRuns: 1, seed: 3 });
    expectTypeOf(order!.price).toEqualTypeOf<string | number | undefined>();
    expect(book.validateOrder(order!).ok).toBe(true);
  });

  it('an order field is still readonly: assign a new order, never a field', () => {
    const order: OrderInput = { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' };
    // @ts-expect-error OrderInput's fields are readonly (TS2540)
    order.quantity = '2';
    expect(order.quantity).toBe('2');
  });
});

// README, "Act" (as printed): the block below is compared with README.md, byte for byte.
/** The order moved onto the grids the violations suggest, or why it cannot be sent as it is. */
function repaired(book: RuleBook, order: OrderInput): OrderInput | string {
  let next = order;
  for (const v of book.validateOrder(order).violations) {
    if (v.code === 'PRICE_TICK') next = { ...next, price: v.suggestion[0] };
    else if (v.code === 'QUANTITY_STEP') next = { ...next, quantity: v.suggestion[0] };
    else return `${v.code}: ${v.message}`;
  }
  return next;
}
// README, "Act": end
