import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/decimal/dec.js';
import { ceilToGrid, floorToGrid, gridNeighbours, isOnGrid, precisionGrid } from '../../src/decimal/grid.js';
import { MAX_EXCHANGE_DECIMAL_LENGTH } from '../../src/decimal/plain-decimal.js';
import { toPlainDecimal } from '../../src/index.js';

const big = (text: string) => Dec.parse(text);

describe('toPlainDecimal: accepted', () => {
  it.each([
    ['0.00000001', 1e-8],
    ['0.00000001', '1e-8'],
    ['0.00000001', '1E-8'],
    ['0.00000001', '1e-0008'],
    ['0.0000001', 1e-7],
    ['0.00000012', 1.2e-7],
    ['0.00000012', '12e-8'],
    ['1500', '1.5E+3'],
    ['1500', '1.5e3'],
    ['100', '1e2'],
    ['1000000000000000000000', 1e21],
    ['123000', '0.123e6'],
    ['0.1', '0.10'],
    ['0.1', '0.1000000'],
    ['100', '100'],
    ['100', '100.000'],
    ['12.5', '00012.50'],
    ['0', '0'],
    ['0', '0.000'],
    ['0', '000'],
    ['0', 0],
    ['0', -0],
    ['0', '-0'],
    ['0', '-0.00'],
    ['0', '0e5'],
    ['-1.5', '-1.5'],
    ['-0.0015', '-1.5e-3'],
    ['-0.0015', -0.0015],
    ['1.5', '+1.5'],
    ['64000.12345678', 64000.12345678],
    ['12345678901234567890', 12345678901234567890n],
    ['12345678901234567890', '12345678901234567890'],
    ['0.00000001', { isLosslessNumber: true, value: '1e-8' }],
    ['12345678901234567890', { isLosslessNumber: true, value: '12345678901234567890' }],
  ])('%s from %o', (plain, input) => {
    expect(toPlainDecimal(input)).toBe(plain);
  });

  it('never prints an exponent or a negative zero', () => {
    for (const input of [1e-20, 1e20, 5e-324, 1.7976931348623157e308, -1e-10, '-0e-9', '9.99e-100']) {
      const out = toPlainDecimal(input);
      if (out === undefined) continue;
      expect(out).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/);
      expect(out).not.toBe('-0');
    }
    expect(toPlainDecimal(1e-20)).toBe(`0.${'0'.repeat(19)}1`);
    // 5e-324 needs 324 decimals, beyond the 256-character cap: refused rather than expanded.
    expect(toPlainDecimal(5e-324)).toBeUndefined();
    expect(toPlainDecimal(1e-250)).toBe(`0.${'0'.repeat(249)}1`);
  });
});

describe('toPlainDecimal: refused', () => {
  it.each([
    ['5.', '5.'],
    ['.5', '.5'],
    ['-.5', '-.5'],
    ['abc', 'abc'],
    ['empty', ''],
    ['a lone sign', '-'],
    ['a lone point', '.'],
    ['exponent without digits', '1e'],
    ['exponent alone', 'e5'],
    ['space inside', '1 000'],
    ['leading space', ' 1'],
    ['trailing space', '1 '],
    ['comma', '1,5'],
    ['two points', '1.2.3'],
    ['hex', '0x10'],
    ['underscore', '1_000'],
    ['Infinity text', 'Infinity'],
    ['NaN text', 'NaN'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
    ['boolean', true],
    ['object', {}],
    ['array', ['1']],
    ['fake lossless', { isLosslessNumber: 'yes', value: '1' }],
    ['huge exponent', '1e99999'],
    ['bigger exponent', '1e999999999'],
    ['huge negative exponent', '1e-99999'],
    ['exponent beyond the length cap', '1e9999'],
    ['negative exponent beyond the cap', '1e-9999'],
    ['1e308 as a number', 1e308],
    ['too long', '1'.repeat(MAX_EXCHANGE_DECIMAL_LENGTH + 1)],
  ])('%s', (_label, input) => {
    expect(toPlainDecimal(input)).toBeUndefined();
  });

  it('accepts text up to the length cap', () => {
    expect(toPlainDecimal('1'.repeat(MAX_EXCHANGE_DECIMAL_LENGTH))).toBe(
      '1'.repeat(MAX_EXCHANGE_DECIMAL_LENGTH),
    );
  });

  it('refuses exponent bombs and a million digits without expanding them', () => {
    // The timing guarantee is asserted once, in test/book/never-throws.test.ts.
    for (const input of ['1e99999', '1e999999999', '9'.repeat(1_000_000), '1e-9999', 1e308, -1e308])
      expect(toPlainDecimal(input)).toBeUndefined();
  });
});

describe('grid helpers', () => {
  it.each([
    ['0.6', '0.2', true],
    ['0.3', '0.1', true],
    ['0.29', '0.01', true],
    ['0.00000036', '0.00000012', true],
    ['330', '110', true],
    ['0.7', '0.2', false],
    ['0.1', '0.2', false],
    ['100', '110', false],
    ['0.60000000000000001', '0.2', false],
  ])('isOnGrid(%s, %s) is %s', (value, grid, on) => {
    expect(isOnGrid(big(value), big(grid))).toBe(on);
  });

  it.each([
    ['0.7', '0.2', '0.6', '0.8'],
    ['0.6', '0.2', '0.6', '0.6'],
    ['111', '110', '110', '220'],
    ['0.1', '0.2', '0', '0.2'],
    ['1.00011', '0.0001', '1.0001', '1.0002'],
    ['0.00000013', '0.00000012', '0.00000012', '0.00000024'],
    ['10.5105', '0.01', '10.51', '10.52'],
  ])('%s on grid %s: floor %s, ceil %s', (value, grid, floor, ceil) => {
    expect(floorToGrid(big(value), big(grid)).toString()).toBe(floor);
    expect(ceilToGrid(big(value), big(grid)).toString()).toBe(ceil);
  });

  it.each([
    [0, '1'],
    [1, '0.1'],
    [2, '0.01'],
    [8, '0.00000001'],
    [18, '0.000000000000000001'],
  ])('precisionGrid(%i) is %s', (places, grid) => {
    expect(precisionGrid(places).toString()).toBe(grid);
  });

  it.each([
    ['100.005', '0.01', ['100', '100.01']],
    ['0.001', '0.01', ['0.01']],
    ['0.1', '0.5', ['0.5']],
    ['1000', '110', ['990', '1100']],
  ])('gridNeighbours(%s, %s) is %j, all positive and on the grid', (value, grid, neighbours) => {
    const out = gridNeighbours(big(value), big(grid));
    expect(out).toEqual(neighbours);
    for (const n of out) {
      expect(big(n).gt(big('0'))).toBe(true);
      expect(isOnGrid(big(n), big(grid))).toBe(true);
    }
  });
});
