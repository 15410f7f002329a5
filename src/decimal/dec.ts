/**
 * An exact decimal as a scaled integer: `units × 10^-scale`, `units` a bigint. Every operation
 * is integer arithmetic, so nothing is ever rounded; it replaces big.js on the validation path,
 * where big.js's digit-array division (`mod`) cost most of the time.
 */

const POW10: bigint[] = [1n];
function pow10(n: number): bigint {
  for (let i = POW10.length; i <= n; i++) POW10.push((POW10[i - 1] as bigint) * 10n);
  return POW10[n] as bigint;
}

export class Dec {
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Dec(0n, 0);
  static readonly ONE = new Dec(1n, 0);

  /** From plain decimal text (`-12.340`, `0.00000012`, `110`); the caller has checked the shape. */
  static parse(text: string): Dec {
    const point = text.indexOf('.');
    if (point === -1) return new Dec(BigInt(text), 0);
    return new Dec(BigInt(text.slice(0, point) + text.slice(point + 1)), text.length - point - 1);
  }

  static of(units: bigint, scale: number): Dec {
    return new Dec(units, scale);
  }

  /** `10^-places`: one unit of a precision. */
  static unit(places: number): Dec {
    return new Dec(1n, places);
  }

  /** This value's units at a larger or equal scale. */
  unitsAt(scale: number): bigint {
    return scale === this.scale ? this.units : this.units * pow10(scale - this.scale);
  }

  cmp(other: Dec): number {
    const scale = Math.max(this.scale, other.scale);
    const a = this.unitsAt(scale);
    const b = other.unitsAt(scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: Dec): boolean {
    return this.cmp(other) === 0;
  }
  lt(other: Dec): boolean {
    return this.cmp(other) < 0;
  }
  lte(other: Dec): boolean {
    return this.cmp(other) <= 0;
  }
  gt(other: Dec): boolean {
    return this.cmp(other) > 0;
  }
  gte(other: Dec): boolean {
    return this.cmp(other) >= 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  plus(other: Dec): Dec {
    const scale = Math.max(this.scale, other.scale);
    return new Dec(this.unitsAt(scale) + other.unitsAt(scale), scale);
  }

  minus(other: Dec): Dec {
    const scale = Math.max(this.scale, other.scale);
    return new Dec(this.unitsAt(scale) - other.unitsAt(scale), scale);
  }

  times(other: Dec): Dec {
    return new Dec(this.units * other.units, this.scale + other.scale);
  }

  /** The remainder of this (≥ 0) divided by a positive grid, exact. */
  mod(grid: Dec): Dec {
    const scale = Math.max(this.scale, grid.scale);
    return new Dec(this.unitsAt(scale) % grid.unitsAt(scale), scale);
  }

  /** The largest multiple of a positive `grid` that is ≤ this (this ≥ 0). */
  floorTo(grid: Dec): Dec {
    return this.minus(this.mod(grid));
  }

  /** The smallest multiple of a positive `grid` that is ≥ this (this ≥ 0). */
  ceilTo(grid: Dec): Dec {
    const rest = this.mod(grid);
    return rest.isZero() ? this : this.minus(rest).plus(grid);
  }

  /** Plain canonical text: no exponent, no trailing fractional zeros, no `-0`. */
  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString();
    if (this.scale === 0) return negative ? `-${digits}` : digits;
    const padded = digits.length <= this.scale ? '0'.repeat(this.scale - digits.length + 1) + digits : digits;
    const cut = padded.length - this.scale;
    let end = padded.length;
    while (end > cut && padded.charCodeAt(end - 1) === 48) end--;
    const body = end === cut ? padded.slice(0, cut) : `${padded.slice(0, cut)}.${padded.slice(cut, end)}`;
    return negative && body !== '0' ? `-${body}` : body;
  }

  toJSON(): string {
    return this.toString();
  }
}
