import type { RejectedDefinition } from '../exchange-info/schema.js';

/**
 * How the set of definitions set aside changed between two books.
 *
 * @example
 * ```ts
 * // { added: [{ index: 4, symbol: 'BADUSDT', reasons: [{ path: 'tickSize', message: '...' }] }], removed: [] }
 * ```
 */
export interface RejectedChanges {
  /** Set aside in the second book but not in the first: newly broken definitions. */
  readonly added: readonly RejectedDefinition[];
  /** Set aside in the first book but not in the second: recovered or delisted. */
  readonly removed: readonly RejectedDefinition[];
}

/**
 * Compares the definitions set aside by two books. A named entry is matched by symbol, so a pair
 * that stays broken for a new reason is no change: its orders get SYMBOL_DEFINITION_INVALID
 * either way. An entry without a readable symbol is matched by its reasons (its `index` moves
 * whenever a pair is listed before it).
 *
 * @example
 * ```ts
 * diffRejected(before.rejected, after.rejected).added.map((r) => r.symbol); // ['BADUSDT']
 * ```
 */
export function diffRejected(
  before: readonly RejectedDefinition[],
  after: readonly RejectedDefinition[],
): RejectedChanges {
  return { added: unmatched(after, before), removed: unmatched(before, after) };
}

/** Entries of `from` with no counterpart in `other`, sorted by symbol, then by index. */
function unmatched(
  from: readonly RejectedDefinition[],
  other: readonly RejectedDefinition[],
): RejectedDefinition[] {
  const otherSymbols = new Set<string>();
  const otherUnnamed = new Map<string, number>();
  for (const entry of other) {
    if (entry.symbol !== undefined) otherSymbols.add(entry.symbol);
    else otherUnnamed.set(reasonsKey(entry), (otherUnnamed.get(reasonsKey(entry)) ?? 0) + 1);
  }
  const left: RejectedDefinition[] = [];
  for (const entry of from) {
    if (entry.symbol !== undefined) {
      if (!otherSymbols.has(entry.symbol)) left.push(copyOf(entry));
      continue;
    }
    // Unnamed entries pair off one for one, so two identical ones against one leave one over.
    const key = reasonsKey(entry);
    const count = otherUnnamed.get(key) ?? 0;
    if (count > 0) otherUnnamed.set(key, count - 1);
    else left.push(copyOf(entry));
  }
  return left.sort(bySymbolThenIndex);
}

function reasonsKey(entry: RejectedDefinition): string {
  return JSON.stringify(entry.reasons.map((r) => [r.path, r.message]));
}

function copyOf(entry: RejectedDefinition): RejectedDefinition {
  return {
    index: entry.index,
    ...(entry.symbol === undefined ? {} : { symbol: entry.symbol }),
    reasons: entry.reasons.map((r) => ({ path: r.path, message: r.message })),
  };
}

/** Named entries first, by symbol in code-unit order (locale-independent), then by index. */
function bySymbolThenIndex(a: RejectedDefinition, b: RejectedDefinition): number {
  if (a.symbol !== b.symbol) {
    if (a.symbol === undefined) return 1;
    if (b.symbol === undefined) return -1;
    return a.symbol < b.symbol ? -1 : 1;
  }
  return a.index - b.index;
}
