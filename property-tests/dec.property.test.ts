import BigModule from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../src/decimal/dec.js';
import { propertyParameters } from './support/runs.js';

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
