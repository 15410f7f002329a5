/**
 * What the corpus is made of, for the tests and benchmarks that read it: a pair definition as
 * decoded JSON, the shapes and venue styles a pair can show, what each definition means in
 * canonical decimals, and the orders built from it.
 */

/**
 * One definition as a JSON decoder gives it (the same type as the model's `RawPairDefinition`).
 *
 * @example
 * ```ts
 * const first: CorpusDefinition = realCorpus().definitions[0]!;
 * first.symbol; // 'BTCUSDT'
 * ```
 */
export type CorpusDefinition = Readonly<Record<string, unknown>>;

/**
 * A shape a corpus pair shows, named so tests and benchmarks can pick pairs by it.
 *
 * @example
 * ```ts
 * const gridless = realCorpus().pairs.filter((p) => p.shapes.includes('no-grid'));
 * ```
 */
export type CorpusShape =
  /** Neither `tickSize` nor `stepSize` on the wire; `displayDigitMerge` carries the tick. */
  | 'no-grid'
  /** `tickSize: ""`. */
  | 'tick-empty-string'
  /** `tickSize: 0` or `"0"`. */
  | 'tick-zero'
  /** `takerFeeRate: null` (and sometimes `makerFeeRate` too). */
  | 'null-fee'
  /** `displayHot` / `displayNew` written as `1` / `0`. */
  | 'numeric-display-flag'
  /** `enableDisplay` written as `"true"` / `"false"`. */
  | 'string-display-flag'
  /** `displayDigitMerge` ends with a comma (`"0.01,0.1,1,"`). */
  | 'merge-trailing-comma'
  /** `displayDigitMerge` not in ascending order (`"1,0.1,0.01"`). */
  | 'merge-unsorted'
  /** `displayDigitMerge: ""`. */
  | 'merge-empty'
  /** A tick or step whose digits are 5 or 2 (`0.5`, `0.00005`, `5`), not a power of ten. */
  | 'non-power-of-ten-grid'
  /** Some decimal written as a JSON number in exponent form (`1e-8`, `1E-7`). */
  | 'exponent-number'
  /** Some decimal written as a JSON number that a JS number cannot hold exactly. */
  | 'beyond-double'
  /** A cap of 16 or more significant digits. */
  | 'long-cap'
  /** Precisions written as strings (`"8"`). */
  | 'precision-as-string'
  /** `status` other than `TRADING`. */
  | 'not-trading'
  /** `enableTrade: false`. */
  | 'trading-disabled';

/**
 * How a pair's decimals are spelled on the wire: the venue style it imitates and whether its
 * decimals are JSON strings, JSON numbers, or a mixture field by field.
 *
 * @example
 * ```ts
 * const numeric = realCorpus().pairs.filter((p) => p.encoding === 'numbers');
 * ```
 */
export type CorpusEncoding = 'strings' | 'numbers' | 'mixed';

/** @see CorpusEncoding */
export type CorpusStyle = 'ledger' | 'compact' | 'weex';

/**
 * What one corpus definition means, in canonical plain decimals: the values a parser must read
 * from it, plus the true grid of a pair whose wire omits it, and a last traded price on that grid
 * to build orders with. `pairs[i]` describes `definitions[i]`.
 *
 * @example
 * ```ts
 * const pair = realCorpus().pairs[0]!;
 * book.definition(pair.symbol)?.minTradeAmount === pair.minTradeAmount; // true
 * ```
 */
export interface RealCorpusPair {
  readonly symbol: string;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  readonly style: CorpusStyle;
  readonly encoding: CorpusEncoding;
  /** `status` is `TRADING` and `enableTrade` is true. */
  readonly tradable: boolean;
  /** The price grid, canonical; also for a pair whose wire has no usable `tickSize`. */
  readonly tickSize: string;
  /** The quantity grid, canonical; also for a pair whose wire has no `stepSize`. */
  readonly stepSize: string;
  /** Whether `tickSize` / `stepSize` are on the wire as positive decimals. */
  readonly tickOnWire: boolean;
  readonly stepOnWire: boolean;
  readonly baseAssetPrecision: number;
  readonly quoteAssetPrecision: number;
  readonly minTradeAmount: string;
  readonly maxTradeAmount: string;
  readonly marketBuyLimitSize: string;
  readonly marketSellLimitSize: string;
  readonly buyLimitPriceRatio: string;
  readonly sellLimitPriceRatio: string;
  readonly marketFallbackPriceRatio: string;
  /** A plausible last traded price, on the tick grid (tick × a whole number from 1,000 up). */
  readonly referencePrice: string;
  readonly shapes: readonly CorpusShape[];
}

/**
 * The corpus: the payload as plain objects, as JSON text in the wire's mixed encodings, and as
 * JSON text with every decimal and precision a string; plus what each definition means.
 *
 * @example
 * ```ts
 * const { text, stringText } = realCorpus();
 * parseExchangeInfoText(text); // the same rule book as parseExchangeInfoText(stringText)
 * ```
 */
export interface RealCorpus {
  /**
   * The definitions as decoded JSON, mirroring `text`: a JSON number is a JS number where one
   * holds it exactly, else a string of the same digits (a 20-digit cap stays exact).
   */
  readonly definitions: readonly CorpusDefinition[];
  /** `{"timezone":"UTC","serverTime":…,"symbols":[…]}` with numbers as raw JSON number text. */
  readonly text: string;
  /** `text` with every decimal and precision a JSON string of the same digits, in plain notation. */
  readonly stringText: string;
  /** What `definitions[i]` means. */
  readonly pairs: readonly RealCorpusPair[];
}

/**
 * An order built from a corpus pair's own numbers, with the context to check it in.
 *
 * @example
 * ```ts
 * for (const { order, context } of realCorpusOrders(pair)) book.validateOrder(order, context);
 * ```
 */
export interface CorpusOrder {
  readonly order: Readonly<Record<string, unknown>>;
  readonly context: { readonly referencePrice: string };
}
