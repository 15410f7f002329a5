import { describe, expect, it } from 'vitest';
import { MAX_SAFE, productComparedBig, productText } from '../../src/decimal/safe-integers.js';

// productComparedBig's shortcut (a product past 2^53 is beyond a side that is a safe integer at
// the common scale) is taken only where it holds: every combination of small, edge and large
// operands, scales either way and both signs, against the comparison made in BigInt. Mutation
// testing (issue 32) found the shortcut's conditions held by no test.

const VALUES = [0, 1, 2, 3, 7, 94_906_265, 94_906_267, MAX_SAFE - 1, MAX_SAFE];
const SCALES = [0, 3, 17, 40];

function reference(a: number, b: number, abScale: number, c: number, cScale: number, sign: 1 | -1): number {
  const scale = Math.max(abScale, cScale);
  const left = BigInt(a) * BigInt(b) * 10n ** BigInt(scale - abScale);
  const right = BigInt(c) * 10n ** BigInt(scale - cScale);
  return (sign === 1 ? left <= right : left >= right) ? 1 : 0;
}

describe('productComparedBig, exactly, whether its product passes 2^53 or not', () => {
  it('agrees with BigInt on every combination', () => {
    const wrong: unknown[] = [];
    for (const a of VALUES)
      for (const b of VALUES)
        for (const c of [...VALUES, -1])
          for (const abScale of SCALES)
            for (const cScale of SCALES)
              for (const sign of [1, -1] as const) {
                const got = productComparedBig(a, b, abScale, c, cScale, sign);
                const want = reference(a, b, abScale, c, cScale, sign);
                if (got !== want) wrong.push([a, b, abScale, c, cScale, sign, got]);
              }
    expect(wrong).toEqual([]);
  });
  it('a negative operand is compared exactly too', () => {
    for (const [a, b, c] of [
      [-3, 5, -14],
      [-3, 5, -16],
      [3, -5, 2],
      [-94_906_267, 94_906_267, 1],
    ] as const)
      for (const sign of [1, -1] as const)
        expect(productComparedBig(a, b, 0, c, 0, sign)).toBe(reference(a, b, 0, c, 0, sign));
  });
});

describe('productText at 2^53', () => {
  it('prints the product in plain notation on either side of 2^53', () => {
    expect(productText(94_906_265, 94_906_267, 0)).toBe((94_906_265n * 94_906_267n).toString());
    expect(productText(MAX_SAFE, 1, 2)).toBe('90071992547409.91');
    expect(productText(MAX_SAFE, 3, 0)).toBe((BigInt(MAX_SAFE) * 3n).toString());
  });
});
