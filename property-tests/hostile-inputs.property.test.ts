/**
 * Hostile inputs (issue 15). Every public entry point that takes a caller's object is driven with
 * hostile ones: getters that throw, getters that answer differently each time, non-enumerable
 * fields, proxies that count or lie or throw, revoked proxies, frozen, cyclic and null-prototype
 * objects. Each must
 *
 * - answer with its documented value, or throw a `PreflightError` of the documented class, never
 *   the caller's own exception or a `TypeError`;
 * - run each getter (each proxy `get` of a field) at most once per call;
 * - judge what it returns: the verdict, the estimate and the repaired order are exactly those of
 *   a plain copy of the values first read, so `normalizeOrder`'s order is what `validateOrder`
 *   judged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  diffRuleBooks,
  estimateOrder,
  isExchangeInfoSchemaError,
  isInvalidArgumentError,
  isPreflightError,
  isSnapshotError,
  normalizeOrder,
  parseExchangeInfo,
  RuleBook,
  type ValidationContext,
  VIOLATION_CODES,
  validateOrder,
} from '../src/index.js';
import { bookFrom } from '../test-support/book.js';
import { HAND_DEFINITIONS } from '../test-support/hand-payload.js';
import { propertyParameters } from '../test-support/runs.js';

const book = bookFrom(HAND_DEFINITIONS);

const BOOM = 'boom';
function boom(): never {
  throw new Error(BOOM);
}

// ---------------------------------------------------------------------------------------------
// Hostile records: how each field is held, and how the record itself is made.

/** How one field is held. `changing` answers `value` first and `later` after. */
type Holding = 'data' | 'hidden' | 'getter' | 'changing' | 'throwing';
/** How the record is made. `lying-proxy` answers `later` from the second `get` of a field on. */
type Container =
  | 'plain'
  | 'frozen'
  | 'cyclic'
  | 'null-prototype'
  | 'proxy'
  | 'lying-proxy'
  | 'throwing-proxy'
  | 'revoked-proxy';

interface FieldPlan {
  readonly key: string;
  readonly value: unknown;
  readonly later: unknown;
  readonly holding: Holding;
}

interface RecordPlan {
  readonly container: Container;
  readonly fields: readonly FieldPlan[];
}

/** A hostile record, and what reading it did. */
interface Hostile {
  readonly value: object;
  /** Reads (getter calls, proxy `get`s) per field since the last reset. */
  readonly reads: Map<string, number>;
  readonly reset: () => void;
  /** Whether reading it throws (a throwing field, a throwing or revoked proxy). */
  readonly unreadable: boolean;
  /** A plain object holding each field's first answer: what a faithful reader judges. */
  readonly plain: Record<string, unknown>;
}

const holdingArb: fc.Arbitrary<Holding> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Holding>('data') },
  { weight: 1, arbitrary: fc.constant<Holding>('hidden') },
  { weight: 2, arbitrary: fc.constant<Holding>('getter') },
  { weight: 3, arbitrary: fc.constant<Holding>('changing') },
  { weight: 1, arbitrary: fc.constant<Holding>('throwing') },
);

const containerArb: fc.Arbitrary<Container> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Container>('plain') },
  { weight: 2, arbitrary: fc.constant<Container>('frozen') },
  { weight: 2, arbitrary: fc.constant<Container>('cyclic') },
  { weight: 1, arbitrary: fc.constant<Container>('null-prototype') },
  { weight: 2, arbitrary: fc.constant<Container>('proxy') },
  { weight: 2, arbitrary: fc.constant<Container>('lying-proxy') },
  { weight: 1, arbitrary: fc.constant<Container>('throwing-proxy') },
  { weight: 1, arbitrary: fc.constant<Container>('revoked-proxy') },
);

function fieldPlanArb(key: string, values: fc.Arbitrary<unknown>): fc.Arbitrary<FieldPlan | undefined> {
  return fc.option(fc.record({ key: fc.constant(key), value: values, later: values, holding: holdingArb }), {
    freq: 8,
    nil: undefined,
  });
}

function recordPlanArb(fields: readonly fc.Arbitrary<FieldPlan | undefined>[]): fc.Arbitrary<RecordPlan> {
  return fc.record({
    container: containerArb,
    fields: fc.tuple(...fields).map((plans) => plans.filter((p): p is FieldPlan => p !== undefined)),
  });
}

/** Builds the hostile record a plan describes. */
function build(plan: RecordPlan): Hostile {
  const reads = new Map<string, number>();
  const count = (key: string): number => {
    const n = (reads.get(key) ?? 0) + 1;
    reads.set(key, n);
    return n;
  };
  const plain: Record<string, unknown> = {};
  const nullPrototype = plan.container === 'null-prototype';
  const target: Record<string, unknown> = nullPrototype
    ? (Object.create(null) as Record<string, unknown>)
    : {};
  let unreadable = plan.container === 'throwing-proxy' || plan.container === 'revoked-proxy';
  const proxied = plan.container.endsWith('proxy');
  for (const field of plan.fields) {
    plain[field.key] = field.value;
    // A proxy's own traps make it hostile: its target holds plain data.
    const holding = proxied ? 'data' : field.holding;
    if (holding === 'throwing') unreadable = true;
    if (holding === 'data') target[field.key] = field.value;
    else if (holding === 'hidden')
      Object.defineProperty(target, field.key, { value: field.value, enumerable: false });
    else
      Object.defineProperty(target, field.key, {
        enumerable: true,
        configurable: true,
        get() {
          const n = count(field.key);
          if (holding === 'throwing') boom();
          return holding === 'changing' && n > 1 ? field.later : field.value;
        },
      });
  }
  if (plan.container === 'cyclic') target.self = target;
  if (plan.container === 'frozen' || plan.container === 'cyclic') Object.freeze(target);

  let value: object = target;
  if (plan.container === 'proxy' || plan.container === 'lying-proxy') {
    const byKey = new Map(plan.fields.map((f) => [f.key, f]));
    value = new Proxy(target, {
      get(t, key, receiver) {
        const field = typeof key === 'string' ? byKey.get(key) : undefined;
        if (field === undefined) return Reflect.get(t, key, receiver);
        const n = count(field.key);
        return plan.container === 'lying-proxy' && n > 1 ? field.later : field.value;
      },
    });
  } else if (plan.container === 'throwing-proxy') {
    value = new Proxy(target, {
      get: boom,
      has: boom,
      ownKeys: boom,
      getOwnPropertyDescriptor: boom,
      getPrototypeOf: boom,
      defineProperty: boom,
      isExtensible: boom,
    });
  } else if (plan.container === 'revoked-proxy') {
    const { proxy, revoke } = Proxy.revocable(target, {});
    revoke();
    value = proxy;
  }
  return { value, reads, reset: () => reads.clear(), unreadable, plain };
}

/** Every field was read at most once since the last reset. */
function expectReadOnce(h: Hostile | undefined, what: string): void {
  if (h === undefined) return;
  for (const [key, n] of h.reads) expect(n, `${what}: ${key} read ${n} times`).toBeLessThanOrEqual(1);
  h.reset();
}

/** Calls `f`; a throw is returned as the failure it is (so assertions can name it). */
function noThrow<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (error) {
    throw new Error(`${what} threw ${String(error)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Orders and contexts.

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'TWOUSDT', 'NOGRIDUSDT', 'HALTUSDT', 'BADUSDT', 'DUPUSDT', 'NOPE', ''];
const symbolArb = fc.constantFrom<unknown>(...SYMBOLS, 'LUNAUSDT', undefined, null, 7);
const sideArb = fc.constantFrom<unknown>('BUY', 'SELL', 'BUY', 'SELL', 'buy', undefined, null, 1);
const typeArb = fc.constantFrom<unknown>('LIMIT', 'MARKET', 'LIMIT', 'MARKET', 'limit', undefined);
const decimalArb = fc.oneof(
  fc.constantFrom<unknown>(
    '1',
    '0.01',
    '100',
    '64000',
    '0.00010',
    '99999999',
    '1e-3',
    '100.005',
    '1234567890123456',
    1,
    0.5,
    1e-7,
    -1,
    '0',
    'x',
    undefined,
    null,
  ),
  fc.stringMatching(/^(0|[1-9]\d{0,4})(\.\d{1,6})?$/),
);
const tifArb = fc.constantFrom<unknown>('GTC', 'IOC', 'FOK', 'GTC', 'gtc', undefined);
const clientIdArb = fc.constantFrom<unknown>(
  undefined,
  undefined,
  'my-order_1',
  'a good id, ünïcödé',
  'x'.repeat(41),
  'bad\tid',
);

const orderPlanArb = recordPlanArb([
  fieldPlanArb('symbol', symbolArb),
  fieldPlanArb('side', sideArb),
  fieldPlanArb('type', typeArb),
  fieldPlanArb('quantity', decimalArb),
  fieldPlanArb('price', decimalArb),
  fieldPlanArb('timeInForce', tifArb),
  fieldPlanArb('newClientOrderId', clientIdArb),
]);
const contextPlanArb = fc.option(
  recordPlanArb([fieldPlanArb('referencePrice', decimalArb), fieldPlanArb('maxNotional', decimalArb)]),
  {
    nil: undefined,
  },
);

/** What the library says of a record whose reading throws, by code and field. */
const codesAndFields = (violations: readonly { code: string; field: string }[]) =>
  violations.map((v) => [v.code, v.field]);

/** The comparable part of a normalize result (a cyclic order's `self` points back at the input). */
function comparable(result: ReturnType<typeof normalizeOrder>): unknown {
  if (!result.ok) return result;
  const { self: _self, ...order } = result.order as unknown as Record<string, unknown>;
  return { ...result, order };
}

describe('orders and contexts: read once, never a foreign exception, judged as returned', () => {
  it('validateOrder, checkOrder, estimateOrder and normalizeOrder on hostile orders and contexts', () => {
    fc.assert(
      fc.property(orderPlanArb, contextPlanArb, (orderPlan, contextPlan) => {
        const order = build(orderPlan);
        const context = contextPlan === undefined ? undefined : build(contextPlan);
        const ctx = context?.value as ValidationContext | undefined;
        const plainCtx = context?.plain as ValidationContext | undefined;

        const verdict = noThrow('validateOrder', () => validateOrder(book, order.value as never, ctx));
        expectReadOnce(order, 'validateOrder order');
        expectReadOnce(context, 'validateOrder context');
        const estimate = noThrow('estimateOrder', () => estimateOrder(book, order.value as never, ctx));
        expectReadOnce(order, 'estimateOrder order');
        expectReadOnce(context, 'estimateOrder context');
        const repaired = noThrow('normalizeOrder', () => normalizeOrder(book, order.value as never, ctx));
        expectReadOnce(order, 'normalizeOrder order');
        expectReadOnce(context, 'normalizeOrder context');
        // The method forms read once too.
        noThrow('book.validateOrder', () => book.validateOrder(order.value as never, ctx));
        expectReadOnce(order, 'book.validateOrder order');
        expectReadOnce(context, 'book.validateOrder context');
        noThrow('book.estimateOrder', () => book.estimateOrder(order.value as never, ctx));
        expectReadOnce(order, 'book.estimateOrder order');
        expectReadOnce(context, 'book.estimateOrder context');
        const checked = noThrow('checkOrder', () => checkOrder(book, order.value as never, ctx));
        expectReadOnce(order, 'checkOrder order');
        expectReadOnce(context, 'checkOrder context');
        // The verdict without the explanations, of the very same reading.
        expect(checked).toEqual({
          ok: verdict.ok,
          codes: verdict.violations.map((v) => v.code),
          skipped: verdict.skipped,
        });

        expect(verdict.ok).toBe(verdict.violations.length === 0);
        for (const v of verdict.violations) expect(VIOLATION_CODES).toContain(v.code);

        if (order.unreadable) {
          // An order that cannot be read is refused as such, by every entry point.
          expect(codesAndFields(verdict.violations)).toEqual([['INVALID_ORDER', 'order']]);
          expect(estimate.estimated).toBe(false);
          if (!estimate.estimated)
            expect(codesAndFields(estimate.violations)).toEqual([['INVALID_ORDER', 'order']]);
          expect(repaired.ok).toBe(false);
          if (!repaired.ok) expect(codesAndFields(repaired.violations)).toEqual([['INVALID_ORDER', 'order']]);
          return;
        }
        if (context?.unreadable) {
          // A context that cannot be read costs the order none of its own verdict.
          expect(codesAndFields(verdict.violations)).toContainEqual(['INVALID_FIELD', 'context']);
          const unreadableContext = build({
            container: 'plain',
            fields: [{ key: 'referencePrice', value: '1', later: '1', holding: 'throwing' }],
          }).value as ValidationContext;
          const reference = validateOrder(book, order.plain as never, unreadableContext);
          expect(codesAndFields(verdict.violations)).toEqual(codesAndFields(reference.violations));
          expect(verdict.skipped).toEqual(reference.skipped);
          return;
        }

        // What was judged is what was first read: the same answers as for a plain copy of it.
        expect(verdict).toEqual(validateOrder(book, order.plain as never, plainCtx));
        expect(estimate).toEqual(estimateOrder(book, order.plain as never, plainCtx));
        expect(comparable(repaired)).toEqual(
          comparable(normalizeOrder(book, order.plain as never, plainCtx)),
        );
        if (repaired.ok) {
          // The repaired order is the order judged, and it passes.
          expect(validateOrder(book, repaired.order, plainCtx).ok).toBe(true);
          for (const key of ['symbol', 'side', 'type', 'timeInForce'] as const)
            expect((repaired.order as unknown as Record<string, unknown>)[key]).toEqual(order.plain[key]);
        }
      }),
      propertyParameters(80),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Exchange-info payloads, snapshots and books.

const DEFINITIONS = HAND_DEFINITIONS.slice(0, 8);

/** A raw definition made hostile: one field's holding changed, or the whole record proxied. */
const hostileDefinitionArb = fc.record({
  index: fc.nat({ max: DEFINITIONS.length - 1 }),
  field: fc.constantFrom(
    'symbol',
    'tickSize',
    'stepSize',
    'minTradeAmount',
    'status',
    'displayDigitMerge',
    'takerFeeRate',
  ),
  holding: holdingArb,
  container: containerArb,
  later: fc.constantFrom<unknown>('0.5', 'LUNAUSDT', null, 12, 'x'),
});

type ArrayHostility = 'plain' | 'frozen' | 'throwing-index' | 'counting-proxy' | 'revoked-proxy';

const payloadPlanArb = fc.record({
  top: recordPlanArb([
    fieldPlanArb('timezone', fc.constantFrom<unknown>('UTC', 'UTC', 'x'.repeat(2000), 5, undefined)),
    fieldPlanArb('serverTime', fc.constantFrom<unknown>(1763712000000, '1763712000000', -1, undefined)),
    fc.constant<FieldPlan | undefined>(undefined),
  ]),
  symbolsHolding: holdingArb,
  array: fc.constantFrom<ArrayHostility>(
    'plain',
    'plain',
    'frozen',
    'throwing-index',
    'counting-proxy',
    'revoked-proxy',
  ),
  definitions: fc.array(hostileDefinitionArb, { maxLength: 3 }),
});

type PayloadPlan = typeof payloadPlanArb extends fc.Arbitrary<infer T> ? T : never;

interface HostilePayload {
  readonly value: object;
  readonly parts: readonly Hostile[];
}

function buildPayload(plan: PayloadPlan): HostilePayload {
  const parts: Hostile[] = [];
  const definitions: unknown[] = DEFINITIONS.map((d, i) => {
    const hostile = plan.definitions.find((h) => h.index === i);
    if (hostile === undefined) return { ...d };
    const fields = Object.entries(d).map(([key, value]) => ({
      key,
      value,
      later: key === hostile.field ? hostile.later : value,
      holding: key === hostile.field ? hostile.holding : ('data' as Holding),
    }));
    const built = build({ container: hostile.container, fields });
    parts.push(built);
    return built.value;
  });
  let symbols: object = definitions;
  if (plan.array === 'frozen') symbols = Object.freeze(definitions);
  else if (plan.array === 'throwing-index')
    symbols = new Proxy(definitions, {
      get: (t, key, r) => (key === '1' ? boom() : Reflect.get(t, key, r)),
    });
  else if (plan.array === 'counting-proxy') symbols = new Proxy(definitions, {});
  else if (plan.array === 'revoked-proxy') {
    const { proxy, revoke } = Proxy.revocable(definitions, {});
    revoke();
    symbols = proxy;
  }
  const topFields = [
    ...plan.top.fields,
    { key: 'symbols', value: symbols, later: [], holding: plan.symbolsHolding } satisfies FieldPlan,
  ];
  const top = build({ container: plan.top.container, fields: topFields });
  parts.push(top);
  return { value: top.value, parts };
}

/**
 * Runs `f`; it may only return, or throw an error of ours that `expected` recognises (or, where a
 * function documents one, the error `documented` recognises).
 */
function answersOrThrowsOurs(
  what: string,
  f: () => unknown,
  expected: (e: unknown) => boolean,
  documented: (e: unknown) => boolean = () => false,
): unknown {
  try {
    return f();
  } catch (error) {
    if (documented(error)) return undefined;
    if (!isPreflightError(error) || !expected(error))
      throw new Error(`${what} threw a foreign or unexpected error: ${String(error)}`);
    return undefined;
  }
}

const validTime = (at: unknown) =>
  at === undefined || (at instanceof Date ? at.getTime() >= 0 : typeof at === 'number' && at >= 0);

describe('exchange-info payloads: parsed once, refused only with our own errors', () => {
  it('parseExchangeInfo and RuleBook.fromExchangeInfo on hostile payloads, arrays and definitions', () => {
    fc.assert(
      fc.property(
        payloadPlanArb,
        fc.option(
          recordPlanArb([
            fieldPlanArb('fetchedAt', fc.constantFrom<unknown>(0, 1e12, new Date(0), -5, 'x')),
            fieldPlanArb('inferTickSize', fc.boolean()),
          ]),
          { nil: undefined },
        ),
        (plan, optionsPlan) => {
          const payload = buildPayload(plan);
          const parsed = answersOrThrowsOurs(
            'parseExchangeInfo',
            () => parseExchangeInfo(payload.value),
            isExchangeInfoSchemaError,
          );
          for (const part of payload.parts) expectReadOnce(part, 'parseExchangeInfo');
          if (parsed !== undefined) {
            // Every definition that could not be read is set aside, never half-read.
            const info = parsed as ReturnType<typeof parseExchangeInfo>;
            expect(info.symbols.length + info.rejected.length).toBeLessThanOrEqual(DEFINITIONS.length);
            for (const r of info.rejected)
              if (r.symbol !== undefined) expect(r.symbol.length).toBeLessThanOrEqual(1024);
          }
          const options = optionsPlan === undefined ? undefined : build(optionsPlan);
          answersOrThrowsOurs(
            'RuleBook.fromExchangeInfo',
            () => RuleBook.fromExchangeInfo(payload.value as never, options?.value as never),
            (e) => isExchangeInfoSchemaError(e) || isInvalidArgumentError(e),
            // Documented: a fetchedAt that is not a valid time is a RangeError.
            (e) => e instanceof RangeError && !validTime(options?.plain.fetchedAt),
          );
          for (const part of payload.parts) expectReadOnce(part, 'RuleBook.fromExchangeInfo');
          expectReadOnce(options, 'RuleBook.fromExchangeInfo options');
        },
      ),
      propertyParameters(60),
    );
  });

  it('a definition read through a changing getter is parsed as first read', () => {
    fc.assert(
      fc.property(hostileDefinitionArb, (h) => {
        if (h.holding === 'throwing' || h.container === 'throwing-proxy' || h.container === 'revoked-proxy')
          return;
        const d = DEFINITIONS[h.index] as Record<string, unknown>;
        const fields = Object.entries(d).map(([key, value]) => ({
          key,
          value,
          later: key === h.field ? h.later : value,
          holding: key === h.field ? h.holding : ('data' as Holding),
        }));
        const hostile = build({ container: h.container, fields });
        const envelope = { timezone: 'UTC', serverTime: 1, symbols: [hostile.value] };
        expect(parseExchangeInfo(envelope)).toEqual(
          parseExchangeInfo({ ...envelope, symbols: [hostile.plain] }),
        );
      }),
      propertyParameters(60),
    );
  });
});

describe('snapshots and diffs: refused only with our own errors', () => {
  const snapshot = JSON.parse(JSON.stringify(book.toJSON())) as Record<string, unknown>;

  it('RuleBook.fromJSON on hostile snapshots', () => {
    const entryArb = fc.constantFrom(
      'format',
      'version',
      'fetchedAt',
      'serverTime',
      'timezone',
      'symbols',
      'rejected',
      'warnings',
    );
    fc.assert(
      fc.property(
        containerArb,
        entryArb,
        holdingArb,
        fc.constantFrom<unknown>(null, 3, 'x', [], {}),
        (container, key, holding, later) => {
          const fields = Object.entries(snapshot).map(([k, value]) => ({
            key: k,
            value,
            later: k === key ? later : value,
            holding: k === key ? holding : ('data' as Holding),
          }));
          const hostile = build({ container, fields });
          answersOrThrowsOurs('RuleBook.fromJSON', () => RuleBook.fromJSON(hostile.value), isSnapshotError);
        },
      ),
      propertyParameters(60),
    );
  });

  it('diffRuleBooks with look-alikes, proxies and revoked proxies of books', () => {
    const lookAlikes: (() => unknown)[] = [
      () => new Proxy(book, { get: boom }),
      () => new Proxy(book, {}),
      () => {
        const { proxy, revoke } = Proxy.revocable(book, {});
        revoke();
        return proxy;
      },
      () => Object.create(RuleBook.prototype),
      () => ({ symbols: ['BTCUSDT'], definition: boom, rejected: [], timezone: 'UTC' }),
      () => ({ symbols: [{ toString: boom }], definition: () => undefined, rejected: [], timezone: 'UTC' }),
      () => ({ symbols: 'BTCUSDT', definition: () => 5, rejected: 5, timezone: 5 }),
      () => ({
        get symbols() {
          return boom();
        },
      }),
      () => {
        const cyclic: Record<string, unknown> = { symbols: [], definition: () => undefined, timezone: 'UTC' };
        cyclic.rejected = [cyclic];
        return cyclic;
      },
      () => Object.freeze(bookFrom(DEFINITIONS)),
      () => null,
      () => 42,
    ];
    for (const make of lookAlikes) {
      answersOrThrowsOurs(
        'diffRuleBooks(x, book)',
        () => diffRuleBooks(make() as RuleBook, book),
        isInvalidArgumentError,
      );
      answersOrThrowsOurs(
        'diffRuleBooks(book, x)',
        () => diffRuleBooks(book, make() as RuleBook),
        isInvalidArgumentError,
      );
    }
  });
});
