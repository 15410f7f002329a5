import { Big, type BigValue, ZERO } from './big.js';

/**
 * Index arithmetic on a grid: a value on grid `g` is `k × g` for a whole `k`. Floors are exact
 * for positive values (a decimal quotient that is whole divides exactly; one that is not stays
 * above its floor after truncation to 40 places).
 */

export function floorIndex(value: BigValue, grid: BigValue): bigint {
  if (value.lte(ZERO)) return 0n;
  return BigInt(value.div(grid).round(0, Big.roundDown).toFixed());
}

export function ceilIndex(value: BigValue, grid: BigValue): bigint {
  const floor = floorIndex(value, grid);
  return atIndex(floor, grid).eq(value) ? floor : floor + 1n;
}

export function atIndex(index: bigint, grid: BigValue): BigValue {
  return grid.times(new Big(index.toString()));
}

/** `10^-places`, the grid implied by a precision. */
export function unitOf(places: number): BigValue {
  return new Big(places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`);
}

export function minBig(a: BigValue, b: BigValue): BigValue {
  return a.lt(b) ? a : b;
}
