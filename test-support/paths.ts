import {
  type BookPairs,
  fastCheckOrder,
  fastValidate,
  generalValidate,
  type PairLookup,
} from '../src/book/judge-order.js';
import type { OrderVerdict, RuleBook, ValidationResult } from '../src/index.js';
import { compilePair } from '../src/pair/compile-pair.js';
import type { CompiledPair } from '../src/pair/compiled-pair.js';

/**
 * A book's ways of judging taken apart, for the fast-path property test and the bench's exactness
 * run: each compares them with each other and with `validateOrder`. The pairs are compiled here,
 * from the definitions the book holds in force, as the book compiled them.
 */

const PAIRS = new WeakMap<RuleBook, BookPairs>();

/** The pairs of `book` as its judge asks for them, compiled from its definitions in force. */
export function pairsOf(book: RuleBook): BookPairs {
  let pairs = PAIRS.get(book);
  if (pairs !== undefined) return pairs;
  const compiled = new Map<string, CompiledPair | undefined>();
  const known = (symbol: string): CompiledPair | undefined => {
    if (!compiled.has(symbol)) {
      const definition = book.definition(symbol);
      compiled.set(symbol, definition === undefined ? undefined : compilePair(definition));
    }
    return compiled.get(symbol);
  };
  const lookup = (symbol: string): PairLookup => {
    const pair = known(symbol);
    if (pair !== undefined) return { kind: 'known', pair };
    const rejected = [...book.rejected].reverse().find((r) => r.symbol === symbol);
    return rejected === undefined ? { kind: 'unknown' } : { kind: 'rejected', rejected };
  };
  pairs = { fast: (symbol) => known(symbol)?.fast, lookup };
  PAIRS.set(book, pairs);
  return pairs;
}

/** The compiled pair of `symbol` in `book`, or undefined when it has none. */
export function compiledPairOf(book: RuleBook, symbol: string): CompiledPair | undefined {
  const lookup = pairsOf(book).lookup(symbol);
  return lookup.kind === 'known' ? lookup.pair : undefined;
}

/** The general way alone, bypassing the fast ways: the reference for them. */
export function generalPath(book: RuleBook): (order: unknown, context: unknown) => ValidationResult {
  return (order, context) => generalValidate(pairsOf(book), order, context);
}

/** The fast ways alone: their verdict, or `undefined` where the order is judged the general way. */
export function fastOnly(book: RuleBook): (order: unknown, context: unknown) => ValidationResult | undefined {
  return (order, context) => fastValidate(pairsOf(book).fast, order, context);
}

/** The fast ways' `checkOrder` alone: the shared verdict, or `undefined` where the order is judged otherwise. */
export function fastVerdictOnly(
  book: RuleBook,
): (order: unknown, context: unknown) => OrderVerdict | undefined {
  return (order, context) => fastCheckOrder(pairsOf(book).fast, order, context);
}
