import { scanJsonText } from '../json/json-text-scan.js';

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

/**
 * True when some point of `text` lies inside more than `max` objects and lists, counted in one
 * linear pass (the JSON text scanner's) that skips strings whole and stops at the first level
 * too many. Not a validator: text that is not JSON is left to the parser.
 *
 * @example
 * ```ts
 * nestingDepthOver('{"a":[{}]}', 2); // true: the innermost object is three levels down
 * ```
 */
export function nestingDepthOver(text: string, max: number): boolean {
  return scanJsonText(text, Number.POSITIVE_INFINITY, max).tooDeep;
}
