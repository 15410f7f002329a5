/**
 * order-preflight/testing for a strategy's own tests: `validOrderArb` gives `OrderInput`s (typed,
 * so a strategy reads `order.price` without casts), and `assertAccepted` fails with the codes of
 * the rules an order broke, so a failing property names the rule.
 */
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type OrderInput, RuleBook, sampleExchangeInfo } from '../../src/index.js';
import { assertAccepted, OrderNotAcceptedError, validOrderArb } from '../../src/testing/index.js';

const info = sampleExchangeInfo();
const book = RuleBook.fromExchangeInfo(info);
const pair = book.definition('BTCUSDT')!;

describe('validOrderArb is typed', () => {
  it('is an Arbitrary<OrderInput>', () => {
    const orders: fc.Arbitrary<OrderInput> = validOrderArb(pair);
    expectTypeOf(validOrderArb(pair)).toEqualTypeOf<fc.Arbitrary<OrderInput>>();
    for (const order of fc.sample(orders, { numRuns: 20, seed: 7 })) {
      expect(['BUY', 'SELL']).toContain(order.side);
      expect(['string', 'number']).toContain(typeof order.quantity);
    }
  });
});

describe('assertAccepted', () => {
  const good: OrderInput = {
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    price: '64000.01',
    quantity: '0.001',
  };

  it('returns for an order the book accepts', () => {
    expect(assertAccepted(book, good)).toBeUndefined();
    expect(assertAccepted(book, good, { referencePrice: '64000' })).toBeUndefined();
  });

  it('throws OrderNotAcceptedError carrying the violations, their codes in its message', () => {
    const bad = { ...good, price: '64000.005', quantity: '0.0000001' };
    let caught: unknown;
    try {
      assertAccepted(book, bad);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OrderNotAcceptedError);
    const error = caught as OrderNotAcceptedError;
    const codes = error.violations.map((v) => v.code);
    expect(codes).toEqual(book.validateOrder(bad).violations.map((v) => v.code));
    expect(codes).toContain('PRICE_TICK');
    for (const code of codes) expect(error.message).toContain(code);
  });

  it('makes a failing property name the rule (fast-check throws with it as the cause)', () => {
    // A strategy that appends a digit to the price: off the pair's tick.
    const strategy = (order: OrderInput): OrderInput => ({ ...order, price: `${String(order.price)}5` });
    let thrown: unknown;
    try {
      fc.assert(
        fc.property(validOrderArb(pair, { types: ['LIMIT'] }), (order) =>
          assertAccepted(book, strategy(order)),
        ),
        { numRuns: 50, seed: 1 },
      );
    } catch (error) {
      thrown = error;
    }
    const cause = (thrown as Error).cause;
    expect(cause).toBeInstanceOf(OrderNotAcceptedError);
    expect((cause as OrderNotAcceptedError).violations.map((v) => v.code)).toEqual(['PRICE_TICK']);
  });
});
