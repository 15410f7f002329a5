import { describe, expect, it } from 'vitest';
import {
  atMost,
  ceilOnGrid,
  floorOnGrid,
  formatScaled,
  isMultiple,
  MAX_SAFE,
  onGrid,
  pointedDigits,
  product,
  productComparedBig,
} from '../../src/decimal/safe-integers.js';

/**
 * The safe-integer arithmetic of the fast path, exactly at its guards: inputs chosen so that the
 * value each guard looks at (a scaled side, a product, a count on a grid, a sum) is 2^53 - 1,
 * 2^53, 2^53 + 1 or their negatives, or the nearest values a scaling by ten can reach (a multiple
 * of ten is never 2^53 - 1). Each answer is held to a BigInt model of the function's contract.
 * 2^53 + 1 is not a double: it is reached as a product (3 × 3002399751580331) whose double
 * rounds to 2^53.
 */

const MAX = BigInt(MAX_SAFE);
const TWO_53 = 2 ** 53;

/** `a × 10^-as ≤ b × 10^-bs`, exactly, as 1 or 0. */
function atMostModel(a: number, as: number, b: number, bs: number): number {
  const scale = Math.max(as, bs);
  const left = BigInt(a) * 10n ** BigInt(scale - as);
  const right = BigInt(b) * 10n ** BigInt(scale - bs);
  return left <= right ? 1 : 0;
}

describe('atMost at ±2^53', () => {
  // 900719925474099 × 10 = 9007199254740990 (safe), 900719925474100 × 10 = 9007199254741000 (not).
  const UNDER = 900719925474099;
  const OVER = 900719925474100;
  const rows: [number, number, number, number][] = [];
  for (const a of [MAX_SAFE, MAX_SAFE - 1, 9007199254740990, 9007199254740989, 0]) {
    for (const sign of [1, -1]) {
      for (const b of [UNDER, OVER]) {
        // The bound scaled (as > bs), and the value scaled (bs > as).
        rows.push([sign * a, 1, sign * b, 0], [sign * a, 1, -sign * b, 0]);
        rows.push([sign * b, 0, sign * a, 1], [-sign * b, 0, sign * a, 1]);
      }
    }
  }
  // Scale differences of 16 and more saturate at 10^16: past 2^53 for any non-zero unit.
  rows.push([MAX_SAFE, 16, 1, 0], [-MAX_SAFE, 16, -1, 0], [1, 0, MAX_SAFE, 16], [-1, 0, -MAX_SAFE, 16]);
  rows.push([MAX_SAFE, 3, MAX_SAFE, 3], [-MAX_SAFE, 3, -MAX_SAFE, 3], [MAX_SAFE, 2, MAX_SAFE - 1, 2]);

  it.each(rows)('atMost(%d, %d, %d, %d) is exact', (a, as, b, bs) => {
    expect(atMost(a, as, b, bs)).toBe(atMostModel(a, as, b, bs));
  });

  it('takes an infinite bound at scale 0 as beyond every value', () => {
    expect(atMost(MAX_SAFE, 5, Number.POSITIVE_INFINITY, 0)).toBe(1);
    expect(atMost(Number.POSITIVE_INFINITY, 0, MAX_SAFE, 5)).toBe(0);
  });
});

describe('product at ±2^53', () => {
  // 2^53 - 1 = 6361 × 69431 × 20394401; 2^53 + 1 = 3 × 107 × 28059810762433.
  it.each([
    [6361 * 69431, 20394401],
    [MAX_SAFE, 1],
    [MAX_SAFE, -1],
    [-6361, 1416003655831],
    [2 ** 26, 2 ** 27],
    [-(2 ** 26), 2 ** 27],
    [3, 3002399751580331],
    [-3, 3002399751580331],
    [321, 28059810762433],
    [9007199254740990, 1],
    [94906265, 94906265],
    [94906266, 94906266],
  ])('product(%d, %d) is exact, or NaN past 2^53 - 1', (a, b) => {
    const exact = BigInt(a) * BigInt(b);
    const expected = exact > MAX || exact < -MAX ? Number.NaN : Number(exact);
    expect(product(a, b)).toBe(expected);
  });

  it('answers 2^53 - 1 and its negative themselves, and NaN for 2^53 and 2^53 + 1', () => {
    expect(product(6361 * 69431, 20394401)).toBe(MAX_SAFE);
    expect(product(-(6361 * 69431), 20394401)).toBe(-MAX_SAFE);
    expect(product(2 ** 26, 2 ** 27)).toBeNaN();
    expect(product(-(2 ** 26), 2 ** 27)).toBeNaN();
    // 3 × 3002399751580331 is 2^53 + 1, whose double is 2^53: not a safe answer either.
    expect(3 * 3002399751580331).toBe(TWO_53);
    expect(product(3, 3002399751580331)).toBeNaN();
  });
});

describe('onGrid, floorOnGrid and ceilOnGrid at 2^53', () => {
  /** `units × 10^(gridScale - scale)`, or undefined when scale > gridScale. */
  const count = (units: number, scale: number, gridScale: number) =>
    scale > gridScale ? undefined : BigInt(units) * 10n ** BigInt(gridScale - scale);

  const rows: [number, number, number, number][] = [
    [MAX_SAFE, 0, 1, 0],
    [MAX_SAFE, 3, 1, 3],
    [MAX_SAFE, 0, 7, 0],
    [MAX_SAFE, 0, 73, 0],
    [MAX_SAFE - 1, 0, 2, 0],
    [MAX_SAFE - 3, 0, 3, 0],
    [MAX_SAFE - 2, 0, 3, 0],
    [MAX_SAFE - 6, 0, 7, 0],
    [900719925474099, 0, 1, 1],
    [900719925474099, 0, 3, 1],
    [900719925474099, 0, 7, 1],
    [900719925474100, 0, 1, 1],
    [900719925474100, 0, 3, 1],
    [900719925474102, 0, 3, 1],
    [13, 0, 7, 15],
    [9007199254740, 0, 1, 3],
    [9007199254741, 0, 1, 3],
  ];

  it.each(rows)('onGrid(%d, %d, %d, %d): 1 or 0 exactly, -1 only past 2^53 - 1', (units, scale, step, g) => {
    const n = count(units, scale, g) as bigint;
    expect(onGrid(units, scale, step, g)).toBe(n > MAX ? -1 : n % BigInt(step) === 0n ? 1 : 0);
  });

  it('onGrid of 2^53 - 1 units on a grid of one unit is on it (not "past 2^53")', () => {
    expect(onGrid(MAX_SAFE, 0, 1, 0)).toBe(1);
    expect(onGrid(MAX_SAFE, 2, 1, 2)).toBe(1);
  });

  /**
   * The floor on the grid is exact, and NaN only where a count or a count plus a step passes
   * 2^53 - 1 (the sum the floor's correction needs), never below.
   */
  it.each(rows)(
    'floorOnGrid(%d, %d, %d, %d) and ceilOnGrid are exact below 2^53',
    (units, scale, step, g) => {
      const n = count(units, scale, g) as bigint;
      const s = BigInt(step);
      const past = n > MAX || n + s > MAX;
      const floor = (n / s) * s;
      const ceil = floor === n ? floor : floor + s;
      expect(floorOnGrid(units, scale, step, g)).toBe(past ? Number.NaN : Number(floor));
      expect(ceilOnGrid(units, scale, step, g)).toBe(past || ceil > MAX ? Number.NaN : Number(ceil));
    },
  );

  it('floors a count whose sum with the step is exactly 2^53 - 1 (the last one it may)', () => {
    // (2^53 - 4) + 3 = 2^53 - 1: the floor is still worked out, 9007199254740987.
    expect(floorOnGrid(MAX_SAFE - 3, 0, 3, 0)).toBe(9007199254740987);
    expect(ceilOnGrid(MAX_SAFE - 3, 0, 3, 0)).toBe(9007199254740990);
    // (2^53 - 3) + 3 = 2^53: NaN.
    expect(floorOnGrid(MAX_SAFE - 2, 0, 3, 0)).toBeNaN();
  });

  it('rounds values with more decimals than the grid exactly', () => {
    // 900719925474098.0 tenths: 900719925474096 and 900719925474099 are the multiples of 3 around it.
    expect(floorOnGrid(9007199254740980, 1, 3, 0)).toBe(900719925474096);
    expect(ceilOnGrid(9007199254740980, 1, 3, 0)).toBe(900719925474099);
    expect(ceilOnGrid(9007199254740970, 1, 3, 0)).toBe(900719925474099);
    expect(floorOnGrid(MAX_SAFE, 16, 1, 0)).toBe(0);
    expect(ceilOnGrid(MAX_SAFE, 16, 1, 0)).toBe(1);
    expect(ceilOnGrid(0, 16, 1, 0)).toBe(0);
  });
});

describe('isMultiple at 2^53', () => {
  it.each([
    [MAX_SAFE, 1],
    [MAX_SAFE, 7],
    [MAX_SAFE, 73],
    [MAX_SAFE, 3],
    [MAX_SAFE - 1, 2],
    [MAX_SAFE - 1, 3],
    [9007199254740990, 10],
  ])('isMultiple(%d, %d) is exact', (n, step) => {
    expect(isMultiple(n, step)).toBe(BigInt(n) % BigInt(step) === 0n);
  });
});

describe('productComparedBig past 2^53', () => {
  /** `a × b × 10^-abScale` against `c × 10^-cScale`: `≤` for sign 1, `≥` for -1. */
  const model = (a: number, b: number, abScale: number, c: number, cScale: number, sign: 1 | -1) => {
    const scale = Math.max(abScale, cScale);
    const left = BigInt(a) * BigInt(b) * 10n ** BigInt(scale - abScale);
    const right = BigInt(c) * 10n ** BigInt(scale - cScale);
    return (sign === 1 ? left <= right : left >= right) ? 1 : 0;
  };
  const rows: [number, number, number, number, number][] = [
    // 3 × 3002399751580331 = 2^53 + 1 against 2^53, 2^53 + 2 and values at other scales either side.
    [3, 3002399751580331, 0, 9007199254740992, 0],
    [3, 3002399751580331, 0, 9007199254740994, 0],
    [3, 3002399751580331, 3, 9007199254740, 0],
    [3, 3002399751580331, 3, 9007199254741, 0],
    [3, 3002399751580331, 1, 900719925474099, 0],
    [3, 3002399751580331, 1, 900719925474100, 0],
    [2 ** 26, 2 ** 27, 0, TWO_53, 0],
    [2 ** 26, 2 ** 27, 0, MAX_SAFE, 0],
    [2 ** 26, 2 ** 27, 2, 90071992547409, 0],
    [2 ** 26, 2 ** 27, 2, 90071992547410, 0],
    [-3, 3002399751580331, 0, -9007199254740992, 0],
    // The other side a safe integer at the common scale: decided without a bigint.
    [3, 3002399751580331, 2, 90071992547409, 2],
    [3, 3002399751580331, 4, 900719925474, 1],
    [3, 3002399751580331, 0, 9007199254740991, 5],
  ];
  for (const sign of [1, -1] as const)
    it.each(rows)(`sign ${sign}: productComparedBig(%d, %d, %d, %d, %d) is exact`, (a, b, abs, c, cs) => {
      expect(productComparedBig(a, b, abs, c, cs, sign)).toBe(model(a, b, abs, c, cs, sign));
    });

  it('says which side of an equal pair it was asked (≤ and ≥ both hold)', () => {
    expect(productComparedBig(2 ** 26, 2 ** 27, 0, TWO_53, 0, 1)).toBe(1);
    expect(productComparedBig(2 ** 26, 2 ** 27, 0, TWO_53, 0, -1)).toBe(1);
    expect(productComparedBig(2 ** 26, 2 ** 27, 0, MAX_SAFE, 0, 1)).toBe(0);
    expect(productComparedBig(2 ** 26, 2 ** 27, 0, MAX_SAFE, 0, -1)).toBe(1);
  });
});

describe('formatScaled and pointedDigits print as Dec does', () => {
  it.each([
    [0, 0, '0'],
    [0, 3, '0'],
    [5, 0, '5'],
    [1500, 0, '1500'],
    [1500, 2, '15'],
    [1500, 3, '1.5'],
    [1500, 4, '0.15'],
    [1500, 6, '0.0015'],
    [1, 20, '0.00000000000000000001'],
    [MAX_SAFE, 0, '9007199254740991'],
    [MAX_SAFE, 16, '0.9007199254740991'],
    [MAX_SAFE, 3, '9007199254740.991'],
  ])('formatScaled(%d, %d) is %s', (units, scale, text) => {
    expect(formatScaled(units, scale)).toBe(text);
    expect(units === 0 ? '0' : pointedDigits(String(units), scale)).toBe(text);
  });
});

describe('floorOnGrid and ceilOnGrid on units with trailing zeros (a product keeps them)', () => {
  // 1.500 (1500 at scale 3) and 1.5 (1.5e14 at scale 14) on the grid 0.5 (5 at scale 1) and
  // 0.005 (5 at scale 3): on it, so both roundings leave it.
  it.each([
    [1500, 3, 5, 1, 15, 15],
    [1510, 3, 5, 1, 15, 20],
    [150_000_000_000_000, 14, 5, 3, 1500, 1500],
    [150_100_000_000_000, 14, 5, 3, 1500, 1505],
    [1500, 1, 5, 1, 1500, 1500],
    [1501, 1, 5, 1, 1500, 1505],
  ])(
    'units %d at scale %d on %d at scale %d: floor %d, ceil %d',
    (units, scale, step, gridScale, floor, ceil) => {
      expect(floorOnGrid(units, scale, step, gridScale)).toBe(floor);
      expect(ceilOnGrid(units, scale, step, gridScale)).toBe(ceil);
    },
  );
});
