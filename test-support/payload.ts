/**
 * A complete trading-pair definition with every field the exchange documents, in the wire's mixed
 * encodings (decimals as strings and as numbers).
 *
 * @example
 * ```ts
 * pairDefinition({ symbol: 'ETHUSDT', tickSize: 0.01 });
 * ```
 */
export function pairDefinition(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    symbol: 'BTCUSDT',
    status: 'TRADING',
    baseAsset: 'BTC',
    baseAssetPrecision: 8,
    quoteAsset: 'USDT',
    quoteAssetPrecision: '8',
    tickSize: '0.01',
    stepSize: 0.00001,
    minTradeAmount: '0.00010',
    maxTradeAmount: 1000,
    takerFeeRate: '0.001',
    makerFeeRate: 0.0008,
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.05',
    marketBuyLimitSize: '100',
    marketSellLimitSize: 100,
    marketFallbackPriceRatio: '0',
    enableTrade: true,
    enableDisplay: true,
    displayDigitMerge: '0.01,0.1,1',
    displayNew: false,
    displayHot: true,
    ...overrides,
  };
}

/**
 * A whole `GET /api/v3/exchangeInfo` body.
 *
 * @example
 * ```ts
 * exchangeInfoPayload([pairDefinition()], { serverTime: Date.now() + 60_000 });
 * ```
 */
export function exchangeInfoPayload(
  symbols: readonly Record<string, unknown>[] = [pairDefinition()],
  options: { serverTime?: number; timezone?: string } = {},
): Record<string, unknown> {
  return { timezone: options.timezone ?? 'UTC', serverTime: options.serverTime ?? Date.now(), symbols };
}

/**
 * Serialises a payload, then swaps string placeholders for raw JSON text, so a test can send
 * numbers JavaScript cannot hold (`12345678901234567890`) or write (`1e-8`).
 *
 * @example
 * ```ts
 * withRawJson(exchangeInfoPayload([pairDefinition({ tickSize: '@tick' })]), { '@tick': '1e-8' });
 * ```
 */
export function withRawJson(payload: unknown, raw: Record<string, string>): string {
  let text = JSON.stringify(payload);
  for (const [placeholder, json] of Object.entries(raw)) {
    text = text.split(JSON.stringify(placeholder)).join(json);
  }
  return text;
}
