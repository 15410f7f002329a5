import { Big, type BigValue, ZERO } from './big.js';

/** Exact grid arithmetic on non-negative values (big.js `mod` divides to an exact integer quotient). */

export function isOnGrid(value: BigValue, grid: BigValue): boolean {
  return value.mod(grid).eq(ZERO);
}

/** The largest multiple of `grid` that is ≤ `value`. */
export function floorToGrid(value: BigValue, grid: BigValue): BigValue {
  return value.minus(value.mod(grid));
}

/** The smallest multiple of `grid` that is ≥ `value`. */
export function ceilToGrid(value: BigValue, grid: BigValue): BigValue {
  const rest = value.mod(grid);
  return rest.eq(ZERO) ? value : value.minus(rest).plus(grid);
}

/** `10^-places` as an exact value: the grid implied by a precision of `places` decimals. */
export function precisionGrid(places: number): BigValue {
  return new Big(places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`);
}

/** Decimals that carry value: `'1.2500'` → 2. Works on plain decimal text. */
export function significantDecimals(text: string): number {
  const point = text.indexOf('.');
  if (point === -1) return 0;
  let end = text.length;
  while (end > point + 1 && text.charCodeAt(end - 1) === 48) end--;
  return end - point - 1;
}

/** The grid points either side of an off-grid value, leaving out any that is not positive. */
export function gridNeighbours(value: BigValue, grid: BigValue): string[] {
  const below = floorToGrid(value, grid);
  const out: string[] = [];
  if (below.gt(ZERO)) out.push(below.toString());
  out.push(below.plus(grid).toString());
  return out;
}
