import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/decimal/dec.js';
import { EXCHANGE_DECIMAL, PLAIN_UNSIGNED, scanDecimal } from '../../src/decimal/decimal-grammar.js';
import { gcd } from '../../src/decimal/gcd.js';
import { commonGrid, writtenDecimals } from '../../src/decimal/grid.js';
import {
  isCanonicalDecimal,
  isLosslessNumberLike,
  isNegativeDecimal,
  isZeroDecimal,
  MAX_EXCHANGE_DECIMAL_LENGTH,
  toPlainDecimal,
} from '../../src/decimal/plain-decimal.js';

/**
 * The edges of the small decimal helpers, found by mutation testing (`npm run mutation`): each
 * case sits where a flipped comparison or a dropped condition would change the answer.
 */

describe('gcd', () => {
  it.each([
    [12n, 1_000_000n, 4n],
    [1_000_000n, 12n, 4n],
    [7n, 0n, 7n],
    [0n, 7n, 7n],
    [9n, 6n, 3n],
    [17n, 5n, 1n],
    [2n ** 60n, 2n ** 40n * 3n, 2n ** 40n],
  ])('gcd(%s, %s) is %s', (a, b, expected) => {
    expect(gcd(a, b)).toBe(expected);
  });
});

describe('commonGrid', () => {
  it.each([
    // Each grid is a multiple of the other's: the coarser one, at its smallest scale.
    ['0.01', '0.1', '0.1'],
    ['0.1', '0.01', '0.1'],
    ['0.10', '0.01', '0.1'],
    // Neither divides the other: their least common multiple.
    ['0.00000012', '0.01', '0.03'],
    ['0.04', '0.06', '0.12'],
    ['0.3', '0.5', '1.5'],
    ['2', '3', '6'],
    ['0.25', '1', '1'],
    ['1.5', '0.004', '1.5'],
    ['0.0015', '0.004', '0.012'],
  ])('commonGrid(%s, %s) is %s', (a, b, expected) => {
    const grid = commonGrid(Dec.parse(a), Dec.parse(b));
    expect(grid.toString()).toBe(expected);
    // Written at its smallest scale.
    expect(grid.scale).toBe(writtenDecimals(expected));
  });
});

describe('writtenDecimals', () => {
  it.each([
    ['1', 0],
    ['10', 0],
    ['1.2500', 4],
    ['0.5', 1],
    ['123.0', 1],
    ['0.00000001', 8],
  ])('%s has %s written decimals', (text, places) => {
    expect(writtenDecimals(text)).toBe(places);
  });
});

describe('isNegativeDecimal and isZeroDecimal on canonical text', () => {
  it.each([
    ['-1', true, false],
    ['-0.5', true, false],
    ['0', false, true],
    ['0.5', false, false],
    ['1', false, false],
    ['10', false, false],
  ])('%s: negative %s, zero %s', (text, negative, zero) => {
    expect(isNegativeDecimal(text)).toBe(negative);
    expect(isZeroDecimal(text)).toBe(zero);
  });
});

describe('isLosslessNumberLike', () => {
  it.each([
    ['a lossless number', { isLosslessNumber: true, value: '1.5' }, true],
    ['null', null, false],
    ['undefined', undefined, false],
    ['a boolean', true, false],
    ['a string', '1.5', false],
    ['a flag that is not true', { isLosslessNumber: 'yes', value: '1.5' }, false],
    ['a value that is not text', { isLosslessNumber: true, value: 1.5 }, false],
    ['no value', { isLosslessNumber: true }, false],
    [
      'a function carrying the fields',
      Object.assign(() => 0, { isLosslessNumber: true as const, value: '1.5' }),
      false,
    ],
  ])('%s: %s', (_name, value, expected) => {
    expect(isLosslessNumberLike(value)).toBe(expected);
  });
});

describe('toPlainDecimal at its length caps and where the point lands', () => {
  it.each([
    // The point lands just before the digits, at them, just after the last.
    ['5e-1', '0.5'],
    ['-5e-1', '-0.5'],
    ['12e-2', '0.12'],
    ['12e-1', '1.2'],
    ['1.5e1', '15'],
    ['1.5e0', '1.5'],
    ['15e0', '15'],
    ['1.5e2', '150'],
    ['0.5e1', '5'],
    ['0.05e1', '0.5'],
    ['0.10e1', '1'],
    ['100e-2', '1'],
    ['-100e-2', '-1'],
    ['-0e5', '0'],
  ])('%s is %s', (text, canonical) => {
    expect(toPlainDecimal(text)).toBe(canonical);
  });

  it('takes 256 fraction digits and 256 whole digits, and refuses 257 of either', () => {
    const cap = MAX_EXCHANGE_DECIMAL_LENGTH;
    expect(toPlainDecimal(`1e-${cap}`)).toBe(`0.${'0'.repeat(cap - 1)}1`);
    expect(toPlainDecimal(`1e-${cap + 1}`)).toBeUndefined();
    expect(toPlainDecimal(`1e${cap - 1}`)).toBe(`1${'0'.repeat(cap - 1)}`);
    expect(toPlainDecimal(`1e${cap}`)).toBeUndefined();
  });

  it('refuses text longer than 256 characters even when its value would fit', () => {
    const cap = MAX_EXCHANGE_DECIMAL_LENGTH;
    // 256 characters: taken.
    const fits = `0.${'0'.repeat(cap - 3)}1`;
    expect(fits).toHaveLength(cap);
    expect(toPlainDecimal(fits)).toBe(fits);
    // 257 characters, 255 fraction digits: refused for its length alone.
    const long = `0.${'0'.repeat(cap - 2)}1`;
    expect(long).toHaveLength(cap + 1);
    expect(toPlainDecimal(long)).toBeUndefined();
    expect(toPlainDecimal(`${'0'.repeat(cap)}1`)).toBeUndefined();
    expect(toPlainDecimal(`${'0'.repeat(cap - 1)}1`)).toBe('1');
  });

  it('refuses the empty text and a value that throws as it is read', () => {
    expect(toPlainDecimal('')).toBeUndefined();
    const hostile = {
      get isLosslessNumber(): true {
        throw new Error('hostile');
      },
      value: '1',
    };
    expect(toPlainDecimal(hostile)).toBeUndefined();
  });
});

describe('isCanonicalDecimal after a sign', () => {
  it.each([
    ['-0.5', true],
    ['-0.05', true],
    ['-1.5', true],
    ['-10', true],
    ['-01', false],
    ['-00.5', false],
    ['-0.50', false],
    ['-0', false],
    ['0.5', true],
    ['00.5', false],
    ['0', true],
  ])('%s: %s', (text, canonical) => {
    expect(isCanonicalDecimal(text)).toBe(canonical);
  });
});

describe('scanDecimal with and without exponents', () => {
  it.each([
    ['1e5', EXCHANGE_DECIMAL, { negative: false, start: 0, point: -1, end: 1, exponent: 5 }],
    ['1.5E-2', EXCHANGE_DECIMAL, { negative: false, start: 0, point: 1, end: 3, exponent: -2 }],
    ['1e5', PLAIN_UNSIGNED, undefined],
    ['1.5E2', PLAIN_UNSIGNED, undefined],
    ['1x5', EXCHANGE_DECIMAL, undefined],
    ['1e12345', EXCHANGE_DECIMAL, undefined],
  ])('%s', (text, syntax, scan) => {
    expect(scanDecimal(text, syntax)).toEqual(scan);
  });
});
