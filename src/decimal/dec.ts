/**
 * An exact decimal as a scaled integer: `units × 10^-scale`. Every operation is integer
 * arithmetic, so nothing is ever rounded; it replaces big.js on the validation path.
 *
 * The units are held as a double while they are a safe integer (below 2^53, where doubles are
 * exact), which nearly every value the rules meet is (grids, bounds, factors, prices): an
 * operation on such values is a few double operations. A value past 2^53 (an order written with
 * 17 to 40 significant digits, a 20-digit cap, a product of such) is held as a bigint, or, when
 * it was read from text, as that text. Most of what the rules ask of such a value needs its
 * digits only: rounding it onto a coarser grid reads its digits down to the grid, comparing it
 * with a safe value does too (or its size alone decides), two of them compare digit by digit, a
 * digit past the grid puts it off the grid, and its remainder by a grid is worked out digit by
 * digit. A bigint is made for the rest (a product whose size does not decide, say).
 */

import { isMultiple, MAX_SAFE, POW10, pointedDigits } from './safe-integers.js';

/**
 * `10^n`, saturated at 10^16 from n = 16 on: a non-zero safe integer scaled by that is already
 * past 2^53, which is all a caller that checks for that needs to know.
 */
function shift(n: number): number {
  return n < POW10.length ? (POW10[n] as number) : 1e16;
}

const BIG_POW10: bigint[] = [1n];
function bigPow10(n: number): bigint {
  for (let i = BIG_POW10.length; i <= n; i++) BIG_POW10.push((BIG_POW10[i - 1] as bigint) * 10n);
  return BIG_POW10[n] as bigint;
}

/** Whether a double is a safe integer's value (NaN, the mark of a value past 2^53, is not). */
// Stryker disable next-line BlockStatement: undefined reads as not safe, and every caller then goes the exact way, to the same answer
function isSafe(n: number): boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,UnaryOperator: a value taken as not safe goes the exact way, to the same answer (only slower)
  return n <= MAX_SAFE && n >= -MAX_SAFE;
}

/**
 * The digits of `text` (plain, unsigned) from its start up to index `end` (exclusive), the point
 * skipped, as a double: exact while below 2^53, and past 2^53 when the digits are.
 */
function leadingUnits(text: string, end: number): number {
  let units = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 46) units = units * 10 + (c - 48);
  }
  return units;
}

/** The index of the first digit of plain text that is not 0 (the point skipped). */
function firstDigit(text: string): number {
  let i = 0;
  while (text.charCodeAt(i) === 48 || text.charCodeAt(i) === 46) i++;
  return i;
}

export class Dec {
  /**
   * @param small the units when they are a safe integer, NaN when they are not
   * @param long undefined for a safe value; for one past 2^53, its units as a bigint, or the
   *   plain unsigned text it was read from
   */
  private constructor(
    private readonly small: number,
    private readonly long: bigint | string | undefined,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Dec(0, undefined, 0);
  static readonly ONE = new Dec(1, undefined, 0);

  /** From plain decimal text (`-12.340`, `0.00000012`, `110`); the caller has checked the shape. */
  static parse(text: string): Dec {
    const length = text.length;
    const first = text.charCodeAt(0);
    const signed = first === 45 || first === 43;
    let units = 0;
    let point = -1;
    for (let i = signed ? 1 : 0; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c === 46) {
        point = i;
        continue;
      }
      // Exact while below 2^53; past it the double stays past it, and only the point is looked for.
      units = units * 10 + (c - 48);
      // Stryker disable next-line ConditionalExpression,BlockStatement: forced false or emptied, the loop reads on past 2^53 only to find the point it would look for (the units stay past 2^53)
      if (units > MAX_SAFE) {
        // Stryker disable next-line ArithmeticOperator: no point comes before i here (point is -1), so a search from i - 1 finds the same
        if (point === -1) point = text.indexOf('.', i + 1);
        break;
      }
    }
    const scale = point === -1 ? 0 : length - point - 1;
    if (units <= MAX_SAFE) return new Dec(first === 45 && units !== 0 ? -units : units, undefined, scale);
    // Kept as its text (digits are read from it, a bigint made only when needed); a sign or a
    // bare trailing point (which the callers' shapes exclude) are read into a bigint at once.
    if (!signed && point !== length - 1) return new Dec(Number.NaN, text, scale);
    return Dec.of(BigInt(point === -1 ? text : text.slice(0, point) + text.slice(point + 1)), scale);
  }

  /**
   * From plain unsigned text (no sign, a point only between digits) whose units pass 2^53 (17
   * digits or more from the first that is not 0), at its written `scale`: what {@link Dec.parse}
   * makes of it, for a reader that has scanned the text already (order/fast-read.ts).
   */
  static ofLongText(text: string, scale: number): Dec {
    return new Dec(Number.NaN, text, scale);
  }

  static of(units: bigint, scale: number): Dec {
    return units <= 9007199254740991n && units >= -9007199254740991n
      ? new Dec(Number(units), undefined, scale)
      : new Dec(Number.NaN, units, scale);
  }

  /** `units × 10^-scale` for safe integer units (what the fast readers read). */
  static ofSafe(units: number, scale: number): Dec {
    return new Dec(units === 0 ? 0 : units, undefined, scale);
  }

  /** `10^-places`: one unit of a precision. */
  static unit(places: number): Dec {
    return new Dec(1, undefined, places);
  }

  /**
   * The units, `value × 10^scale`, as a bigint. Made anew each time for a value kept as its text:
   * the text is what most operations on it read, and it is rarely asked for its bigint.
   */
  /** The units as a safe integer, or NaN when they pass 2^53 (no bigint is made). */
  get safeUnits(): number {
    return this.small;
  }

  get units(): bigint {
    const long = this.long;
    if (long === undefined) return BigInt(this.small);
    if (typeof long === 'bigint') return long;
    const point = long.length - this.scale - 1;
    return BigInt(this.scale === 0 ? long : long.slice(0, point) + long.slice(point + 1));
  }

  /** This value's units at a larger or equal scale. */
  unitsAt(scale: number): bigint {
    // Stryker disable next-line ConditionalExpression: at the same scale, × 10^0 gives the same
    return scale === this.scale ? this.units : this.units * bigPow10(scale - this.scale);
  }

  /** -1, 0 or 1 as the value is below, at or above zero. */
  private sign(): number {
    const n = this.small;
    // Stryker disable next-line ConditionalExpression: forced false, a positive safe value's sign is 0, which only turns timesCmp's shortcut off (cmpSafe reads the sign of long values only)
    if (!Number.isNaN(n)) return n < 0 ? -1 : n > 0 ? 1 : 0;
    const long = this.long;
    return typeof long === 'string' || (long as bigint) > 0n ? 1 : -1;
  }

  cmp(other: Dec): number {
    const a = this.small;
    const b = other.small;
    const as = this.scale;
    const bs = other.scale;
    // Stryker disable next-line ConditionalExpression,BlockStatement: forced false or emptied, two safe values are compared as bigints below, to the same answer
    if (!Number.isNaN(a) && !Number.isNaN(b)) {
      // The side scaled up is exact while safe, and past 2^53 (so beyond the other side, in
      // the same direction) when not.
      // Stryker disable next-line EqualityOperator: at equal scales, × 10^0
      const x = as < bs ? a * shift(bs - as) : a;
      // Stryker disable next-line EqualityOperator: at equal scales, × 10^0
      const y = bs < as ? b * shift(as - bs) : b;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    // Stryker disable next-line ConditionalExpression: forced false, the bigints below compare the same
    if (Number.isNaN(a) && !Number.isNaN(b)) return this.cmpSafe(other);
    // Stryker disable next-line ConditionalExpression: forced false, the bigints below compare the same
    if (Number.isNaN(b) && !Number.isNaN(a)) return 0 - other.cmpSafe(this);
    // Stryker disable next-line ConditionalExpression,StringLiteral: forced false (or a wrong type name), two texts are compared as bigints below, to the same answer
    if (typeof this.long === 'string' && typeof other.long === 'string') return this.cmpTexts(other);
    const scale = Math.max(as, bs);
    const x = this.unitsAt(scale);
    const y = other.unitsAt(scale);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** {@link cmp} for this past 2^53 and `other` safe. */
  private cmpSafe(other: Dec): number {
    // Past 2^53 at a scale no finer than the other's, it is past the other at that scale too.
    // Stryker disable next-line EqualityOperator: at equal scales the cut below keeps every digit, is past 2^53 and answers 1, as the sign does
    if (this.scale <= other.scale) return this.sign();
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: the digit-by-digit way and the bigint way give the same answer (the first spares a bigint)
    if (typeof this.long === 'string') {
      // Cut to the other's scale, it compares with the other's units; a tie is broken by the
      // digits cut off. Cut and still past 2^53, it is past the other.
      const cut = this.truncatedUnits(other.scale);
      const b = other.small;
      if (Number.isNaN(cut)) return 1;
      return cut < b ? -1 : cut > b ? 1 : this.endsBy(other.scale) ? 0 : 1;
    }
    const x = this.units;
    const y = other.unitsAt(this.scale);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /**
   * {@link cmp} for two values read from text (both positive): by their sizes, then digit by digit
   * from the first that is not 0, aligned by those sizes, with no bigint.
   */
  private cmpTexts(other: Dec): number {
    const a = this.long as string;
    const b = other.long as string;
    const ea = this.magnitude();
    const eb = other.magnitude();
    // Stryker disable next-line EqualityOperator: the two sizes differ here
    if (ea !== eb) return ea < eb ? -1 : 1;
    let i = firstDigit(a);
    let j = firstDigit(b);
    while (i < a.length && j < b.length) {
      const x = a.charCodeAt(i);
      const y = b.charCodeAt(j);
      if (x === 46) i++;
      else if (y === 46) j++;
      else if (x !== y) {
        // Stryker disable next-line EqualityOperator: the two digits differ here
        return x < y ? -1 : 1;
      } else {
        i++;
        j++;
      }
    }
    // One ran out of digits: the other is larger when any it has left is not 0.
    // Stryker disable next-line EqualityOperator: past the end the code is NaN, not above '0'
    for (; i < a.length; i++) if (a.charCodeAt(i) > 48) return 1;
    // Stryker disable next-line EqualityOperator: past the end the code is NaN, not above '0'
    for (; j < b.length; j++) if (b.charCodeAt(j) > 48) return -1;
    return 0;
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

  /**
   * The sign of `this × factor − bound`, without making the product when the sizes of the three
   * decide it: a product of values past 2^53 is a bigint, but whether it is above or below a
   * bound with more or fewer digits before the point needs only the digits each one has.
   */
  timesCmp(factor: Dec, bound: Dec): number {
    // Stryker disable next-line BooleanLiteral,ArithmeticOperator,BlockStatement: the shortcut taken for safe products, for fewer products or for none: its bounds hold for any positive values, and the product decides the same
    if (!isSafe(this.small * factor.small) && this.sign() > 0 && factor.sign() > 0 && bound.sign() > 0) {
      // 10^e ≤ this × factor < 10^(e+2), and 10^b ≤ bound < 10^(b+1); NaN when not known cheaply.
      const e = this.magnitude() + factor.magnitude();
      const b = bound.magnitude();
      // Stryker disable next-line ConditionalExpression,EqualityOperator: forced false (or not taken at e + 2 === b), the product decides the same
      if (e + 2 <= b) return -1;
      // Stryker disable next-line ConditionalExpression: forced false, the product decides the same
      if (e > b) return 1;
    }
    return this.times(factor).cmp(bound);
  }

  /**
   * `floor(log10(value))` of a positive value, from the number of its digits; NaN for a bigint
   * (its digits would have to be printed to be counted).
   */
  private magnitude(): number {
    const n = this.small;
    // Stryker disable next-line ConditionalExpression,BlockStatement: a safe value's size then reads as NaN, which only turns timesCmp's shortcut off (cmpTexts reads long texts only)
    if (!Number.isNaN(n)) {
      let digits = 1;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: safe units are below 10^16, so the loop stops there anyway; at a power of ten a size one less still bounds the product the shortcut needs
      while (digits < POW10.length && n >= (POW10[digits] as number)) digits++;
      return digits - 1 - this.scale;
    }
    const text = this.long;
    if (typeof text !== 'string') return Number.NaN;
    const point = this.scale === 0 ? text.length : text.length - this.scale - 1;
    const first = firstDigit(text);
    // Stryker disable next-line EqualityOperator: the first digit that is not 0 is never at the point
    return first < point ? point - first - 1 : point - first;
  }

  isZero(): boolean {
    return this.small === 0;
  }

  plus(other: Dec): Dec {
    return this.add(other, 1);
  }

  minus(other: Dec): Dec {
    return this.add(other, -1);
  }

  /** `this + sign × other`. */
  private add(other: Dec, sign: 1 | -1): Dec {
    const as = this.scale;
    const bs = other.scale;
    const scale = Math.max(as, bs);
    // Stryker disable next-line ConditionalExpression: shift(0) is 1 too
    const a = this.small * (scale === as ? 1 : shift(scale - as));
    // Stryker disable next-line ConditionalExpression: shift(0) is 1 too
    const b = other.small * (scale === bs ? 1 : shift(scale - bs));
    // Two safe integers add exactly when their sum is safe, and to a double past 2^53 when not.
    const sum = a + sign * b;
    if (isSafe(a) && isSafe(b) && isSafe(sum)) return new Dec(sum === 0 ? 0 : sum, undefined, scale);
    const y = other.unitsAt(scale);
    return Dec.of(this.unitsAt(scale) + (sign === 1 ? y : -y), scale);
  }

  times(other: Dec): Dec {
    const scale = this.scale + other.scale;
    // A product of safe integers is exact when it is safe, and a double past 2^53 when not.
    const p = this.small * other.small;
    if (isSafe(p)) return new Dec(p === 0 ? 0 : p, undefined, scale);
    return Dec.of(this.units * other.units, scale);
  }

  /** The remainder of this (≥ 0) divided by a positive grid, exact. */
  mod(grid: Dec): Dec {
    const scale = Math.max(this.scale, grid.scale);
    const a = this.small * shift(scale - this.scale);
    const g = grid.small * shift(scale - grid.scale);
    // For 0 ≤ a < 2^53 the double quotient is within 1/g of a / g, so below the next whole
    // number: its floor is exact, and so is the product, which is at most a.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: this is ≥ 0 (the contract); at 0 both ways give 0, and the exact way gives the same remainder
    if (a >= 0 && isSafe(a) && isSafe(g)) return new Dec(a - Math.floor(a / g) * g, undefined, scale);
    const long = this.long;
    // A value read from text, by a grid of at most 2^49 units: the remainder of its digits one by
    // one (r × 10 + digit stays below 10 grids, so below 2^53), with no bigint.
    // Stryker disable next-line ConditionalExpression,StringLiteral,EqualityOperator,BlockStatement: the digit-by-digit remainder spares a bigint; the exact way below gives the same
    if (typeof long === 'string' && g <= 2 ** 49) {
      let r = 0;
      for (let i = 0; i < long.length; i++) {
        const c = long.charCodeAt(i);
        if (c === 46) continue;
        r = r * 10 + (c - 48);
        r -= Math.floor(r / g) * g;
      }
      for (let zeros = scale - this.scale; zeros > 0; zeros--) {
        r *= 10;
        r -= Math.floor(r / g) * g;
      }
      return new Dec(r, undefined, scale);
    }
    return Dec.of(this.unitsAt(scale) % grid.unitsAt(scale), scale);
  }

  /**
   * This value (≥ 0, with more than `scale` decimals) cut down to `scale` decimals, as units at
   * that scale; NaN when they are past 2^53.
   */
  private truncatedUnits(scale: number): number {
    const drop = this.scale - scale;
    const n = this.small;
    // Exact, as in `mod`: the double quotient of a safe integer is below the next whole number.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: past 15 places the quotient is NaN, and the caller then goes the exact way, to the same answer
    if (!Number.isNaN(n)) return drop < POW10.length ? Math.floor(n / (POW10[drop] as number)) : 0;
    const long = this.long;
    if (typeof long === 'string') {
      const units = leadingUnits(long, long.length - drop);
      return units <= MAX_SAFE ? units : Number.NaN;
    }
    // Stryker disable next-line ArithmeticOperator: multiplied, the cut is past 2^53 (NaN), and the caller goes the exact way
    const cut = (long as bigint) / bigPow10(drop);
    // Stryker disable next-line EqualityOperator,ConditionalExpression: NaN at exactly 2^53 - 1 (or for any cut, forced false) sends the caller the exact way, to the same answer
    return cut <= 9007199254740991n ? Number(cut) : Number.NaN;
  }

  /** Whether this (≥ 0) has no digit other than 0 past `scale` decimals. */
  private endsBy(scale: number): boolean {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BooleanLiteral: a guard: every caller asks with more decimals than scale
    if (this.scale <= scale) return true;
    const drop = this.scale - scale;
    const n = this.small;
    if (!Number.isNaN(n)) {
      // No safe integer but 0 is a multiple of 10^16.
      if (drop >= POW10.length) return n === 0;
      return isMultiple(n, POW10[drop] as number);
    }
    const long = this.long;
    // Stryker disable next-line ConditionalExpression: the callers then take the exact remainder, which tells the same
    if (typeof long !== 'string') return (long as bigint) % bigPow10(drop) === 0n;
    for (let i = long.length - drop; i < long.length; i++) if (long.charCodeAt(i) !== 48) return false;
    return true;
  }

  /** The largest multiple of a positive `grid` that is ≤ this (this ≥ 0). */
  floorTo(grid: Dec): Dec {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: a shortcut (this is ≥ 0 by contract); not taken, the exact way floors the same
    if (this.scale > grid.scale && this.sign() >= 0) {
      // A multiple of the grid has no digit past the grid's scale, so the digits past it
      // cannot change which multiple is the largest below.
      const cut = this.truncatedUnits(grid.scale);
      // Stryker disable next-line ConditionalExpression: forced false, the exact way floors the same
      if (!Number.isNaN(cut)) return new Dec(cut, undefined, grid.scale).floorTo(grid);
    }
    return this.minus(this.mod(grid));
  }

  /** The smallest multiple of a positive `grid` that is ≥ this (this ≥ 0). */
  ceilTo(grid: Dec): Dec {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a shortcut (this is ≥ 0 by contract); not taken, or taken at an equal scale, the exact way ceils the same
    if (this.scale > grid.scale && this.sign() >= 0 && !this.endsBy(grid.scale))
      return this.floorTo(grid).plus(grid);
    const rest = this.mod(grid);
    return rest.isZero() ? this : this.minus(rest).plus(grid);
  }

  /** Whether this (≥ 0) is a whole multiple of a positive `grid`. */
  isMultipleOf(grid: Dec): boolean {
    // A digit past the grid's scale is off every multiple of the grid.
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a shortcut (this is ≥ 0 by contract); not taken, or taken at an equal scale, the remainder tells the same
    if (this.scale > grid.scale && this.sign() >= 0 && !this.endsBy(grid.scale)) return false;
    return this.mod(grid).isZero();
  }

  /** Plain canonical text: no exponent, no trailing fractional zeros, no `-0`. */
  toString(): string {
    const n = this.small;
    if (n === 0) return '0';
    // Stryker disable next-line EqualityOperator: a zero was answered above
    const negative = this.sign() < 0;
    let digits: string;
    const long = this.long;
    if (!Number.isNaN(n)) digits = String(negative ? -n : n);
    else if (typeof long === 'string') {
      // The digits as written, without the point and the zeros that lead.
      const text = long;
      const point = text.length - this.scale - 1;
      digits = this.scale === 0 ? text : text.slice(0, point) + text.slice(point + 1);
      let start = 0;
      while (digits.charCodeAt(start) === 48) start++;
      digits = digits.slice(start);
    } else digits = (negative ? -(long as bigint) : (long as bigint)).toString();
    const body = pointedDigits(digits, this.scale);
    return negative ? `-${body}` : body;
  }

  toJSON(): string {
    return this.toString();
  }
}
