/**
 * A lookup by symbol for the hot path, where every order finds its pair: the entries of a map
 * copied into an object with no prototype, read with `table[symbol]`. V8 keeps such an object as a
 * hash table of interned strings, so a symbol is found by comparing pointers, and an order's
 * symbol (interned when it came from JSON or a literal) costs one probe; a `Map` compares the
 * contents of its key, which is one more cache miss per order over a book of a thousand pairs (in
 * the same process, on `npm run bench`'s mostly failing mix: `checkOrder` 5 to 10% faster,
 * `validateOrder` up to 5%). With no prototype, no inherited name (`constructor`, `__proto__`) is
 * ever found.
 */
export function symbolTable<T>(entries: ReadonlyMap<string, T>): (symbol: string) => T | undefined {
  const table = Object.create(null) as Record<string, T | undefined>;
  for (const [symbol, value] of entries) table[symbol] = value;
  return (symbol) => table[symbol];
}
