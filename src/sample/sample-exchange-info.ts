import { parseExchangeInfoText } from '../exchange-info/parse-exchange-info-text.js';
import type { ExchangeInfo } from '../exchange-info/schema.js';

/**
 * A sample `GET /api/v3/exchangeInfo` body in the wire's real mixtures: decimals as strings and as
 * JSON numbers (`1e-8`), `"0.10"` with a trailing zero, a 20-digit `maxTradeAmount`, precisions as
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
export const SAMPLE_EXCHANGE_INFO_JSON = `{
  "timezone": "UTC",
  "serverTime": 1763712000000,
  "rateLimits": [],
  "symbols": [
    {
      "symbol": "BTCUSDT", "status": "TRADING",
      "baseAsset": "BTC", "baseAssetPrecision": 8, "quoteAsset": "USDT", "quoteAssetPrecision": 8,
      "tickSize": "0.01", "stepSize": "0.00001",
      "minTradeAmount": "0.00010", "maxTradeAmount": "9000",
      "takerFeeRate": "0.001", "makerFeeRate": "0.0008",
      "buyLimitPriceRatio": "0.05", "sellLimitPriceRatio": "0.05",
      "marketBuyLimitSize": "50", "marketSellLimitSize": "50", "marketFallbackPriceRatio": "0.02",
      "enableTrade": true, "enableDisplay": true, "displayDigitMerge": "0.01,0.1,1,10",
      "displayNew": false, "displayHot": true
    },
    {
      "symbol": "ETHUSDT", "status": "TRADING",
      "baseAsset": "ETH", "baseAssetPrecision": "8", "quoteAsset": "USDT", "quoteAssetPrecision": "8",
      "tickSize": 0.01, "stepSize": 1e-4,
      "minTradeAmount": 0.001, "maxTradeAmount": 12345678901234567890,
      "takerFeeRate": 0.001, "makerFeeRate": 0.0008,
      "buyLimitPriceRatio": 0.1, "sellLimitPriceRatio": 0.1,
      "marketBuyLimitSize": 1000, "marketSellLimitSize": 800, "marketFallbackPriceRatio": 0,
      "enableTrade": true, "enableDisplay": true, "displayDigitMerge": "",
      "displayNew": false, "displayHot": false, "permissionSets": [["SPOT"]]
    },
    {
      "symbol": "XAUTUSDT", "status": "TRADING",
      "baseAsset": "XAUT", "baseAssetPrecision": 6, "quoteAsset": "USDT", "quoteAssetPrecision": 2,
      "tickSize": "0.5", "stepSize": "0.001",
      "minTradeAmount": "0.010", "maxTradeAmount": "100",
      "takerFeeRate": "0.002", "makerFeeRate": "0.001",
      "buyLimitPriceRatio": "0.03", "sellLimitPriceRatio": "0.03",
      "marketBuyLimitSize": "10", "marketSellLimitSize": "10", "marketFallbackPriceRatio": "0.01",
      "enableTrade": true, "enableDisplay": true, "displayDigitMerge": "0.5,1,5",
      "displayNew": true, "displayHot": false
    },
    {
      "symbol": "MEMEUSDT", "status": "TRADING",
      "baseAsset": "MEME", "baseAssetPrecision": 0, "quoteAsset": "USDT", "quoteAssetPrecision": 8,
      "tickSize": "0.00000012", "stepSize": 110,
      "minTradeAmount": 1100, "maxTradeAmount": "990000000",
      "takerFeeRate": "0.001", "makerFeeRate": "-0.0001",
      "buyLimitPriceRatio": "0.2", "sellLimitPriceRatio": "0.2",
      "marketBuyLimitSize": "50000000", "marketSellLimitSize": "50000000", "marketFallbackPriceRatio": "0.10",
      "enableTrade": true, "enableDisplay": true, "displayDigitMerge": "0.00000012",
      "displayNew": true, "displayHot": true
    },
    {
      "symbol": "NEWUSDT", "status": "TRADING",
      "baseAsset": "NEW", "baseAssetPrecision": 2, "quoteAsset": "USDT", "quoteAssetPrecision": 4,
      "tickSize": null,
      "minTradeAmount": "1", "maxTradeAmount": "100000",
      "takerFeeRate": "0.001", "makerFeeRate": "0.001",
      "buyLimitPriceRatio": "0.1", "sellLimitPriceRatio": "0.1",
      "marketBuyLimitSize": "5000", "marketSellLimitSize": "5000", "marketFallbackPriceRatio": "0",
      "enableTrade": true, "enableDisplay": true, "displayDigitMerge": "",
      "displayNew": true, "displayHot": false
    },
    {
      "symbol": "SOLUSDT", "status": "TRADING",
      "baseAsset": "SOL", "baseAssetPrecision": 8, "quoteAsset": "USDT", "quoteAssetPrecision": 8,
      "minTradeAmount": "0.01", "maxTradeAmount": "20000",
      "takerFeeRate": null, "makerFeeRate": "0.001",
      "buyLimitPriceRatio": "0.1", "sellLimitPriceRatio": "0.1",
      "marketBuyLimitSize": "2000", "marketSellLimitSize": "2000", "marketFallbackPriceRatio": "0.2",
      "enableTrade": "true", "enableDisplay": true, "displayDigitMerge": "1,0.1,0.01,",
      "displayNew": false, "displayHot": 1
    },
    {
      "symbol": "LUNAUSDT", "status": "HALT",
      "baseAsset": "LUNA", "baseAssetPrecision": 8, "quoteAsset": "USDT", "quoteAssetPrecision": 8,
      "tickSize": "0.0001", "stepSize": "0.01",
      "minTradeAmount": "0.1", "maxTradeAmount": "1000000",
      "takerFeeRate": "0.001", "makerFeeRate": "0.001",
      "buyLimitPriceRatio": "0.1", "sellLimitPriceRatio": "0.1",
      "marketBuyLimitSize": "10000", "marketSellLimitSize": "10000", "marketFallbackPriceRatio": "0.05",
      "enableTrade": false, "enableDisplay": false, "displayDigitMerge": "",
      "displayNew": false, "displayHot": false
    },
    {
      "symbol": "BADUSDT", "status": "TRADING",
      "baseAsset": "BAD", "baseAssetPrecision": 8, "quoteAsset": "USDT", "quoteAssetPrecision": 8,
      "tickSize": "0.01", "stepSize": "0.01",
      "minTradeAmount": "abc", "maxTradeAmount": "1000",
      "takerFeeRate": "0.001", "makerFeeRate": "0.001",
      "buyLimitPriceRatio": "0.1", "sellLimitPriceRatio": "0.1",
      "marketBuyLimitSize": "100", "marketSellLimitSize": "100", "marketFallbackPriceRatio": "0.05",
      "enableTrade": true, "enableDisplay": true, "displayDigitMerge": "",
      "displayNew": false, "displayHot": false
    }
  ]
}`;

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
