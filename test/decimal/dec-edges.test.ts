import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/decimal/dec.js';

/**
 * Dec at the edges its fast ways hand over at (found by mutation testing, `npm run mutation`):
 * units of exactly 2^53 - 1, scales 16 apart, values kept as text or as a bigint, zeros and
 * signs where a shortcut must not be taken.
 */

const d = (text: string) => Dec.parse(text);
const MAX = '9007199254740991';

describe('Dec.parse at 2^53 - 1 and past it', () => {
  it('units of exactly 2^53 - 1 are safe, and equal the same value made from a number', () => {
    const value = d(MAX);
    expect(value.safeUnits).toBe(Number.MAX_SAFE_INTEGER);
    expect(value.eq(Dec.ofSafe(Number.MAX_SAFE_INTEGER, 0))).toBe(true);
    expect(d(`-${MAX}`).safeUnits).toBe(-Number.MAX_SAFE_INTEGER);
  });

  it.each([
    [`${MAX}.5`, `${MAX}.5`, 90071992547409915n, 1],
    [`${MAX}0`, `${MAX}0`, 90071992547409910n, 0],
    [`${MAX}.00000000000000000000`, MAX, 900719925474099100000000000000000000n, 20],
    ['9007199254740992', '9007199254740992', 9007199254740992n, 0],
  ])('%s (digits past 2^53 - 1) reads as %s', (text, canonical, units, scale) => {
    const value = d(text);
    expect(value.toString()).toBe(canonical);
    expect(value.units).toBe(units);
    expect(value.scale).toBe(scale);
    expect(Number.isNaN(value.safeUnits)).toBe(true);
  });

  it('reads a leading plus, at safe sizes and past them', () => {
    expect(d('+12.5').toString()).toBe('12.5');
    expect(d('+12.5').safeUnits).toBe(125);
    expect(d('+123456789012345678901').toString()).toBe('123456789012345678901');
    expect(d('-123456789012345678901').toString()).toBe('-123456789012345678901');
  });

  it('reads a bare trailing point, and leading zeros, past 2^53', () => {
    const value = d('12345678901234567890.');
    expect(value.units).toBe(12345678901234567890n);
    expect(value.toString()).toBe('12345678901234567890');
    expect(d('00012345678901234567890').toString()).toBe('12345678901234567890');
    expect(d('00012345678901234567890.5').toString()).toBe('12345678901234567890.5');
  });

  it('Dec.of keeps units of 2^53 - 1 and their negative safe', () => {
    expect(Dec.of(2n ** 53n - 1n, 0).safeUnits).toBe(Number.MAX_SAFE_INTEGER);
    expect(Dec.of(-(2n ** 53n - 1n), 0).safeUnits).toBe(-Number.MAX_SAFE_INTEGER);
    expect(Number.isNaN(Dec.of(2n ** 53n, 0).safeUnits)).toBe(true);
    expect(Number.isNaN(Dec.of(-(2n ** 53n), 0).safeUnits)).toBe(true);
    expect(Dec.of(-(2n ** 53n), 0).toString()).toBe('-9007199254740992');
  });

  it('a zero is +0 however it is made', () => {
    expect(d('-0.00').safeUnits).toBe(0);
    expect(Dec.ofSafe(-0, 2).safeUnits).toBe(0);
    expect(Dec.ZERO.times(d('-5')).safeUnits).toBe(0);
    expect(Dec.ofSafe(123, 2).toString()).toBe('1.23');
    expect(Dec.ofSafe(123, 2).safeUnits).toBe(123);
  });
});

describe('Dec comparison across scales and representations', () => {
  it.each([
    // Scales 16 and more apart: the side scaled up passes 2^53.
    ['1', '0.0000000000000001', 1],
    ['1', '0.00000000000000001', 1],
    ['0.0000000000000001', '0.0000000000000001000', 0],
    // Past 2^53 at a finer scale, all its extra digits 0: a tie, or above when cut above.
    [`${MAX}.00000000000000000000`, MAX, 0],
    ['1.00000000000000000000', '0.5', 1],
    ['1.00000000000000000000', '1', 0],
    ['1.00000000000000000000', '1.5', -1],
    // Two long texts below 1, told apart by their first digits.
    ['0.00000000000000000000123456789012345678', '0.0000000000000000000012345678901234567', 1],
    ['0.00000000000000000000123456789012345678', '0.0000000000000000000123456789012345678', -1],
  ] as const)('%s against %s: %s', (left, right, sign) => {
    expect(d(left).cmp(d(right))).toBe(sign);
    expect(d(right).cmp(d(left))).toBe(sign === 0 ? 0 : -sign);
  });

  it('a value held as a bigint equals the safe value it is', () => {
    const big = Dec.of(10n ** 17n, 2);
    expect(big.cmp(d('1000000000000000'))).toBe(0);
    expect(d('1000000000000000').cmp(big)).toBe(0);
    expect(big.cmp(d('999999999999999.99'))).toBe(1);
    expect(big.cmp(d('1000000000000000.01'))).toBe(-1);
  });
});

describe('Dec sums whose scaled side passes 2^53', () => {
  it.each([
    ['1', '0.00009007199254740991', '0.99990992800745259009', '1.00009007199254740991'],
    ['2', '0.00000000000000000001', '1.99999999999999999999', '2.00000000000000000001'],
  ])('%s and %s: difference %s, sum %s', (a, b, difference, sum) => {
    expect(d(a).minus(d(b)).toString()).toBe(difference);
    expect(d(a).plus(d(b)).toString()).toBe(sum);
  });
});

describe('Dec.timesCmp where the sizes must not decide', () => {
  const long = '12345678901234567890';
  const tiny = '0.00000000000000000000123456789012345678';
  it.each([
    // Zeros and negatives: the sign of the product, not the sizes.
    ['0', long, '1', -1],
    ['0', '500', '1', -1],
    ['-5', long, '1', -1],
    ['-500', '2', '1', -1],
    [long, '0', '1', -1],
    [long, '-5', '1', -1],
    ['500', '0', '1', -1],
    // A tiny product above a bound of 0 or below.
    [tiny, '1', '0', 1],
    [tiny, '1', '-5', 1],
    [tiny, '1', '1', -1],
    [tiny, '1000000000000000000000', '1', 1],
  ] as const)('%s × %s against %s: %s', (a, b, c, sign) => {
    expect(d(a).timesCmp(d(b), d(c))).toBe(sign);
    expect(d(a).times(d(b)).cmp(d(c))).toBe(sign);
  });

  it('a long text led by zeros is sized by its first digit that is not 0', () => {
    const led = d('00012345678901234567890');
    expect(led.timesCmp(d('1'), d('100000000000000000000'))).toBe(-1);
    expect(led.timesCmp(d('1'), d('1000000000000000000'))).toBe(1);
  });

  it('a product held as a bigint compares by its value', () => {
    const product = d(long).times(d('3'));
    expect(product.timesCmp(d('2'), d('1'))).toBe(1);
    expect(product.timesCmp(d('0.0000000000000000001'), d('100'))).toBe(-1);
  });
});

describe('Dec grids on values held as a bigint, and zeros written long', () => {
  it('floors, ceils and tests a bigint value by its digits', () => {
    const value = d('12345678901234567891').times(d('0.001'));
    expect(value.toString()).toBe('12345678901234567.891');
    expect(value.floorTo(d('1')).toString()).toBe('12345678901234567');
    expect(value.ceilTo(d('1')).toString()).toBe('12345678901234568');
    expect(value.isMultipleOf(d('1'))).toBe(false);
    const small = Dec.of(9_007_199_254_740_993n, 3);
    expect(small.floorTo(d('0.01')).toString()).toBe('9007199254740.99');
    expect(small.floorTo(d('1')).toString()).toBe('9007199254740');
  });

  it('a zero with 17 or more decimals is on every grid', () => {
    const zero = d('0.00000000000000000');
    expect(zero.isMultipleOf(d('1'))).toBe(true);
    expect(zero.ceilTo(d('1')).toString()).toBe('0');
    expect(zero.floorTo(d('1')).toString()).toBe('0');
    const tiny = d('0.00000000000000001');
    expect(tiny.isMultipleOf(d('1'))).toBe(false);
    expect(tiny.ceilTo(d('1')).toString()).toBe('1');
    expect(tiny.floorTo(d('1')).toString()).toBe('0');
  });
});
