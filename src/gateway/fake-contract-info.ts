import { exchangeInfoAnswer } from './fake-exchange-info.js';

/**
 * The fake exchange's answer to `GET /capi/v3/market/exchangeInfo` (the contract host's
 * definitions) until told otherwise: BTCUSDT, ETHUSDT and DOGEUSDT as WEEX served them when a
 * public client library recorded them (every value a string; DOGEUSDT's `quantityPrecision` is
 * `-2`, sizes in hundreds), under the documented `assets` list. Kept as text, so a body served
 * as it was recorded reads as the wire's does.
 */
export const FAKE_CONTRACT_INFO_JSON = `{"assets":[{"asset":"BTC","marginAvailable":false},{"asset":"USDT","marginAvailable":true}],"symbols":[
  {"symbol":"BTCUSDT","baseAsset":"BTC","quoteAsset":"USDT","marginAsset":"USDT","pricePrecision":"1","quantityPrecision":"4","baseAssetPrecision":"3","quotePrecision":"8","contractVal":"0.0001","delivery":["00:00:00","08:00:00","16:00:00"],"forwardContractFlag":true,"minLeverage":"1","maxLeverage":"400","buyLimitPriceRatio":"0.01","sellLimitPriceRatio":"0.01","makerFeeRate":"0.0002","takerFeeRate":"0.0008","minOrderSize":"0.0001","maxOrderSize":"1200","maxPositionSize":"1000000","marketOpenLimitSize":"100"},
  {"symbol":"ETHUSDT","baseAsset":"ETH","quoteAsset":"USDT","marginAsset":"USDT","pricePrecision":"2","quantityPrecision":"3","baseAssetPrecision":"2","quotePrecision":"8","contractVal":"0.001","delivery":["00:00:00","08:00:00","16:00:00"],"forwardContractFlag":true,"minLeverage":"1","maxLeverage":"400","buyLimitPriceRatio":"0.01","sellLimitPriceRatio":"0.01","makerFeeRate":"0.0002","takerFeeRate":"0.0008","minOrderSize":"0.001","maxOrderSize":"1000000","maxPositionSize":"5000000","marketOpenLimitSize":"2300"},
  {"symbol":"DOGEUSDT","baseAsset":"DOGE","quoteAsset":"USDT","marginAsset":"USDT","pricePrecision":"5","quantityPrecision":"-2","baseAssetPrecision":"4","quotePrecision":"8","contractVal":"100","delivery":["00:00:00","08:00:00","16:00:00"],"forwardContractFlag":true,"minLeverage":"1","maxLeverage":"200","buyLimitPriceRatio":"0.05","sellLimitPriceRatio":"0.05","makerFeeRate":"0.0002","takerFeeRate":"0.0008","minOrderSize":"100","maxOrderSize":"200200000","maxPositionSize":"500000000","marketOpenLimitSize":"200200000"}
]}`;

/**
 * The fake exchange's answer to `GET /capi/v3/market/exchangeInfo?...`: the whole body, or,
 * with `symbol` (the one parameter the endpoint documents), only that contract, cut from the
 * body's own text; an unknown symbol is refused in the exchange's error shape (its code on the
 * contract host is not shown anywhere: the spot one is the stand-in). Other parameters are
 * ignored, as undocumented ones are.
 */
export function contractInfoAnswer(
  body: string,
  query: URLSearchParams,
): { readonly status: number; readonly body: string } {
  const symbol = query.get('symbol');
  const only = new URLSearchParams(symbol === null ? [] : [['symbol', symbol]]);
  return exchangeInfoAnswer(body, only, false, 0);
}
