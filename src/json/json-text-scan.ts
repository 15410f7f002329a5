/**
 * The one scanner of JSON tokens: what a string token, a number token, white space and nesting
 * look like, without parsing anything. The lossless text reader's checks before parsing
 * ({@link scanJsonText}: oversized values and nesting depth, in one pass) and the skeleton read
 * of a large body (`json-skeleton.ts`) are built on it; the strict reader of UTF-8 bytes
 * (`json-byte-reader.ts`) takes its alphabet from it. Not a validator: text that is not JSON is
 * left to the parser, which says what is wrong.
 */

/**
 * The code units JSON's structure is written with; all ASCII, so they mean the same in a string
 * (UTF-16) and in UTF-8 bytes, where no byte of a multi-byte character is below 0x80.
 */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

/**
 * Whether `c` is JSON white space (RFC 8259 §2).
 *
 * @example `isJsonWhitespace(0x20) // true`
 */
export function isJsonWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * The first index from `at` that is not JSON white space.
 *
 * @example `skipJsonWhitespace(' \n{', 0) // 2`
 */
export function skipJsonWhitespace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isJsonWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Where the JSON string that opens at `start` closes (the index of its closing quote), or -1
 * when it never closes. Found with `indexOf`, far faster than a loop over every character.
 *
 * @example `closingQuote('"a\\"b"', 0) // 5`
 */
export function closingQuote(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return -1;
    let backslashes = 0;
    for (let b = quote - 1; b > start && text.charCodeAt(b) === BACKSLASH; b--) backslashes++;
    if ((backslashes & 1) === 0) return quote;
    from = quote + 1;
  }
}

/**
 * Where an unclosed string opening at `start` would close: just past the end of the text, one
 * further when the text ends in a backslash that escapes what would come next.
 */
function unclosedEnd(text: string, start: number): number {
  let backslashes = 0;
  for (let b = text.length - 1; b > start && text.charCodeAt(b) === BACKSLASH; b--) backslashes++;
  return text.length + (backslashes & 1);
}

/** Digits, sign, point and exponent: what a JSON number is written with. */
function isNumberUnit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}

/** Whether a number token starts with `c`. */
function startsNumber(c: number): boolean {
  return c === 0x2d || (c >= 0x30 && c <= 0x39);
}

/**
 * A string or number token: `[start, end)`, quotes included for a string.
 *
 * @example
 * ```ts
 * const token: JsonToken = { kind: 'string', start: 0, end: 1026 };
 * ```
 */
export interface JsonToken {
  readonly kind: 'string' | 'number';
  readonly start: number;
  readonly end: number;
}

/**
 * What {@link scanJsonText} found.
 *
 * @example
 * ```ts
 * const { overLong, tooDeep }: JsonTextScan = scanJsonText(text, 1024, 512);
 * ```
 */
export interface JsonTextScan {
  /** Every string or number token longer than the bound, in text order (none once `tooDeep`). */
  readonly overLong: readonly JsonToken[];
  /**
   * True when some point lies inside more objects and lists than the bound, once each over-long
   * token counts as the one-level object a reader puts in its place.
   */
  readonly tooDeep: boolean;
}

/**
 * One linear pass over `text`: each string or number token longer than `maxValueLength`
 * characters (a string's own characters as written, quotes excluded), and whether the nesting
 * passes `maxDepth`, counting each such token as one more level (a reader replaces it with a
 * small object). The pass stops at the first level too many. A string that never closes runs
 * to the end of the text.
 *
 * @example
 * ```ts
 * scanJsonText('{"a":[[1]]}', 1024, 2).tooDeep; // true
 * scanJsonText('["abc", 12345]', 3, 512).overLong; // [{ kind: 'number', start: 8, end: 13 }]
 * ```
 */
export function scanJsonText(text: string, maxValueLength: number, maxDepth: number): JsonTextScan {
  const overLong: JsonToken[] = [];
  let depth = 0;
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      const close = closingQuote(text, start);
      const end = close === -1 ? length : close + 1;
      const characters = (close === -1 ? unclosedEnd(text, start) : close) - start - 1;
      if (characters > maxValueLength) {
        if (depth + 1 > maxDepth) return { overLong: [], tooDeep: true };
        overLong.push({ kind: 'string', start, end });
      }
      i = end;
    } else if (startsNumber(c)) {
      const start = i;
      while (i < length && isNumberUnit(text.charCodeAt(i))) i++;
      if (i - start > maxValueLength) {
        if (depth + 1 > maxDepth) return { overLong: [], tooDeep: true };
        overLong.push({ kind: 'number', start, end: i });
      }
    } else {
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++depth > maxDepth) return { overLong: [], tooDeep: true };
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
      i++;
    }
  }
  return { overLong, tooDeep: false };
}
