import { parseExchangeInfoText } from '../exchange-info/parse-exchange-info-text.js';
import { type ExchangeInfo, PAIR_DEFINITION_FIELDS } from '../exchange-info/schema.js';

/** A value of the sample as the wire sends it: a decimal as a string or a number, a flag, null. */
type WireValue = string | number | boolean | null | readonly (readonly string[])[];

/**
 * Marks the text of a JSON number that a JS number would spell otherwise (`1e-4` as `0.0001`) or
 * round (`12345678901234567890`): {@link sampleText} writes it bare, as the wire does.
 */
const NUMBER_TEXT = '\u0000';
const wireNumber = (text: string): string => NUMBER_TEXT + text;

/** What most pairs of the sample have; each pair below states only what it has otherwise. */
const USUAL: Readonly<Record<string, WireValue>> = {
  status: 'TRADING',
  baseAssetPrecision: 8,
  quoteAsset: 'USDT',
  quoteAssetPrecision: 8,
  tickSize: '0.01',
  stepSize: '0.01',
  takerFeeRate: '0.001',
  makerFeeRate: '0.001',
  buyLimitPriceRatio: '0.1',
  sellLimitPriceRatio: '0.1',
  marketFallbackPriceRatio: '0.05',
  enableTrade: true,
  enableDisplay: true,
  displayDigitMerge: '',
  displayNew: false,
  displayHot: false,
};

/** A USDT pair of `base`: the usual fields, the pair's own over them; `undefined` leaves one out. */
function pair(base: string, own: Readonly<Record<string, WireValue | undefined>>): Record<string, WireValue> {
  const fields: Record<string, WireValue | undefined> = {
    symbol: `${base}USDT`,
    ...USUAL,
    baseAsset: base,
    ...own,
  };
  const ordered: Record<string, WireValue> = {};
  // The wire's order: the definition's fields as it lists them, anything unknown after them.
  for (const name of [...PAIR_DEFINITION_FIELDS, ...Object.keys(fields)]) {
    const value = fields[name];
    if (value !== undefined) ordered[name] = value;
  }
  return ordered;
}

const SAMPLE_PAIRS: readonly Record<string, WireValue>[] = [
  pair('BTC', {
    stepSize: '0.00001',
    minTradeAmount: '0.00010',
    maxTradeAmount: '9000',
    makerFeeRate: '0.0008',
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.05',
    marketBuyLimitSize: '50',
    marketSellLimitSize: '50',
    marketFallbackPriceRatio: '0.02',
    displayDigitMerge: '0.01,0.1,1,10',
    displayHot: true,
  }),
  // Every decimal a JSON number, precisions as strings, a maximum past 2^64, an unknown field.
  pair('ETH', {
    baseAssetPrecision: '8',
    quoteAssetPrecision: '8',
    tickSize: 0.01,
    stepSize: wireNumber('1e-4'),
    minTradeAmount: 0.001,
    maxTradeAmount: wireNumber('12345678901234567890'),
    takerFeeRate: 0.001,
    makerFeeRate: 0.0008,
    buyLimitPriceRatio: 0.1,
    sellLimitPriceRatio: 0.1,
    marketBuyLimitSize: 1000,
    marketSellLimitSize: 800,
    marketFallbackPriceRatio: 0,
    permissionSets: [['SPOT']],
  }),
  // A tick that is not a power of ten, coarser than the quote precision allows.
  pair('XAUT', {
    baseAssetPrecision: 6,
    quoteAssetPrecision: 2,
    tickSize: '0.5',
    stepSize: '0.001',
    minTradeAmount: '0.010',
    maxTradeAmount: '100',
    takerFeeRate: '0.002',
    buyLimitPriceRatio: '0.03',
    sellLimitPriceRatio: '0.03',
    marketBuyLimitSize: '10',
    marketSellLimitSize: '10',
    marketFallbackPriceRatio: '0.01',
    displayDigitMerge: '0.5,1,5',
    displayNew: true,
  }),
  // Whole-number quantities on a step of 110, a negative maker fee.
  pair('MEME', {
    baseAssetPrecision: 0,
    tickSize: '0.00000012',
    stepSize: 110,
    minTradeAmount: 1100,
    maxTradeAmount: '990000000',
    makerFeeRate: '-0.0001',
    buyLimitPriceRatio: '0.2',
    sellLimitPriceRatio: '0.2',
    marketBuyLimitSize: '50000000',
    marketSellLimitSize: '50000000',
    marketFallbackPriceRatio: '0.10',
    displayDigitMerge: '0.00000012',
    displayNew: true,
    displayHot: true,
  }),
  // A null tick and no step: grids from the precisions alone.
  pair('NEW', {
    baseAssetPrecision: 2,
    quoteAssetPrecision: 4,
    tickSize: null,
    stepSize: undefined,
    minTradeAmount: '1',
    maxTradeAmount: '100000',
    marketBuyLimitSize: '5000',
    marketSellLimitSize: '5000',
    marketFallbackPriceRatio: '0',
    displayNew: true,
  }),
  // The real grid-less shape: the tick inferred from an unsorted displayDigitMerge.
  pair('SOL', {
    tickSize: undefined,
    stepSize: undefined,
    minTradeAmount: '0.01',
    maxTradeAmount: '20000',
    takerFeeRate: null,
    marketBuyLimitSize: '2000',
    marketSellLimitSize: '2000',
    marketFallbackPriceRatio: '0.2',
    enableTrade: 'true',
    displayDigitMerge: '1,0.1,0.01,',
    displayHot: 1,
  }),
  pair('LUNA', {
    status: 'HALT',
    tickSize: '0.0001',
    minTradeAmount: '0.1',
    maxTradeAmount: '1000000',
    marketBuyLimitSize: '10000',
    marketSellLimitSize: '10000',
    enableTrade: false,
    enableDisplay: false,
  }),
  pair('BAD', {
    minTradeAmount: 'abc',
    maxTradeAmount: '1000',
    marketBuyLimitSize: '100',
    marketSellLimitSize: '100',
  }),
];

/** The sample's text: two-space JSON, the marked numbers written bare. */
function sampleText(): string {
  const info = { timezone: 'UTC', serverTime: 1763712000000, rateLimits: [], symbols: SAMPLE_PAIRS };
  return JSON.stringify(info, null, 2).replace(/"\\u0000([^"]*)"/g, '$1');
}

/**
 * A sample `GET /api/v3/exchangeInfo` body in the wire's real mixtures: decimals as strings and as
 * JSON numbers (`1e-4`), `"0.10"` with a trailing zero, a 20-digit `maxTradeAmount`, precisions as
 * strings, absent and `null` grids, ticks that are not powers of ten, a zero fallback ratio, a
 * pair in the real grid-less shape (no `tickSize`, no `stepSize`: its tick is inferred from an
 * unsorted `displayDigitMerge` with a trailing comma; a `null` fee rate, `enableTrade: "true"`,
 * `displayHot: 1`), a pair that is not trading, one with trading disabled, unknown extra fields,
 * and one malformed definition (`minTradeAmount: "abc"`).
 *
 * @example
 * ```ts
 * import { SAMPLE_EXCHANGE_INFO_JSON, parseExchangeInfoText } from 'order-preflight';
 * const info = parseExchangeInfoText(SAMPLE_EXCHANGE_INFO_JSON);
 * ```
 */
export const SAMPLE_EXCHANGE_INFO_JSON: string = /* @__PURE__ */ sampleText();

/**
 * The embedded sample, parsed: what `npm run demo` runs on, and a handy fixture.
 *
 * @example
 * ```ts
 * const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
 * ```
 */
export function sampleExchangeInfo(): ExchangeInfo {
  return parseExchangeInfoText(SAMPLE_EXCHANGE_INFO_JSON);
}
