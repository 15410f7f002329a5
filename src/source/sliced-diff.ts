import type { RuleBook } from '../book/rule-book.js';
import { compareDefinitions } from '../diff/compare-definitions.js';
import { diffRejected } from '../diff/diff-rejected.js';
import { assembleDiff, type RuleBookDiff, type SymbolChanges } from '../diff/diff-rule-books.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { canonicalDefinition } from '../snapshot/write-snapshot.js';
import type { Slicer } from './slicer.js';

/**
 * Each book's usable symbols in code-unit order, kept while the book lives: a source diffs every
 * book twice (as the new one, then as the old one), and sorting 20,000 symbols is itself a few
 * milliseconds of one block.
 */
const sortedSymbols = new WeakMap<RuleBook, readonly string[]>();

function byCodeUnit(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function symbolsOf(book: RuleBook): readonly string[] {
  let sorted = sortedSymbols.get(book);
  if (sorted === undefined) {
    sorted = book.symbols.sort(byCodeUnit);
    sortedSymbols.set(book, sorted);
  }
  return sorted;
}

/**
 * `diffRuleBooks(before, after)`, a slice at a time: the same {@link RuleBookDiff}, field for
 * field and in the same order, from the same comparison of each pair, but with event-loop turns
 * between slices (for 20,000 pairs the whole diff is 100-150 ms of one block on a busy machine).
 *
 * @internal
 * @throws the slicer's signal's reason when it aborts between slices.
 * @example
 * ```ts
 * const diff = await diffRuleBooksInSlices(previous, next, new Slicer({ signal }));
 * if (!diff.isEmpty) onChange(diff, next, previous);
 * ```
 */
export async function diffRuleBooksInSlices(
  before: RuleBook,
  after: RuleBook,
  slicer: Slicer,
): Promise<RuleBookDiff> {
  const a = symbolsOf(before);
  await slicer.checkpoint();
  const b = symbolsOf(after);
  await slicer.checkpoint();
  const added: PairDefinition[] = [];
  const removed: PairDefinition[] = [];
  const changed: SymbolChanges[] = [];
  // A merge of the two sorted lists walks the union in order, as diffRuleBooks does.
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (slicer.due()) await slicer.pause();
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x < y)) {
      const gone = before.definition(x!);
      if (gone !== undefined) removed.push(canonicalDefinition(gone));
      i++;
    } else if (x === undefined || y < x) {
      const fresh = after.definition(y);
      if (fresh !== undefined) added.push(canonicalDefinition(fresh));
      j++;
    } else {
      const was = before.definition(x);
      const is = after.definition(y);
      if (was !== undefined && is !== undefined) {
        const changes = compareDefinitions(was, is);
        if (changes.length > 0) changed.push({ symbol: x, changes });
      }
      i++;
      j++;
    }
  }
  await slicer.checkpoint();
  const rejected = diffRejected(before.rejected, after.rejected);
  return assembleDiff(added, removed, changed, rejected, before.timezone, after.timezone);
}
