/**
 * A hand-written exchange-info payload in the wire's mixed encodings: decimals as strings and as
 * JSON numbers (`1e-8`), `"0.10"` trailing zeros, absent / null / 0 grids, precisions as strings,
 * ticks that are not powers of ten (0.5, 0.2, 110, 0.00000012), a zero fallback ratio, a pair that
 * is not trading, a disabled pair, malformed pairs, a duplicated symbol and a 20-digit
 * `maxTradeAmount`; and, for contract version 2, ticks inferred from `displayDigitMerge`, rule
 * fields left out (absent, `null`, `""`) or present but wrong (one pair each, for every rule
 * field), unreadable display and fee fields, and `"true"` / `"false"` flags. Used by the
 * hand-written cases; every value below was chosen on purpose.
 */
import type { RawPairDefinition } from './model/spec-model.js';

/** Display-only fields every definition carries. */
const DISPLAY = {
  enableDisplay: true,
  displayDigitMerge: '',
  displayNew: false,
  displayHot: false,
} as const;

/** BTCUSDT: every decimal a string; `"0.00010"` with a trailing zero. */
export const BTCUSDT: RawPairDefinition = {
  symbol: 'BTCUSDT',
  status: 'TRADING',
  baseAsset: 'BTC',
  baseAssetPrecision: 8,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 8,
  tickSize: '0.01',
  stepSize: '0.00001',
  minTradeAmount: '0.00010',
  maxTradeAmount: '9000',
  takerFeeRate: '0.001',
  makerFeeRate: '0.0008',
  buyLimitPriceRatio: '0.05',
  sellLimitPriceRatio: '0.05',
  marketBuyLimitSize: '50',
  marketSellLimitSize: '50',
  marketFallbackPriceRatio: '0.02',
  enableTrade: true,
  ...DISPLAY,
  displayDigitMerge: '0.01,0.1,1,10',
};

/** ETHUSDT: JSON numbers (`1e-4`), precisions as strings, a zero fallback, a 20-digit max. */
export const ETHUSDT: RawPairDefinition = {
  symbol: 'ETHUSDT',
  status: 'TRADING',
  baseAsset: 'ETH',
  baseAssetPrecision: '8',
  quoteAsset: 'USDT',
  quoteAssetPrecision: '8',
  tickSize: 0.01,
  stepSize: 1e-4,
  minTradeAmount: 0.001,
  maxTradeAmount: '12345678901234567890',
  takerFeeRate: 0.001,
  makerFeeRate: 0.0008,
  buyLimitPriceRatio: 0.1,
  sellLimitPriceRatio: 0.1,
  marketBuyLimitSize: 1000,
  marketSellLimitSize: 800,
  marketFallbackPriceRatio: 0,
  enableTrade: true,
  ...DISPLAY,
  permissionSets: [['SPOT']],
};

/** XAUTUSDT: tick 0.5, quote precision 2, `"0.010"` minimum. */
export const XAUTUSDT: RawPairDefinition = {
  symbol: 'XAUTUSDT',
  status: 'TRADING',
  baseAsset: 'XAUT',
  baseAssetPrecision: 6,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 2,
  tickSize: '0.5',
  stepSize: '0.001',
  minTradeAmount: '0.010',
  maxTradeAmount: '100',
  takerFeeRate: '0.002',
  makerFeeRate: '0.001',
  buyLimitPriceRatio: '0.03',
  sellLimitPriceRatio: '0.03',
  marketBuyLimitSize: '10',
  marketSellLimitSize: '10',
  marketFallbackPriceRatio: '0.01',
  enableTrade: true,
  ...DISPLAY,
  displayDigitMerge: '0.5,1,5',
};

/** MEMEUSDT: tick 0.00000012, step 110 (a number), fallback `"0.10"`, a negative maker fee. */
export const MEMEUSDT: RawPairDefinition = {
  symbol: 'MEMEUSDT',
  status: 'TRADING',
  baseAsset: 'MEME',
  baseAssetPrecision: 0,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 8,
  tickSize: '0.00000012',
  stepSize: 110,
  minTradeAmount: 1100,
  maxTradeAmount: '990000000',
  takerFeeRate: '0.001',
  makerFeeRate: '-0.0001',
  buyLimitPriceRatio: '0.2',
  sellLimitPriceRatio: '0.2',
  marketBuyLimitSize: '50000000',
  marketSellLimitSize: '50000000',
  marketFallbackPriceRatio: '0.10',
  enableTrade: true,
  ...DISPLAY,
  displayDigitMerge: '0.00000012',
};

/** TWOUSDT: tick 0.2 (a number), step `"0.1"`: the float traps 0.6, 1.4, 1.1, 0.7. */
export const TWOUSDT: RawPairDefinition = {
  symbol: 'TWOUSDT',
  status: 'TRADING',
  baseAsset: 'TWO',
  baseAssetPrecision: 4,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 4,
  tickSize: 0.2,
  stepSize: '0.1',
  minTradeAmount: '0.1',
  maxTradeAmount: 1000,
  takerFeeRate: 0.001,
  makerFeeRate: 0.001,
  buyLimitPriceRatio: 0.5,
  sellLimitPriceRatio: 0.5,
  marketBuyLimitSize: 100,
  marketSellLimitSize: 100,
  marketFallbackPriceRatio: 0.25,
  enableTrade: true,
  ...DISPLAY,
};

/** DIMEUSDT: tick `"0.1"`, step 0.01 (a number): 0.3 and 0.29 are on the grid. */
export const DIMEUSDT: RawPairDefinition = {
  symbol: 'DIMEUSDT',
  status: 'TRADING',
  baseAsset: 'DIME',
  baseAssetPrecision: 8,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 8,
  tickSize: '0.1',
  stepSize: 0.01,
  minTradeAmount: 0.01,
  maxTradeAmount: 500,
  takerFeeRate: '0.001',
  makerFeeRate: '0.001',
  buyLimitPriceRatio: '0.1',
  sellLimitPriceRatio: '0.1',
  marketBuyLimitSize: '100',
  marketSellLimitSize: '100',
  marketFallbackPriceRatio: '0.05',
  enableTrade: true,
  ...DISPLAY,
};

/** BIGTICKUSDT: tick 110 (a number), step `"0.01"`. */
export const BIGTICKUSDT: RawPairDefinition = {
  symbol: 'BIGTICKUSDT',
  status: 'TRADING',
  baseAsset: 'BIGTICK',
  baseAssetPrecision: 8,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 8,
  tickSize: 110,
  stepSize: '0.01',
  minTradeAmount: '0.01',
  maxTradeAmount: 1000,
  takerFeeRate: '0.001',
  makerFeeRate: '0.001',
  buyLimitPriceRatio: '0.1',
  sellLimitPriceRatio: '0.1',
  marketBuyLimitSize: '100',
  marketSellLimitSize: '100',
  marketFallbackPriceRatio: '0.05',
  enableTrade: true,
  ...DISPLAY,
};

/** NOGRIDUSDT: `tickSize: null`, no `stepSize` at all; precisions as strings ("4", "2"). */
export const NOGRIDUSDT: RawPairDefinition = {
  symbol: 'NOGRIDUSDT',
  status: 'TRADING',
  baseAsset: 'NOGRID',
  baseAssetPrecision: '2',
  quoteAsset: 'USDT',
  quoteAssetPrecision: '4',
  tickSize: null,
  minTradeAmount: '0.01',
  maxTradeAmount: '1000000',
  takerFeeRate: '0.001',
  makerFeeRate: '0.001',
  buyLimitPriceRatio: '0.1',
  sellLimitPriceRatio: '0.1',
  marketBuyLimitSize: '5000',
  marketSellLimitSize: '5000',
  marketFallbackPriceRatio: '0',
  enableTrade: true,
  ...DISPLAY,
};

/** ZEROGRIDUSDT: `tickSize: 0`, `stepSize: "0"` (no grid); quote precision 3, base precision 0. */
export const ZEROGRIDUSDT: RawPairDefinition = {
  symbol: 'ZEROGRIDUSDT',
  status: 'TRADING',
  baseAsset: 'ZEROGRID',
  baseAssetPrecision: 0,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 3,
  tickSize: 0,
  stepSize: '0',
  minTradeAmount: 1,
  maxTradeAmount: 10000,
  takerFeeRate: 0.001,
  makerFeeRate: 0.001,
  buyLimitPriceRatio: 0.1,
  sellLimitPriceRatio: 0.1,
  marketBuyLimitSize: 5000,
  marketSellLimitSize: 5000,
  marketFallbackPriceRatio: 0.05,
  enableTrade: true,
  ...DISPLAY,
};

/** A grid-and-bounds template for the status pairs and the malformed ones below. */
const PLAIN = {
  status: 'TRADING',
  baseAssetPrecision: 8,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 8,
  tickSize: '0.01',
  stepSize: '0.01',
  minTradeAmount: '1',
  maxTradeAmount: '100',
  takerFeeRate: '0.001',
  makerFeeRate: '0.001',
  buyLimitPriceRatio: '0.1',
  sellLimitPriceRatio: '0.1',
  marketBuyLimitSize: '50',
  marketSellLimitSize: '50',
  marketFallbackPriceRatio: '0.05',
  enableTrade: true,
  ...DISPLAY,
} as const;

/** HALTUSDT: status HALT, trading enabled. */
export const HALTUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'HALTUSDT',
  baseAsset: 'HALT',
  status: 'HALT',
};
/** OFFUSDT: TRADING but `enableTrade: false`. */
export const OFFUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'OFFUSDT',
  baseAsset: 'OFF',
  enableTrade: false,
};
/** DEADUSDT: status BREAK and `enableTrade: false`. */
export const DEADUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'DEADUSDT',
  baseAsset: 'DEAD',
  status: 'BREAK',
  enableTrade: false,
};
/** ZEROSIZEUSDT: `marketBuyLimitSize: 0` (taken literally), `marketSellLimitSize: "0.5"`. */
export const ZEROSIZEUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'ZEROSIZEUSDT',
  baseAsset: 'ZEROSIZE',
  stepSize: 0.1,
  minTradeAmount: 0.1,
  marketBuyLimitSize: 0,
  marketSellLimitSize: '0.5',
};
/** TINYUSDT: tick and step 1e-8 as JSON numbers. */
export const TINYUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'TINYUSDT',
  baseAsset: 'TINY',
  tickSize: 1e-8,
  stepSize: 1e-8,
  minTradeAmount: 1e-8,
  maxTradeAmount: 1e3,
};

/** TRAILUSDT: trailing zeros everywhere, including a zero fallback written `"0.000"`. */
export const TRAILUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'TRAILUSDT',
  baseAsset: 'TRAIL',
  baseAssetPrecision: '8',
  quoteAssetPrecision: '8',
  tickSize: '0.050',
  stepSize: '0.0010',
  minTradeAmount: '0.0010',
  maxTradeAmount: '10.00',
  buyLimitPriceRatio: '0.10',
  sellLimitPriceRatio: '0.20',
  marketBuyLimitSize: '5.0',
  marketSellLimitSize: '4.000',
  marketFallbackPriceRatio: '0.000',
};

/** Malformed: a negative tick size. */
export const NEGTICKUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'NEGTICKUSDT',
  baseAsset: 'NEGTICK',
  tickSize: '-0.01',
};

/** Malformed: `minTradeAmount: "abc"`. */
export const BADUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'BADUSDT',
  baseAsset: 'BAD',
  minTradeAmount: 'abc',
};
/** Malformed: a negative market size. */
export const NEGSIZEUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'NEGSIZEUSDT',
  baseAsset: 'NEGSIZE',
  marketBuyLimitSize: '-1',
};
/** Malformed: a negative buy ratio, as a JSON number. */
export const NEGRATIOUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'NEGRATIOUSDT',
  baseAsset: 'NEGRATIO',
  buyLimitPriceRatio: -0.05,
};
/** DUPUSDT twice, both well formed: every copy is set aside. */
export const DUPUSDT_A: RawPairDefinition = { ...PLAIN, symbol: 'DUPUSDT', baseAsset: 'DUP' };
export const DUPUSDT_B: RawPairDefinition = {
  ...PLAIN,
  symbol: 'DUPUSDT',
  baseAsset: 'DUP',
  tickSize: '0.1',
};

// ---------------------------------------------------------------------------------------------
// Version 2: absent rule fields, an inferred tick, cosmetic junk, string booleans
// ---------------------------------------------------------------------------------------------

/** INFERUSDT: no `tickSize` at all; the tick 0.05 is inferred from an unsorted merge list with junk. */
const { tickSize: _noTick, ...PLAIN_WITHOUT_TICK } = PLAIN;
export const INFERUSDT: RawPairDefinition = {
  ...PLAIN_WITHOUT_TICK,
  symbol: 'INFERUSDT',
  baseAsset: 'INFER',
  stepSize: '0.001',
  minTradeAmount: '0.001',
  displayDigitMerge: '0.1,1,0.05,abc,,10,',
};

/** INFERNULLUSDT: `tickSize: ""`, merge list `"5,0.5"`: tick 0.5; quote precision 2. */
export const INFERNULLUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'INFERNULLUSDT',
  baseAsset: 'INFERNULL',
  quoteAssetPrecision: 2,
  tickSize: '',
  displayDigitMerge: '5,0.5',
};

/** INFERZEROUSDT: `tickSize: 0`, merge list `"0.25"` (one entry): tick 0.25; quote precision 1. */
export const INFERZEROUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'INFERZEROUSDT',
  baseAsset: 'INFERZERO',
  quoteAssetPrecision: 1,
  tickSize: 0,
  displayDigitMerge: '0.25',
};

/** JUNKMERGEUSDT: no tick, and a merge list with no positive step: no price grid but precision 3. */
export const JUNKMERGEUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'JUNKMERGEUSDT',
  baseAsset: 'JUNKMERGE',
  quoteAssetPrecision: 3,
  tickSize: null,
  displayDigitMerge: 'abc,-1,0,,0.000',
};

/**
 * SPARSEUSDT: every rule field but the symbol left out (absent, `null` or `""`): every check
 * that needs one is skipped, and the pair still takes orders.
 */
export const SPARSEUSDT: RawPairDefinition = {
  symbol: 'SPARSEUSDT',
  status: '',
  baseAsset: 'SPARSE',
  quoteAsset: 'USDT',
  baseAssetPrecision: null,
  tickSize: null,
  stepSize: '',
  minTradeAmount: null,
  maxTradeAmount: '',
  buyLimitPriceRatio: null,
  marketBuyLimitSize: null,
  marketSellLimitSize: '',
  enableTrade: null,
  displayDigitMerge: '',
};

/** COSMETICUSDT: every display and fee field unreadable or odd; none sets the pair aside. */
export const COSMETICUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'COSMETICUSDT',
  baseAsset: 42,
  quoteAsset: null,
  takerFeeRate: null,
  makerFeeRate: 'n/a',
  enableDisplay: 'true',
  displayDigitMerge: { steps: [0.01] },
  displayNew: 'yes',
  displayHot: 1,
};

/** STRTRUEUSDT: `enableTrade: "true"`, `enableDisplay: "false"`. */
export const STRTRUEUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'STRTRUEUSDT',
  baseAsset: 'STRTRUE',
  enableTrade: 'true',
  enableDisplay: 'false',
};

/** STRFALSEUSDT: `enableTrade: "false"`. */
export const STRFALSEUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'STRFALSEUSDT',
  baseAsset: 'STRFALSE',
  enableTrade: 'false',
};

/** NOFALLBACKUSDT: no fallback ratio, and no sell ratio: a MARKET SELL's worst case is unknown. */
export const NOFALLBACKUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'NOFALLBACKUSDT',
  baseAsset: 'NOFALLBACK',
  marketFallbackPriceRatio: null,
  sellLimitPriceRatio: '',
};

/** PRECUSDT: tick 0.5 and quote precision 0 (common price grid 1); step 0.25, base precision 1 (grid 0.5). */
export const PRECUSDT: RawPairDefinition = {
  ...PLAIN,
  symbol: 'PRECUSDT',
  baseAsset: 'PREC',
  quoteAssetPrecision: 0,
  baseAssetPrecision: 1,
  tickSize: '0.5',
  stepSize: '0.25',
  minTradeAmount: '0.75',
  maxTradeAmount: '100.25',
  marketBuyLimitSize: '10.3',
  marketSellLimitSize: '0.4',
};

/** NOGRIDATALLUSDT: no tick, no step and no precisions: nothing to round onto, bounds suggested as they are. */
export const NOGRIDATALLUSDT: RawPairDefinition = {
  ...PLAIN_WITHOUT_TICK,
  symbol: 'NOGRIDATALLUSDT',
  baseAsset: 'NOGRIDATALL',
  stepSize: null,
  baseAssetPrecision: null,
  quoteAssetPrecision: '',
};

/** The rule fields of docs/exchange-semantics.md, "Reading the exchange's definitions". */
export const RULE_FIELDS = [
  'status',
  'enableTrade',
  'tickSize',
  'stepSize',
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
export type RuleField = (typeof RULE_FIELDS)[number];

/** A value each rule field cannot hold: present but wrong sets the pair aside. */
export const WRONG_VALUES: Readonly<Record<RuleField, unknown>> = {
  status: 42,
  enableTrade: 'yes',
  tickSize: 'abc',
  stepSize: '-0.01',
  baseAssetPrecision: 1.5,
  quoteAssetPrecision: 256,
  minTradeAmount: 'abc',
  maxTradeAmount: '-5',
  buyLimitPriceRatio: -0.05,
  sellLimitPriceRatio: 'ten percent',
  marketBuyLimitSize: '-1',
  marketSellLimitSize: true,
  marketFallbackPriceRatio: '-0.1',
};

/** The three ways of leaving a field out, rotated over the fields. */
const ABSENCES = ['omitted', null, ''] as const;

/** The symbol of the PLAIN pair whose `field` is absent (`ABSENT`) or wrong (`WRONG`). */
export function fieldPairSymbol(field: RuleField, kind: 'ABSENT' | 'WRONG'): string {
  return `${field.toUpperCase()}${kind}USDT`;
}

/** For every rule field, a PLAIN pair with it left out (absent, null or "" in turn) and one with it wrong. */
export const FIELD_PAIRS: readonly RawPairDefinition[] = RULE_FIELDS.flatMap((field, i) => {
  const absent: Record<string, unknown> = {
    ...PLAIN,
    symbol: fieldPairSymbol(field, 'ABSENT'),
    baseAsset: 'X',
  };
  const absence = ABSENCES[i % ABSENCES.length];
  if (absence === 'omitted') delete absent[field];
  else absent[field] = absence;
  // No inferred tick for the tickless pair: its merge list is empty.
  const wrong = {
    ...PLAIN,
    symbol: fieldPairSymbol(field, 'WRONG'),
    baseAsset: 'X',
    [field]: WRONG_VALUES[field],
  };
  return [absent, wrong];
});

/** The whole payload's `symbols`, in wire order. */
export const HAND_DEFINITIONS: readonly RawPairDefinition[] = [
  BTCUSDT,
  ETHUSDT,
  XAUTUSDT,
  MEMEUSDT,
  TWOUSDT,
  DIMEUSDT,
  BIGTICKUSDT,
  NOGRIDUSDT,
  ZEROGRIDUSDT,
  HALTUSDT,
  OFFUSDT,
  DEADUSDT,
  ZEROSIZEUSDT,
  TINYUSDT,
  TRAILUSDT,
  BADUSDT,
  NEGTICKUSDT,
  DUPUSDT_A,
  NEGSIZEUSDT,
  NEGRATIOUSDT,
  DUPUSDT_B,
  INFERUSDT,
  INFERNULLUSDT,
  INFERZEROUSDT,
  JUNKMERGEUSDT,
  SPARSEUSDT,
  COSMETICUSDT,
  STRTRUEUSDT,
  STRFALSEUSDT,
  NOFALLBACKUSDT,
  PRECUSDT,
  NOGRIDATALLUSDT,
  ...FIELD_PAIRS,
];
