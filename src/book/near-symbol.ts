/** Longest symbol looked at: real symbols are far shorter, and folding costs the length. */
const MAX_FOLDED_LENGTH = 64;

/** A symbol as a person may mistype it: case and separators (`btc-usdt`, `BTC/USDT`) set aside. */
function fold(symbol: string): string {
  return symbol.toUpperCase().replace(/[\s_/.-]/g, '');
}

/**
 * The book's symbols by their folded spelling, to tell an unknown symbol the one it likely
 * means: `btcusdt` → `BTCUSDT`. Built on the first unknown symbol (a book that never sees one
 * never pays for it); a folded spelling two symbols share suggests neither.
 *
 * @example
 * ```ts
 * new NearSymbols(['BTCUSDT', 'ETHUSDT']).of('btcusdt'); // 'BTCUSDT'
 * ```
 */
export class NearSymbols {
  #index: Map<string, string | null> | undefined;
  readonly #symbols: () => Iterable<string>;

  constructor(symbols: () => Iterable<string>) {
    this.#symbols = symbols;
  }

  /** The one symbol of the book that `symbol` spells another way, if there is exactly one. */
  of(symbol: string): string | undefined {
    if (symbol.length > MAX_FOLDED_LENGTH) return undefined;
    if (this.#index === undefined) {
      const index = new Map<string, string | null>();
      for (const known of this.#symbols()) {
        const key = fold(known);
        index.set(key, index.has(key) ? null : known);
      }
      this.#index = index;
    }
    const near = this.#index.get(fold(symbol));
    return near === null || near === symbol ? undefined : near;
  }
}
