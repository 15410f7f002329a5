/**
 * The hand-written contract the futures rule tests judge against: every rule field present as a
 * string, the numbers small enough to reason about (price grid 0.01, size grid 0.001, sizes 0.01
 * to 100, the open-market cap 10, the position cap 500, a 5 % band each side).
 */
export const TEST_CONTRACT = Object.freeze({
  symbol: 'TESTUSDT',
  baseAsset: 'TEST',
  quoteAsset: 'USDT',
  marginAsset: 'USDT',
  pricePrecision: '2',
  quantityPrecision: '3',
  contractVal: '0.001',
  minOrderSize: '0.01',
  maxOrderSize: '100',
  maxPositionSize: '500',
  marketOpenLimitSize: '10',
  buyLimitPriceRatio: '0.05',
  sellLimitPriceRatio: '0.05',
  makerFeeRate: '0.0002',
  takerFeeRate: '0.0006',
});

/**
 * An opening MARKET BUY of 1 on {@link TEST_CONTRACT}, with `more` laid over it (a LIMIT order
 * passes `type`, `timeInForce` and `price`).
 */
export const testContractOrder = (more: object = {}) => ({
  symbol: 'TESTUSDT',
  side: 'BUY',
  positionSide: 'LONG',
  type: 'MARKET',
  quantity: '1',
  ...more,
});
