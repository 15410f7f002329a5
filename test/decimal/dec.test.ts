import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/decimal/dec.js';
import { isOnGrid } from '../../src/decimal/grid.js';

const d = (text: string) => Dec.parse(text);

/** Canonical plain decimal text: no exponent, no trailing fractional zeros, no `-0`. */
const PLAIN = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

describe('Dec.parse and toString', () => {
  it.each([
    ['0', '0'],
    ['0.000', '0'],
    ['-0', '0'],
    ['-0.00', '0'],
    ['1', '1'],
    ['110', '110'],
    ['100.000', '100'],
    ['1.500', '1.5'],
    ['12.340', '12.34'],
    ['0.1', '0.1'],
    ['0.10000', '0.1'],
    ['0.00000001', '0.00000001'],
    ['0.00000012', '0.00000012'],
    ['0.000000010', '0.00000001'],
    ['0.000000000000000000000000000001', '0.000000000000000000000000000001'],
    ['1000000000000000000000', '1000000000000000000000'],
    ['9007199254740993', '9007199254740993'],
    [
      '123456789012345678901234567890.123456789012345678901234567890',
      '123456789012345678901234567890.12345678901234567890123456789',
    ],
    ['-0.5', '-0.5'],
    ['-12.340', '-12.34'],
    ['-0.00000001', '-0.00000001'],
    ['-110', '-110'],
  ])('%s reads and prints as %s', (text, canonical) => {
    const value = d(text);
    expect(value.toString()).toBe(canonical);
    expect(value.toString()).toMatch(PLAIN);
    // Printing is canonical, so reading it back gives the same value and the same text.
    expect(d(canonical).eq(value)).toBe(true);
    expect(d(canonical).toString()).toBe(canonical);
  });

  it.each([
    ['110', 110n, 0],
    ['1.500', 1500n, 3],
    ['0.00000001', 1n, 8],
    ['0.000', 0n, 3],
    ['-12.340', -12340n, 3],
    ['100', 100n, 0],
  ])('%s keeps its written scale: units %s, scale %s', (text, units, scale) => {
    const value = d(text);
    expect(value.units).toBe(units);
    expect(value.scale).toBe(scale);
  });

  it.each([
    [1n, 8, '0.00000001'],
    [1500n, 3, '1.5'],
    [100n, 2, '1'],
    [10n, 0, '10'],
    [123n, 0, '123'],
    [0n, 5, '0'],
    [-5n, 1, '-0.5'],
    [-100n, 2, '-1'],
    [12n, 1, '1.2'],
    [12n, 2, '0.12'],
    [12n, 3, '0.012'],
  ])('Dec.of(%s, %s) is %s', (units, scale, text) => {
    const value = Dec.of(units, scale);
    expect(value.units).toBe(units);
    expect(value.scale).toBe(scale);
    expect(value.toString()).toBe(text);
  });

  it('toJSON is the canonical text', () => {
    expect(JSON.stringify({ price: d('0.10'), qty: d('0.00000001'), n: d('-0.0') })).toBe(
      '{"price":"0.1","qty":"0.00000001","n":"0"}',
    );
    expect(d('12.50').toJSON()).toBe('12.5');
  });

  it('ZERO and ONE', () => {
    expect(Dec.ZERO.toString()).toBe('0');
    expect(Dec.ZERO.isZero()).toBe(true);
    expect(Dec.ONE.toString()).toBe('1');
    expect(Dec.ONE.eq(d('1.000'))).toBe(true);
  });
});

describe('Dec.unit and unitsAt', () => {
  it.each([
    [0, '1'],
    [1, '0.1'],
    [2, '0.01'],
    [8, '0.00000001'],
    [18, '0.000000000000000001'],
  ])('unit(%s) is %s', (places, text) => {
    const unit = Dec.unit(places);
    expect(unit.toString()).toBe(text);
    expect(unit.eq(d(text))).toBe(true);
    expect(unit.units).toBe(1n);
    expect(unit.scale).toBe(places);
  });

  it.each([
    ['1.5', 1, 15n],
    ['1.5', 3, 1500n],
    ['110', 0, 110n],
    ['110', 2, 11000n],
    ['-0.05', 4, -500n],
    ['0', 8, 0n],
    ['0.00000001', 8, 1n],
    ['1.5', 40, 15n * 10n ** 39n],
    ['7', 60, 7n * 10n ** 60n],
  ])('%s at scale %s is %s units', (text, scale, units) => {
    expect(d(text).unitsAt(scale)).toBe(units);
  });

  it('unitsAt gives the same powers of ten however far it has reached before', () => {
    expect(d('1').unitsAt(70)).toBe(10n ** 70n);
    expect(d('1').unitsAt(3)).toBe(1000n);
    expect(d('0.1').unitsAt(25)).toBe(10n ** 24n);
  });
});

describe('Dec comparison', () => {
  // [a, b, sign of a − b]
  const cases: [string, string, number][] = [
    ['1.5', '1.50', 0],
    ['0.1', '0.10000', 0],
    ['110', '110.0', 0],
    ['0', '0.000', 0],
    ['0', '-0', 0],
    ['-1.5', '-1.500', 0],
    ['0.00000001', '0.00000002', -1],
    ['0.1', '0.09999999', 1],
    ['1', '0.999999999999999999999', 1],
    ['100', '99.99999', 1],
    ['110', '110.00000001', -1],
    ['-1', '0.5', -1],
    ['-0.5', '-0.25', -1],
    ['-0.00000001', '0', -1],
    ['9007199254740993', '9007199254740992', 1],
    ['12345678901234567890.1', '12345678901234567890.09', 1],
  ];

  it.each(cases)('%s against %s: %s', (left, right, sign) => {
    const a = d(left);
    const b = d(right);
    expect(a.cmp(b)).toBe(sign);
    expect(b.cmp(a)).toBe(sign === 0 ? 0 : -sign);
    expect(a.eq(b)).toBe(sign === 0);
    expect(a.lt(b)).toBe(sign < 0);
    expect(a.lte(b)).toBe(sign <= 0);
    expect(a.gt(b)).toBe(sign > 0);
    expect(a.gte(b)).toBe(sign >= 0);
  });

  it.each([
    ['0', true],
    ['0.000', true],
    ['-0', true],
    ['0.00000001', false],
    ['-0.1', false],
    ['110', false],
  ])('isZero(%s) is %s', (text, zero) => {
    expect(d(text).isZero()).toBe(zero);
  });

  it('a difference that cancels is zero at any scale', () => {
    expect(d('0.1').minus(d('0.10')).isZero()).toBe(true);
    expect(d('5').minus(d('5.000')).isZero()).toBe(true);
  });
});

describe('Dec arithmetic is exact', () => {
  it.each([
    ['0.1', '0.2', '0.3'],
    ['0.00000001', '0.99999999', '1'],
    ['1.5', '-1.5', '0'],
    ['110', '0.05', '110.05'],
    ['9007199254740993', '1', '9007199254740994'],
    ['12345678901234567890.123456789', '0.876543211', '12345678901234567891'],
    ['-0.3', '0.1', '-0.2'],
  ])('%s + %s = %s', (a, b, sum) => {
    expect(d(a).plus(d(b)).toString()).toBe(sum);
    expect(d(b).plus(d(a)).toString()).toBe(sum);
  });

  it.each([
    ['0.3', '0.1', '0.2'],
    ['1', '0.00000001', '0.99999999'],
    ['0.1', '0.2', '-0.1'],
    ['5', '5.000', '0'],
    ['110', '0.01', '109.99'],
    ['-1', '-1', '0'],
    ['9007199254740993', '9007199254740992', '1'],
  ])('%s - %s = %s', (a, b, difference) => {
    expect(d(a).minus(d(b)).toString()).toBe(difference);
  });

  it.each([
    ['0.1', '0.2', '0.02'],
    ['1.5', '2', '3'],
    ['0.00000001', '0.00000001', '0.0000000000000001'],
    ['110', '0.05', '5.5'],
    ['-0.5', '0.5', '-0.25'],
    ['-2', '-3', '6'],
    ['0', '-5', '0'],
    ['0.000000000000000001', '1000000000000000000', '1'],
    ['123456789.123456789', '987654321.987654321', '121932631356500531.347203169112635269'],
  ])('%s × %s = %s', (a, b, product) => {
    expect(d(a).times(d(b)).toString()).toBe(product);
    expect(d(b).times(d(a)).toString()).toBe(product);
  });

  it('sums and differences take the larger scale, products the sum of the scales', () => {
    expect(d('1.5').plus(d('0.25')).scale).toBe(2);
    expect(d('1.50').minus(d('0.5')).scale).toBe(2);
    const product = d('1.50').times(d('2.0'));
    expect(product.scale).toBe(3);
    expect(product.units).toBe(3000n);
    expect(product.toString()).toBe('3');
  });

  it('operands are left unchanged', () => {
    const a = d('1.25');
    const b = d('0.5');
    a.plus(b);
    a.minus(b);
    a.times(b);
    a.floorTo(b);
    a.ceilTo(b);
    expect([a.units, a.scale, b.units, b.scale]).toEqual([125n, 2, 5n, 1]);
  });
});

describe('Dec grids: floorTo, ceilTo, mod', () => {
  // [value, grid, floor, ceil]
  const cases: [string, string, string, string][] = [
    ['1.234', '0.01', '1.23', '1.24'],
    ['1.23', '0.01', '1.23', '1.23'],
    ['1.230000', '0.01', '1.23', '1.23'],
    ['0.005', '0.01', '0', '0.01'],
    ['0.01', '0.01', '0.01', '0.01'],
    ['0', '0.01', '0', '0'],
    ['1.07', '0.05', '1.05', '1.1'],
    ['1.05', '0.05', '1.05', '1.05'],
    ['1.0500001', '0.05', '1.05', '1.1'],
    ['1.04999999', '0.05', '1', '1.05'],
    ['0.04999999', '0.05', '0', '0.05'],
    ['1.07', '0.050', '1.05', '1.1'],
    ['0.3', '0.2', '0.2', '0.4'],
    ['0.4', '0.2', '0.4', '0.4'],
    ['1.2', '0.2', '1.2', '1.2'],
    ['0.19999999', '0.2', '0', '0.2'],
    ['0.20000001', '0.2', '0.2', '0.4'],
    ['219.99', '110', '110', '220'],
    ['220', '110', '220', '220'],
    ['220.00000001', '110', '220', '330'],
    ['109.9', '110', '0', '110'],
    ['110', '110.0', '110', '110'],
    ['5', '110', '0', '110'],
    ['1000', '110', '990', '1100'],
    ['0.123456789', '0.00000001', '0.12345678', '0.12345679'],
    ['0.00000001', '0.00000001', '0.00000001', '0.00000001'],
    ['7.5', '1', '7', '8'],
    ['12345678901234567890.123', '0.01', '12345678901234567890.12', '12345678901234567890.13'],
  ];

  it.each(cases)('%s on the grid %s: floor %s, ceil %s', (text, gridText, floor, ceil) => {
    const value = d(text);
    const grid = d(gridText);
    const down = value.floorTo(grid);
    const up = value.ceilTo(grid);
    expect(down.toString()).toBe(floor);
    expect(up.toString()).toBe(ceil);
    // Both lie on the grid, bracket the value, and are one grid step apart unless the value is on it.
    expect(isOnGrid(down, grid)).toBe(true);
    expect(isOnGrid(up, grid)).toBe(true);
    expect(down.lte(value) && value.lte(up)).toBe(true);
    expect(up.minus(down).toString()).toBe(value.eq(down) ? '0' : grid.toString());
  });

  it.each([
    ['1.234', '0.01', '0.004'],
    ['1.07', '0.05', '0.02'],
    ['0.3', '0.2', '0.1'],
    ['219.99', '110', '109.99'],
    ['220', '110', '0'],
    ['0', '0.05', '0'],
    ['0.00000003', '0.00000002', '0.00000001'],
    ['1.5', '0.3', '0'],
  ])('%s mod %s = %s', (text, gridText, rest) => {
    expect(d(text).mod(d(gridText)).toString()).toBe(rest);
  });

  it.each([
    ['1.05', '0.05', true],
    ['1.0500', '0.05', true],
    ['220', '110', true],
    ['0.4', '0.2', true],
    ['0', '0.2', true],
    ['1.2300', '0.01', true],
    ['0.00000001', '0.00000001', true],
    ['1.07', '0.05', false],
    ['0.3', '0.2', false],
    ['219.99', '110', false],
    ['110.00000001', '110', false],
    ['0.000000001', '0.00000001', false],
  ])('isOnGrid(%s, %s) is %s', (text, gridText, on) => {
    expect(isOnGrid(d(text), d(gridText))).toBe(on);
  });
});

describe('Dec on values past 2^53 (17 to 40 significant digits, 20-digit caps)', () => {
  // [a, b, sign of a − b]: against safe values (cut to their decimals, ties broken by the digits
  // cut off) and against each other (digit by digit).
  it.each([
    ['1.50000000000000000000', '1.5', 0],
    ['1.50000000000000000001', '1.5', 1],
    ['12345678901234567.5', '12345678901234567', 1],
    ['18446744073709551615', '18446744073709551616', -1],
    ['18446744073709551615', '18446744073709551615.000', 0],
    ['0.0000000000000000001', '0', 1],
    ['0.00000000000000000010', '0.0000000000000000001', 0],
    ['99999999999999999.9', '100000000000000000', -1],
    ['9007199254740993', '9007199254740992.99999999999999999999', 1],
  ] as const)('%s against %s: %s', (left, right, sign) => {
    expect(d(left).cmp(d(right))).toBe(sign);
    expect(d(right).cmp(d(left))).toBe(sign === 0 ? 0 : -sign);
  });

  // [value, grid, floor, ceil, value mod grid]
  it.each([
    ['0.0317647058823529411764705', '0.01', '0.03', '0.04', '0.0017647058823529411764705'],
    ['100013.33333333333333', '0.001', '100013.333', '100013.334', '0.00033333333333'],
    ['18446744073709551615', '10', '18446744073709551610', '18446744073709551620', '5'],
    ['18446744073709551615', '0.5', '18446744073709551615', '18446744073709551615', '0'],
    [
      '92233720368547758.07',
      '0.00000012',
      '92233720368547758.06999996',
      '92233720368547758.07000008',
      '0.00000004',
    ],
    ['1000.00000000000000000001', '1000', '1000', '2000', '0.00000000000000000001'],
    ['12345678901234567890', '12345678901234567890', '12345678901234567890', '12345678901234567890', '0'],
    ['9007199254740993', '2', '9007199254740992', '9007199254740994', '1'],
  ])('%s on the grid %s: floor %s, ceil %s, remainder %s', (text, gridText, floor, ceil, rest) => {
    const value = d(text);
    const grid = d(gridText);
    expect(value.floorTo(grid).toString()).toBe(floor);
    expect(value.ceilTo(grid).toString()).toBe(ceil);
    expect(value.mod(grid).toString()).toBe(rest);
    expect(isOnGrid(value, grid)).toBe(rest === '0');
  });

  // [a, b, c, sign of a × b − c]: decided by sizes alone, or by the product, at the bound itself.
  it.each([
    ['0.0317647058823529411764705', '87.2717', '2.77', 1],
    ['0.0317647058823529411764705', '87.2717', '2.77215988235294117647058053485', 0],
    ['0.0317647058823529411764705', '87.2717', '2.77215988235294117647058053486', -1],
    ['18446744073709551615', '100', '1844674407370955161500', 0],
    ['18446744073709551615', '100', '1844674407370955161499.9999999999999999', 1],
    ['18446744073709551615', '100', '10000000000000000000000', -1],
    ['12345678901234567.89', '0.001', '12345678901234.56789', 0],
    ['12345678901234567.89', '0.001', '99999999999999', -1],
    ['3', '3.33333333333333333333', '10', -1],
  ] as const)('%s × %s against %s: %s', (a, b, c, sign) => {
    expect(d(a).timesCmp(d(b), d(c))).toBe(sign);
    expect(d(a).times(d(b)).cmp(d(c))).toBe(sign);
  });

  it('a value read from text keeps its text when its units are asked for', () => {
    const value = d('18446744073709551615.5');
    expect(value.units).toBe(184467440737095516155n);
    expect(value.toString()).toBe('18446744073709551615.5');
    expect(value.cmp(d('18446744073709551615.50'))).toBe(0);
    expect(value.floorTo(d('1')).toString()).toBe('18446744073709551615');
  });
});
