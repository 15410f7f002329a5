import { RuleBook } from '../book/rule-book.js';
import type { ExchangeInfoQuery } from '../client/query.js';
import { diffRuleBooks, type RuleBookDiff } from '../diff/diff-rule-books.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { ImplausibleRuleBookError } from './implausible-rule-book-error.js';
import { removedRuleFields } from './removed-rule-fields.js';

/**
 * Whether a definition is one the source's query asks for: the query's `symbol` or `symbols`,
 * and only the pairs in the query's `symbolStatus` (`TRADING`, `HALT` or `BREAK`) when it has
 * one. A narrowed source whose current book holds more than its query returns (a full snapshot,
 * an `initialBook`) must not count the pairs it never asks for as lost.
 */
function inScope(query: ExchangeInfoQuery): ((definition: PairDefinition) => boolean) | undefined {
  const named =
    query.symbol !== undefined
      ? new Set([query.symbol])
      : query.symbols !== undefined
        ? new Set(query.symbols)
        : undefined;
  const status = query.symbolStatus;
  if (named === undefined && status === undefined) return undefined;
  return (d) => (named === undefined || named.has(d.symbol)) && (status === undefined || d.status === status);
}

/**
 * Judges a refreshed book before it is swapped in (docs/guide.md, "Keep it fresh"): refused when it
 * has no usable pair, when it lacks more than `maxLossShare` of the current book's usable pairs
 * in the query's scope, or (with `keepRuleFields`) when a pair listed in both lacks a rule field
 * it had. Returns the refusal (not thrown), or `undefined` for a plausible book. A first book (no
 * `previous`) is refused only when it is empty.
 *
 * @internal
 * @example
 * ```ts
 * const refusal = assessRefresh({ next, previous, diff, query: {}, maxLossShare: 0.5 });
 * if (refusal !== undefined && acceptRefresh?.(refusal.diff, next, previous, refusal) !== true) throw refusal;
 * ```
 */
export function assessRefresh(settings: {
  readonly next: RuleBook;
  readonly previous: RuleBook | undefined;
  /** The diff from `previous` to `next`, when there is a `previous` and it is already made. */
  readonly diff: RuleBookDiff | undefined;
  readonly query: ExchangeInfoQuery;
  readonly maxLossShare: number;
  /** Refuse a book in which a pair still listed lost a rule field (`rule-fields-removed`). */
  readonly keepRuleFields?: boolean;
}): ImplausibleRuleBookError | undefined {
  const { next, previous, query, maxLossShare } = settings;
  const scope = inScope(query);
  let usableBefore = 0;
  if (previous !== undefined) {
    if (scope === undefined) usableBefore = previous.size;
    else
      for (const symbol of previous.symbols) {
        const definition = previous.definition(symbol);
        if (definition !== undefined && scope(definition)) usableBefore++;
      }
  }
  const usableAfter = next.size;
  const diffOf = () => settings.diff ?? diffRuleBooks(previous ?? emptyBookLike(next), next);
  const lostIn = (diff: RuleBookDiff) =>
    scope === undefined ? diff.removed.length : diff.removed.filter(scope).length;

  if (usableAfter === 0) {
    const diff = diffOf();
    return new ImplausibleRuleBookError({
      reason: 'empty',
      diff,
      usableBefore,
      usableAfter,
      lost: lostIn(diff),
      maxLossShare,
    });
  }
  if (previous === undefined || usableBefore === 0) return undefined;
  const diff = diffOf();
  const lost = lostIn(diff);
  if (lost / usableBefore > maxLossShare)
    return new ImplausibleRuleBookError({
      reason: 'loss',
      diff,
      usableBefore,
      usableAfter,
      lost,
      maxLossShare,
    });
  if (settings.keepRuleFields !== true) return undefined;
  const removedFields = removedRuleFields(diff);
  if (removedFields.length === 0) return undefined;
  return new ImplausibleRuleBookError({
    reason: 'rule-fields-removed',
    diff,
    usableBefore,
    usableAfter,
    lost,
    maxLossShare,
    removedFields,
  });
}

/** A book with nothing in it, to diff a first book against. */
function emptyBookLike(book: RuleBook): RuleBook {
  return RuleBook.fromExchangeInfo(
    { timezone: book.timezone, serverTime: book.serverTime, symbols: [], rejected: [], warnings: [] },
    { fetchedAt: book.fetchedAt },
  );
}
