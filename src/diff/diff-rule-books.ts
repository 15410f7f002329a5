import type { RuleBook } from '../book/rule-book.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeThrown } from '../errors/preflight-error.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { canonicalDefinition } from '../snapshot/write-snapshot.js';
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
  const added: PairDefinition[] = [];
  const removed: PairDefinition[] = [];
  const changed: SymbolChanges[] = [];
  const symbols = sortedSymbols(symbolsOf(before, 'before'), symbolsOf(after, 'after'));
  for (const symbol of symbols) {
    const a = read(before, 'before', (b) => b.definition(symbol));
    const b = read(after, 'after', (b) => b.definition(symbol));
    if (a === undefined && b !== undefined) added.push(read(after, 'after', () => canonicalDefinition(b)));
    else if (a !== undefined && b === undefined)
      removed.push(read(before, 'before', () => canonicalDefinition(a)));
    else if (a !== undefined && b !== undefined) {
      const changes = read(before, 'before', () => compareDefinitions(a, b));
      if (changes.length > 0) changed.push({ symbol, changes });
    }
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

/**
 * The diff from its parts: the one place `timezone` and `isEmpty` are worked out, for
 * `diffRuleBooks` and the refreshing source's sliced diff alike.
 */
export function assembleDiff(
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

/** A book's usable symbols, copied, each a string (so that sorting them runs nothing of the caller's). */
function symbolsOf(book: RuleBook, argument: 'before' | 'after'): string[] {
  return read(book, argument, (b) => {
    const symbols = [...b.symbols];
    for (const symbol of symbols)
      if (typeof symbol !== 'string')
        throw new TypeError(`a symbol that is not a string in ${argument}.symbols`);
    return symbols;
  });
}

/** Every usable symbol of either book, once, in code-unit order (locale-independent). */
function sortedSymbols(before: readonly string[], after: readonly string[]): string[] {
  return [...new Set([...before, ...after])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}
