import { POW10 } from '../decimal/safe-integers.js';

/**
 * Reading an order's decimals as safe integers, for the fast forms of the rules: the units of a
 * plain positive decimal at its own scale, without making a `Dec` or any other object. What
 * does not fit (another notation, more than 15 significant digits) reads as NOT_SURE, and the
 * general path judges that order.
 */

export const NOT_SURE = -1;

/**
 * The scale and the written decimal places of the value last read (kept outside the returned
 * number so that reading allocates nothing). Places count trailing zeros: precision is judged
 * on the text as sent.
 */
export const lastRead = { scale: 0, places: 0 };

/**
 * Units of plain positive decimal text at its own scale (its significant decimals, left in
 * `lastRead.scale`): a positive safe integer, or NOT_SURE when the text is not plain positive
 * notation or has more than 15 significant digits.
 */
export function readUnits(text: string): number {
  const length = text.length;
  // Up to 16 characters (nearly every price and quantity) there are at most 15 digits once a
  // point is written, so the units need no digit count; longer text takes the careful reading.
  if (length > 16 || length === 0) return readLongUnits(text);
  let units = text.charCodeAt(0) - 48;
  if (units >>> 0 > 9) return NOT_SURE;
  let i = 1;
  if (units === 0) {
    // Only "0" itself or "0." may start with a zero.
    if (length === 1) return NOT_SURE;
  } else {
    for (; i < length; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit >>> 0 > 9) break;
      units = units * 10 + digit;
    }
    if (i === length) {
      if (length === 16) return readLongUnits(text);
      lastRead.scale = 0;
      lastRead.places = 0;
      return units;
    }
  }
  const point = i;
  if (text.charCodeAt(point) !== 46 || point === length - 1) return NOT_SURE;
  for (i = point + 1; i < length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit >>> 0 > 9) return NOT_SURE;
    units = units * 10 + digit;
  }
  if (units === 0) return NOT_SURE;
  let scale = length - point - 1;
  lastRead.places = scale;
  // Trailing zeros are written places, not significant ones: units a multiple of ten divide
  // by ten exactly.
  while (text.charCodeAt(point + scale) === 48) {
    units /= 10;
    scale--;
  }
  lastRead.scale = scale;
  return units;
}

/** {@link readUnits} for text of any length: digits are counted as they are read. */
function readLongUnits(text: string): number {
  const length = text.length;
  if (length === 0 || length > 64) return NOT_SURE;
  let i = 0;
  let units = 0;
  let digits = 0;
  let c = text.charCodeAt(0);
  if (c === 48) {
    i = 1;
  } else {
    while (i < length) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      units = units * 10 + (c - 48);
      if (++digits > 15) return NOT_SURE;
      i++;
    }
    if (i === 0) return NOT_SURE;
  }
  let decimals = 0;
  if (i < length) {
    if (text.charCodeAt(i) !== 46 || i === length - 1) return NOT_SURE;
    const point = i;
    // One pass: zeros wait until a later digit shows they are not trailing.
    let zeros = 0;
    for (i = point + 1; i < length; i++) {
      c = text.charCodeAt(i);
      if (c === 48) {
        zeros++;
        continue;
      }
      if (c < 49 || c > 57) return NOT_SURE;
      if (units === 0) {
        units = c - 48;
        digits = 1;
      } else {
        digits += zeros + 1;
        if (digits > 15) return NOT_SURE;
        units = units * (POW10[zeros + 1] as number) + (c - 48);
      }
      decimals = i - point;
      zeros = 0;
    }
    if (decimals > 15) return NOT_SURE;
    lastRead.places = length - point - 1;
  } else lastRead.places = 0;
  if (units === 0) return NOT_SURE;
  lastRead.scale = decimals;
  return units;
}

/**
 * Units of a finite JS number exactly as `readUnits(String(n))` would read them, without making
 * the string. The shortest decimal that converts back to `n` is what `String(n)` prints; below
 * 2^52 units at most one decimal per scale converts back, and it is the floor or the ceiling of
 * `n × 10^scale`, so trying both at each scale from 0 up finds exactly that decimal. Outside
 * [1e-6, 1e15), where `String(n)` uses an exponent or more than 15 digits, it answers NOT_SURE.
 */
export function readNumber(n: number): number {
  if (!(n >= 1e-6 && n < 1e15)) return NOT_SURE;
  for (let scale = 0; scale <= 15; scale++) {
    const power = POW10[scale] as number;
    const scaled = n * power;
    if (scaled >= 1e15) return NOT_SURE;
    const low = Math.floor(scaled);
    // String(n) prints exactly this decimal, so its places are the scale.
    if (low / power === n) {
      lastRead.scale = scale;
      lastRead.places = scale;
      return low === 0 ? NOT_SURE : low;
    }
    const high = low + 1;
    if (high / power === n) {
      lastRead.scale = scale;
      lastRead.places = scale;
      return high;
    }
  }
  return NOT_SURE;
}

/** A decimal field's units (scale and places in `lastRead`), whether a string or a number. */
export function readDecimalUnits(value: unknown): number {
  if (typeof value === 'string') return readUnits(value);
  if (typeof value === 'number') return readNumber(value);
  return NOT_SURE;
}
