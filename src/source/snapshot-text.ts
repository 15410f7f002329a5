import type { RuleBook } from '../book/rule-book.js';
import { canonicalDefinition, writeRuleBookSnapshot } from '../snapshot/write-snapshot.js';
import type { Slicer } from './slicer.js';

/** How the (empty) definitions list appears in the snapshot's text: the one place they go. */
const EMPTY_SYMBOLS = '"symbols":[]';

/**
 * `JSON.stringify(book.toJSON())`, character for character, a slice at a time: for 20,000 pairs
 * the one-call form holds the event loop for 250-550 ms on a busy machine.
 *
 * The header and the short lists (rejections, warnings) come from the library's own snapshot
 * writer, given no definitions; each definition is then written in the same canonical form,
 * and the list is spliced in where the empty one stood. A quote inside a JSON string is always
 * escaped, so `"symbols":[]` can only be the member itself.
 *
 * @internal
 * @example
 * ```ts
 * const text = await snapshotTextInSlices(book, new Slicer());
 * text === JSON.stringify(book.toJSON()); // true
 * ```
 */
export async function snapshotTextInSlices(book: RuleBook, slicer: Slicer): Promise<string> {
  const shell = JSON.stringify(
    writeRuleBookSnapshot({
      fetchedAt: book.fetchedAt,
      serverTime: book.serverTime,
      timezone: book.timezone,
      symbols: [],
      rejected: book.rejected,
      warnings: book.warnings,
    }),
  );
  const at = shell.indexOf(EMPTY_SYMBOLS);
  if (at === -1) return JSON.stringify(book.toJSON()); // a writer that changed shape: stay correct
  await slicer.checkpoint();
  const parts: string[] = [shell.slice(0, at + EMPTY_SYMBOLS.length - 1)];
  let first = true;
  for (const symbol of book.symbols) {
    if (slicer.due()) await slicer.pause();
    const definition = book.definition(symbol);
    if (definition === undefined) continue;
    parts.push(first ? '' : ',', JSON.stringify(canonicalDefinition(definition)));
    first = false;
  }
  parts.push(shell.slice(at + EMPTY_SYMBOLS.length - 1));
  await slicer.checkpoint();
  return parts.join('');
}
