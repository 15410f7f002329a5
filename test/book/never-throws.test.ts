import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  estimateOrder,
  type OrderEstimate,
  parseExchangeInfo,
  parseExchangeInfoText,
  RuleBook,
  type ValidationContext,
  type ValidationResult,
  VIOLATION_CODES,
  validateOrder,
} from '../../src/index.js';
import { propertyParameters } from '../../test-support/runs.js';
import { threadCpuMs } from '../../test-support/thread-cpu.js';
import { definition, limitOrder, marketOrder, payload } from '../rules/fixtures.js';

const DECIMAL_OUT = /^-?\d+(\.\d+)?$/;
const SKIP_REASONS = ['NO_TICK_SIZE', 'NO_STEP_SIZE', 'NO_REFERENCE_PRICE'];
const FIELDS = [
  'order',
  'symbol',
  'side',
  'type',
  'quantity',
  'price',
  'timeInForce',
  'newClientOrderId',
  'context',
  'referencePrice',
  'maxNotional',
  'notional',
];

const book = RuleBook.fromExchangeInfo(
  parseExchangeInfo(
    payload([
      definition(),
      definition({ symbol: 'NOGRID', tickSize: null, stepSize: 0, marketFallbackPriceRatio: '0' }),
      definition({ symbol: 'HALTED', status: 'BREAK', enableTrade: false }),
      definition({ symbol: 'BROKEN', minTradeAmount: 'abc' }),
    ]),
  ),
);

/** Every way a result breaks its documented shape (plain checks: this runs thousands of times). */
function resultProblems(result: ValidationResult): string[] {
  const problems: string[] = [];
  if (typeof result.ok !== 'boolean') problems.push('ok is not a boolean');
  if (!Array.isArray(result.violations) || !Array.isArray(result.skipped)) return ['missing arrays'];
  if (result.ok !== (result.violations.length === 0)) problems.push('ok disagrees with violations');
  for (const v of result.violations) {
    if (!VIOLATION_CODES.includes(v.code)) problems.push(`unknown code ${String(v.code)}`);
    if (!FIELDS.includes(v.field)) problems.push(`unknown field ${String(v.field)}`);
    if (typeof v.message !== 'string' || v.message.length === 0) problems.push(`${v.code}: no message`);
    if (v.limit !== undefined && !DECIMAL_OUT.test(v.limit)) problems.push(`${v.code}: limit ${v.limit}`);
    if (v.value !== undefined && !DECIMAL_OUT.test(v.value)) problems.push(`${v.code}: value ${v.value}`);
    if (
      v.suggestion !== undefined &&
      (v.suggestion.length === 0 || v.suggestion.some((x: unknown) => typeof x !== 'string'))
    )
      problems.push(`${v.code}: suggestion ${String(v.suggestion)}`);
  }
  for (const k of result.skipped) {
    if (!VIOLATION_CODES.includes(k.check)) problems.push(`skipped unknown check ${String(k.check)}`);
    if (!SKIP_REASONS.includes(k.reason)) problems.push(`skipped for unknown reason ${String(k.reason)}`);
  }
  return problems;
}

function estimateProblems(estimate: OrderEstimate): string[] {
  if (estimate.estimated) {
    const problems = [estimate.worstCasePrice, estimate.notional, estimate.feeRate, estimate.expectedFee]
      .filter((x): x is string => x !== undefined && !DECIMAL_OUT.test(x))
      .map((x) => `estimate decimal ${x}`);
    if (estimate.liquidity !== 'MAKER' && estimate.liquidity !== 'TAKER') problems.push('liquidity');
    return problems;
  }
  if (estimate.violations.length === 0) return ['estimate refused without a violation'];
  return estimate.violations
    .filter((v) => !VIOLATION_CODES.includes(v.code))
    .map((v) => `estimate code ${v.code}`);
}

/**
 * Runs both entry points (methods and free functions), and returns the method's result and every
 * shape problem found (or the error thrown, which must never happen).
 */
function run(order: unknown, context?: unknown): { result?: ValidationResult; problems: string[] } {
  const ctx = context as ValidationContext;
  try {
    const result = book.validateOrder(order, ctx);
    const problems = [
      ...resultProblems(result),
      ...resultProblems(validateOrder(book, order, ctx)),
      ...estimateProblems(book.estimateOrder(order, ctx)),
      ...estimateProblems(estimateOrder(book, order, ctx)),
    ];
    return { result, problems };
  } catch (error) {
    return { problems: [`threw ${String(error)}`] };
  }
}

/** For fast-check properties: throws (failing the property) on any problem. */
function holds(order: unknown, context?: unknown): void {
  const { problems } = run(order, context);
  if (problems.length > 0) throw new Error(problems.join('; '));
}

/** For hand-picked cases: asserts there is no problem and returns the result. */
function check(order: unknown, context?: unknown): ValidationResult {
  const { result, problems } = run(order, context);
  expect(problems).toEqual([]);
  return result!;
}

const throwingTraps = <T extends object>(target: T): T =>
  new Proxy(target, {
    get() {
      throw new Error('get trap');
    },
    has() {
      throw new Error('has trap');
    },
    getOwnPropertyDescriptor() {
      throw new Error('getOwnPropertyDescriptor trap');
    },
    ownKeys() {
      throw new Error('ownKeys trap');
    },
    getPrototypeOf() {
      throw new Error('getPrototypeOf trap');
    },
  });

function withThrowingGetter(field: string): object {
  const order: Record<string, unknown> = { ...limitOrder('BUY', '100', '1') };
  delete order[field];
  Object.defineProperty(order, field, {
    enumerable: true,
    get() {
      throw new Error(`getter ${field}`);
    },
  });
  return order;
}

const throwsOnStringify = {
  toString() {
    throw new Error('toString');
  },
  toJSON() {
    throw new Error('toJSON');
  },
  valueOf() {
    throw new Error('valueOf');
  },
};

const ODD_VALUES: readonly unknown[] = [
  null,
  undefined,
  0,
  -0,
  -1,
  1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e308,
  1e-7,
  10n,
  -10n,
  true,
  false,
  '',
  ' ',
  '0',
  '1e-8',
  '1e999999999',
  '-0',
  'NaN',
  '\u0000',
  '\uD800',
  'BUY',
  'MARKET',
  'BTCUSDT',
  Symbol('x'),
  () => 'BUY',
  [],
  ['BUY'],
  {},
  Object.create(null),
  new Date(Number.NaN),
  new Map([['a', 1]]),
  new Set([1]),
  new Number(1),
  new String('BUY'),
  new Boolean(true),
  /re/,
  new Error('x'),
  throwsOnStringify,
  throwingTraps({}),
  { isLosslessNumber: true, value: '1' },
];

describe('validateOrder never throws: hand-picked hostile orders', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an array', [limitOrder('BUY', '100', '1')]],
    ['a number', 42],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a BigInt', 42n],
    ['a function', () => limitOrder('BUY', '100', '1')],
    ['a class', class Order {}],
    ['a symbol', Symbol('order')],
    ['a Date', new Date()],
    ['a Map', new Map(Object.entries(limitOrder('BUY', '100', '1')))],
    ['a Set', new Set([1])],
    ['a Promise', Promise.resolve(limitOrder('BUY', '100', '1'))],
    ['a typed array', new Uint8Array(4)],
    ['a boxed string', new String('x')],
    ['a regexp', /x/],
    ['an Error', new Error('x')],
    ['a throwing Proxy', throwingTraps({})],
    ['a throwing Proxy over a valid order', throwingTraps(limitOrder('BUY', '100', '1'))],
    [
      'a revoked Proxy',
      (() => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      })(),
    ],
    ['an object whose toString throws', throwsOnStringify],
    ['a Map carrying order fields', Object.assign(new Map(), marketOrder('BUY', '1'))],
    [
      'an array pretending to be an Object',
      Object.assign([], { [Symbol.toStringTag]: 'Object' }, marketOrder('BUY', '1')),
    ],
  ])('%s', (_label, order) => {
    const result = check(order);
    expect(result.ok).toBe(false);
  });

  it.each(['symbol', 'side', 'type', 'quantity', 'price', 'timeInForce', 'newClientOrderId'])(
    'an order whose %s getter throws is refused, not thrown',
    (field) => {
      const result = check(withThrowingGetter(field));
      expect(result.ok).toBe(false);
    },
  );

  it('objects with odd keys', () => {
    const odd = JSON.parse(
      '{"__proto__":{"symbol":"BTCUSDT","side":"BUY","type":"MARKET","quantity":"1"},"constructor":1,"toString":2}',
    );
    const result = check(odd);
    expect(result.violations.map((v) => v.code)).toEqual([
      'MISSING_FIELD',
      'MISSING_FIELD',
      'MISSING_FIELD',
      'MISSING_FIELD',
    ]);
    check({ ...marketOrder('BUY', '1'), [Symbol('price')]: '1', [Symbol.toPrimitive]: () => 1 });
    check({ ...marketOrder('BUY', '1'), hasOwnProperty: () => true, valueOf: null, toJSON: 5 });
    check(Object.assign(Object.create(null) as object, { toString: 1, ...marketOrder('BUY', '1') }));
    expect(({} as Record<string, unknown>).symbol).toBeUndefined();
  });

  it('every field of every odd type, one at a time, on LIMIT and MARKET orders', () => {
    const fields = ['symbol', 'side', 'type', 'quantity', 'price', 'timeInForce', 'newClientOrderId'];
    for (const base of [limitOrder('BUY', '100', '1'), marketOrder('SELL', '1')])
      for (const field of fields)
        for (const value of ODD_VALUES) {
          const order = { ...base, [field]: value };
          const { result, problems } = run(order, { referencePrice: '100', maxNotional: '1000' });
          expect(problems, `${field} = ${typeof value}`).toEqual([]);
          // Anything but a string or a number in a field the order carries is refused.
          if (value !== null && value !== undefined && typeof value !== 'string' && typeof value !== 'number')
            expect(result?.ok, `${field} = ${typeof value}`).toBe(false);
        }
  });

  it('a context full of garbage', () => {
    const contexts: unknown[] = [
      ...ODD_VALUES,
      { referencePrice: throwsOnStringify },
      ...ODD_VALUES.map((referencePrice) => ({ referencePrice })),
      ...ODD_VALUES.map((maxNotional) => ({ maxNotional, referencePrice: '100' })),
      JSON.parse('{"__proto__":{"referencePrice":"100"}}'),
      (() => {
        const c = {};
        Object.defineProperty(c, 'referencePrice', {
          enumerable: true,
          get() {
            throw new Error('getter');
          },
        });
        return c;
      })(),
    ];
    for (const context of contexts)
      for (const order of [limitOrder('BUY', '100', '1'), marketOrder('SELL', '1'), { symbol: 'NOGRID' }])
        check(order, context);
  });

  it('a valid order against every kind of pair, with odd contexts', () => {
    for (const symbol of ['BTCUSDT', 'NOGRID', 'HALTED', 'BROKEN', 'MISSING'])
      for (const order of [limitOrder('SELL', '100.005', '0.00001'), marketOrder('BUY', '1000')])
        for (const context of [
          undefined,
          { referencePrice: '100', maxNotional: '1' },
          { referencePrice: 1e-7 },
        ])
          check({ ...order, symbol }, context);
  });
});

describe('validateOrder never throws: fast-check', () => {
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
    withUnicodeString: true,
    maxDepth: 3,
  });

  it('fc.anything() as the order', () => {
    fc.assert(
      fc.property(anything, (order) => {
        holds(order);
      }),
      propertyParameters(300),
    );
  });

  it('fc.anything() as the context', () => {
    fc.assert(
      fc.property(anything, (context) => {
        holds(limitOrder('BUY', '100', '1'), context);
        holds(marketOrder('SELL', '1'), context);
      }),
      propertyParameters(200),
    );
  });

  it('order-shaped records with fields of any kind', () => {
    const field = fc.oneof(
      fc.anything({ withBigInt: true, withBoxedValues: true, withNullPrototype: true, maxDepth: 1 }),
      fc.constantFrom(
        'BUY',
        'SELL',
        'LIMIT',
        'MARKET',
        'GTC',
        'IOC',
        'FOK',
        'BTCUSDT',
        'NOGRID',
        'HALTED',
        'BROKEN',
      ),
      fc.stringMatching(/^(0|[1-9]\d{0,6})(\.\d{1,10})?$/),
      fc.double(),
    );
    const orderArb = fc.record(
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
    );
    const contextArb = fc.record({ referencePrice: field, maxNotional: field }, { requiredKeys: [] });
    fc.assert(
      fc.property(orderArb, fc.option(contextArb), (order, context) => {
        holds(order, context ?? undefined);
      }),
      propertyParameters(300),
    );
  });
});

describe('hostile sizes are refused quickly', () => {
  /** CPU time, not wall time: a busy machine does not slow it, an exponent bomb still does. */
  const meanMs = (order: unknown): number => {
    const runs = 100;
    const start = threadCpuMs();
    for (let i = 0; i < runs; i++) book.validateOrder(order);
    return (threadCpuMs() - start) / runs;
  };

  it.each([
    ['the exponent bomb "1e999999999"', '1e999999999'],
    ['the number 1e308', 1e308],
    ['an exponent bomb with a fraction', `0.${'0'.repeat(60)}1e999999999`],
  ])('%s as quantity: INVALID_FIELD, under 1 ms on average', (_label, quantity) => {
    const order = marketOrder('BUY', quantity);
    const result = book.validateOrder(order);
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([['INVALID_FIELD', 'quantity']]);
    expect(result.violations[0]?.suggestion).toBeUndefined();
    expect(meanMs(order)).toBeLessThan(1);
  });

  it('a million-digit quantity: INVALID_FIELD, under 1 ms on average', () => {
    const order = marketOrder('BUY', '9'.repeat(1_000_000));
    const result = book.validateOrder(order);
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([['INVALID_FIELD', 'quantity']]);
    expect(meanMs(order)).toBeLessThan(1);
  });

  it('a million-digit quantity is refused (correctness only)', () => {
    const result = book.validateOrder(marketOrder('BUY', `0.${'1'.repeat(1_000_000)}`));
    expect(result.violations.map((v) => [v.code, v.field])).toEqual([['INVALID_FIELD', 'quantity']]);
    expect(result.violations[0]?.suggestion).toBeUndefined();
    expect(result.violations[0]?.message.length).toBeLessThan(1000);
  });
});

describe('prototype-named symbols behave like any other', () => {
  const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

  it.each(NAMES)('an order for %j in a book without it is UNKNOWN_SYMBOL', (symbol) => {
    const result = check({ ...marketOrder('BUY', '1'), symbol });
    expect(result.violations.map((v) => v.code)).toEqual(['UNKNOWN_SYMBOL']);
    const estimate = book.estimateOrder({ ...marketOrder('BUY', '1'), symbol }, { referencePrice: '100' });
    expect(estimate.estimated).toBe(false);
    expect(book.definition(symbol)).toBeUndefined();
  });

  it('pairs named __proto__, constructor and toString validate normally', () => {
    const text = JSON.stringify(payload(NAMES.map((symbol) => definition({ symbol, tickSize: '0.5' }))));
    for (const info of [parseExchangeInfo(JSON.parse(text)), parseExchangeInfoText(text)]) {
      const b = RuleBook.fromExchangeInfo(info);
      expect(b.symbols).toEqual(NAMES);
      expect(b.rejected).toEqual([]);
      for (const symbol of NAMES) {
        expect(b.definition(symbol)?.tickSize).toBe('0.5');
        expect(b.validateOrder({ ...limitOrder('BUY', '1.5', '1'), symbol }).ok).toBe(true);
        const off = b.validateOrder({ ...limitOrder('BUY', '1.2', '1'), symbol });
        expect(off.violations.map((v) => [v.code, v.suggestion])).toEqual([['PRICE_TICK', ['1', '1.5']]]);
        expect(
          b.validateOrder({ ...limitOrder('BUY', '1.5', '1'), symbol: 'BTCUSDT' }).violations[0]?.code,
        ).toBe('UNKNOWN_SYMBOL');
      }
    }
    expect(({} as Record<string, unknown>).tickSize).toBeUndefined();
  });

  it('a "__proto__" key inside a definition is an ignored extra field, not a prototype', () => {
    const text = `{"timezone":"UTC","serverTime":1,"symbols":[${JSON.stringify(definition()).replace(
      '{',
      '{"__proto__":{"tickSize":"999"},',
    )}]}`;
    const b = RuleBook.fromExchangeInfo(parseExchangeInfoText(text));
    expect(b.definition('BTCUSDT')?.tickSize).toBe('0.01');
    expect(b.validateOrder(limitOrder('BUY', '100.01', '1')).ok).toBe(true);
  });
});
