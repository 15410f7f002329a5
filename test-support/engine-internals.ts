import {
  type BookPairs,
  checkWith,
  countQuantity,
  judgeRead,
  type PairLookup,
  validateWith,
} from '../src/book/judge-order.js';
import type { OrderVerdict, RuleBook, ValidationResult, Violation } from '../src/index.js';
import { type FastOrder, newFastOrder } from '../src/order/fast-order.js';
import { CONTEXT_FIELDS, ORDER_FIELDS } from '../src/order/order-fields.js';
import type { ParsedContext, ParsedOrder } from '../src/order/parsed-order.js';
import { readGenerally } from '../src/order/read-generally.js';
import { readFields, readOrder, readOrderGenerally } from '../src/order/read-order.js';
import { compilePair } from '../src/pair/compile-pair.js';
import type { CompiledPair, FastPair } from '../src/pair/compiled-pair.js';

/**
 * The engine taken apart, for the tests, the properties and the bench's exactness run: the one
 * entry through which they reach the judge's ways and the reader's parts one at a time. Each is
 * made here from what the engine itself runs, so that no module of `src/` holds code only tests
 * call (and none of it can enter the published package, which is built from `src/`'s entries).
 *
 * - a book's ways of judging apart: the general way alone ({@link generalPath}), the fast ways
 *   alone ({@link fastOnly}, {@link fastVerdictOnly}), each compared with `validateOrder`;
 * - what the fast reading reads, as the rules' fast forms receive it ({@link readForRules});
 * - an order or a context read the general way on its own ({@link checkOrderShape},
 *   {@link checkContextShape}).
 *
 * The pairs are compiled here, from the definitions the book holds in force, as the book
 * compiled them.
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
  pairs = {
    fast: (symbol) => known(symbol)?.fast,
    lookup,
    clientOrderIds: book.clientOrderIds,
  };
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
  const pairs = pairsOf(book);
  return (order, context) =>
    judgeRead(pairs, readOrderGenerally(order, context, pairs.clientOrderIds)).result;
}

/** The fast ways alone: their verdict, or `undefined` where the order is judged the general way. */
export function fastOnly(book: RuleBook): (order: unknown, context: unknown) => ValidationResult | undefined {
  return fastWaysOf(book, validateWith);
}

/** The fast ways' `checkOrder` alone: the shared verdict, or `undefined` where the order is judged otherwise. */
export function fastVerdictOnly(
  book: RuleBook,
): (order: unknown, context: unknown) => OrderVerdict | undefined {
  return fastWaysOf(book, checkWith);
}

/**
 * `judge` (the engine's own `validateOrder` or `checkOrder`) on `book`'s pairs, watched: the fast
 * ways ask the pairs for `fast` alone, and the general way looks its symbol up through `lookup`
 * (`BookPairs` says so), so an order the fast ways were asked for and no lookup followed was
 * judged by them. test/book/engine-internals.test.ts holds this on orders of each way.
 */
function fastWaysOf<T>(
  book: RuleBook,
  judge: (pairs: BookPairs, order: unknown, context: unknown) => T,
): (order: unknown, context: unknown) => T | undefined {
  const pairs = pairsOf(book);
  let asked = false;
  let lookedUp = false;
  const watched: BookPairs = {
    fast: (symbol) => {
      asked = true;
      return pairs.fast(symbol);
    },
    lookup: (symbol) => {
      lookedUp = true;
      return pairs.lookup(symbol);
    },
    ...(pairs.clientOrderIds === undefined ? {} : { clientOrderIds: pairs.clientOrderIds }),
  };
  return (order, context) => {
    asked = false;
    lookedUp = false;
    const answer = judge(watched, order, context);
    return asked && !lookedUp ? answer : undefined;
  };
}

/**
 * What the fast reading reads of a well-formed order and its context for `pair`, as the rules'
 * fast forms receive it (the quantity counted in the pair's unit), or `undefined` where the order
 * is judged otherwise (not read the fast way, or past safe integers).
 */
export function readForRules(
  pair: FastPair,
  order: Readonly<Record<string, unknown>>,
  context: Readonly<Record<string, unknown>> = {},
): FastOrder | undefined {
  const read = newFastOrder();
  const reading = readOrder({ ...order, symbol: pair.pair.symbol }, { ...context }, read);
  return reading === read && !read.long && countQuantity(pair, read) ? read : undefined;
}

/** An order read the general way on its own, as the rules receive it. */
export function checkOrderShape(raw: unknown): { order: ParsedOrder; violations: Violation[] } {
  const { order, violations } = readGenerally(readFields(raw, ORDER_FIELDS), {
    kind: 'absent',
    description: 'none',
  });
  return { order, violations };
}

const CONTEXT_FAULTS: ReadonlySet<string> = new Set(['context', ...CONTEXT_FIELDS]);

/** A context read the general way on its own, as the rules receive it. */
export function checkContextShape(raw: unknown): { context: ParsedContext; violations: Violation[] } {
  const reading = readGenerally({ kind: 'fields', fields: {} }, readFields(raw, CONTEXT_FIELDS));
  // The order read here is empty: only the context's own faults are its shape's.
  const violations = reading.violations.filter((v) => CONTEXT_FAULTS.has(v.field));
  return { context: reading.context, violations };
}
