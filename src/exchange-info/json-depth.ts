/**
 * The deepest nesting of objects and lists a JSON text may have: far beyond any exchange-info
 * payload (a pair definition sits three levels down), and far below where the recursive lossless
 * parser would overflow the stack (about 5,000 levels, depending on the stack already in use). A
 * fixed bound refuses a deeply nested body the same way on every path and from any stack depth.
 *
 * @example
 * ```ts
 * scanJsonText(text, Number.POSITIVE_INFINITY, MAX_JSON_DEPTH).tooDeep; // true past the bound
 * ```
 */
export const MAX_JSON_DEPTH = 512;
