import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScaled } from '../src/decimal/safe-integers.js';
import { toPlainDecimal } from '../src/index.js';
import { isPlainPositiveDecimal } from '../src/order/decimal-input.js';
import { lastRead, readDecimalUnits, readNumber, readUnits, wasLong } from '../src/order/fast-read.js';
import { invalidOrderArb, validOrderArb } from '../src/testing/index.js';
import { edgeCaseArb, longDigitCaseArb } from '../test-support/edge-cases.js';
import { compiledPairOf, fastOnly, generalPath } from '../test-support/engine-internals.js';
import { propertyParameters } from '../test-support/runs.js';
import { bookOf, ordersOrNone, type Scenario, scenarioArb, withInputs } from '../test-support/scenario.js';

/**
 * A scenario with `valid` passing orders and `invalid` orders breaking each of the rules the fast
 * path explains (a step, a tick, the notional), where the pair can break them.
 */
function ordersFor(scenarios: fc.Arbitrary<Scenario>, valid: number, invalid: number) {
  return withInputs(scenarios, (s) =>
    fc
      .tuple(
        ordersOrNone(() => validOrderArb(s.definition, s.context), valid),
        ...(['QUANTITY_STEP', 'PRICE_TICK', 'NOTIONAL_ABOVE_MAX'] as const).map((code) =>
          ordersOrNone(() => invalidOrderArb(s.definition, code, s.context), invalid),
        ),
      )
      .map((groups): unknown[] => groups.flat()),
  );
}

describe('the fast path agrees with the general path', () => {
  it('on generated pairs and orders: when it answers, it answers exactly what the general path does', () => {
    let answered = 0;
    fc.assert(
      fc.property(ordersFor(scenarioArb({ tradingOnly: false }), 4, 1), ([s, orders]) => {
        const general = generalPath(s.book);
        const fast = fastOnly(s.book);
        for (const order of orders) {
          const expected = general(order, s.context);
          const quick = fast(order, s.context);
          if (quick !== undefined) {
            answered++;
            expect(quick).toEqual(expected);
          }
          expect(s.book.validateOrder(order, s.context)).toEqual(expected);
        }
      }),
      propertyParameters(100),
    );
    expect(answered).toBeGreaterThan(0);
  });

  it('at its edges: 16+ digit values, many decimals, odd grids, counts around 2^53', () => {
    fc.assert(
      fc.property(edgeCaseArb, ({ definition, order, context }) => {
        const book = bookOf([definition]);
        const expected = generalPath(book)(order, context);
        const quick = fastOnly(book)(order, context);
        if (quick !== undefined) expect(quick).toEqual(expected);
        expect(book.validateOrder(order, context)).toEqual(expected);
      }),
      propertyParameters(300),
    );
  });
});

describe('decimals past safe integers are judged exactly, without the general path', () => {
  it('17 to 40 significant digits, counts past 2^53, 20-digit caps: the same result and verdict as the general path gives', () => {
    let answered = 0;
    fc.assert(
      fc.property(longDigitCaseArb, ({ definition, order, context }) => {
        const book = bookOf([definition]);
        const expected = generalPath(book)(order, context);
        const quick = fastOnly(book)(order, context);
        // A pair with a fast form judges these orders itself, by the rules' exact checks.
        if (compiledPairOf(book, definition.symbol)?.fast !== undefined) {
          expect(quick).toBeDefined();
          answered++;
        }
        if (quick !== undefined) expect(quick).toEqual(expected);
        expect(book.validateOrder(order, context)).toEqual(expected);
        const verdict = book.checkOrder(order, context);
        expect(verdict).toEqual({
          ok: expected.ok,
          codes: expected.violations.map((v) => v.code),
          skipped: expected.skipped,
        });
      }),
      propertyParameters(300),
    );
    expect(answered).toBeGreaterThan(0);
  });
});

describe('a failing result is the order as it was validated', () => {
  it('read after other orders were validated and after the order itself was changed', () => {
    fc.assert(
      fc.property(ordersFor(scenarioArb({ tradingOnly: false }), 2, 2), ([s, drawn]) => {
        const general = generalPath(s.book);
        const orders = drawn.map((order) => ({ ...(order as Record<string, unknown>) }));
        const expected = orders.map((order) => general(structuredClone(order), s.context));
        const results = orders.map((order) => s.book.validateOrder(order, s.context));
        // What the caller does next must not reach the results already returned.
        for (const order of orders) {
          order.price = '1';
          order.quantity = '1';
          order.side = order.side === 'BUY' ? 'SELL' : 'BUY';
        }
        for (const order of orders) s.book.validateOrder(order, s.context);
        results.forEach((result, n) => {
          expect(result).toEqual(expected[n]);
        });
      }),
      propertyParameters(100),
    );
  });
});

describe('a passing order allocates nothing', () => {
  it('gets one shared, frozen result: the same object every time it passes', () => {
    let shared = 0;
    fc.assert(
      fc.property(
        withInputs(scenarioArb(), (s) => ordersOrNone(() => validOrderArb(s.definition, s.context), 4)),
        ([s, orders]) => {
          for (const order of orders) {
            const first = s.book.validateOrder(order, s.context);
            expect(first.ok).toBe(true);
            if (fastOnly(s.book)(order, s.context) === undefined) continue;
            shared++;
            expect(s.book.validateOrder(structuredClone(order), { ...s.context })).toBe(first);
            expect(Object.isFrozen(first) && Object.isFrozen(first.violations)).toBe(true);
            expect(Object.isFrozen(first.skipped) && first.skipped.every(Object.isFrozen)).toBe(true);
          }
        },
      ),
      propertyParameters(50),
    );
    expect(shared).toBeGreaterThan(0);
  });
});

describe('numbers are read as the exchange would receive them', () => {
  const read = (reads: () => boolean) => (reads() ? `${lastRead.units}e-${lastRead.scale}` : 'not sure');
  it('readNumber(n) reads exactly what readUnits(String(n)) reads, without making the string', () => {
    const doubles = fc.oneof(
      fc.double({ min: 1e-7, max: 1e16, noNaN: true }),
      fc
        .integer({ min: 1, max: 10 ** 9 })
        .chain((units) => fc.integer({ min: 0, max: 12 }).map((scale) => units / 10 ** scale)),
      fc.constantFrom(
        0.1,
        0.2,
        0.3,
        0.1 + 0.2,
        1e-6,
        9.99e-7,
        1e15 - 1,
        1e15,
        0.000001,
        123456789.123456,
        2 ** 52,
        0.0015,
      ),
    );
    fc.assert(
      fc.property(doubles, (n) => {
        expect(read(() => readNumber(n))).toBe(read(() => readUnits(String(n))));
      }),
      propertyParameters(2000),
    );
  });
});

describe('a decimal the fast readers do not read is told long or not plain', () => {
  it('wasLong after each reading, in any sequence: exactly the plain positive decimals that were not read', () => {
    const digit = fc.constantFrom(...'0123456789');
    const run = (min: number, max: number) =>
      fc.array(digit, { minLength: min, maxLength: max }).map((digits) => digits.join(''));
    const text = fc.oneof(
      // Plain, 1 to 45 digits either side of the point: short, long, with zeros leading or trailing.
      fc
        .tuple(run(1, 25), fc.option(run(1, 45), { nil: undefined }))
        .map(([w, f]) => (f === undefined ? w : `${w}.${f}`)),
      // Long text spoilt at one place (a second point, a letter, a sign, a space, a trailing point).
      fc
        .tuple(
          run(16, 40),
          fc.option(run(1, 20), { nil: undefined }),
          fc.integer({ min: 0, max: 60 }),
          fc.constantFrom('.', 'e', '-', ' ', 'x'),
        )
        .map(([whole, fraction, at, junk]) => {
          const text = fraction === undefined ? whole : `${whole}.${fraction}`;
          return text.slice(0, at) + junk + text.slice(at);
        }),
      fc.string({ unit: fc.constantFrom('0', '1', '9', '.', 'e', '-'), minLength: 14, maxLength: 70 }),
    );
    const value = fc.oneof(
      { arbitrary: text, weight: 4 },
      fc.double({ noNaN: false }),
      fc.constantFrom(0.1 + 0.2, 1e15, 1e16 + 2, 1e20, 1e21, 9.99e-7, 1e-6, 123456789.12345679),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 6 }), (values) => {
        for (const v of values) {
          if (readDecimalUnits(v)) continue;
          const sent = typeof v === 'number' ? String(v) : v;
          expect(wasLong(v)).toBe(isPlainPositiveDecimal(sent));
        }
      }),
      propertyParameters(3000),
    );
  });
});

describe('scaled integers are printed exactly', () => {
  it('formatScaled(units, scale) is the canonical plain text of units × 10^-scale', () => {
    const units = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 31 + 10 }),
      fc.integer({ min: 2 ** 31 - 10, max: Number.MAX_SAFE_INTEGER }),
      fc
        .integer({ min: 1, max: 99_999 })
        .chain((head) => fc.integer({ min: 0, max: 11 }).map((tens) => head * 10 ** tens)),
    );
    fc.assert(
      fc.property(units, fc.integer({ min: 0, max: 40 }), (u, scale) => {
        expect(formatScaled(u, scale)).toBe(toPlainDecimal(`${u}e-${scale}`));
      }),
      propertyParameters(2000),
    );
  });
});

describe('decimal text is read exactly', () => {
  /** The units `readUnits` leaves in `lastRead`, or -1 when it does not read the text. */
  const unitsOf = (text: string) => (readUnits(text) ? lastRead.units : -1);
  it('readUnits(text) is the exact value of plain text, or "not sure" past 15 digits', () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const plainText = fc.oneof(
      fc.tuple(fc.stringMatching(/^[1-9][0-9]{0,17}$/), fc.option(digits(1, 20), { nil: undefined })),
      fc.tuple(
        fc.constant('0'),
        digits(1, 20).map((d) => d),
      ),
    );
    fc.assert(
      fc.property(plainText, ([whole, fraction]) => {
        const text = fraction === undefined ? whole : `${whole}.${fraction}`;
        const units = unitsOf(text);
        const plain = toPlainDecimal(text) as string;
        const significant = plain.replace('.', '').replace(/^0+/, '').length;
        if (plain === '0' || significant > 15) expect(units).toBe(-1);
        else expect(formatScaled(units, lastRead.scale)).toBe(plain);
      }),
      propertyParameters(2000),
    );
  });

  it('readUnits(text) of any short text: plain notation read exactly with its written places, anything else not sure', () => {
    const PLAIN = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
    // Digit runs of every length up to 17 alike: lengths 15 to 17 are where the readers change.
    const digit = fc.constantFrom(...'0123456789');
    const run = fc
      .integer({ min: 1, max: 17 })
      .chain((n) => fc.array(digit, { minLength: n, maxLength: n }))
      .map((digits) => digits.join(''));
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', 'e', '-', ' '), maxLength: 18 }),
      fc.tuple(run, fc.option(run, { nil: undefined })).map(([w, f]) => (f === undefined ? w : `${w}.${f}`)),
      fc.tuple(fc.integer({ min: 1, max: 9 }), run).map(([lead, rest]) => `${lead}${rest}`),
    );
    fc.assert(
      fc.property(text, (t) => {
        const units = unitsOf(t);
        const plain = PLAIN.test(t) ? (toPlainDecimal(t) as string) : undefined;
        const point = plain === undefined ? -1 : plain.indexOf('.');
        const scale = point === -1 ? 0 : (plain as string).length - point - 1;
        const significant = plain?.replace('.', '').replace(/^0+/, '').length ?? 0;
        if (plain === undefined || plain === '0' || significant > 15 || scale > 15) expect(units).toBe(-1);
        else {
          expect(formatScaled(units, lastRead.scale)).toBe(plain);
          expect(lastRead.scale).toBe(scale);
          expect(lastRead.places).toBe(t.includes('.') ? t.length - t.indexOf('.') - 1 : 0);
        }
      }),
      propertyParameters(3000),
    );
  });
});
