import { gcd } from '../decimal/gcd.js';
import { Big, type BigValue, ZERO } from './big.js';

/**
 * Exact grid arithmetic for the arbitraries: a value on grid `g` is `k × g` for a whole `k`. Every
 * comparison of a value with a grid is done on whole numbers of units of `10^-scale` (BigInt), so
 * nothing is rounded; big.js only multiplies (which is exact).
 */

/**
 * Decimal places of an exact value, as canonical text would have them.
 *
 * @example `decimalsOf(new Big('0.0100')) // 2`
 */
export function decimalsOf(value: BigValue): number {
  const text = value.toFixed();
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

/** `value` as a whole number of units of `10^-scale` (`scale` at least its decimals). */
function unitsAt(value: BigValue, scale: number): bigint {
  const text = value.toFixed(scale);
  return BigInt(scale === 0 ? text : text.replace('.', ''));
}

function scaleOf(a: BigValue, b: BigValue): number {
  return Math.max(decimalsOf(a), decimalsOf(b));
}

/**
 * The largest `k` with `k × grid ≤ value` (0 for values ≤ 0).
 *
 * @example `floorIndex(new Big('1.07'), new Big('0.5')) // 2n`
 */
export function floorIndex(value: BigValue, grid: BigValue): bigint {
  if (value.lte(ZERO)) return 0n;
  const scale = scaleOf(value, grid);
  return unitsAt(value, scale) / unitsAt(grid, scale);
}

/**
 * The smallest `k` with `k × grid ≥ value` (0 for values ≤ 0).
 *
 * @example `ceilIndex(new Big('1.07'), new Big('0.5')) // 3n`
 */
export function ceilIndex(value: BigValue, grid: BigValue): bigint {
  if (value.lte(ZERO)) return 0n;
  const scale = scaleOf(value, grid);
  const v = unitsAt(value, scale);
  const g = unitsAt(grid, scale);
  return v % g === 0n ? v / g : v / g + 1n;
}

/**
 * `index × grid`, exactly.
 *
 * @example `atIndex(3n, new Big('0.00000012')).toFixed() // '0.00000036'`
 */
export function atIndex(index: bigint, grid: BigValue): BigValue {
  return grid.times(new Big(index.toString()));
}

/**
 * Whether `value` is a whole multiple of `grid`.
 *
 * @example `isMultiple(new Big('0.3'), new Big('0.1')) // true`
 */
export function isMultiple(value: BigValue, grid: BigValue): boolean {
  const scale = scaleOf(value, grid);
  return unitsAt(value, scale) % unitsAt(grid, scale) === 0n;
}

/**
 * The coarsest grid both positive grids allow (their least common multiple): a value on it is on
 * each of them. A tick and a precision unit (`0.00000012` and `0.01` give `0.03`).
 *
 * @example `commonGrid(new Big('0.00000012'), new Big('0.01')).toFixed() // '0.03'`
 */
export function commonGrid(a: BigValue, b: BigValue): BigValue {
  const scale = scaleOf(a, b);
  const x = unitsAt(a, scale);
  const y = unitsAt(b, scale);
  return new Big(((x / gcd(x, y)) * y).toString()).times(unitOf(scale));
}

/**
 * `10^-places`, the grid implied by a precision.
 *
 * @example `unitOf(3).toFixed() // '0.001'`
 */
export function unitOf(places: number): BigValue {
  return new Big(places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`);
}

/**
 * `10^exponent` for a whole, possibly negative, exponent.
 *
 * @example `powerOfTen(-2).toFixed() // '0.01'; powerOfTen(3).toFixed() // '1000'`
 */
export function powerOfTen(exponent: number): BigValue {
  return exponent >= 0 ? new Big(`1${'0'.repeat(exponent)}`) : unitOf(-exponent);
}
