import Big from 'big.js';
import type { PairDefinition } from '../src/index.js';

/**
 * The reference point a careful user would write by hand: the pair's rules parsed into `Big`
 * once, each order's price and quantity parsed into `Big` per call, then `mod`, `times`, `gt`.
 * It makes the same checks as `validateOrder` and returns the codes it finds (no messages, no
 * suggestions), so the comparison flatters it, if anything.
 */
interface BigPair {
  readonly trading: boolean;
  readonly enabled: boolean;
  readonly tick: Big | null;
  readonly step: Big | null;
  readonly quotePrecision: number;
  readonly basePrecision: number;
  readonly min: Big;
  readonly max: Big;
  readonly marketBuy: Big;
  readonly marketSell: Big;
  readonly buyFactor: Big;
  readonly sellFactor: Big;
  readonly marketBuyFactor: Big;
  readonly marketSellFactor: Big;
}

const PLAIN = /^(0|[1-9]\d*)(\.\d+)?$/;

export class BigBaselineValidator {
  readonly #pairs = new Map<string, BigPair>();

  constructor(definitions: readonly PairDefinition[]) {
    for (const d of definitions) {
      const fallback = new Big(d.marketFallbackPriceRatio);
      const buy = new Big(d.buyLimitPriceRatio);
      const sell = new Big(d.sellLimitPriceRatio);
      this.#pairs.set(d.symbol, {
        trading: d.status === 'TRADING',
        enabled: d.enableTrade,
        tick: d.tickSize === null ? null : new Big(d.tickSize),
        step: d.stepSize === null ? null : new Big(d.stepSize),
        quotePrecision: d.quoteAssetPrecision,
        basePrecision: d.baseAssetPrecision,
        min: new Big(d.minTradeAmount),
        max: new Big(d.maxTradeAmount),
        marketBuy: new Big(d.marketBuyLimitSize),
        marketSell: new Big(d.marketSellLimitSize),
        buyFactor: new Big(1).plus(buy),
        sellFactor: new Big(1).minus(sell),
        marketBuyFactor: new Big(1).plus(fallback.eq(0) ? buy : fallback),
        marketSellFactor: new Big(1).minus(fallback.eq(0) ? sell : fallback),
      });
    }
  }

  validate(
    order: Record<string, unknown>,
    context: { referencePrice?: unknown; maxNotional?: unknown } = {},
  ): string[] {
    const codes: string[] = [];
    const pair = typeof order.symbol === 'string' ? this.#pairs.get(order.symbol) : undefined;
    const quantity = decimal(order.quantity);
    const isLimit = order.type === 'LIMIT';
    const price = isLimit ? decimal(order.price) : undefined;
    if (quantity === undefined || (isLimit && price === undefined)) codes.push('INVALID_FIELD');
    if (pair === undefined) return [...codes, 'UNKNOWN_SYMBOL'];
    if (!pair.trading) codes.push('SYMBOL_NOT_TRADING');
    if (!pair.enabled) codes.push('TRADING_DISABLED');
    const reference = decimal(context.referencePrice);
    if (price !== undefined) {
      if (pair.tick !== null) {
        if (!price.mod(pair.tick).eq(0)) codes.push('PRICE_TICK');
      } else if (decimals(price) > pair.quotePrecision) codes.push('PRICE_PRECISION');
      if (reference !== undefined && order.side === 'BUY' && price.gt(reference.times(pair.buyFactor)))
        codes.push('PRICE_ABOVE_BUY_LIMIT');
      if (reference !== undefined && order.side === 'SELL' && price.lt(reference.times(pair.sellFactor)))
        codes.push('PRICE_BELOW_SELL_LIMIT');
    }
    if (quantity !== undefined) {
      if (pair.step !== null) {
        if (!quantity.mod(pair.step).eq(0)) codes.push('QUANTITY_STEP');
      } else if (decimals(quantity) > pair.basePrecision) codes.push('QUANTITY_PRECISION');
      if (quantity.lt(pair.min)) codes.push('QUANTITY_BELOW_MIN');
      if (quantity.gt(pair.max)) codes.push('QUANTITY_ABOVE_MAX');
      if (order.type === 'MARKET' && quantity.gt(order.side === 'BUY' ? pair.marketBuy : pair.marketSell))
        codes.push('MARKET_SIZE_ABOVE_MAX');
      const maxNotional = decimal(context.maxNotional);
      if (maxNotional !== undefined) {
        const worst =
          price ??
          (reference === undefined
            ? undefined
            : reference.times(order.side === 'BUY' ? pair.marketBuyFactor : pair.marketSellFactor));
        if (worst?.times(quantity).gt(maxNotional)) codes.push('NOTIONAL_ABOVE_MAX');
      }
    }
    return codes;
  }
}

function decimal(value: unknown): Big | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || text.length > 64 || !PLAIN.test(text)) return undefined;
  const big = new Big(text);
  return big.gt(0) ? big : undefined;
}

function decimals(value: Big): number {
  return Math.max(0, value.c.length - value.e - 1);
}
