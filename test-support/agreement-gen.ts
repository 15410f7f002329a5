/**
 * Generators for the agreement property: raw pair definitions in the wire's mixed encodings (rule
 * fields now and then absent, `null` or `""`; ticks left out with a `displayDigitMerge` list to
 * infer them from, unsorted, with junk entries or a trailing comma; `"true"` / `"false"` flags;
 * unreadable display and fee fields; present-but-wrong rule fields), and orders and contexts that
 * sit mostly right on the rules (on and off the grids, on and one unit around every bound, written
 * with trailing zeros up to and beyond the asset's precision, or as numbers), with some malformed,
 * missing or garbage fields.
 *
 * They are written imperatively over `fc.gen()`; big.js is used here only to *place* values near
 * the rules. Whether a value passes is decided by the model, never by the generator.
 */
import Big from 'big.js';
import fc from 'fast-check';
import type { RawPairDefinition } from './model/spec-model.js';

export type Gen = fc.GeneratorValue;

// ---------------------------------------------------------------------------------------------
// Small choice helpers (index 0 is the "simplest" choice: shrinking goes there)
// ---------------------------------------------------------------------------------------------

// fc.gen() caches arbitraries per builder *function*: builders must be stable module-level
// functions, never fresh closures (each new closure would be cached forever: the heap grows).
const unbiasedInteger = (min: number, max: number) => fc.noBias(fc.integer({ min, max }));
const anything = () => fc.anything();

/** A uniform integer in [min, max] (unbiased, so the percentages below mean what they say). */
export function int(g: Gen, min: number, max: number): number {
  return g(unbiasedInteger, min, max);
}

export function pick<T>(g: Gen, items: readonly T[]): T {
  return items[int(g, 0, items.length - 1)]!;
}

/** True with probability `percent` / 100. */
export function chance(g: Gen, percent: number): boolean {
  return int(g, 0, 99) < percent;
}

/** Picks by weight: `[[weight, value], ...]`. */
export function weighted<T>(g: Gen, choices: readonly (readonly [number, T])[]): T {
  const total = choices.reduce((sum, [w]) => sum + w, 0);
  let roll = int(g, 0, total - 1);
  for (const [w, value] of choices) {
    if (roll < w) return value;
    roll -= w;
  }
  return choices[choices.length - 1]![1];
}

/** Plain decimal text of a Big (never exponent notation). */
function plain(value: Big): string {
  return value.toFixed();
}

/** 10^-k as plain text: 0 → "1", 3 → "0.001". */
function unit(k: number): string {
  return k <= 0 ? '1' : `0.${'0'.repeat(k - 1)}1`;
}

/** big.js with room for 40 significant digits at any scale the generators reach. */
const Long = Big();
Long.DP = 90;

/**
 * `base` moved by a fraction with a repeating expansion (× (d ± 1) / d), cut to 17 to 40
 * significant digits: what a strategy computing with a decimal library sends
 * (`0.01333333333333333333`, `100013.33333333333333`). Past safe integers, for the exact checks.
 */
function longDigits(g: Gen, base: Big): Big {
  const d = pick(g, [3, 7, 9, 11, 13, 99]);
  const moved = new Long(base).times(d + pick(g, [1, -1])).div(d);
  const digits = int(g, 17, 40);
  const cut = moved.prec(digits, Big.roundDown);
  // A quotient that ended early gets a third of a unit in its last place, to be as long as asked.
  const long =
    cut.c.length >= 17 ? cut : cut.plus(new Long(10).pow(cut.e - digits + 2).div(3)).prec(digits, 0);
  return new Big(long.toFixed());
}

/** `digit` × 10^-k as plain text. */
function digitUnit(digit: number, k: number): string {
  return plain(new Big(String(digit)).times(unit(k)));
}

// ---------------------------------------------------------------------------------------------
// Wire encodings
// ---------------------------------------------------------------------------------------------

/** A definition decimal as the exchange might send it: string, "trailing zeros" string, number. */
function wireDecimal(g: Gen, text: string): string | number {
  const exactAsNumber = new Big(String(Number(text))).eq(text);
  const form = weighted(g, [
    [5, 'string'],
    [2, 'trailing'],
    [exactAsNumber ? 4 : 0, 'number'],
  ] as const);
  if (form === 'number') return Number(text);
  if (form === 'trailing') return text.includes('.') ? `${text}0` : `${text}.00`;
  return text;
}

/** Decimal places of plain text as written. */
function placesOf(text: string): number {
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

/** Plain text padded with trailing zeros to `places` decimal places (never shortened). */
function padTo(text: string, places: number): string {
  const have = placesOf(text);
  if (places <= have) return text;
  return `${text}${have === 0 ? '.' : ''}${'0'.repeat(places - have)}`;
}

/**
 * An order decimal as a user might pass it: its plain text; padded with trailing zeros up to the
 * asset's precision (passes) or just beyond it (refused: the zeros are sent); or a JS number.
 */
function orderDecimal(g: Gen, text: string, precision: number | undefined): unknown {
  const p = precision ?? int(g, 0, 12);
  return weighted<() => unknown>(g, [
    [12, () => text],
    [2, () => padTo(text, p)],
    [2, () => padTo(text, p + int(g, 1, 3))],
    [1, () => (text.includes('.') ? `${text}00` : `${text}.0`)],
    [4, () => Number(text)],
  ])();
}

/** Values the decimal rule refuses, and plain garbage. */
const MALFORMED: readonly unknown[] = [
  '',
  'abc',
  '1e-8',
  '-1',
  ' 1',
  '1 ',
  '+1',
  '01',
  '.5',
  '1.',
  '0',
  '0.000',
  '1,5',
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -1,
  0,
  1e-7,
  1e21,
  true,
  {},
  [],
  10n,
  '9'.repeat(65),
  // Long, but not plain: the reader goes past 15 digits before it meets what spoils them.
  '12345678901234567.8.9',
  '0.12345678901234567891.2',
  '123456789012345678x',
  '1234567890123456789.',
];

// ---------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------

/**
 * What the generator knows of a definition, to place orders near its rules. The bounds are the
 * values generated even when the wire leaves the field out (they still place orders well);
 * `tickSize` is the grid in force (sent, or inferred from `displayDigitMerge` when the payload's
 * book infers), and a precision is `undefined` when the wire leaves it out.
 */
export interface GenPair {
  readonly symbol: string;
  readonly tickSize: string | undefined;
  readonly stepSize: string | undefined;
  readonly quoteAssetPrecision: number | undefined;
  readonly baseAssetPrecision: number | undefined;
  readonly minTradeAmount: string;
  readonly maxTradeAmount: string;
  readonly buyLimitPriceRatio: string;
  readonly sellLimitPriceRatio: string;
  readonly marketBuyLimitSize: string;
  readonly marketSellLimitSize: string;
  readonly marketFallbackPriceRatio: string;
}

/** A positive grid size in one of the shapes exchanges use. */
function genGridSize(g: Gen): string {
  const k = int(g, 0, 10);
  switch (
    weighted(g, [
      [4, 'pow10'],
      [2, 'five'],
      [2, 'two'],
      [2, 'odd'],
      [1, 'big'],
    ] as const)
  ) {
    case 'pow10':
      return unit(k);
    case 'five':
      return digitUnit(5, k);
    case 'two':
      return digitUnit(2, k);
    case 'odd':
      return pick(g, ['0.00000012', '0.25', '0.0003', '1.5', '0.12', '0.075']);
    case 'big':
      return pick(g, ['110', '25', '1000', '10', '5']);
  }
}

/** A grid size text, or `undefined` for "no grid" (then how the absence is encoded). */
function genGrid(g: Gen): { size: string | undefined; wire: unknown; omit: boolean } {
  const shape = weighted(g, [
    [12, 'size'],
    [1, 'absent'],
    [1, 'null'],
    [1, 'empty'],
    [1, 'zero'],
  ] as const);
  switch (shape) {
    case 'absent':
      return { size: undefined, wire: undefined, omit: true };
    case 'null':
      return { size: undefined, wire: null, omit: false };
    case 'empty':
      return { size: undefined, wire: '', omit: false };
    case 'zero':
      return { size: undefined, wire: pick(g, [0, '0', '0.0', '0.00000000']), omit: false };
    case 'size': {
      const size = genGridSize(g);
      return { size, wire: wireDecimal(g, size), omit: false };
    }
  }
}

/** Entries `displayDigitMerge` ignores: unreadable, not positive, or empty. */
const MERGE_JUNK = ['abc', '-1', '0', '0.000', '', 'x0.1', '1e', '-0.5', 'NaN'] as const;

/**
 * A `displayDigitMerge` list: the depth steps of a tick (the tick and coarser multiples of it), in
 * order or not, now and then with junk entries or a trailing comma. Returns the list and its
 * smallest step (`undefined` when it names none).
 */
function genMergeList(g: Gen): { wire: string; smallest: string | undefined } {
  if (chance(g, 10)) {
    const junk = Array.from({ length: int(g, 0, 3) }, () => pick(g, MERGE_JUNK));
    return { wire: junk.join(','), smallest: undefined };
  }
  const tick = genGridSize(g);
  const multiples = ['10', '100', '5', '2', '1000'].filter(() => chance(g, 50));
  const entries = [tick, ...multiples.map((m) => plain(new Big(tick).times(m)))];
  if (chance(g, 40)) entries.reverse();
  else if (chance(g, 30)) entries.push(entries.shift()!);
  if (chance(g, 25)) entries.splice(int(g, 0, entries.length), 0, pick(g, MERGE_JUNK));
  // Spelling of the tick inside the list: as is, or with a trailing zero.
  if (chance(g, 15)) entries[entries.indexOf(tick)] = tick.includes('.') ? `${tick}0` : `${tick}.0`;
  const trailing = chance(g, 20) ? ',' : '';
  return { wire: entries.join(',') + trailing, smallest: tick };
}

/** The smallest positive, plainly written entry of a merge list (the generator's own reading). */
function smallestStepOf(list: unknown): string | undefined {
  if (typeof list !== 'string') return undefined;
  const steps = list
    .split(',')
    .filter((e) => /^\d+(\.\d+)?$/.test(e) && new Big(e).gt(0))
    .map((e) => new Big(e));
  if (steps.length === 0) return undefined;
  return plain(steps.reduce((a, b) => (b.lt(a) ? b : a)));
}

const RATIOS = ['0.1', '0', '0.01', '0.02', '0.03', '0.05', '0.125', '0.2', '0.5', '0.9'] as const;
const FALLBACKS = ['0', '0.01', '0.02', '0.05', '0.1', '0.25'] as const;
/** Caps of 19 and 20 digits, as venues derive them from 64-bit integers. */
const LONG_CAPS = [
  '12345678901234567890',
  '18446744073709551615',
  '92233720368547758.07',
  '9999999999999999',
];

/**
 * The rule fields besides the grids that may be left out (docs/exchange-semantics.md: absent, null
 * or "").
 */
const OPTIONAL_RULE_FIELDS = [
  'status',
  'enableTrade',
  'baseAssetPrecision',
  'quoteAssetPrecision',
  'minTradeAmount',
  'maxTradeAmount',
  'buyLimitPriceRatio',
  'sellLimitPriceRatio',
  'marketBuyLimitSize',
  'marketSellLimitSize',
  'marketFallbackPriceRatio',
] as const;

/** How a generated definition is broken, if at all (present but wrong: set aside). */
export type Malformation =
  | 'none'
  | 'decimal'
  | 'negativeSize'
  | 'negativeRatio'
  | 'precision'
  | 'grid'
  | 'status'
  | 'enableTrade';

/** A display or fee field's value: readable most of the time, else junk that must not matter. */
function cosmetic(g: Gen, readable: unknown, junk: readonly unknown[]): unknown {
  return weighted<() => unknown>(g, [
    [12, () => readable],
    [1, () => pick(g, junk)],
    [1, () => null],
  ])();
}

/** A flag as the wire sends it: a boolean, or now and then the string `"true"` / `"false"`. */
function wireFlag(g: Gen, flag: boolean): boolean | string {
  return chance(g, 20) ? String(flag) : flag;
}

/** One raw definition for `symbol`, plus what the generator knows of it. */
export function genDefinition(
  g: Gen,
  symbol: string,
  options: { readonly inferTickSize: boolean } = { inferTickSize: true },
): { raw: RawPairDefinition; info: GenPair } {
  const tick = genGrid(g);
  const step = genGrid(g);
  // Precisions: mostly at least as fine as the grid (as on real exchanges: 8 places, tick 0.01),
  // now and then coarser than it (then only some grid points can be written), now and then huge.
  const precisionFor = (grid: string | undefined, huge: readonly number[]) =>
    weighted<() => number>(g, [
      [14, () => (grid === undefined ? int(g, 0, 8) : placesOf(grid)) + int(g, 0, 4)],
      [5, () => int(g, 0, 12)],
      [1, () => pick(g, huge)],
    ])();
  const quoteAssetPrecision = precisionFor(tick.size, [18, 30, 255]);
  const baseAssetPrecision = precisionFor(step.size, [18, 30]);

  // Quantities are laid out on a unit: the step when there is one, else 10^-k within the precision.
  const quantityUnit = new Big(step.size ?? unit(int(g, 0, Math.min(baseAssetPrecision, 14))));
  const minTradeAmount = plain(quantityUnit.times(pick(g, ['1', '3', '10', '100', '0.5'])));
  const maxTradeAmount = chance(g, 12)
    ? pick(g, LONG_CAPS)
    : plain(new Big(minTradeAmount).times(pick(g, ['1000', '1000000', '999999', '1000000000000'])));
  const marketSize = () =>
    weighted(g, [
      [6, () => plain(quantityUnit.times(pick(g, ['50', '5000', '1000000', '7'])))],
      [1, () => '0'],
      [1, () => maxTradeAmount],
      [1, () => pick(g, LONG_CAPS)],
    ] as const)();
  const marketBuyLimitSize = marketSize();
  const marketSellLimitSize = marketSize();
  const buyLimitPriceRatio = pick(g, RATIOS);
  const sellLimitPriceRatio = pick(g, RATIOS);
  const marketFallbackPriceRatio = pick(g, FALLBACKS);

  // The depth-merge list: where the tick is left out, usually one to infer it from.
  const merge: unknown =
    tick.size === undefined && chance(g, 75)
      ? genMergeList(g).wire
      : cosmetic(g, pick(g, ['', '0.01,0.1,1', '1', '0.5,5,50,']), [true, { steps: ['0.1'] }, ['0.1']]);

  const raw: Record<string, unknown> = {
    symbol,
    status: weighted(g, [
      [27, 'TRADING'],
      [1, 'HALT'],
      [1, 'BREAK'],
      [1, 'trading'],
    ] as const),
    baseAsset: cosmetic(g, symbol.replace(/USDT$/, ''), [42, '', true]),
    baseAssetPrecision: chance(g, 50) ? baseAssetPrecision : String(baseAssetPrecision),
    quoteAsset: cosmetic(g, 'USDT', [42, '', {}]),
    quoteAssetPrecision: chance(g, 50) ? quoteAssetPrecision : String(quoteAssetPrecision),
    tickSize: tick.wire,
    stepSize: step.wire,
    minTradeAmount: wireDecimal(g, minTradeAmount),
    maxTradeAmount: wireDecimal(g, maxTradeAmount),
    takerFeeRate: cosmetic(g, wireDecimal(g, pick(g, ['0.001', '0.002', '0'])), ['n/a', '', true, '1e']),
    makerFeeRate: cosmetic(g, wireDecimal(g, pick(g, ['0.0008', '-0.0001', '0'])), ['n/a', '', {}]),
    buyLimitPriceRatio: wireDecimal(g, buyLimitPriceRatio),
    sellLimitPriceRatio: wireDecimal(g, sellLimitPriceRatio),
    marketBuyLimitSize: wireDecimal(g, marketBuyLimitSize),
    marketSellLimitSize: wireDecimal(g, marketSellLimitSize),
    marketFallbackPriceRatio: wireDecimal(g, marketFallbackPriceRatio),
    enableTrade: wireFlag(g, chance(g, 92)),
    enableDisplay: cosmetic(g, wireFlag(g, chance(g, 80)), [1, 'yes', 0]),
    displayDigitMerge: merge,
    displayNew: cosmetic(g, wireFlag(g, chance(g, 20)), [1, 'no']),
    displayHot: cosmetic(g, wireFlag(g, chance(g, 20)), [1, 0, 'TRUE']),
  };
  if (tick.omit) delete raw.tickSize;
  if (step.omit) delete raw.stepSize;
  if (merge === undefined) delete raw.displayDigitMerge;
  if (chance(g, 10)) raw.permissionSets = [['SPOT']];

  // Rule fields left out, as the BETA wire may: now and then one, in a sparse pair many.
  const sparse = chance(g, 8);
  for (const field of OPTIONAL_RULE_FIELDS) {
    if (!chance(g, sparse ? 50 : 3)) continue;
    const absence = pick(g, ['omit', 'null', 'empty'] as const);
    if (absence === 'omit') delete raw[field];
    else raw[field] = absence === 'null' ? null : '';
  }

  const malformation = weighted<Malformation>(g, [
    [80, 'none'],
    [1, 'decimal'],
    [1, 'negativeSize'],
    [1, 'negativeRatio'],
    [1, 'precision'],
    [1, 'grid'],
    [1, 'status'],
    [1, 'enableTrade'],
  ]);
  switch (malformation) {
    case 'decimal':
      raw[pick(g, ['minTradeAmount', 'maxTradeAmount', 'marketFallbackPriceRatio'])] = pick(g, [
        'abc',
        'NaN',
        true,
        '1.',
        {},
      ]);
      break;
    case 'negativeSize':
      raw[pick(g, ['marketBuyLimitSize', 'marketSellLimitSize', 'minTradeAmount'])] = pick(g, [
        '-1',
        -5,
        '-0.5',
      ]);
      break;
    case 'negativeRatio':
      raw[pick(g, ['buyLimitPriceRatio', 'sellLimitPriceRatio', 'marketFallbackPriceRatio'])] = pick(g, [
        '-0.05',
        -0.1,
      ]);
      break;
    case 'precision':
      raw[pick(g, ['baseAssetPrecision', 'quoteAssetPrecision'])] = pick(g, [
        'abc',
        -1,
        1.5,
        256,
        '-1',
        true,
      ]);
      break;
    case 'grid':
      raw[pick(g, ['tickSize', 'stepSize'])] = pick(g, ['-0.01', 'abc', -1, false]);
      break;
    case 'status':
      raw.status = pick(g, [42, true, {}]);
      break;
    case 'enableTrade':
      raw.enableTrade = pick(g, ['yes', 1, 'TRUE', 0, 'False']);
      break;
    case 'none':
      break;
  }

  const inferred = options.inferTickSize ? smallestStepOf(raw.displayDigitMerge) : undefined;
  const precisionOf = (field: string, value: number) =>
    raw[field] === undefined || raw[field] === null || raw[field] === '' ? undefined : value;
  return {
    raw,
    info: {
      symbol,
      tickSize: tick.size ?? inferred,
      stepSize: step.size,
      quoteAssetPrecision: precisionOf('quoteAssetPrecision', quoteAssetPrecision),
      baseAssetPrecision: precisionOf('baseAssetPrecision', baseAssetPrecision),
      minTradeAmount,
      maxTradeAmount,
      buyLimitPriceRatio,
      sellLimitPriceRatio,
      marketBuyLimitSize,
      marketSellLimitSize,
      marketFallbackPriceRatio,
    },
  };
}

const SYMBOLS = ['AAAUSDT', 'BBBUSDT', 'CCCUSDT', 'DDDUSDT', 'EEEUSDT'] as const;

/** A generated payload: its `symbols`, what the generator knows of them, and the book's options. */
export interface GenPayload {
  readonly definitions: RawPairDefinition[];
  readonly pairs: GenPair[];
  /** `RuleBook.fromExchangeInfo` options: now and then the tick inference is off. */
  readonly options: { readonly inferTickSize: boolean };
}

/** A payload's `symbols`: 1-4 definitions, now and then with a duplicated symbol. */
export function genDefinitions(g: Gen): GenPayload {
  const options = { inferTickSize: !chance(g, 10) };
  const count = int(g, 1, 4);
  const definitions: RawPairDefinition[] = [];
  const pairs: GenPair[] = [];
  for (let i = 0; i < count; i++) {
    const { raw, info } = genDefinition(g, SYMBOLS[i]!, options);
    definitions.push(raw);
    pairs.push(info);
  }
  if (chance(g, 5)) {
    // A second, well-formed-looking copy of an existing symbol: both copies must be set aside.
    const twin = pick(g, pairs);
    definitions.splice(int(g, 0, definitions.length), 0, genDefinition(g, twin.symbol, options).raw);
  }
  return { definitions, pairs, options };
}

// ---------------------------------------------------------------------------------------------
// Orders and contexts
// ---------------------------------------------------------------------------------------------

/** A small nudge: one grid unit, or 10^-k for some k. */
function nudge(g: Gen, grid: string | undefined): Big {
  if (grid !== undefined && chance(g, 60)) return new Big(grid);
  // Mostly small nudges; now and then one far below any grid (long decimals, past 2^53 digits).
  return new Big(unit(chance(g, 85) ? int(g, 0, 12) : int(g, 13, 45)));
}

/** `base` moved by a nudge: on it, just above, or just below. */
function around(g: Gen, base: Big, grid: string | undefined): Big {
  const where = weighted(g, [
    [4, 'on'],
    [3, 'above'],
    [3, 'below'],
  ] as const);
  if (where === 'on') return base;
  const delta = nudge(g, grid);
  return where === 'above' ? base.plus(delta) : base.minus(delta);
}

/** Snaps `value` down onto `grid` (when there is one). */
function snap(value: Big, grid: string | undefined): Big {
  if (grid === undefined) return value;
  const size = new Big(grid);
  return value.div(size).round(0, Big.roundDown).times(size);
}

/** A reference price: a grid multiple, a plain decimal, a round number. */
function genReference(g: Gen, pair: GenPair): Big {
  const scale = new Big(
    pick(g, [
      '1',
      '0.00000012',
      '0.5',
      '3',
      '100',
      '2650.5',
      '64000',
      '0.0000144',
      '123456789012345678.9',
      '0.000000000000000000123',
    ]),
  );
  const raw = scale.times(pick(g, ['1', '1.1', '10', '37', '0.9']));
  if (chance(g, 8)) return longDigits(g, raw);
  const snapped = chance(g, 60) ? snap(raw, pair.tickSize) : raw;
  return snapped.gt(0) ? snapped : scale;
}

/** A positive price near the pair's rules. */
function genPrice(g: Gen, pair: GenPair, reference: Big | undefined): Big {
  const anchor = reference ?? genReference(g, pair);
  const one = new Big(1);
  const base = weighted(g, [
    [3, () => anchor],
    [3, () => anchor.times(one.plus(pair.buyLimitPriceRatio))],
    [3, () => anchor.times(one.minus(pair.sellLimitPriceRatio))],
    [2, () => snap(anchor.times(one.plus(pair.buyLimitPriceRatio)), pair.tickSize)],
    [2, () => snap(anchor.times(one.minus(pair.sellLimitPriceRatio)), pair.tickSize)],
    [2, () => snap(anchor.times(pick(g, ['0.5', '2', '1.01', '0.99'])), pair.tickSize)],
    [1, () => new Big(pair.tickSize ?? unit(pair.quoteAssetPrecision ?? 2))],
    // On the precision's grid (maybe off the tick), and on it at a finer one.
    [2, () => snap(anchor, unit(pair.quoteAssetPrecision ?? int(g, 0, 8)))],
    [1, () => snap(anchor, unit((pair.quoteAssetPrecision ?? 8) + 1))],
    // 17 to 40 significant digits near the reference or the band's edges.
    [2, () => longDigits(g, anchor)],
    [1, () => longDigits(g, anchor.times(one.plus(pair.buyLimitPriceRatio)))],
  ] as const)();
  const moved = around(g, base, pair.tickSize);
  return moved.gt(0) ? moved : anchor;
}

/** A positive quantity near the pair's rules. */
function genQuantity(g: Gen, pair: GenPair): Big {
  const base = weighted(g, [
    [3, () => new Big(pair.minTradeAmount)],
    [3, () => new Big(pair.maxTradeAmount)],
    [3, () => new Big(pair.marketBuyLimitSize)],
    [3, () => new Big(pair.marketSellLimitSize)],
    [3, () => new Big(pair.minTradeAmount).times(String(int(g, 1, 1000)))],
    [1, () => new Big(pair.stepSize ?? unit(pair.baseAssetPrecision ?? 2))],
    [
      2,
      () =>
        snap(
          new Big(pair.minTradeAmount).times(String(int(g, 1, 50))).plus('0.123456789'),
          unit(pair.baseAssetPrecision ?? int(g, 0, 8)),
        ),
    ],
    [1, () => new Big(unit(int(g, 0, 14))).times(String(int(g, 1, 999)))],
    [1, () => new Big(`1${'0'.repeat(int(g, 16, 40))}`)],
    // 17 to 40 significant digits: a budget divided by a price, near the bounds or under a 20-digit cap.
    [3, () => longDigits(g, new Big(pair.minTradeAmount).times(String(int(g, 1, 1000))))],
    [1, () => longDigits(g, new Big(pair.maxTradeAmount))],
    [1, () => snap(new Big(pair.maxTradeAmount).minus(String(int(g, 0, 1000))), pair.stepSize)],
  ] as const)();
  const moved = around(g, base, pair.stepSize);
  return moved.gt(0) ? moved : new Big(pair.minTradeAmount).gt(0) ? new Big(pair.minTradeAmount) : new Big(1);
}

/** The notional the generator expects the rule to judge (for placing maxNotional on its edge). */
function expectedNotional(
  pair: GenPair,
  type: unknown,
  side: unknown,
  price: Big | undefined,
  quantity: Big,
  reference: Big | undefined,
): Big | undefined {
  if (type === 'LIMIT' && price !== undefined) return price.times(quantity);
  if (type === 'MARKET' && reference !== undefined && (side === 'BUY' || side === 'SELL')) {
    let ratio = new Big(pair.marketFallbackPriceRatio);
    if (ratio.eq(0)) ratio = new Big(side === 'BUY' ? pair.buyLimitPriceRatio : pair.sellLimitPriceRatio);
    const worst =
      side === 'BUY' ? reference.times(new Big(1).plus(ratio)) : reference.times(new Big(1).minus(ratio));
    return worst.times(quantity);
  }
  return undefined;
}

/** Sets `key` to `value`, or (rarely) leaves it out, sets it null, or garbles it. */
function put(
  g: Gen,
  order: Record<string, unknown>,
  key: string,
  value: unknown,
  garbage: readonly unknown[],
): void {
  const fate = weighted(g, [
    [60, 'keep'],
    [1, 'omit'],
    [1, 'null'],
    [1, 'garbage'],
  ] as const);
  if (fate === 'keep') order[key] = value;
  else if (fate === 'null') order[key] = null;
  else if (fate === 'garbage') order[key] = pick(g, garbage);
}

export interface GenOrder {
  readonly order: unknown;
  readonly context: unknown;
}

/** One order and context against the generated pairs. */
export function genOrder(g: Gen, pairs: readonly GenPair[]): GenOrder {
  if (chance(g, 2)) return { order: g(anything), context: chance(g, 50) ? undefined : g(anything) };

  const pair = pick(g, pairs);
  const symbol = weighted<unknown>(g, [
    [80, pair.symbol],
    [1, 'ZZZUSDT'],
    [1, pair.symbol.toLowerCase()],
    [1, '__proto__'],
  ]);
  const side = weighted<unknown>(g, [
    [20, 'BUY'],
    [20, 'SELL'],
    [1, 'buy'],
  ]);
  const type = weighted<unknown>(g, [
    [20, 'LIMIT'],
    [20, 'MARKET'],
    [1, 'STOP'],
  ]);

  const hasReference = chance(g, 70);
  const reference = hasReference ? genReference(g, pair) : undefined;
  const price =
    type === 'MARKET'
      ? chance(g, 5)
        ? genPrice(g, pair, reference)
        : undefined
      : genPrice(g, pair, reference);
  const quantity = genQuantity(g, pair);

  const order: Record<string, unknown> = {};
  put(g, order, 'symbol', symbol, ['', 42, ['X']]);
  put(g, order, 'side', side, ['LONG', 1, '']);
  put(g, order, 'type', type, ['limit', 0, 'MARKET ']);
  put(g, order, 'quantity', orderDecimal(g, plain(quantity), pair.baseAssetPrecision), MALFORMED);
  if (price !== undefined)
    put(g, order, 'price', orderDecimal(g, plain(price), pair.quoteAssetPrecision), MALFORMED);
  if (type !== 'MARKET' || chance(g, 10))
    put(g, order, 'timeInForce', pick(g, ['GTC', 'IOC', 'FOK']), ['DAY', 'gtc', 3]);
  if (chance(g, 15))
    order.newClientOrderId = weighted<unknown>(g, [
      [8, 'order-1_a:b/c.d'],
      [2, 'with space and ünïcödé'],
      [2, 'x'.repeat(40)],
      [2, '😀'.repeat(40)],
      [1, ''],
      [1, 'x'.repeat(41)],
      [1, 'line\nbreak'],
      [1, 'lone \ud800'],
      [1, 7],
    ]);
  if (chance(g, 5)) order.recvWindow = 5000;
  // Keys in a shuffled order now and then: the verdict must not depend on insertion order.
  const finalOrder = chance(g, 20) ? Object.fromEntries(Object.entries(order).reverse()) : order;

  // The context.
  if (chance(g, 3)) return { order: finalOrder, context: pick(g, ['junk', 42, [], null, true]) };
  const context: Record<string, unknown> = {};
  if (reference !== undefined) {
    context.referencePrice = chance(g, 3) ? pick(g, MALFORMED) : orderDecimal(g, plain(reference), undefined);
  } else if (chance(g, 10)) {
    context.referencePrice = null;
  }
  if (chance(g, 50)) {
    const notional = expectedNotional(pair, type, side, price, quantity, reference);
    const maxNotional =
      notional !== undefined && chance(g, 80)
        ? chance(g, 10)
          ? longDigits(g, notional)
          : around(g, notional, undefined)
        : new Big(pick(g, ['1', '100', '25000', '1000000', '0.001']));
    context.maxNotional = chance(g, 3)
      ? pick(g, MALFORMED)
      : orderDecimal(g, plain(maxNotional.gt(0) ? maxNotional : new Big('0.000001')), undefined);
  }
  return {
    order: finalOrder,
    context: chance(g, 10) && Object.keys(context).length === 0 ? undefined : context,
  };
}
