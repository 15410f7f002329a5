/**
 * The deepest nesting of objects and arrays any JSON this library reads may have, the same for
 * every reader (an order body, a ticker answer, a line of a file, an exchange-info payload, a
 * snapshot): far beyond any of them (a pair definition sits three levels down), and a fixed
 * bound, so a deeply nested text is refused the same way on every path and from any stack depth.
 *
 * @example
 * ```ts
 * parseJsonStrictly(new TextEncoder().encode('['.repeat(65) + ']'.repeat(65))).ok; // false
 * ```
 */
export const MAX_JSON_DEPTH = 64;
