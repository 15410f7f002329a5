/**
 * The deepest nesting of objects and lists a JSON text may have: far beyond any exchange-info
 * payload (a pair definition sits three levels down), and far below where the recursive lossless
 * parser would overflow the stack (about 5,000 levels, depending on the stack already in use). A
 * fixed bound refuses a deeply nested body the same way on every path and from any stack depth.
 *
 * @example
 * ```ts
 * nestingDepthOver('[[1]]', MAX_JSON_DEPTH); // false
 * ```
 */
export const MAX_JSON_DEPTH = 512;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * True when some point of `text` lies inside more than `max` objects and lists, counted in one
 * linear pass that skips strings whole and stops at the first level too many. Not a validator:
 * text that is not JSON is left to the parser.
 *
 * @example
 * ```ts
 * nestingDepthOver('{"a":[{}]}', 2); // true: the innermost object is three levels down
 * ```
 */
export function nestingDepthOver(text: string, max: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i === -1) return false; // an open string: the parser refuses it
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** Where the string opening at `start` closes, or -1: found with `indexOf`, which is far faster than a loop. */
function closingQuote(text: string, start: number): number {
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
