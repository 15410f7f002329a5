/**
 * A realistic corpus of spot pair definitions: a whole `GET /api/v3/exchangeInfo` payload of
 * {@link REAL_CORPUS_SIZE} pairs, in this exchange's V3 field names and in the wire's mixed
 * encodings, for tests and the benchmark. Deterministic (one fixed seed, integer arithmetic only,
 * no I/O), made once per process.
 *
 * Where the shapes come from. The weights below were measured by us from public snapshots of
 * real spot venues' market listings, as kept in open-source projects' test data: two complete
 * dumps of the largest venue's exchange-information endpoint (about 1,420 pairs from 2021 and
 * 1,250 pairs from 2024), the instrument lists of four other large venues (about 450 to 3,000
 * spot pairs each) and this exchange's own published pair samples. Only counts and shapes were
 * kept: which quote assets occur and how often, tick size by kind of quote asset, step size given
 * the tick, how far the minimum sits above the step, the caps venues write (a handful of recurring
 * limits, many derived from 64-bit integers, including 19- and 20-digit ones) and how far market
 * caps sit above the minimum, how precisions relate to the grids, and how each venue spells its
 * decimals. No listing or file from those sources is reproduced: every pair below is generated,
 * and the asset names are common public tickers.
 *
 * Three venue styles share the corpus, as they share the real wire:
 * - `ledger` (about half): every grid and amount written with the quote's or base's full
 *   precision (`"0.00000100"`, `"1.00000000"`, `"46116860414.00000000"`), the minimum equal to
 *   the step, caps derived from 64-bit limits, market caps with eight random-looking decimals.
 * - `compact` (about a third): shortest decimals, often JSON numbers (`1e-8`, `1E-7`, `0.5`,
 *   `10`), minimums a power of ten (or an odd multiple) above the step, caps of nines up to 16
 *   digits, a few 20-digit ones, ticks and steps of 5 and 2 now and then, precisions as strings.
 * - `weex` (the rest): as this exchange's samples: decimal strings, precisions `"8"`, the
 *   minimum ten steps, caps such as `99999`, market caps equal to the cap, fallback `"0"`.
 *
 * On top of that, the shapes docs/exchange-semantics.md tolerates: about 10% of pairs carry no
 * `tickSize` and no `stepSize` at all (their `displayDigitMerge` still carries the tick), a few
 * have `tickSize: ""` or `0`, a null fee rate, a display flag written `1` or `"true"`, a
 * depth-merge list out of order or with a trailing comma. A few pairs are `HALT` or `BREAK`, or
 * have trading disabled. Every definition is consistent: grids fit their precisions, the minimum is
 * a whole number of steps, the cap is above the minimum, and the smallest depth-merge step is the
 * tick.
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
 * The number of pair definitions in the corpus.
 *
 * @example
 * ```ts
 * expect(realCorpus().definitions).toHaveLength(REAL_CORPUS_SIZE);
 * ```
 */
export const REAL_CORPUS_SIZE = 1_260;

/** The payload's `serverTime`: 2025-11-24T00:00:00.123Z. */
const SERVER_TIME = 1_763_942_400_123;
const SEED = 0x5eed_2025;

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

// ---------------------------------------------------------------------------------------------
// Exact decimals: value = units × 10^-scale (units negative only for a maker rebate). No floating
// point anywhere.

interface Dec {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Reads plain or exponent notation (`'0.00000100'`, `'1e-8'`, `'1.5e+21'`). */
function parseDec(text: string): Dec {
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  const exponent = match[4] === undefined ? 0 : Number.parseInt(match[4], 10);
  const units = BigInt(`${match[1]}${match[2]}${fraction}`);
  const scale = fraction.length - exponent;
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/** `mantissa × 10^exponent`. */
function scaled(mantissa: bigint, exponent: number): Dec {
  return exponent >= 0
    ? { units: mantissa * 10n ** BigInt(exponent), scale: 0 }
    : { units: mantissa, scale: -exponent };
}

function times(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

function timesInt(a: Dec, k: bigint): Dec {
  return { units: a.units * k, scale: a.scale };
}

function atScale(a: Dec, scale: number): bigint {
  return a.units * 10n ** BigInt(scale - a.scale);
}

function plus(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  return { units: atScale(a, scale) + atScale(b, scale), scale };
}

function compare(a: Dec, b: Dec): number {
  const scale = Math.max(a.scale, b.scale);
  const x = atScale(a, scale);
  const y = atScale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Digits with the point `scale` places from the right, all kept. */
function digitsWithPoint(units: bigint, scale: number): string {
  if (units < 0n) return `-${digitsWithPoint(-units, scale)}`;
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(-scale)}`;
}

/** Canonical plain text: no exponent, no trailing fractional zeros (`'0.000001'`, `'10'`). */
function plain(a: Dec): string {
  const text = digitsWithPoint(a.units, a.scale);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Plain text with exactly `places` decimals (`'0.00000100'`); `undefined` if that would round. */
function fixed(a: Dec, places: number): string | undefined {
  if (a.scale > places) {
    const factor = 10n ** BigInt(a.scale - places);
    if (a.units % factor !== 0n) return undefined;
    return digitsWithPoint(a.units / factor, places);
  }
  return digitsWithPoint(atScale(a, places), places);
}

/** Decimal places that carry value: `0.00000100` → 6. */
function places(a: Dec): number {
  const text = plain(a);
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

function absUnits(a: Dec): bigint {
  return a.units < 0n ? -a.units : a.units;
}

/** ⌊log10 |a|⌋ for a ≠ 0. */
function magnitude(a: Dec): number {
  return absUnits(a).toString().length - 1 - a.scale;
}

/** Whether a > 0 is a power of ten (`0.001`, `1`, `10`), as opposed to `0.5` or `2`. */
function isPowerOfTen(a: Dec): boolean {
  return a.units.toString().replace(/0+$/, '') === '1';
}

/** Significant digits of a ≠ 0 and its magnitude: 0.00000250 → ['25', -6]. */
function significand(a: Dec): [string, number] {
  return [absUnits(a).toString().replace(/0+$/, ''), magnitude(a)];
}

/** How JavaScript prints the number: exponent form below 1e-6 and from 1e21 (`1e-8`, `2.5e-7`). */
function jsText(a: Dec): string {
  const [digits, exponent] = significand(a);
  if (a.units === 0n || (exponent >= -6 && exponent < 21)) return plain(a);
  const mantissa = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  return `${a.units < 0n ? '-' : ''}${mantissa}e${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
}

/** How a Java BigDecimal prints a small value: `1E-8`, `2.5E-7`. */
function javaText(a: Dec): string {
  return jsText(a).replace('e', 'E');
}

/** The same digits in plain notation: `'1.0E-7'` → `'0.00000010'`; plain text is returned as is. */
function expandExponent(raw: string): string {
  if (!raw.includes('e') && !raw.includes('E')) return raw;
  const match = DECIMAL_TEXT.exec(raw);
  if (match === null || match[4] === undefined) return raw;
  const whole = match[2] ?? '';
  const digits = whole + (match[3] ?? '');
  const point = whole.length + Number.parseInt(match[4], 10);
  let text: string;
  if (point <= 0) text = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) text = digits + '0'.repeat(point - digits.length);
  else text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return match[1] + text.replace(/^0+(?=\d)/, '');
}

/** A raw JSON number as a JS value: the number where it prints back the same value, else its digits. */
function decodedNumber(raw: string): number | string {
  const n = Number(raw);
  const printed = String(n);
  if (printed === raw || plain(parseDec(printed)) === plain(parseDec(raw))) return n;
  return expandExponent(raw);
}

// ---------------------------------------------------------------------------------------------
// A seeded generator (mulberry32): 32-bit integer steps only.

type Table<T> = readonly (readonly [T, number])[];

/** A weighted table of decimals written as text, read once. */
function decimals(table: Table<string>): Table<Dec> {
  return table.map(([text, weight]) => [parseDec(text), weight] as const);
}

function decimalPairs(table: Table<readonly [string, string]>): Table<readonly [Dec, Dec]> {
  return table.map(([[a, b], weight]) => [[parseDec(a), parseDec(b)] as const, weight] as const);
}

class Rng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A whole number in [0, n). */
  below(n: number): number {
    return this.next() % n;
  }

  /** True `perMille` times in a thousand. */
  chance(perMille: number): boolean {
    return this.below(1000) < perMille;
  }

  pick<T>(table: Table<T>): T {
    // Index loops: destructuring each row would make an iterator per row, and this runs often.
    let total = 0;
    for (let i = 0; i < table.length; i++) total += table[i]![1];
    let roll = this.below(total);
    for (let i = 0; i < table.length; i++) {
      const row = table[i]!;
      if (roll < row[1]) return row[0];
      roll -= row[1];
    }
    throw new Error('empty table');
  }

  /** `count` random decimal digits, the first not zero. */
  digits(count: number): bigint {
    let text = String(1 + this.below(9));
    for (let i = 1; i < count; i++) text += String(this.below(10));
    return BigInt(text);
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const a = items[i]!;
      items[i] = items[j]!;
      items[j] = a;
    }
    return items;
  }
}

// ---------------------------------------------------------------------------------------------
// The catalog of shapes, with the weights measured (see the module comment). Weights are counts
// per listing, merged and rounded; only their ratios matter.

type QuoteClass = 'BTC' | 'ALT' | 'STABLE' | 'FIAT';

/** Quote assets and how often each quotes a pair. */
const QUOTES: Table<readonly [string, QuoteClass]> = [
  [['USDT', 'STABLE'], 300],
  [['BTC', 'BTC'], 190],
  [['TRY', 'FIAT'], 120],
  [['USDC', 'STABLE'], 90],
  [['FDUSD', 'STABLE'], 70],
  [['ETH', 'ALT'], 55],
  [['BNB', 'ALT'], 40],
  [['EUR', 'STABLE'], 35],
  [['BRL', 'FIAT'], 20],
  [['TUSD', 'STABLE'], 10],
  [['JPY', 'FIAT'], 10],
  [['DAI', 'STABLE'], 5],
  [['UAH', 'FIAT'], 4],
  [['ZAR', 'FIAT'], 3],
  [['PLN', 'FIAT'], 3],
  [['RON', 'FIAT'], 3],
  [['ARS', 'FIAT'], 3],
  [['MXN', 'FIAT'], 3],
  [['IDRT', 'FIAT'], 2],
  [['CZK', 'FIAT'], 1],
  [['XRP', 'ALT'], 1],
  [['TRX', 'ALT'], 1],
  [['DOGE', 'ALT'], 1],
];

/** Tick size as a power of ten, by kind of quote asset (cheap coins quoted in BTC sit at 1e-8). */
const TICK_EXPONENTS: Readonly<Record<QuoteClass, Table<number>>> = {
  BTC: [
    [-8, 217],
    [-7, 37],
    [-6, 13],
    [-5, 3],
    [-4, 2],
  ],
  ALT: [
    [-8, 20],
    [-7, 34],
    [-6, 31],
    [-5, 21],
    [-4, 6],
    [-3, 1],
    [-2, 1],
  ],
  STABLE: [
    [-8, 18],
    [-7, 9],
    [-6, 25],
    [-5, 67],
    [-4, 218],
    [-3, 158],
    [-2, 86],
    [-1, 15],
    [0, 3],
  ],
  FIAT: [
    [-8, 5],
    [-7, 3],
    [-6, 5],
    [-5, 7],
    [-4, 23],
    [-3, 41],
    [-2, 104],
    [-1, 40],
    [0, 35],
    [1, 6],
  ],
};

/** Venues without an eight-decimal ledger go below 1e-8 for their cheapest coins. */
const DEEP_TICK_EXPONENTS: Table<number> = [
  [-9, 6],
  [-10, 8],
  [-11, 1],
  [-12, 3],
];

/** Step size as a power of ten, given the tick's power of ten: the cheaper the coin, the coarser. */
const STEP_EXPONENTS: ReadonlyMap<number, Table<number>> = new Map<number, Table<number>>([
  [
    -8,
    [
      [0, 139],
      [-1, 87],
      [-2, 33],
      [-3, 1],
    ],
  ],
  [
    -7,
    [
      [0, 26],
      [-1, 21],
      [-2, 26],
      [-3, 10],
    ],
  ],
  [
    -6,
    [
      [0, 28],
      [-1, 17],
      [-2, 12],
      [-3, 16],
      [-4, 1],
    ],
  ],
  [
    -5,
    [
      [0, 50],
      [-1, 24],
      [-2, 13],
      [-3, 7],
      [-4, 4],
    ],
  ],
  [
    -4,
    [
      [0, 102],
      [-1, 128],
      [-2, 13],
      [-3, 3],
      [-4, 1],
      [-5, 2],
    ],
  ],
  [
    -3,
    [
      [0, 23],
      [-1, 82],
      [-2, 90],
      [-3, 5],
    ],
  ],
  [
    -2,
    [
      [0, 19],
      [-1, 54],
      [-2, 69],
      [-3, 32],
      [-4, 9],
      [-5, 8],
    ],
  ],
  [
    -1,
    [
      [-1, 6],
      [-2, 24],
      [-3, 23],
      [-4, 2],
    ],
  ],
  [
    0,
    [
      [0, 3],
      [-2, 2],
      [-3, 11],
      [-4, 10],
      [-5, 10],
      [-6, 2],
    ],
  ],
  [
    1,
    [
      [-3, 1],
      [-4, 2],
      [-5, 2],
    ],
  ],
]);

/** Steps of the cheapest coins (ticks below 1e-8): whole units and up. */
const DEEP_STEP_EXPONENTS: Table<number> = [
  [0, 40],
  [1, 30],
  [2, 15],
  [3, 5],
];

/** Compact venues also step cheap coins (1e-8 ticks) in tens and hundreds. */
const COARSE_STEP_EXTRA: Table<number> = [
  [0, 139],
  [-1, 87],
  [-2, 33],
  [-3, 1],
  [1, 14],
  [2, 4],
];

/** Leading digit of a compact venue's tick or step: mostly powers of ten, now and then 5 or 2. */
const TICK_MANTISSAS: Table<bigint> = [
  [1n, 96],
  [5n, 3],
  [2n, 1],
];
const STEP_MANTISSAS: Table<bigint> = [
  [1n, 97],
  [5n, 2],
  [2n, 1],
];

const STYLES: Table<CorpusStyle> = [
  ['ledger', 50],
  ['compact', 35],
  ['weex', 15],
];

const ENCODINGS: Readonly<Record<CorpusStyle, Table<CorpusEncoding>>> = {
  ledger: [
    ['strings', 78],
    ['numbers', 17],
    ['mixed', 5],
  ],
  compact: [
    ['numbers', 55],
    ['strings', 30],
    ['mixed', 15],
  ],
  weex: [
    ['strings', 85],
    ['numbers', 10],
    ['mixed', 5],
  ],
};

/** Share (per mille) of pairs whose precisions are written as strings (`"8"`). */
const PRECISION_AS_STRING: Readonly<Record<CorpusStyle, number>> = { ledger: 50, compact: 300, weex: 700 };

/** Extra precision places beyond the grid's own, on compact venues. */
const PRECISION_SLACK: Table<number> = [
  [0, 60],
  [1, 10],
  [2, 20],
  [4, 10],
];

/** Ledger caps (whole units), many of them 64-bit limits scaled down. */
const LEDGER_CAPS: Table<Dec> = decimals([
  ['92141578', 390],
  ['90000000', 162],
  ['9222449', 156],
  ['9000000', 87],
  ['922327', 84],
  ['900000', 79],
  ['90000', 78],
  ['913205152', 22],
  ['9000', 15],
  ['10000000', 14],
  ['92233', 14],
  ['100000', 9],
  ['922', 5],
  ['9223', 5],
  ['8384883677', 3],
  ['46116860414', 3],
]);

/** Caps of coins traded in whole units with two decimals. */
const WHOLE_UNIT_CAPS: Table<Dec> = decimals([
  ['46116860414', 62],
  ['36348600000', 14],
  ['92233720368', 11],
  ['8000000000', 6],
  ['46000000000', 4],
  ['900000000', 2],
]);

/** How many orders of magnitude a ledger market cap sits above the minimum. */
const MARKET_SPAN: Table<number> = [
  [4, 69],
  [5, 368],
  [6, 474],
  [7, 244],
  [8, 60],
  [9, 15],
  [10, 11],
  [11, 7],
];

/** Compact venues: the minimum is the step times 10^k … */
const MIN_STEP_POWERS: Table<number> = [
  [0, 1],
  [1, 4],
  [2, 17],
  [3, 142],
  [4, 129],
  [5, 56],
  [6, 44],
  [7, 36],
  [8, 18],
];

/** … or an odd number of steps. */
const MIN_STEP_MULTIPLES: Table<bigint> = [
  [3n, 11],
  [9n, 4],
  [27n, 4],
  [34n, 4],
  [50n, 5],
  [110n, 12],
  [160n, 5],
  [200n, 7],
  [250n, 7],
  [400n, 7],
  [2000n, 4],
  [2500n, 6],
  [5000n, 8],
  [20000n, 5],
];

type CompactCap = 'nines' | 'round' | 'odd' | 'huge';
const COMPACT_CAPS: Table<CompactCap> = [
  ['nines', 66],
  ['round', 18],
  ['odd', 14],
  ['huge', 2],
];

/** Digits of a cap written as nines (`999999999999`). */
const NINES_DIGITS: Table<number> = [
  [7, 1],
  [9, 1],
  [10, 11],
  [11, 6],
  [12, 141],
  [13, 25],
  [14, 110],
  [15, 71],
  [16, 88],
];

/** The 20-digit caps of venues that write an unsigned 64-bit "no limit". */
const HUGE_CAPS: Table<Dec> = decimals([
  ['18446744073709551615', 3],
  ['10000000000000000000', 1],
]);

type CompactMarket = 'million' | 'nines' | 'cap' | 'odd';
const COMPACT_MARKETS: Table<CompactMarket> = [
  ['million', 60],
  ['nines', 4],
  ['cap', 20],
  ['odd', 16],
];

const WEEX_CAPS: Table<Dec> = decimals([
  ['99999', 40],
  ['1500000', 15],
  ['9999999', 15],
  ['1000', 10],
  ['100000000', 10],
  ['99999999999', 10],
]);

/** Market caps below the cap, as the exchange's grid-less sample has (cap 1000, market 50). */
const WEEX_MARKETS: Table<Dec> = decimals([
  ['50', 2],
  ['500', 1],
  ['10000', 1],
]);

const WEEX_MIN_STEPS: Table<bigint> = [
  [10n, 60],
  [1n, 15],
  [100n, 15],
  [2000n, 10],
];

/** Taker and maker fee rates (a negative maker rate is a rebate). */
const FEES: Table<readonly [Dec, Dec]> = decimalPairs([
  [['0.001', '0.001'], 55],
  [['0.002', '0.002'], 10],
  [['0.001', '0.0008'], 10],
  [['0.0015', '0.001'], 8],
  [['0.0006', '0.0002'], 5],
  [['0.002', '0.001'], 5],
  [['0.001', '0'], 4],
  [['0.0005', '-0.0001'], 2],
  [['0', '0'], 1],
]);

/** Buy and sell limit-price ratios; `4 / 0.8` is a venue's "at most 5×, at least 0.2× the price". */
const PRICE_RATIOS: Table<readonly [Dec, Dec]> = decimalPairs([
  [['0.1', '0.1'], 55],
  [['0.05', '0.05'], 15],
  [['0.2', '0.2'], 8],
  [['0.03', '0.03'], 6],
  [['0.3', '0.3'], 5],
  [['0.5', '0.5'], 4],
  [['0.8', '0.8'], 3],
  [['4', '0.8'], 2],
  [['0.1', '0.05'], 2],
]);

const FALLBACK_RATIOS: Table<Dec> = decimals([
  ['0', 70],
  ['0.2', 10],
  ['0.1', 8],
  ['0.05', 6],
  ['0.02', 4],
  ['0.5', 2],
]);

const STATUSES: Table<string> = [
  ['TRADING', 970],
  ['BREAK', 18],
  ['HALT', 12],
];

type MergePattern = 'decades' | 'halves' | 'short' | 'empty';
const MERGE_PATTERNS: Table<MergePattern> = [
  ['decades', 60],
  ['halves', 25],
  ['short', 10],
  ['empty', 5],
];
const MERGE_MULTIPLES: Readonly<Record<Exclude<MergePattern, 'empty'>, readonly bigint[]>> = {
  decades: [1n, 10n, 100n, 1000n, 10000n],
  halves: [1n, 10n, 50n, 100n, 500n],
  short: [1n, 10n],
};
type MergeOrder = 'ascending' | 'descending' | 'shuffled';
const MERGE_ORDERS: Table<MergeOrder> = [
  ['ascending', 88],
  ['descending', 10],
  ['shuffled', 2],
];

/** Per mille of pairs with each tolerated shape. */
const NO_GRID = 100;
const TICK_EMPTY_STRING = 5;
const TICK_ZERO = 5;
const NULL_FEE = 7;
const NUMERIC_DISPLAY_FLAG = 7;
const STRING_DISPLAY_FLAG = 5;
const MERGE_TRAILING_COMMA = 30;

/** Common public tickers, most traded first. */
const BASES: readonly string[] = `
BTC ETH BNB SOL XRP DOGE ADA TRX AVAX LINK DOT TON SHIB LTC BCH NEAR MATIC UNI ATOM ETC
APT ARB OP FIL ICP INJ SUI PEPE WIF FET RNDR STX IMX SEI TIA HBAR VET XLM AAVE MKR LDO
GRT ALGO QNT EGLD SAND MANA AXS THETA XTZ EOS FTM FLOW CHZ KAVA NEO IOTA ZEC DASH CAKE RUNE
SNX CRV COMP YFI SUSHI 1INCH ENJ BAT ZIL ONE HOT IOST ONT QTUM ICX RVN SC DGB ZEN ANKR
CELO KSM LRC GALA APE GMT FLOKI BONK ORDI JUP PYTH STRK WLD AR ROSE MINA GMX DYDX BLUR ID
CFX SSV RPL MAGIC HOOK HIGH EDU CYBER ARKM NTRN MEME ACE NFP AI XAI MANTA ALT JTO PIXEL PORTAL
AEVO ETHFI ENA W SAGA TAO REZ BB NOT IO ZK LISTA ZRO BANANA RENDER DOGS POL EIGEN SCR CATI
HMSTR NEIRO TURBO PNUT ACT USUAL MOVE ME PENGU BIO COW CETUS VANA AMB ARPA ATA BAKE BAND BEL
BICO BNT BSW C98 CELR CHR CKB COTI CTSI CTK CVC CVX DAR DENT DODO DUSK ELF FIDA FIS FLM
FORTH FXS GLM GNS GTC HFT HIFI IDEX ILV JASMY JOE JST KDA KMD KNC LINA LIT LOKA LPT LQTY
LSK MASK MAV MBOX MDT MTL NKN NMR OGN OM ONG OXT PERP PHB POLYX POND POWR PROM PUNDIX QI
QKC RAD RARE RDNT REI REQ RIF RLC RSR SFP SKL SLP SNT SPELL STG STORJ STPT SUN SUPER SXP
SYN SYS TFUEL TKO TLM TRB TRU TWT UMA UTK VIB VIC VOXEL WAN WAXP WIN WOO XEC XNO XVG XVS
YGG ZRX 1000SATS 1MBABYDOGE BOME WBTC WBETH PAXG BTTC BEAMX ACH ADX AERGO AGLD ALCX ALICE ALPACA ALPINE
API3 ASTR AUCTION AUDIO AVA BADGER BAR BETA BIFI BLZ BURGER COMBO CREAM CITY DATA DEGO DEXE DF DIA
EPX ERN FARM FIO FLUX FOR FUN GHST GNO HARD HIVE ICE IQ ZETA JUV KEY KP3R LAZIO LEVER LTO
MBL MC MDX MLN MOB MULTI NEXO NULS OAX OG OOKI ORN OSMO PDA PHA PROS PSG PYR QUICK RAY
REEF REN SANTOS SCRT SNM STEEM STRAX SUNDOG T ONDO TUT USTC VELO VTHO WING WNXM XEM ZEREBRO
`
  .split(/\s+/)
  .filter((name) => name.length > 0);

/** Stable and fiat-like bases, quoted only in stable coins and fiat (`USDCUSDT`, `USDTTRY`). */
const STABLE_BASES: readonly string[] = ['USDT', 'USDC', 'FDUSD', 'TUSD', 'EUR', 'DAI', 'USDP', 'AEUR'];

// ---------------------------------------------------------------------------------------------
// A pair's plan: its meaning plus how the wire spells it.

type GridOnWire = 'present' | 'absent' | 'empty-string' | 'zero-number' | 'zero-string';

interface Plan {
  base: string;
  quote: string;
  style: CorpusStyle;
  encoding: CorpusEncoding;
  /** Compact venues that print small numbers as a Java BigDecimal would (`1E-8`). */
  javaNumbers: boolean;
  precisionAsString: boolean;
  tick: Dec;
  step: Dec;
  basePrecision: number;
  quotePrecision: number;
  /** Places a ledger venue writes amounts with (the base precision). */
  amountPlaces: number;
  min: Dec;
  max: Dec;
  marketBuy: Dec;
  marketSell: Dec;
  /** Places a ledger venue writes market caps with. */
  marketPlaces: number;
  taker: Dec | null;
  maker: Dec | null;
  buyRatio: Dec;
  sellRatio: Dec;
  fallback: Dec;
  status: string;
  enableTrade: boolean;
  enableDisplay: boolean | string;
  displayNew: boolean | number;
  displayHot: boolean | number;
  merge: string;
  grid: GridOnWire;
  referencePrice: Dec;
  shapes: Set<CorpusShape>;
}

function pow10(exponent: number): Dec {
  return scaled(1n, exponent);
}

/** A random value in [10^exponent, 10^(exponent+1)) with `decimals` places. */
function randomOfMagnitude(rng: Rng, exponent: number, decimals: number): Dec {
  const count = Math.max(1, exponent + 1 + decimals);
  return { units: rng.digits(count), scale: decimals };
}

const LAST_RESORT_LEDGER_CAP = parseDec('46116860414');
const LAST_RESORT_WEEX_CAP = parseDec('99999999999');

function ledgerCap(rng: Rng, min: Dec, wholeUnits: boolean): Dec {
  const floor = timesInt(min, 10_000n);
  for (let attempt = 0; attempt < 10; attempt++) {
    const cap = rng.pick(wholeUnits ? WHOLE_UNIT_CAPS : LEDGER_CAPS);
    if (compare(cap, floor) > 0) return cap;
  }
  return LAST_RESORT_LEDGER_CAP;
}

function compactCap(rng: Rng, min: Dec, step: Dec): Dec {
  const floor = timesInt(min, 1_000n);
  for (let attempt = 0; attempt < 10; attempt++) {
    const kind = rng.pick(COMPACT_CAPS);
    let cap: Dec;
    if (kind === 'nines') cap = { units: 10n ** BigInt(rng.pick(NINES_DIGITS)) - 1n, scale: 0 };
    else if (kind === 'round') cap = pow10(10);
    else if (kind === 'huge') cap = rng.pick(HUGE_CAPS);
    else cap = randomOfMagnitude(rng, 5 + rng.below(5), places(step) + rng.below(3));
    if (compare(cap, floor) > 0) return cap;
  }
  return { units: 10n ** 16n - 1n, scale: 0 };
}

function weexCap(rng: Rng, min: Dec): Dec {
  const floor = timesInt(min, 1_000n);
  for (let attempt = 0; attempt < 10; attempt++) {
    const cap = rng.pick(WEEX_CAPS);
    if (compare(cap, floor) > 0) return cap;
  }
  return LAST_RESORT_WEEX_CAP;
}

/** A market cap at least 100 minimums and at most the cap. */
function clampMarket(value: Dec, min: Dec, max: Dec): Dec {
  if (compare(value, timesInt(min, 100n)) < 0 || compare(value, max) > 0) return max;
  return value;
}

function compactMarket(rng: Rng, min: Dec, max: Dec, step: Dec): Dec {
  const kind = rng.pick(COMPACT_MARKETS);
  let value: Dec;
  if (kind === 'million') value = pow10(6);
  else if (kind === 'nines') value = { units: 999_999n, scale: 0 };
  else if (kind === 'cap') value = max;
  else value = randomOfMagnitude(rng, magnitude(min) + 3 + rng.below(7), places(step));
  return clampMarket(value, min, max);
}

function noteMergeOrder(steps: readonly Dec[], shapes: Set<CorpusShape>): void {
  if (steps.some((step, i) => i > 0 && compare(step, steps[i - 1]!) < 0)) shapes.add('merge-unsorted');
}

function mergeList(rng: Rng, tick: Dec, allowEmpty: boolean, shapes: Set<CorpusShape>): string {
  let pattern = rng.pick(MERGE_PATTERNS);
  if (pattern === 'empty' && !allowEmpty) pattern = 'decades';
  if (pattern === 'empty') {
    shapes.add('merge-empty');
    return '';
  }
  const multiples = MERGE_MULTIPLES[pattern];
  const length = pattern === 'short' ? 2 : 3 + rng.below(multiples.length - 2);
  const steps = multiples.slice(0, length).map((k) => timesInt(tick, k));
  const order = rng.pick(MERGE_ORDERS);
  if (order === 'descending') steps.reverse();
  else if (order === 'shuffled') rng.shuffle(steps);
  noteMergeOrder(steps, shapes);
  let text = steps.map(plain).join(',');
  if (rng.chance(MERGE_TRAILING_COMMA)) {
    text += ',';
    shapes.add('merge-trailing-comma');
  }
  return text;
}

/** What `randomPlan` and `anchorPlan` decide; {@link finishPlan} adds the rest. */
type PlanCore = Pick<
  Plan,
  | 'base'
  | 'quote'
  | 'style'
  | 'encoding'
  | 'javaNumbers'
  | 'precisionAsString'
  | 'tick'
  | 'step'
  | 'basePrecision'
  | 'quotePrecision'
  | 'amountPlaces'
  | 'min'
  | 'max'
  | 'marketBuy'
  | 'marketSell'
  | 'marketPlaces'
  | 'shapes'
>;

/** An anchor's fixed choices: no tolerated shapes, and optionally a published sample's values. */
interface FinishOptions {
  readonly clean?: boolean;
  readonly grid?: GridOnWire;
  readonly sample?: { readonly merge: string; readonly fallback: Dec; readonly hot: boolean };
}

const SAMPLE_FEE = parseDec('0.001');
const SAMPLE_GRIDLESS_FALLBACK = parseDec('0.2');
const ZERO_RATIO = parseDec('0');
const SAMPLE_RATIO = parseDec('0.1');

/** The fields every style shares: flags, ratios, fees, status and the tolerated shapes. */
function finishPlan(rng: Rng, core: PlanCore, options: FinishOptions = {}): Plan {
  const { shapes, tick } = core;
  const [taker, maker] = rng.pick(FEES);
  const [buyRatio, sellRatio] = rng.pick(PRICE_RATIOS);
  const fallback = rng.pick(FALLBACK_RATIOS);
  const clean = options.clean === true;
  const status = clean ? 'TRADING' : rng.pick(STATUSES);
  const trading = status === 'TRADING';
  const enableTrade = trading ? clean || !rng.chance(10) : rng.chance(300);
  if (!trading) shapes.add('not-trading');
  if (!enableTrade) shapes.add('trading-disabled');

  let grid: GridOnWire = options.grid ?? 'present';
  if (!clean) {
    if (rng.chance(NO_GRID)) grid = 'absent';
    else if (rng.chance(TICK_EMPTY_STRING)) grid = 'empty-string';
    else if (rng.chance(TICK_ZERO)) grid = rng.below(2) === 0 ? 'zero-number' : 'zero-string';
  }
  if (grid === 'absent') shapes.add('no-grid');
  if (grid === 'empty-string') shapes.add('tick-empty-string');
  if (grid === 'zero-number' || grid === 'zero-string') shapes.add('tick-zero');

  const nullFee = !clean && rng.chance(NULL_FEE);
  if (nullFee) shapes.add('null-fee');
  const numericFlag = !clean && rng.chance(NUMERIC_DISPLAY_FLAG);
  if (numericFlag) shapes.add('numeric-display-flag');
  const stringFlag = !clean && rng.chance(STRING_DISPLAY_FLAG);
  if (stringFlag) shapes.add('string-display-flag');

  const shown = trading || rng.below(2) === 0;
  const isNew = rng.chance(30);
  const isHot = rng.chance(40);
  const sample = options.sample;
  if (sample !== undefined) noteMergeOrder(sample.merge.split(',').map(parseDec), shapes);
  // Without a positive tick on the wire, the merge list is where the tick lives: never empty.
  const merge = sample !== undefined ? sample.merge : mergeList(rng, tick, grid === 'present', shapes);
  const referencePrice = timesInt(tick, BigInt(1_000 + rng.below(999_000)));
  // One literal with every field, so that all plans share one object shape.
  return {
    base: core.base,
    quote: core.quote,
    style: core.style,
    encoding: core.encoding,
    javaNumbers: core.javaNumbers,
    precisionAsString: core.precisionAsString,
    tick,
    step: core.step,
    basePrecision: core.basePrecision,
    quotePrecision: core.quotePrecision,
    amountPlaces: core.amountPlaces,
    min: core.min,
    max: core.max,
    marketBuy: core.marketBuy,
    marketSell: core.marketSell,
    marketPlaces: core.marketPlaces,
    taker: sample !== undefined ? SAMPLE_FEE : nullFee ? null : taker,
    maker: sample !== undefined ? SAMPLE_FEE : nullFee && rng.below(2) === 0 ? null : maker,
    buyRatio: sample !== undefined ? SAMPLE_RATIO : buyRatio,
    sellRatio: sample !== undefined ? SAMPLE_RATIO : sellRatio,
    fallback: sample !== undefined ? sample.fallback : fallback,
    status,
    enableTrade,
    enableDisplay: stringFlag ? String(shown) : shown,
    displayNew: numericFlag ? Number(isNew) : isNew,
    displayHot: numericFlag ? Number(isHot) : sample !== undefined ? sample.hot : isHot,
    merge,
    grid,
    referencePrice,
    shapes,
  };
}

/** One random pair of the given quote class, in a random venue style. */
function randomPlan(rng: Rng, base: string, quote: string, quoteClass: QuoteClass): Plan {
  const style = rng.pick(STYLES);
  const shapes = new Set<CorpusShape>();
  let tickExponent = rng.pick(TICK_EXPONENTS[quoteClass]);
  if (style === 'compact' && tickExponent === -8 && rng.below(2) === 0)
    tickExponent = rng.pick(DEEP_TICK_EXPONENTS);
  const stepTable =
    tickExponent < -8
      ? DEEP_STEP_EXPONENTS
      : tickExponent === -8 && style !== 'ledger'
        ? COARSE_STEP_EXTRA
        : STEP_EXPONENTS.get(tickExponent)!;
  const stepExponent = rng.pick(stepTable);
  const tickMantissa = style === 'compact' ? rng.pick(TICK_MANTISSAS) : 1n;
  const stepMantissa = style === 'compact' ? rng.pick(STEP_MANTISSAS) : 1n;
  if (tickMantissa !== 1n || stepMantissa !== 1n) shapes.add('non-power-of-ten-grid');
  const tick = scaled(tickMantissa, tickExponent);
  const step = scaled(stepMantissa, stepExponent);

  let basePrecision: number;
  let quotePrecision: number;
  let min: Dec;
  let max: Dec;
  let marketBuy: Dec;
  let marketSell: Dec;
  let amountPlaces = 8;
  let marketPlaces = 8;
  if (style === 'ledger') {
    // Coins traded in whole units are written with two decimals (`"1.00"`, `"46116860414.00"`).
    const wholeUnits = stepExponent === 0 && rng.chance(140);
    basePrecision = wholeUnits ? 2 : 8;
    quotePrecision = tickExponent >= 0 && rng.chance(100) ? 2 : 8;
    amountPlaces = basePrecision;
    marketPlaces = wholeUnits ? 2 : 8;
    min = step;
    max = ledgerCap(rng, min, wholeUnits);
    const market = randomOfMagnitude(rng, magnitude(min) + rng.pick(MARKET_SPAN), marketPlaces);
    marketBuy = clampMarket(market, min, max);
    marketSell = marketBuy;
  } else if (style === 'compact') {
    basePrecision = Math.min(18, places(step) + rng.pick(PRECISION_SLACK));
    quotePrecision = Math.min(18, places(tick) + rng.pick(PRECISION_SLACK));
    min = rng.chance(750)
      ? times(step, pow10(rng.pick(MIN_STEP_POWERS)))
      : timesInt(step, rng.pick(MIN_STEP_MULTIPLES));
    max = compactCap(rng, min, step);
    marketBuy = compactMarket(rng, min, max, step);
    marketSell = rng.chance(800) ? marketBuy : compactMarket(rng, min, max, step);
  } else {
    basePrecision = 8;
    quotePrecision = 8;
    min = timesInt(step, rng.pick(WEEX_MIN_STEPS));
    max = weexCap(rng, min);
    marketBuy = rng.chance(800) ? max : clampMarket(rng.pick(WEEX_MARKETS), min, max);
    marketSell = marketBuy;
  }
  const precisionAsString = rng.chance(PRECISION_AS_STRING[style]);
  if (precisionAsString) shapes.add('precision-as-string');
  return finishPlan(rng, {
    base,
    quote,
    style,
    encoding: rng.pick(ENCODINGS[style]),
    javaNumbers: style === 'compact' && rng.chance(200),
    precisionAsString,
    tick,
    step,
    basePrecision,
    quotePrecision,
    amountPlaces,
    min,
    max,
    marketBuy,
    marketSell,
    marketPlaces,
    shapes,
  });
}

interface AnchorSpec {
  base: string;
  quote: string;
  style: CorpusStyle;
  encoding: CorpusEncoding;
  tick: string;
  step: string;
  min: string;
  max: string;
  market: string;
  basePrecision: number;
  quotePrecision: number;
  precisionAsString?: boolean;
  amountPlaces?: number;
  noGrid?: boolean;
  /** This exchange's published values: fees 0.001, ratios 0.1, this merge list. */
  sampleMerge?: string;
}

/**
 * Pairs placed first, with values chosen on purpose, so that the corpus always holds the shapes
 * tests name: this exchange's three published pairs and its grid-less response, a ledger venue's
 * `0.00000100` and `1.00000000` and `10.00000000` ticks, a `0.5` tick, a `10` tick and a `10`
 * step, and caps of 16 and 20 digits as JSON numbers.
 */
const ANCHORS: readonly AnchorSpec[] = [
  {
    base: 'BTC',
    quote: 'USDT',
    style: 'weex',
    encoding: 'strings',
    tick: '0.1',
    step: '0.000001',
    min: '0.00001',
    max: '99999',
    market: '99999',
    basePrecision: 8,
    quotePrecision: 8,
    precisionAsString: true,
    sampleMerge: '0.1,1,10,100,1000',
  },
  {
    base: 'ETH',
    quote: 'USDT',
    style: 'weex',
    encoding: 'strings',
    tick: '0.01',
    step: '0.00001',
    min: '0.0001',
    max: '99999',
    market: '99999',
    basePrecision: 8,
    quotePrecision: 8,
    precisionAsString: true,
    sampleMerge: '0.01,0.1,0.5,1,5',
  },
  {
    base: 'DOGE',
    quote: 'USDT',
    style: 'weex',
    encoding: 'strings',
    tick: '0.00001',
    step: '0.1',
    min: '200',
    max: '1500000',
    market: '1500000',
    basePrecision: 8,
    quotePrecision: 8,
    precisionAsString: true,
    sampleMerge: '0.00001,0.0001,0.0005,0.001,0.005',
  },
  {
    base: 'SOL',
    quote: 'USDT',
    style: 'weex',
    encoding: 'strings',
    tick: '0.01',
    step: '0.001',
    min: '0.01',
    max: '1000',
    market: '50',
    basePrecision: 8,
    quotePrecision: 8,
    noGrid: true,
    sampleMerge: '1,0.1,0.01',
  },
  {
    base: 'LTC',
    quote: 'BTC',
    style: 'ledger',
    encoding: 'strings',
    tick: '0.000001',
    step: '0.001',
    min: '0.001',
    max: '100000',
    market: '4147.64789121',
    basePrecision: 8,
    quotePrecision: 8,
  },
  {
    base: 'BTC',
    quote: 'TRY',
    style: 'ledger',
    encoding: 'strings',
    tick: '1',
    step: '0.00001',
    min: '0.00001',
    max: '9000',
    market: '12.84957276',
    basePrecision: 8,
    quotePrecision: 8,
  },
  {
    base: 'BTC',
    quote: 'ARS',
    style: 'ledger',
    encoding: 'numbers',
    tick: '10',
    step: '0.00001',
    min: '0.00001',
    max: '9000',
    market: '129.84957276',
    basePrecision: 8,
    quotePrecision: 8,
  },
  {
    base: 'PAXG',
    quote: 'USDT',
    style: 'compact',
    encoding: 'numbers',
    tick: '0.5',
    step: '0.0001',
    min: '0.001',
    max: '9999999999',
    market: '1000000',
    basePrecision: 6,
    quotePrecision: 2,
  },
  {
    base: 'BTC',
    quote: 'JPY',
    style: 'compact',
    encoding: 'numbers',
    tick: '10',
    step: '0.0001',
    min: '0.001',
    max: '9999999999999999',
    market: '1000000',
    basePrecision: 8,
    quotePrecision: 0,
  },
  {
    base: 'PEPE',
    quote: 'USDT',
    style: 'compact',
    encoding: 'numbers',
    tick: '0.00000001',
    step: '10',
    min: '100000',
    max: '18446744073709551615',
    market: '10000000000000',
    basePrecision: 0,
    quotePrecision: 10,
  },
  {
    base: 'SHIB',
    quote: 'TRY',
    style: 'ledger',
    encoding: 'numbers',
    tick: '0.00001',
    step: '1',
    min: '1',
    max: '92233720368547758.07',
    market: '92233720368.00',
    basePrecision: 2,
    quotePrecision: 8,
    amountPlaces: 2,
  },
];

function anchorPlan(rng: Rng, spec: AnchorSpec): Plan {
  const shapes = new Set<CorpusShape>();
  const tick = parseDec(spec.tick);
  const step = parseDec(spec.step);
  if (!isPowerOfTen(tick) || !isPowerOfTen(step)) shapes.add('non-power-of-ten-grid');
  if (spec.precisionAsString === true) shapes.add('precision-as-string');
  return finishPlan(
    rng,
    {
      base: spec.base,
      quote: spec.quote,
      style: spec.style,
      encoding: spec.encoding,
      javaNumbers: false,
      precisionAsString: spec.precisionAsString === true,
      tick,
      step,
      basePrecision: spec.basePrecision,
      quotePrecision: spec.quotePrecision,
      amountPlaces: spec.amountPlaces ?? spec.basePrecision,
      min: parseDec(spec.min),
      max: parseDec(spec.max),
      marketBuy: parseDec(spec.market),
      marketSell: parseDec(spec.market),
      marketPlaces: places(parseDec(spec.market)) > 2 ? 8 : 2,
      shapes,
    },
    {
      clean: true,
      ...(spec.noGrid === true ? { grid: 'absent' } : {}),
      // The grid-less sample has a fallback ratio of 0.2 and is a hot pair; the others, 0 and not.
      ...(spec.sampleMerge === undefined
        ? {}
        : {
            sample: {
              merge: spec.sampleMerge,
              fallback: spec.noGrid === true ? SAMPLE_GRIDLESS_FALLBACK : ZERO_RATIO,
              hot: spec.noGrid === true,
            },
          }),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Spelling a plan on the wire.

/**
 * One field on the wire: a decimal or precision (`raw` is its text, written bare as a JSON number
 * or quoted as a JSON string; `decoded` is the JS value a JSON decoder gives, the digits as a
 * string where a JS number would lose some), or any other JSON value written as it is.
 */
type Wire = DecimalWire | { readonly kind: 'literal'; readonly value: string | number | boolean | null };

interface DecimalWire {
  readonly kind: 'decimal';
  readonly raw: string;
  readonly asNumber: boolean;
  readonly decoded: number | string;
}

function decimalWire(raw: string, asNumber: boolean): DecimalWire {
  return { kind: 'decimal', raw, asNumber, decoded: asNumber ? decodedNumber(raw) : raw };
}

type DecimalRole = 'tick' | 'amount' | 'market' | 'rate';

function spellDecimal(rng: Rng, plan: Plan, value: Dec, role: DecimalRole): Wire {
  const asNumber = plan.encoding === 'numbers' || (plan.encoding === 'mixed' && rng.below(2) === 0);
  let raw: string;
  if (plan.style === 'ledger' && role !== 'rate') {
    const width =
      role === 'tick' ? plan.quotePrecision : role === 'amount' ? plan.amountPlaces : plan.marketPlaces;
    raw = fixed(value, width) ?? plain(value);
  } else if (plan.style === 'compact' && asNumber) {
    raw = plan.javaNumbers ? javaText(value) : jsText(value);
  } else {
    raw = plain(value);
  }
  const wire = decimalWire(raw, asNumber);
  if (asNumber && /e/i.test(raw)) plan.shapes.add('exponent-number');
  if (asNumber && typeof wire.decoded === 'string') plan.shapes.add('beyond-double');
  return wire;
}

function spellPrecision(plan: Plan, precision: number): Wire {
  return decimalWire(String(precision), !plan.precisionAsString);
}

function literal(value: string | number | boolean | null): Wire {
  return { kind: 'literal', value };
}

/** The definition's fields in the seed's order; absent fields are left out. */
function wireFields(rng: Rng, plan: Plan): [string, Wire][] {
  const fields: [string, Wire][] = [
    ['symbol', literal(plan.base + plan.quote)],
    ['status', literal(plan.status)],
    ['baseAsset', literal(plan.base)],
    ['baseAssetPrecision', spellPrecision(plan, plan.basePrecision)],
    ['quoteAsset', literal(plan.quote)],
    ['quoteAssetPrecision', spellPrecision(plan, plan.quotePrecision)],
  ];
  if (plan.grid === 'present') fields.push(['tickSize', spellDecimal(rng, plan, plan.tick, 'tick')]);
  else if (plan.grid === 'empty-string') fields.push(['tickSize', literal('')]);
  else if (plan.grid === 'zero-number') fields.push(['tickSize', decimalWire('0', true)]);
  else if (plan.grid === 'zero-string') fields.push(['tickSize', decimalWire('0', false)]);
  if (plan.grid !== 'absent') fields.push(['stepSize', spellDecimal(rng, plan, plan.step, 'amount')]);
  const rate = (value: Dec | null): Wire =>
    value === null ? literal(null) : spellDecimal(rng, plan, value, 'rate');
  fields.push(
    ['minTradeAmount', spellDecimal(rng, plan, plan.min, 'amount')],
    ['maxTradeAmount', spellDecimal(rng, plan, plan.max, 'amount')],
    ['takerFeeRate', rate(plan.taker)],
    ['makerFeeRate', rate(plan.maker)],
    ['buyLimitPriceRatio', rate(plan.buyRatio)],
    ['sellLimitPriceRatio', rate(plan.sellRatio)],
    ['marketBuyLimitSize', spellDecimal(rng, plan, plan.marketBuy, 'market')],
    ['marketSellLimitSize', spellDecimal(rng, plan, plan.marketSell, 'market')],
    // A zero fallback is written "0" (or 0) by every venue style.
    [
      'marketFallbackPriceRatio',
      plan.fallback.units === 0n ? decimalWire('0', plan.encoding === 'numbers') : rate(plan.fallback),
    ],
    ['enableTrade', literal(plan.enableTrade)],
    ['enableDisplay', literal(plan.enableDisplay)],
    ['displayDigitMerge', literal(plan.merge)],
    ['displayNew', literal(plan.displayNew)],
    ['displayHot', literal(plan.displayHot)],
  );
  return fields;
}

function decodedField(wire: Wire): unknown {
  return wire.kind === 'literal' ? wire.value : wire.decoded;
}

function textField(wire: Wire): string {
  if (wire.kind === 'literal') return JSON.stringify(wire.value);
  return wire.asNumber ? wire.raw : JSON.stringify(wire.raw);
}

function stringTextField(wire: Wire): string {
  if (wire.kind === 'literal') return JSON.stringify(wire.value);
  return JSON.stringify(expandExponent(wire.raw));
}

function objectText(fields: readonly [string, Wire][], spell: (wire: Wire) => string): string {
  // Joined from parts rather than grown with +=: flat strings, far less for the collector.
  const parts: string[] = new Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const [key, wire] = fields[i]!;
    parts[i] = `"${key}":${spell(wire)}`;
  }
  return `{${parts.join(',')}}`;
}

function describePlan(plan: Plan): RealCorpusPair {
  return Object.freeze({
    symbol: plan.base + plan.quote,
    baseAsset: plan.base,
    quoteAsset: plan.quote,
    style: plan.style,
    encoding: plan.encoding,
    tradable: plan.status === 'TRADING' && plan.enableTrade,
    tickSize: plain(plan.tick),
    stepSize: plain(plan.step),
    tickOnWire: plan.grid === 'present',
    stepOnWire: plan.grid !== 'absent',
    baseAssetPrecision: plan.basePrecision,
    quoteAssetPrecision: plan.quotePrecision,
    minTradeAmount: plain(plan.min),
    maxTradeAmount: plain(plan.max),
    marketBuyLimitSize: plain(plan.marketBuy),
    marketSellLimitSize: plain(plan.marketSell),
    buyLimitPriceRatio: plain(plan.buyRatio),
    sellLimitPriceRatio: plain(plan.sellRatio),
    marketFallbackPriceRatio: plain(plan.fallback),
    referencePrice: plain(plan.referencePrice),
    shapes: Object.freeze([...plan.shapes].sort()),
  });
}

// ---------------------------------------------------------------------------------------------
// The corpus.

function pickBase(rng: Rng, quoteClass: QuoteClass): string {
  if ((quoteClass === 'STABLE' || quoteClass === 'FIAT') && rng.chance(40))
    return STABLE_BASES[rng.below(STABLE_BASES.length)]!;
  const band = rng.below(100);
  // Majors are listed against many quotes, the long tail against one or two.
  const [from, to] = band < 30 ? [0, 25] : band < 65 ? [25, 100] : [100, BASES.length];
  return BASES[from + rng.below(to - from)]!;
}

/** A made-up ticker for when the common ones run out (three to five letters). */
function syntheticBase(rng: Rng): string {
  const consonants = 'BCDFGKLMNPRSTVXZ';
  const vowels = 'AEIOU';
  let name = '';
  const length = 3 + rng.below(3);
  for (let i = 0; i < length; i++)
    name += i % 2 === 0 ? consonants[rng.below(consonants.length)] : vowels[rng.below(vowels.length)];
  return name;
}

function build(): RealCorpus {
  const rng = new Rng(SEED);
  const plans: Plan[] = [];
  const symbols = new Set<string>();
  for (const spec of ANCHORS) {
    plans.push(anchorPlan(rng, spec));
    symbols.add(spec.base + spec.quote);
  }
  while (plans.length < REAL_CORPUS_SIZE) {
    const [quote, quoteClass] = rng.pick(QUOTES);
    let base = '';
    for (let attempt = 0; attempt < 40; attempt++) {
      const candidate = attempt < 30 ? pickBase(rng, quoteClass) : syntheticBase(rng);
      const stableBase = STABLE_BASES.includes(candidate);
      if (candidate === quote || symbols.has(candidate + quote)) continue;
      if (stableBase && (quoteClass === 'BTC' || quoteClass === 'ALT')) continue;
      base = candidate;
      break;
    }
    if (base === '') continue;
    symbols.add(base + quote);
    plans.push(randomPlan(rng, base, quote, quoteClass));
  }

  const definitions: CorpusDefinition[] = [];
  const texts: string[] = [];
  const stringTexts: string[] = [];
  const pairs: RealCorpusPair[] = [];
  for (const plan of plans) {
    const fields = wireFields(rng, plan);
    const definition: Record<string, unknown> = {};
    for (const [key, wire] of fields) definition[key] = decodedField(wire);
    definitions.push(Object.freeze(definition));
    texts.push(objectText(fields, textField));
    stringTexts.push(objectText(fields, stringTextField));
    // Caps of 16 or more significant digits.
    for (const cap of [plan.max, plan.marketBuy, plan.marketSell])
      if (cap.units.toString().replace(/0+$/, '').length >= 16) plan.shapes.add('long-cap');
    pairs.push(describePlan(plan));
  }
  const envelope = (items: readonly string[]) =>
    `{"timezone":"UTC","serverTime":${SERVER_TIME},"symbols":[${items.join(',')}]}`;
  return Object.freeze({
    definitions: Object.freeze(definitions),
    text: envelope(texts),
    stringText: envelope(stringTexts),
    pairs: Object.freeze(pairs),
  });
}

let corpus: RealCorpus | undefined;

/**
 * The corpus, built on the first call and shared after (everything in it is frozen). Always the
 * same {@link REAL_CORPUS_SIZE} pairs: it depends on nothing but a fixed seed.
 *
 * @example
 * ```ts
 * import { parseExchangeInfoText, RuleBook } from '../../src/index.js';
 * const { text, definitions, pairs } = realCorpus();
 * const book = RuleBook.fromExchangeInfo(parseExchangeInfoText(text));
 * book.size; // every definition, once the parser reads all the tolerated shapes
 * ```
 */
export function realCorpus(): RealCorpus {
  corpus ??= build();
  return corpus;
}

/**
 * Five orders for one corpus pair, built from its own numbers with exact decimal arithmetic:
 * a LIMIT BUY and a LIMIT SELL priced between grid lines (reference + 0.37 and + 0.5 ticks) for
 * 3.7 and 12.34 minimums plus a digit beyond the precision, a LIMIT BUY exactly on the reference
 * price for exactly the minimum, a MARKET BUY of 7.77 minimums plus that digit, and a MARKET SELL
 * of 25 minimums written as a JS number where one holds it (`2.5e-7` as JS prints it). Each is
 * within the pair's caps and price bands once `normalizeOrder` has rounded it, in the context
 * given (`referencePrice`); a pair that is not tradable refuses them all.
 *
 * @example
 * ```ts
 * for (const { order, context } of realCorpusOrders(pair)) {
 *   const r = normalizeOrder(book, order, context);
 *   if (r.ok) expect(validateOrder(book, r.order, context).ok).toBe(true);
 * }
 * ```
 */
export function realCorpusOrders(pair: RealCorpusPair): readonly CorpusOrder[] {
  const tick = parseDec(pair.tickSize);
  const min = parseDec(pair.minTradeAmount);
  const reference = parseDec(pair.referencePrice);
  // A digit beyond both the grid and the precision, so the quantity always needs rounding.
  const beyondBase = scaled(7n, -(pair.baseAssetPrecision + 2));
  const between = (hundredths: bigint) => plain(plus(reference, times(tick, scaled(hundredths, -2))));
  const minimums = (hundredths: bigint) => plain(plus(times(min, scaled(hundredths, -2)), beyondBase));
  const context = { referencePrice: pair.referencePrice };
  const { symbol } = pair;
  const exactMinimum = plain(timesInt(min, 25n));
  const asNumber = decodedNumber(exactMinimum);
  return [
    {
      order: {
        symbol,
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        price: between(37n),
        quantity: minimums(370n),
      },
      context,
    },
    {
      order: {
        symbol,
        side: 'SELL',
        type: 'LIMIT',
        timeInForce: 'IOC',
        price: between(50n),
        quantity: minimums(1234n),
      },
      context,
    },
    {
      order: {
        symbol,
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'FOK',
        price: plain(reference),
        quantity: plain(min),
      },
      context,
    },
    { order: { symbol, side: 'BUY', type: 'MARKET', quantity: minimums(777n) }, context },
    { order: { symbol, side: 'SELL', type: 'MARKET', quantity: asNumber }, context },
  ];
}
