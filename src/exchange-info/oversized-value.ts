/**
 * The longest string or number an exchange-info payload may hold, in characters: far above any
 * real symbol, asset or decimal (names are capped at 1 KiB, decimals at 256 characters), and
 * small enough that a hostile payload cannot make the lossless parser, which copies every value
 * into objects, amplify one huge field into gigabytes (README, "Reliability").
 */
export const MAX_PAYLOAD_VALUE_LENGTH = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The first string or number token longer than `max` characters, found in one linear pass over
 * the text before anything is parsed. Not a validator: text that is not JSON is left to the
 * parser.
 */
export function firstValueOver(
  text: string,
  max: number,
): { readonly kind: 'string' | 'number'; readonly at: number } | undefined {
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      i++;
      while (i < length) {
        const inner = text.charCodeAt(i);
        if (inner === QUOTE) break;
        i += inner === BACKSLASH ? 2 : 1;
        if (i - start - 1 > max) return { kind: 'string', at: start };
      }
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      while (i < length && isNumberChar(text.charCodeAt(i))) i++;
      if (i - start > max) return { kind: 'number', at: start };
    } else i++;
  }
  return undefined;
}

/** Digits, sign, point and exponent: what a JSON number is written with. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}
