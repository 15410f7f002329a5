/**
 * The one scanner of JSON tokens: what a string token, a number token, white space and nesting
 * look like, without parsing anything. The skeleton read of a large body (`json-skeleton.ts`)
 * is built on it; the JSON reader (`json-byte-reader.ts`) takes its alphabet from it. Not a validator: text that is not JSON is
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
