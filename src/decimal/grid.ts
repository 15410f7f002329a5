import { Dec } from './dec.js';
import { gcd } from './gcd.js';

/** Exact grid arithmetic on non-negative values. */

export function isOnGrid(value: Dec, grid: Dec): boolean {
  return value.isMultipleOf(grid);
}

/** The largest multiple of `grid` that is ≤ `value`. */
export function floorToGrid(value: Dec, grid: Dec): Dec {
  return value.floorTo(grid);
}

/** The smallest multiple of `grid` that is ≥ `value`. */
export function ceilToGrid(value: Dec, grid: Dec): Dec {
  return value.ceilTo(grid);
}

/** `10^-places` as an exact value: the grid implied by a precision of `places` decimals. */
export function precisionGrid(places: number): Dec {
  return Dec.unit(places);
}

/** The grid points either side of an off-grid value, leaving out any that is not positive. */
export function gridNeighbours(value: Dec, grid: Dec): string[] {
  const below = floorToGrid(value, grid);
  const out: string[] = [];
  if (below.gt(Dec.ZERO)) out.push(below.toString());
  out.push(below.plus(grid).toString());
  return out;
}

/**
 * The coarsest grid both positive grids allow: every multiple of it is a multiple of each (their
 * least common multiple), so a value rounded onto it satisfies a tick and a precision at once.
 * Written at its smallest scale (`0.1`, not `0.10`), so safe-integer counts stay as small as they can.
 */
export function commonGrid(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  const x = a.unitsAt(scale);
  const y = b.unitsAt(scale);
  return Dec.parse(Dec.of((x / gcd(x, y)) * y, scale).toString());
}

/** Decimal places of plain decimal text as written, trailing zeros included: `'1.2500'` → 4. */
export function writtenDecimals(text: string): number {
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}
