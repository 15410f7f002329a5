/**
 * What real spot pair definitions look like, as weighted tables the generator draws from.
 *
 * Where the weights come from. They were measured by us from public snapshots of real spot
 * venues' market listings, as kept in open-source projects' test data: two complete dumps of the
 * largest venue's exchange-information endpoint (about 1,420 pairs from 2021 and 1,250 pairs from
 * 2024), the instrument lists of four other large venues (about 450 to 3,000 spot pairs each) and
 * this exchange's own published pair samples. Only counts and shapes were kept: which quote assets
 * occur and how often, tick size by kind of quote asset, step size given the tick, how far the
 * minimum sits above the step, the caps venues write (a handful of recurring limits, many derived
 * from 64-bit integers, including 19- and 20-digit ones) and how far market caps sit above the
 * minimum, how precisions relate to the grids, and how each venue spells its decimals. No listing
 * or file from those sources is reproduced, and the asset names are common public tickers.
 * Weights are counts per listing, merged and rounded; only their ratios matter.
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
 * After the tables: how often (per mille) each shape docs/exchange-semantics.md tolerates occurs.
 */
import type { Weighted } from '../seeded-random.js';
import { type BigValue, decimal } from './decimals.js';
import type { CorpusEncoding, CorpusStyle } from './types.js';

/** A weighted table of decimals written as text, read once. */
function decimals(table: Weighted<string>): Weighted<BigValue> {
  return table.map(([text, weight]) => [decimal(text), weight] as const);
}

function decimalPairs(table: Weighted<readonly [string, string]>): Weighted<readonly [BigValue, BigValue]> {
  return table.map(([[a, b], weight]) => [[decimal(a), decimal(b)] as const, weight] as const);
}

export type QuoteClass = 'BTC' | 'ALT' | 'STABLE' | 'FIAT';

/** Quote assets and how often each quotes a pair. */
export const QUOTES: Weighted<readonly [string, QuoteClass]> = [
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
export const TICK_EXPONENTS: Readonly<Record<QuoteClass, Weighted<number>>> = {
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
export const DEEP_TICK_EXPONENTS: Weighted<number> = [
  [-9, 6],
  [-10, 8],
  [-11, 1],
  [-12, 3],
];

/** Step size as a power of ten, given the tick's power of ten: the cheaper the coin, the coarser. */
export const STEP_EXPONENTS: ReadonlyMap<number, Weighted<number>> = new Map<number, Weighted<number>>([
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
export const DEEP_STEP_EXPONENTS: Weighted<number> = [
  [0, 40],
  [1, 30],
  [2, 15],
  [3, 5],
];

/** Compact venues also step cheap coins (1e-8 ticks) in tens and hundreds. */
export const COARSE_STEP_EXTRA: Weighted<number> = [
  [0, 139],
  [-1, 87],
  [-2, 33],
  [-3, 1],
  [1, 14],
  [2, 4],
];

/** Leading digit of a compact venue's tick or step: mostly powers of ten, now and then 5 or 2. */
export const TICK_MANTISSAS: Weighted<bigint> = [
  [1n, 96],
  [5n, 3],
  [2n, 1],
];
export const STEP_MANTISSAS: Weighted<bigint> = [
  [1n, 97],
  [5n, 2],
  [2n, 1],
];

export const STYLES: Weighted<CorpusStyle> = [
  ['ledger', 50],
  ['compact', 35],
  ['weex', 15],
];

export const ENCODINGS: Readonly<Record<CorpusStyle, Weighted<CorpusEncoding>>> = {
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
export const PRECISION_AS_STRING: Readonly<Record<CorpusStyle, number>> = {
  ledger: 50,
  compact: 300,
  weex: 700,
};

/** Extra precision places beyond the grid's own, on compact venues. */
export const PRECISION_SLACK: Weighted<number> = [
  [0, 60],
  [1, 10],
  [2, 20],
  [4, 10],
];

/** Ledger caps (whole units), many of them 64-bit limits scaled down. */
export const LEDGER_CAPS: Weighted<BigValue> = decimals([
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
export const WHOLE_UNIT_CAPS: Weighted<BigValue> = decimals([
  ['46116860414', 62],
  ['36348600000', 14],
  ['92233720368', 11],
  ['8000000000', 6],
  ['46000000000', 4],
  ['900000000', 2],
]);

/** How many orders of magnitude a ledger market cap sits above the minimum. */
export const MARKET_SPAN: Weighted<number> = [
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
export const MIN_STEP_POWERS: Weighted<number> = [
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
export const MIN_STEP_MULTIPLES: Weighted<bigint> = [
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

export type CompactCap = 'nines' | 'round' | 'odd' | 'huge';
export const COMPACT_CAPS: Weighted<CompactCap> = [
  ['nines', 66],
  ['round', 18],
  ['odd', 14],
  ['huge', 2],
];

/** Digits of a cap written as nines (`999999999999`). */
export const NINES_DIGITS: Weighted<number> = [
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
export const HUGE_CAPS: Weighted<BigValue> = decimals([
  ['18446744073709551615', 3],
  ['10000000000000000000', 1],
]);

export type CompactMarket = 'million' | 'nines' | 'cap' | 'odd';
export const COMPACT_MARKETS: Weighted<CompactMarket> = [
  ['million', 60],
  ['nines', 4],
  ['cap', 20],
  ['odd', 16],
];

export const WEEX_CAPS: Weighted<BigValue> = decimals([
  ['99999', 40],
  ['1500000', 15],
  ['9999999', 15],
  ['1000', 10],
  ['100000000', 10],
  ['99999999999', 10],
]);

/** Market caps below the cap, as the exchange's grid-less sample has (cap 1000, market 50). */
export const WEEX_MARKETS: Weighted<BigValue> = decimals([
  ['50', 2],
  ['500', 1],
  ['10000', 1],
]);

export const WEEX_MIN_STEPS: Weighted<bigint> = [
  [10n, 60],
  [1n, 15],
  [100n, 15],
  [2000n, 10],
];

/** Taker and maker fee rates (a negative maker rate is a rebate). */
export const FEES: Weighted<readonly [BigValue, BigValue]> = decimalPairs([
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
export const PRICE_RATIOS: Weighted<readonly [BigValue, BigValue]> = decimalPairs([
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

export const FALLBACK_RATIOS: Weighted<BigValue> = decimals([
  ['0', 70],
  ['0.2', 10],
  ['0.1', 8],
  ['0.05', 6],
  ['0.02', 4],
  ['0.5', 2],
]);

export const STATUSES: Weighted<string> = [
  ['TRADING', 970],
  ['BREAK', 18],
  ['HALT', 12],
];

export type MergePattern = 'decades' | 'halves' | 'short' | 'empty';
export const MERGE_PATTERNS: Weighted<MergePattern> = [
  ['decades', 60],
  ['halves', 25],
  ['short', 10],
  ['empty', 5],
];
export const MERGE_MULTIPLES: Readonly<Record<Exclude<MergePattern, 'empty'>, readonly bigint[]>> = {
  decades: [1n, 10n, 100n, 1000n, 10000n],
  halves: [1n, 10n, 50n, 100n, 500n],
  short: [1n, 10n],
};
export type MergeOrder = 'ascending' | 'descending' | 'shuffled';
export const MERGE_ORDERS: Weighted<MergeOrder> = [
  ['ascending', 88],
  ['descending', 10],
  ['shuffled', 2],
];

/** Per mille of pairs with each tolerated shape. */
export const NO_GRID = 100;
export const TICK_EMPTY_STRING = 5;
export const TICK_ZERO = 5;
export const NULL_FEE = 7;
export const NUMERIC_DISPLAY_FLAG = 7;
export const STRING_DISPLAY_FLAG = 5;
export const MERGE_TRAILING_COMMA = 30;

/** Common public tickers, most traded first. */
export const BASES: readonly string[] = `
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
export const STABLE_BASES: readonly string[] = [
  'USDT',
  'USDC',
  'FDUSD',
  'TUSD',
  'EUR',
  'DAI',
  'USDP',
  'AEUR',
];
