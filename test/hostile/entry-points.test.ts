/**
 * Hostile inputs at each public entry point (issue 15), the cases the issue measured: an order read
 * twice (a getter that answers BTCUSDT, then LUNAUSDT), entry points that let the caller's own
 * exception or a TypeError escape, and the error class each one documents instead.
 */
import { describe, expect, it } from 'vitest';
import { resolveClientOptions } from '../../src/client/client-options.js';
import {
  diffRuleBooks,
  estimateOrder,
  InvalidArgumentError,
  isExchangeInfoSchemaError,
  isInvalidArgumentError,
  isPreflightError,
  isSnapshotError,
  normalizeOrder,
  parseExchangeInfo,
  RuleBook,
  sampleExchangeInfo,
  validateOrder,
} from '../../src/index.js';

const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
const LIMIT = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '64000',
  quantity: '0.001',
};

function boom(): never {
  throw new Error('boom');
}
const throwingProxy = (target: object = {}) =>
  new Proxy(target, {
    get: boom,
    has: boom,
    ownKeys: boom,
    getOwnPropertyDescriptor: boom,
    getPrototypeOf: boom,
  });
const revokedProxy = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

/** An order whose `field` is a getter answering each of `answers` in turn (the last one after). */
function changing(field: string, answers: unknown[], base: Record<string, unknown> = LIMIT) {
  let reads = 0;
  const order: Record<string, unknown> = { ...base };
  delete order[field];
  Object.defineProperty(order, field, {
    enumerable: true,
    get: () => answers[Math.min(reads++, answers.length - 1)],
  });
  return { order, reads: () => reads };
}

/** What `f` threw, or undefined. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('an order is read once: what is judged is what is returned', () => {
  it('normalizeOrder on a symbol that answers BTCUSDT, then LUNAUSDT, returns the BTCUSDT it judged', () => {
    const { order, reads } = changing('symbol', ['BTCUSDT', 'LUNAUSDT']);
    const result = normalizeOrder(book, order as never);
    expect(reads()).toBe(1);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.order.symbol).toBe('BTCUSDT');
  });

  it('validateOrder judges the quantity it read once (0.01), whatever the getter says after', () => {
    const { order, reads } = changing('quantity', ['0.01', '99999999']);
    expect(validateOrder(book, order as never).ok).toBe(true);
    expect(reads()).toBe(1);
  });

  // Each reason the fast path hands an order to the general path, after reading it.
  it.each([
    ['an unknown symbol', { symbol: 'NOPE' }],
    ['a lower-case side', { side: 'buy' }],
    ['an exponent', { quantity: '1e-3' }],
    ['16 digits', { price: '1234567890123456' }],
    ['a malformed client order id', { newClientOrderId: 'x'.repeat(41) }],
    ['a null price on a MARKET order', { type: 'MARKET', price: null, timeInForce: undefined }],
  ])('every getter runs once when the fast path hands on %s', (_label, overrides) => {
    const base = { ...LIMIT, ...overrides };
    for (const field of ['symbol', 'side', 'type', 'quantity', 'price', 'timeInForce']) {
      const value = (base as Record<string, unknown>)[field];
      const { order, reads } = changing(field, [value, 'changed'], base);
      const judged = validateOrder(book, order as never, { referencePrice: '64000' });
      expect(reads(), field).toBe(1);
      expect(judged).toEqual(validateOrder(book, base as never, { referencePrice: '64000' }));
    }
  });

  it('a context getter runs once per call, in validateOrder, estimateOrder and normalizeOrder', () => {
    for (const call of [
      (c: object) => validateOrder(book, { ...LIMIT, price: '64000.005' } as never, c),
      (c: object) => estimateOrder(book, LIMIT as never, c),
      (c: object) => normalizeOrder(book, { ...LIMIT, price: '64000.005' } as never, c),
    ]) {
      let reads = 0;
      call({
        get referencePrice() {
          reads++;
          return reads === 1 ? '64000' : '1';
        },
      });
      expect(reads).toBe(1);
    }
  });

  it('normalizeOrder keeps extra fields as read, once', () => {
    let reads = 0;
    const order = {
      ...LIMIT,
      price: '64000.017',
      get recvWindow() {
        reads++;
        return 5000;
      },
    };
    const result = normalizeOrder(book, order as never);
    expect(reads).toBe(1);
    expect(result.ok && (result.order as unknown as Record<string, unknown>).recvWindow).toBe(5000);
  });
});

describe('no entry point lets the caller’s exception or a TypeError escape', () => {
  const hostile: [string, () => unknown][] = [
    ['a throwing proxy', () => throwingProxy()],
    ['a throwing proxy over a valid value', () => throwingProxy({ ...LIMIT })],
    ['a revoked proxy', revokedProxy],
    [
      'an object whose getters throw',
      () => ({
        get symbol() {
          return boom();
        },
        get symbols() {
          return boom();
        },
        get timezone() {
          return boom();
        },
        get referencePrice() {
          return boom();
        },
      }),
    ],
  ];

  it.each(hostile)(
    'validateOrder, estimateOrder, normalizeOrder answer %s as a violation',
    (_label, make) => {
      expect(validateOrder(book, make() as never).violations.map((v) => v.code)).toEqual(['INVALID_ORDER']);
      const estimate = estimateOrder(book, make() as never, { referencePrice: '1' });
      expect(estimate.estimated).toBe(false);
      const normalized = normalizeOrder(book, make() as never);
      expect(normalized.ok).toBe(false);
      if (!normalized.ok) expect(normalized.violations.map((v) => v.code)).toEqual(['INVALID_ORDER']);
      const inContext = normalizeOrder(book, LIMIT as never, make() as never);
      expect(!inContext.ok && inContext.violations.map((v) => [v.code, v.field])).toEqual([
        ['INVALID_FIELD', 'context'],
      ]);
    },
  );

  it.each(hostile)(
    'RuleBook.fromExchangeInfo and parseExchangeInfo: ExchangeInfoSchemaError on %s',
    (_label, make) => {
      expect(isExchangeInfoSchemaError(thrown(() => RuleBook.fromExchangeInfo(make() as never)))).toBe(true);
      expect(isExchangeInfoSchemaError(thrown(() => parseExchangeInfo(make())))).toBe(true);
    },
  );

  it('an already-parsed look-alike whose lists throw: ExchangeInfoSchemaError', () => {
    const lookAlike = {
      timezone: 'UTC',
      serverTime: 1,
      rejected: [],
      // Throws however the list is walked: by forEach, or by index up to its length.
      symbols: new Proxy([], {
        get: (t, k, r) => (k === 'forEach' || k === 'length' ? boom() : Reflect.get(t, k, r)),
      }),
    };
    expect(isExchangeInfoSchemaError(thrown(() => RuleBook.fromExchangeInfo(lookAlike as never)))).toBe(true);
  });

  it('a definition that cannot be read is set aside; the rest of the book loads', () => {
    const info = sampleExchangeInfo();
    const symbols = new Proxy([...info.symbols], {
      get: (t, k, r) => (k === '0' ? boom() : Reflect.get(t, k, r)),
    });
    const raw = { timezone: 'UTC', serverTime: 1, symbols };
    const parsed = parseExchangeInfo(raw);
    expect(parsed.rejected.map((r) => [r.index, r.reasons[0]?.path])).toEqual([[0, '(definition)']]);
    expect(parsed.symbols.length).toBe(info.symbols.length - 1);
    expect(RuleBook.fromExchangeInfo(raw as never).size).toBe(info.symbols.length - 1);
  });

  it.each([
    ['a throwing proxy', throwingProxy],
    ['a revoked proxy', revokedProxy],
    [
      'a getter that throws',
      () => ({
        get fetchedAt() {
          return boom();
        },
      }),
    ],
    ['a fetchedAt that only looks like a Date', () => ({ fetchedAt: Object.create(Date.prototype) })],
  ])('RuleBook.fromExchangeInfo options as %s: InvalidArgumentError (options)', (_label, make) => {
    const error = thrown(() => RuleBook.fromExchangeInfo(sampleExchangeInfo(), make() as never));
    expect(isInvalidArgumentError(error)).toBe(true);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe('options');
  });

  it('a fetchedAt that is not a time is still the documented RangeError, even if printing it throws', () => {
    expect(thrown(() => RuleBook.fromExchangeInfo(sampleExchangeInfo(), { fetchedAt: -1 }))).toBeInstanceOf(
      RangeError,
    );
    const unprintable = { toString: boom, valueOf: boom, [Symbol.toPrimitive]: boom };
    expect(
      thrown(() => RuleBook.fromExchangeInfo(sampleExchangeInfo(), { fetchedAt: unprintable as never })),
    ).toBeInstanceOf(RangeError);
  });

  it.each(hostile)('RuleBook.fromJSON: SnapshotError on %s', (_label, make) => {
    expect(isSnapshotError(thrown(() => RuleBook.fromJSON(make())))).toBe(true);
  });

  it.each([
    ['a throwing proxy of a book', () => new Proxy(book, { get: boom })],
    ['a revoked proxy', revokedProxy],
    ['a plain look-alike', () => ({ symbols: ['BTCUSDT'], definition: boom, rejected: [], timezone: 'UTC' })],
    ['Object.create(RuleBook.prototype)', () => Object.create(RuleBook.prototype)],
    ['null', () => null],
  ])('diffRuleBooks with %s: InvalidArgumentError naming the argument', (_label, make) => {
    const before = thrown(() => diffRuleBooks(make() as RuleBook, book));
    const after = thrown(() => diffRuleBooks(book, make() as RuleBook));
    expect(isInvalidArgumentError(before) && (before as InvalidArgumentError).argument).toBe('before');
    expect(isInvalidArgumentError(after) && (after as InvalidArgumentError).argument).toBe('after');
  });

  it('diffRuleBooks still diffs real books (a frozen one included)', () => {
    expect(diffRuleBooks(Object.freeze(book) as RuleBook, book).isEmpty).toBe(true);
  });

  it.each([
    ['a throwing proxy', throwingProxy],
    ['a revoked proxy', revokedProxy],
    [
      'a baseUrl getter that throws',
      () => ({
        get baseUrl() {
          return boom();
        },
      }),
    ],
  ])('client options as %s: InvalidArgumentError (options)', (_label, make) => {
    const error = thrown(() => resolveClientOptions(make()));
    expect(isInvalidArgumentError(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('options');
  });

  it('isPreflightError and isInvalidArgumentError never throw, even on a hostile proxy', () => {
    for (const value of [throwingProxy(), revokedProxy()]) {
      expect(isPreflightError(value)).toBe(false);
      expect(isInvalidArgumentError(value)).toBe(false);
    }
  });
});
