import BigModule from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../src/decimal/dec.js';
import { propertyParameters } from '../test-support/runs.js';

/**
 * Dec against big.js, an independent exact decimal. big.js adds, subtracts, multiplies and
 * compares exactly; only its division rounds, so the grid roundings below use it in a way that
 * rounding cannot change (see floorModel).
 */
const Big = BigModule();
Big.strict = true;
Big.DP = 50;
Big.RM = BigModule.roundDown;

/** Canonical plain decimal text: no exponent, no trailing fractional zeros, no `-0`. */
const PLAIN = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** `units × 10^-scale` as plain text, as written: leading `0.` and trailing zeros kept. */
function written(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${body}` : body;
}

/** Decimal text from tiny (`0.000…1`) to beyond 2^53 and doubles' precision, trailing zeros included. */
const nonNegativeText = fc
  .tuple(
    fc.oneof(
      fc.bigInt({ min: 0n, max: 1000n }),
      fc.bigInt({ min: 0n, max: 10n ** 12n }),
      fc.bigInt({ min: 0n, max: 10n ** 30n }),
    ),
    fc.integer({ min: 0, max: 24 }),
  )
  .map(([units, scale]) => written(units, scale));

const signedText = fc
  .tuple(nonNegativeText, fc.boolean())
  .map(([text, negative]) => (negative ? `-${text}` : text));

/** A positive grid: the exchange's usual ones, and random ones from 10^-18 to 10^6. */
const gridText = fc.oneof(
  fc.constantFrom('0.00000001', '0.01', '0.05', '0.2', '1', '110', '0.050', '0.00001000', '1000'),
  fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.integer({ min: 0, max: 18 }))
    .map(([units, scale]) => written(units, scale)),
);

const big = (text: string) => new Big(text);

/** floor(value / grid) × grid: big.js truncates the quotient, which never changes its whole part. */
function floorModel(value: string, grid: string): InstanceType<typeof Big> {
  return big(value).div(big(grid)).round(0, BigModule.roundDown).times(big(grid));
}

/** The smallest multiple ≥ value: the floor, or one grid step past it when the value is off the grid. */
function ceilModel(value: string, grid: string): InstanceType<typeof Big> {
  const floor = floorModel(value, grid);
  return floor.eq(big(value)) ? floor : floor.plus(big(grid));
}

describe('Dec agrees with big.js', () => {
  it('parse and toString: the same value, printed plain and canonical', () => {
    fc.assert(
      fc.property(signedText, (text) => {
        const printed = Dec.parse(text).toString();
        expect(printed).toMatch(PLAIN);
        expect(printed).toBe(big(text).toFixed());
        expect(Dec.parse(printed).toString()).toBe(printed);
      }),
      propertyParameters(),
    );
  });

  it('plus, minus, times', () => {
    fc.assert(
      fc.property(signedText, signedText, (a, b) => {
        const x = Dec.parse(a);
        const y = Dec.parse(b);
        expect(x.plus(y).toString()).toBe(big(a).plus(big(b)).toFixed());
        expect(x.minus(y).toString()).toBe(big(a).minus(big(b)).toFixed());
        expect(x.times(y).toString()).toBe(big(a).times(big(b)).toFixed());
      }),
      propertyParameters(),
    );
  });

  it('cmp, eq, lt, lte, gt, gte, isZero', () => {
    // Half the pairs are one value written twice, at different scales, so equality is exercised.
    const pair = fc.oneof(
      fc.tuple(signedText, signedText),
      fc
        .tuple(signedText, fc.integer({ min: 1, max: 5 }))
        .map(([a, zeros]): [string, string] => [
          a,
          a.includes('.') ? a + '0'.repeat(zeros) : `${a}.${'0'.repeat(zeros)}`,
        ]),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const x = Dec.parse(a);
        const y = Dec.parse(b);
        const expected = big(a).cmp(big(b));
        expect(x.cmp(y)).toBe(expected);
        expect(x.eq(y)).toBe(expected === 0);
        expect(x.lt(y)).toBe(expected < 0);
        expect(x.lte(y)).toBe(expected <= 0);
        expect(x.gt(y)).toBe(expected > 0);
        expect(x.gte(y)).toBe(expected >= 0);
        expect(x.isZero()).toBe(big(a).eq(big('0')));
      }),
      propertyParameters(),
    );
  });

  it('floorTo and ceilTo on a positive grid', () => {
    fc.assert(
      fc.property(nonNegativeText, gridText, (value, grid) => {
        const x = Dec.parse(value);
        const g = Dec.parse(grid);
        expect(x.floorTo(g).toString()).toBe(floorModel(value, grid).toFixed());
        expect(x.ceilTo(g).toString()).toBe(ceilModel(value, grid).toFixed());
        expect(x.mod(g).toString()).toBe(big(value).minus(floorModel(value, grid)).toFixed());
      }),
      propertyParameters(),
    );
  });

  it('floorTo and ceilTo near a grid point: on it, just below, just above', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        gridText,
        fc.constantFrom('0', '1', '-1'),
        fc.integer({ min: 0, max: 30 }),
        (multiple, grid, direction, depth) => {
          // k × grid, nudged by 10^-(grid's decimals + 1 + depth) in `direction`, kept ≥ 0; built
          // with big.js, so a fault in Dec's own arithmetic cannot shape its test cases.
          const g = Dec.parse(grid);
          const point = big(multiple.toString()).times(big(grid));
          const nudge = big(`${direction}e-${g.scale + 1 + depth}`);
          const exact = point.plus(nudge);
          if (exact.lt(big('0'))) return;
          const text = exact.toFixed();
          const value = Dec.parse(text);
          expect(value.floorTo(g).toString()).toBe(floorModel(text, grid).toFixed());
          expect(value.ceilTo(g).toString()).toBe(ceilModel(text, grid).toFixed());
        },
      ),
      propertyParameters(),
    );
  });
});

/**
 * Decimals of 17 to 40 significant digits, as strategies that compute with decimal libraries send
 * them (`0.01333333333333333333`, `100013.33333333333333`), and 20-digit bounds: past 2^53, so Dec
 * keeps them as their text and reads their digits, or as a bigint.
 */
const longText = fc
  .tuple(
    fc.integer({ min: 17, max: 40 }),
    fc.integer({ min: -12, max: 22 }),
    fc.stringMatching(/^[1-9][0-9]{39}$/),
    fc.integer({ min: 0, max: 4 }),
  )
  .map(([significant, exponent, digits, zeros]) => {
    // `significant` digits with the point after the first `exponent + 1` of them (zeros lead or
    // follow as needed), now and then with trailing zeros written.
    const units = BigInt(digits.slice(0, significant));
    const scale = Math.max(0, significant - 1 - exponent);
    const whole = units * 10n ** BigInt(Math.max(0, exponent + 1 - significant));
    const text = written(whole, scale);
    return zeros > 0 && scale > 0 ? `${text}${'0'.repeat(zeros)}` : text;
  });

/** Safe values and grids, at scales from 0 to 18: what a long value meets in a pair's rules. */
const safeText = fc
  .tuple(fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }), fc.integer({ min: 0, max: 18 }))
  .map(([units, scale]) => written(units, scale));

/** A long value and what it is compared with or rounded onto: its own digits cut or nudged, or any safe value. */
const longAndOther = longText.chain((long) =>
  fc.oneof(
    safeText.map((other) => [long, other] as const),
    // The long value cut to fewer decimals (a tie with its zeros, or one unit off).
    fc.integer({ min: 0, max: 40 }).map((keep) => {
      const [whole = '', fraction = ''] = long.split('.');
      const cut = keep >= fraction.length ? long : keep === 0 ? whole : `${whole}.${fraction.slice(0, keep)}`;
      return [long, cut] as const;
    }),
    longText.map((other) => [long, other] as const),
  ),
);

describe('Dec agrees with big.js on values of 17 to 40 significant digits', () => {
  it('parse and toString, the units as a bigint, and every comparison with safe and long values', () => {
    fc.assert(
      fc.property(longAndOther, ([a, b]) => {
        const x = Dec.parse(a);
        const y = Dec.parse(b);
        expect(x.toString()).toBe(big(a).toFixed());
        const expected = big(a).cmp(big(b));
        expect(x.cmp(y)).toBe(expected);
        expect(y.cmp(x)).toBe(-expected || 0);
        expect(x.lte(y)).toBe(expected <= 0);
        expect(y.gte(x)).toBe(expected <= 0);
        // Once its bigint is made, the same value compares the same way.
        expect(Dec.parse(a).units).toBe(BigInt(a.replace('.', '')));
        const materialised = Dec.parse(a);
        void materialised.units;
        expect(materialised.cmp(y)).toBe(expected);
        expect(materialised.toString()).toBe(big(a).toFixed());
      }),
      propertyParameters(),
    );
  });

  it('floorTo, ceilTo, mod and isMultipleOf on the grids and precisions of a pair', () => {
    const grid = fc.oneof(
      gridText,
      fc.integer({ min: 0, max: 18 }).map((places) => written(1n, places)),
    );
    const onOrNear = fc.oneof(
      fc.tuple(longText, grid),
      // A multiple of the grid written with 17 to 40 digits: on it, or a last digit off.
      fc
        .tuple(grid, fc.bigInt({ min: 10n ** 16n, max: 10n ** 38n }), fc.constantFrom('', '1', '0000001'))
        .map(([g, multiple, tail]) => {
          const on = big(g).times(big(multiple.toString())).toFixed();
          return [tail === '' ? on : `${on}${on.includes('.') ? '' : '.'}${tail}`, g] as const;
        }),
    );
    fc.assert(
      fc.property(onOrNear, ([value, g]) => {
        const x = Dec.parse(value);
        const grid = Dec.parse(g);
        expect(x.floorTo(grid).toString()).toBe(floorModel(value, g).toFixed());
        expect(x.ceilTo(grid).toString()).toBe(ceilModel(value, g).toFixed());
        expect(x.mod(grid).toString()).toBe(big(value).minus(floorModel(value, g)).toFixed());
        expect(x.isMultipleOf(grid)).toBe(big(value).eq(floorModel(value, g)));
      }),
      propertyParameters(),
    );
  });

  it('timesCmp is the sign of a × b − c, the product made or not', () => {
    const any = fc.oneof(
      longText,
      safeText.filter((t) => !big(t).eq(big('0'))),
      nonNegativeText,
    );
    // Now and then the bound is the product itself, or a power of ten next to it, where sizes alone cannot decide.
    const triple = fc.tuple(any, any).chain(([a, b]) => {
      const product = big(a).times(big(b));
      return fc
        .oneof(
          any,
          fc.constant(product.toFixed()),
          fc.integer({ min: -2, max: 2 }).map((k) =>
            big('1')
              .times(big(`1e${product.e + k}`))
              .toFixed(),
          ),
        )
        .map((c) => [a, b, c] as const);
    });
    fc.assert(
      fc.property(triple, ([a, b, c]) => {
        expect(Dec.parse(a).timesCmp(Dec.parse(b), Dec.parse(c))).toBe(big(a).times(big(b)).cmp(big(c)));
      }),
      propertyParameters(),
    );
  });
});
