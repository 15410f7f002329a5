import { isDigitCode, MAX_DECIMAL_INPUT_LENGTH } from '../decimal/decimal-grammar.js';
import { POW10 } from '../decimal/safe-integers.js';

/**
 * Reading an order's decimals as safe integers, for the fast forms of the rules: the units of a
 * plain positive decimal at its own scale, without making a `Dec` or any other object. What
 * does not fit (another notation, more than 15 significant digits) is not read (the readers
 * answer false), and the general path judges that order.
 *
 * The shape read is `isPlainPositiveDecimal`'s (decimal/decimal-grammar.ts, its length cap
 * included). It is scanned here inline, with the grammar's `isDigitCode`, because the units are
 * gathered in the same pass, with no object made; test/decimal/decimal-grammar.test.ts holds
 * these loops to the grammar, text by text. 48 is `0` and 46 the point, written as literals so that no constant is loaded per
 * character.
 */

/**
 * The value last read: its units, its scale and its written places (and, for a text that was
 * not read, whether it is long: see {@link wasLong}). The readers answer only
 * whether they read, and leave the value here, because a number past 2^31 returned from a call
 * V8 does not inline is boxed on the heap: returning the units made a passing order with a long
 * notional limit allocate. `units` starts as a double so that its field stays one. Places count
 * trailing zeros: precision is judged on the text as sent.
 */
export const lastRead = { units: Number.NaN, scale: 0, places: 0, long: false };

/**
 * After a text was found long ({@link wasLong}): its written scale (the places after its point,
 * trailing zeros included, as `Dec.parse` counts them) when its digits from the first that is not
 * 0 are 17 or more, so that its units pass 2^53 (`Dec.ofLongText` then takes the text as scanned
 * here, with no second scan); -1 when they may not (16 such digits, or a long run of decimals with
 * few digits), and `Dec.parse` reads it.
 */
export const longRead = { scale: -1 };

/**
 * Reads plain positive decimal text into `lastRead`: its units, a positive safe integer at its
 * own scale (its significant decimals). False when the text is not plain positive notation or
 * has more than 15 significant digits or decimals; in that last case (a text of 16 characters
 * or more) it sets `lastRead.long` (see {@link wasLong}).
 */
export function readUnits(text: string): boolean {
  const length = text.length;
  // Up to 15 characters (nearly every price and quantity) there are at most 15 digits, so the
  // units need no digit count; longer text takes the careful reading, which also says whether
  // text it does not read is long (see `wasLong`).
  if (length > 15 || length === 0) return readLongUnits(text);
  const first = text.charCodeAt(0);
  if (!isDigitCode(first)) return false;
  let units = first - 48;
  let i = 1;
  if (units === 0) {
    // Only "0" itself or "0." may start with a zero.
    if (length === 1) return false;
  } else {
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (!isDigitCode(code)) break;
      units = units * 10 + (code - 48);
    }
    if (i === length) {
      lastRead.units = units;
      lastRead.scale = 0;
      lastRead.places = 0;
      return true;
    }
  }
  const point = i;
  if (text.charCodeAt(point) !== 46 || point === length - 1) return false;
  for (i = point + 1; i < length; i++) {
    const code = text.charCodeAt(i);
    if (!isDigitCode(code)) return false;
    units = units * 10 + (code - 48);
  }
  if (units === 0) return false;
  let scale = length - point - 1;
  lastRead.places = scale;
  // Trailing zeros are written places, not significant ones: units a multiple of ten divide
  // by ten exactly.
  while (text.charCodeAt(point + scale) === 48) {
    units /= 10;
    scale--;
  }
  lastRead.units = units;
  lastRead.scale = scale;
  return true;
}

/** {@link readUnits} for text of any length: digits are counted as they are read. */
function readLongUnits(text: string): boolean {
  lastRead.long = false;
  const length = text.length;
  if (length === 0 || length > MAX_DECIMAL_INPUT_LENGTH) return false;
  let i = 0;
  let units = 0;
  let digits = 0;
  let c = text.charCodeAt(0);
  if (c === 48) {
    i = 1;
  } else {
    while (i < length) {
      c = text.charCodeAt(i);
      if (!isDigitCode(c)) break;
      units = units * 10 + (c - 48);
      if (++digits > 15) return readLongRest(text, i + 1, -1, digits);
      i++;
    }
    if (i === 0) return false;
  }
  let decimals = 0;
  if (i < length) {
    if (text.charCodeAt(i) !== 46 || i === length - 1) return false;
    const point = i;
    // One pass: zeros wait until a later digit shows they are not trailing.
    let zeros = 0;
    for (i = point + 1; i < length; i++) {
      c = text.charCodeAt(i);
      if (c === 48) {
        zeros++;
        continue;
      }
      if (!isDigitCode(c)) return false;
      if (units === 0) {
        units = c - 48;
        digits = 1;
      } else {
        digits += zeros + 1;
        if (digits > 15) return readLongRest(text, i + 1, point, digits);
        units = units * (POW10[zeros + 1] as number) + (c - 48);
      }
      decimals = i - point;
      zeros = 0;
    }
    if (decimals > 15) {
      // Plain and positive (a digit other than 0 ends it), but too fine for safe integers.
      lastRead.long = true;
      longRead.scale = -1;
      return false;
    }
    lastRead.places = length - point - 1;
  } else lastRead.places = 0;
  if (units === 0) return false;
  lastRead.units = units;
  lastRead.scale = decimals;
  return true;
}

/**
 * The rest of a text from `i` on, once it has more than 15 significant digits (`digits` of them
 * up to `i`, and its point at `pointAt`, or -1 when none came yet): `lastRead.long` is set when
 * it stays plain notation (digits, and one point, not last), with {@link longRead}; false either
 * way, since such a text is not read into safe integers.
 */
function readLongRest(text: string, i: number, pointAt: number, digits: number): false {
  const length = text.length;
  let point = pointAt;
  let count = digits;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (point !== -1 || i === length - 1) return false;
      point = i;
    } else if (!isDigitCode(c)) return false;
    else count++;
  }
  lastRead.long = true;
  // 17 digits or more from the first that is not 0 are units of at least 10^16, past 2^53.
  longRead.scale = count > 16 ? (point === -1 ? 0 : length - point - 1) : -1;
  return false;
}

/**
 * Reads a finite JS number into `lastRead` exactly as `readUnits(String(n))` would, without
 * making the string. The shortest decimal that converts back to `n` is what `String(n)` prints;
 * below 2^52 units at most one decimal per scale converts back, and it is the floor or the
 * ceiling of `n × 10^scale`, so trying both at each scale from 0 up finds exactly that decimal.
 * Outside [1e-6, 1e15), where `String(n)` uses an exponent or more than 15 digits, it answers
 * false.
 */
export function readNumber(n: number): boolean {
  if (!(n >= 1e-6 && n < 1e15)) return false;
  for (let scale = 0; scale <= 15; scale++) {
    const power = POW10[scale] as number;
    const scaled = n * power;
    if (scaled >= 1e15) return false;
    const low = Math.floor(scaled);
    const units = low / power === n ? low : (low + 1) / power === n ? low + 1 : -1;
    if (units === -1) continue;
    if (units === 0) return false;
    // String(n) prints exactly this decimal, so its places are the scale.
    lastRead.units = units;
    lastRead.scale = scale;
    lastRead.places = scale;
    return true;
  }
  return false;
}

/**
 * Reads a decimal field into `lastRead`, whether a string or a number; false when not read
 * (then {@link wasLong} tells a long decimal from one that is not plain at all).
 */
export function readDecimalUnits(value: unknown): boolean {
  if (typeof value === 'string') return readUnits(value);
  if (typeof value === 'number') return readNumber(value);
  return false;
}

/**
 * After {@link readDecimalUnits} answered false for `value`: whether it is a positive decimal in
 * plain notation all the same, as the exchange would receive it (a string of more than 15
 * significant digits or decimals, a number whose `String(n)` is one). The exact checks judge such
 * a value.
 */
export function wasLong(value: unknown): boolean {
  // Only a text of 16 characters or more can be long, and its (careful) reading said whether it is.
  if (typeof value === 'string') return value.length > 15 && lastRead.long;
  // From 1e-6 up to 1e21, String(n) is plain notation.
  return typeof value === 'number' && value >= 1e-6 && value < 1e21;
}
