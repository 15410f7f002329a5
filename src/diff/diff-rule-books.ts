import { assertRuleBookArgument } from '../book/book-argument.js';
import { RuleBook } from '../book/rule-book.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeThrown } from '../errors/preflight-error.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { canonicalDefinition } from '../snapshot/write-snapshot.js';
import { runSteps, type Steps } from '../steps/steps.js';
import { compareDefinitions, type FieldChange } from './compare-definitions.js';
import { diffRejected, type RejectedChanges } from './diff-rejected.js';

/**
 * The fields that changed for one pair listed in both books, in definition order.
 *
 * @example
 * ```ts
 * // { symbol: 'BTCUSDT', changes: [{ field: 'tickSize', before: '0.01', after: '0.1' }] }
 * ```
 */
export interface SymbolChanges {
  readonly symbol: string;
  readonly changes: readonly FieldChange[];
}

/**
 * What changed from one rule book to the next, as data. Pairs are matched by symbol; every list
 * is sorted by symbol (code-unit order, the same on every machine).
 *
 * `added`, `removed` and `changed` are about usable definitions, the ones orders are checked
 * against; `rejected` is about the definitions set aside. A pair whose definition breaks is thus
 * both `removed` and in `rejected.added` (and the reverse when it is repaired).
 *
 * `serverTime` and `fetchedAt` are not compared: they differ on every fetch, and both books
 * carry them.
 *
 * @example
 * ```ts
 * const diff = diffRuleBooks(yesterday, today);
 * for (const { symbol, changes } of diff.changed)
 *   for (const change of changes) console.log(symbol, change.field, change.before, '->', change.after);
 * ```
 */
export interface RuleBookDiff {
  /** True when nothing below changed. */
  readonly isEmpty: boolean;
  /** Pairs usable only in the second book, with their definitions. */
  readonly added: readonly PairDefinition[];
  /** Pairs usable only in the first book, with their last definitions. */
  readonly removed: readonly PairDefinition[];
  /** Pairs usable in both whose definitions differ. */
  readonly changed: readonly SymbolChanges[];
  /** Changes in the definitions set aside. */
  readonly rejected: RejectedChanges;
  /** The exchange's time zone, when it changed; `null` when it did not. */
  readonly timezone: { readonly before: string; readonly after: string } | null;
}

/**
 * Lists what changed from rule book `before` to rule book `after`: pairs added and removed,
 * each changed field of each pair with its old and new value (a `tickSize` that moved,
 * `enableTrade` flipped, a ratio tightened), and definitions newly set aside or recovered.
 * Decimals compare by value (`'0.10'` is `'0.1'`). Identical books give an empty diff.
 *
 * @throws {InvalidArgumentError} when `before` or `after` is not a rule book (a look-alike, a
 *   proxy): never the caller's own exception or a `TypeError`.
 * @example
 * ```ts
 * import { diffRuleBooks, formatRuleBookDiff } from 'order-preflight';
 * const diff = diffRuleBooks(previous, next);
 * if (!diff.isEmpty) log.info(formatRuleBookDiff(diff));
 * diff.changed.find((c) => c.symbol === 'BTCUSDT')?.changes; // [{ field: 'tickSize', before: '0.01', after: '0.1' }]
 * ```
 */
export function diffRuleBooks(before: RuleBook, after: RuleBook): RuleBookDiff {
  return runSteps(diffRuleBooksSteps(before, after));
}

/**
 * {@link diffRuleBooks} as steps, one symbol compared per step: the one implementation, run
 * whole by `diffRuleBooks` and a slice at a time by the rule-book source (for 20,000 pairs the
 * whole diff is one block of about a hundred ms; `npm run bench:refresh` prints the longest stall).
 *
 * @internal
 * @throws {InvalidArgumentError} as `diffRuleBooks` does.
 * @example
 * ```ts
 * const diff = await slicer.run(diffRuleBooksSteps(previous, next));
 * ```
 */
export function* diffRuleBooksSteps(before: RuleBook, after: RuleBook): Steps<RuleBookDiff> {
  assertRuleBookArgument(before, 'before', 'definition', RuleBook);
  assertRuleBookArgument(after, 'after', 'definition', RuleBook);
  const added: PairDefinition[] = [];
  const removed: PairDefinition[] = [];
  const changed: SymbolChanges[] = [];
  const x = sortedSymbolsOf(before, 'before');
  yield;
  const y = sortedSymbolsOf(after, 'after');
  yield;
  // A merge of the two sorted lists walks every usable symbol of either book once, in order.
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    const left = x[i];
    const right = y[j];
    const symbol = right === undefined || (left !== undefined && left < right) ? left! : right;
    if (symbol === left) i++;
    if (symbol === right) j++;
    const a = read(before, 'before', (b) => b.definition(symbol));
    const b = read(after, 'after', (b) => b.definition(symbol));
    if (a === undefined && b !== undefined) added.push(read(after, 'after', () => canonicalDefinition(b)));
    else if (a !== undefined && b === undefined)
      removed.push(read(before, 'before', () => canonicalDefinition(a)));
    else if (a !== undefined && b !== undefined) {
      const changes = read(before, 'before', () => compareDefinitions(a, b));
      if (changes.length > 0) changed.push({ symbol, changes });
    }
    yield;
  }
  const rejected = read(before, 'before', () =>
    diffRejected(
      read(before, 'before', (b) => b.rejected),
      read(after, 'after', (b) => b.rejected),
    ),
  );
  const timezoneBefore = read(before, 'before', (b) => b.timezone);
  const timezoneAfter = read(after, 'after', (b) => b.timezone);
  return assembleDiff(added, removed, changed, rejected, timezoneBefore, timezoneAfter);
}

/** The diff from its parts: the one place `timezone` and `isEmpty` are worked out. */
function assembleDiff(
  added: PairDefinition[],
  removed: PairDefinition[],
  changed: SymbolChanges[],
  rejected: RejectedChanges,
  timezoneBefore: string,
  timezoneAfter: string,
): RuleBookDiff {
  const timezone = timezoneBefore === timezoneAfter ? null : { before: timezoneBefore, after: timezoneAfter };
  const isEmpty =
    added.length === 0 &&
    removed.length === 0 &&
    changed.length === 0 &&
    rejected.added.length === 0 &&
    rejected.removed.length === 0 &&
    timezone === null;
  return { isEmpty, added, removed, changed, rejected, timezone };
}

/**
 * `get(book)`, with what it throws reported as ours: only a value that is not one of our rule
 * books (a look-alike whose getters throw, a proxy, a revoked proxy) can throw here.
 */
function read<T>(book: RuleBook, argument: 'before' | 'after', get: (book: RuleBook) => T): T {
  try {
    return get(book);
  } catch (error) {
    throw new InvalidArgumentError(
      argument,
      `is not a rule book that can be read (${describeThrown(error)})`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Each book's usable symbols in code-unit order, kept while the book lives: a refreshing source
 * diffs every book twice (as the new one, then as the old one), and sorting 20,000 symbols is
 * itself a few milliseconds of one block.
 */
const SORTED_SYMBOLS = new WeakMap<RuleBook, readonly string[]>();

/**
 * A book's usable symbols, each once, each a string (so that sorting them runs nothing of the
 * caller's), in code-unit order (locale-independent).
 */
function sortedSymbolsOf(book: RuleBook, argument: 'before' | 'after'): readonly string[] {
  return read(book, argument, (b) => {
    // Only a book of ours is known to keep its symbols, distinct strings (the keys of its map);
    // a look-alike's are read afresh each time, and checked.
    if (!(b instanceof RuleBook)) return byCodeUnit(distinctStrings(b, argument));
    let sorted = SORTED_SYMBOLS.get(b);
    if (sorted === undefined) {
      sorted = byCodeUnit(b.symbols);
      SORTED_SYMBOLS.set(b, sorted);
    }
    return sorted;
  });
}

function distinctStrings(lookAlike: { readonly symbols: Iterable<unknown> }, argument: string): string[] {
  const symbols = [...new Set(lookAlike.symbols)];
  for (const symbol of symbols)
    if (typeof symbol !== 'string')
      throw new TypeError(`a symbol that is not a string in ${argument}.symbols`);
  return symbols as string[];
}

/** Sorted in code-unit order (locale-independent), in place. */
function byCodeUnit(symbols: string[]): string[] {
  return symbols.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}
