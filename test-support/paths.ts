import { fastCheckOrder, fastValidate } from '../src/book/fast-pass.js';
import { compiledPairOf } from '../src/book/rule-book.js';
import type { PairLookup } from '../src/book/symbol-known.js';
import { validateWith } from '../src/book/validate.js';
import type { OrderVerdict, RuleBook, ValidationResult } from '../src/index.js';

/**
 * A book's two paths taken apart, for the fast-path property test and the bench's exactness run:
 * each compares them with each other and with `validateOrder`.
 */

/** The general path alone, bypassing the fast path: the reference for it. */
export function generalPath(book: RuleBook): (order: unknown, context: unknown) => ValidationResult {
  const lookup = (symbol: string): PairLookup => {
    const pair = compiledPairOf(book, symbol);
    return pair === undefined ? { kind: 'unknown' } : { kind: 'known', pair };
  };
  return (order, context) => validateWith(lookup, order, context);
}

/** The fast path alone: its verdict, or `undefined` where it hands the order to the general path. */
export function fastOnly(book: RuleBook): (order: unknown, context: unknown) => ValidationResult | undefined {
  return (order, context) => fastValidate((symbol) => compiledPairOf(book, symbol)?.fast, order, context);
}

/** The fast path's `checkOrder` alone: its shared verdict, or `undefined` where it hands the order on. */
export function fastVerdictOnly(
  book: RuleBook,
): (order: unknown, context: unknown) => OrderVerdict | undefined {
  return (order, context) => fastCheckOrder((symbol) => compiledPairOf(book, symbol)?.fast, order, context);
}
