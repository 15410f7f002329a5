/**
 * `validateOrder` never throws, whatever `order` and `context` are: hostile
 * getters, proxies whose every trap throws, revoked proxies, cycles, and anything fast-check makes.
 * Only "does not throw, and `ok` is exactly `violations.length === 0`" is asserted here: what such
 * inputs *should* be called is not fixed by the contract.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ValidationContext, VIOLATION_CODES } from '../src/index.js';
import { bookFrom } from '../test-support/book.js';
import { HAND_DEFINITIONS } from '../test-support/hand-payload.js';
import { propertyParameters } from '../test-support/runs.js';

const book = bookFrom(HAND_DEFINITIONS);

function boom(): never {
  throw new Error('boom');
}

/** A proxy whose every trap throws. */
function hostileProxy(): object {
  return new Proxy(
    {},
    {
      get: boom,
      has: boom,
      ownKeys: boom,
      getOwnPropertyDescriptor: boom,
      getPrototypeOf: boom,
      defineProperty: boom,
      set: boom,
      deleteProperty: boom,
      isExtensible: boom,
      preventExtensions: boom,
    },
  );
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** An order whose fields are getters that throw. */
function throwingGetters(): object {
  const order = {};
  for (const key of ['symbol', 'side', 'type', 'quantity', 'price', 'timeInForce', 'newClientOrderId'])
    Object.defineProperty(order, key, { get: boom, enumerable: true });
  return order;
}

/** A valid order with one field replaced by a throwing getter. */
function oneThrowingField(key: string): object {
  const order: Record<string, unknown> = {
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    price: '100',
    quantity: '1',
  };
  Object.defineProperty(order, key, { get: boom, enumerable: true });
  return order;
}

function cyclic(): object {
  const order: Record<string, unknown> = { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' };
  order.self = order;
  order.price = order;
  return order;
}

/** A value whose toString / valueOf / toJSON throw (a trap for code that prints values). */
function unprintable(): object {
  return { toString: boom, valueOf: boom, toJSON: boom, [Symbol.toPrimitive]: boom };
}

const HOSTILE: readonly (readonly [string, () => unknown])[] = [
  ['hostile proxy', hostileProxy],
  ['revoked proxy', revokedProxy],
  ['throwing getters', throwingGetters],
  ['cyclic order', cyclic],
  ['unprintable value', unprintable],
  ['throwing symbol getter', () => oneThrowingField('symbol')],
  ['throwing quantity getter', () => oneThrowingField('quantity')],
  ['throwing price getter', () => oneThrowingField('price')],
  ['throwing newClientOrderId getter', () => oneThrowingField('newClientOrderId')],
  [
    'unprintable quantity',
    () => ({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: unprintable() }),
  ],
  ['unprintable symbol', () => ({ symbol: unprintable(), side: 'BUY', type: 'MARKET', quantity: '1' })],
  ['proxy quantity', () => ({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: hostileProxy() })],
];

function expectWellFormedVerdict(order: unknown, context: unknown): void {
  let result: ReturnType<typeof book.validateOrder> | undefined;
  expect(() => {
    result = book.validateOrder(order as never, context as ValidationContext | undefined);
  }).not.toThrow();
  expect(result!.ok).toBe(result!.violations.length === 0);
  expect(Array.isArray(result!.skipped)).toBe(true);
  for (const v of result!.violations) {
    expect(VIOLATION_CODES).toContain(v.code);
    if (v.limit !== undefined) expect(v.limit).toMatch(PLAIN);
    if (v.value !== undefined) expect(v.value).toMatch(PLAIN);
  }
}

/** Decimals leave the library in plain notation, even on hostile input. */
const PLAIN = /^-?(0|[1-9]\d*)(\.\d+)?$/;

describe('validateOrder never throws', () => {
  for (const [name, make] of HOSTILE) {
    it(`order: ${name}`, () => expectWellFormedVerdict(make(), undefined));
    it(`context: ${name}`, () =>
      expectWellFormedVerdict({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' }, make()));
    it(`context field: ${name}`, () =>
      expectWellFormedVerdict(
        { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '1' },
        {
          referencePrice: make(),
          maxNotional: make(),
        },
      ));
  }

  it('on anything at all', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBoxedValues: true, withMap: true, withSet: true, withNullPrototype: true }),
        fc.anything({ withNullPrototype: true }),
        (order, context) => expectWellFormedVerdict(order, context),
      ),
      propertyParameters(80),
    );
  });

  it('on every kind of value fast-check makes, in the order, its fields and the context', () => {
    const anything = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withTypedArray: true,
      withSparseArray: true,
    });
    const orderish = fc.oneof(
      anything,
      fc.record({
        symbol: fc.constantFrom('BTCUSDT', 'toString', '__proto__'),
        side: anything,
        type: anything,
        quantity: anything,
        price: anything,
      }),
    );
    fc.assert(
      fc.property(
        orderish,
        fc.oneof(anything, fc.record({ referencePrice: anything, maxNotional: anything })),
        (order, context) => expectWellFormedVerdict(order, context),
      ),
      propertyParameters(400),
    );
  });

  it('on records with anything in the order fields', () => {
    const field = fc.oneof(
      fc.anything({ withBoxedValues: true, withNullPrototype: true }),
      fc.constantFrom('BTCUSDT', 'BUY', 'SELL', 'LIMIT', 'MARKET', 'GTC', '100', '1'),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            symbol: field,
            side: field,
            type: field,
            quantity: field,
            price: field,
            timeInForce: field,
            newClientOrderId: field,
          },
          { requiredKeys: [] },
        ),
        fc.option(fc.record({ referencePrice: field, maxNotional: field }, { requiredKeys: [] })),
        (order, context) => expectWellFormedVerdict(order, context),
      ),
      propertyParameters(80),
    );
  });
});
