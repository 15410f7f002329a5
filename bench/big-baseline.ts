import Big from 'big.js';
import type { PairDefinition } from '../src/index.js';

/**
 * The reference point a careful user would write by hand: the pair's rules parsed into `Big`
 * once, each order's price and quantity parsed into `Big` per call, then `mod`, `times`, `gt`.
 * It makes the same checks as `validateOrder` and returns the codes it finds (no messages, no
 * suggestions), so the comparison flatters it, if anything.
 */
interface BigPair {
  readonly trading: boolean | null;
  readonly enabled: boolean | null;
  readonly tick: Big | null;
  readonly step: Big | null;
  readonly quotePrecision: number | null;
  readonly basePrecision: number | null;
  readonly min: Big | null;
  readonly max: Big | null;
  readonly marketBuy: Big | null;
  readonly marketSell: Big | null;
  readonly buyFactor: Big | null;
  readonly sellFactor: Big | null;
  readonly marketBuyFactor: Big | null;
  readonly marketSellFactor: Big | null;
}

const big = (text: string | null) => (text === null ? null : new Big(text));

/**
 * The tick in force: sent, or the smallest depth-merge step (docs/exchange-semantics.md, "Reading
 * the exchange's definitions").
 */
function tickOf(d: PairDefinition): Big | null {
  if (d.tickSize !== null) return new Big(d.tickSize);
  let smallest: Big | null = null;
  for (const step of d.displayDigitMerge ?? []) {
    const value = new Big(step);
    if (value.gt(0) && (smallest === null || value.lt(smallest))) smallest = value;
  }
  return smallest;
}

const PLAIN = /^(0|[1-9]\d*)(\.\d+)?$/;

export class BigBaselineValidator {
  readonly #pairs = new Map<string, BigPair>();

  constructor(definitions: readonly PairDefinition[]) {
    for (const d of definitions) {
      const fallback = big(d.marketFallbackPriceRatio);
      const configured = fallback !== null && !fallback.eq(0) ? fallback : null;
      const buy = big(d.buyLimitPriceRatio);
      const sell = big(d.sellLimitPriceRatio);
      const buyWorst = configured ?? buy;
      const sellWorst = configured ?? sell;
      this.#pairs.set(d.symbol, {
        trading: d.status === null ? null : d.status === 'TRADING',
        enabled: d.enableTrade,
        tick: tickOf(d),
        step: big(d.stepSize),
        quotePrecision: d.quoteAssetPrecision,
        basePrecision: d.baseAssetPrecision,
        min: big(d.minTradeAmount),
        max: big(d.maxTradeAmount),
        marketBuy: big(d.marketBuyLimitSize),
        marketSell: big(d.marketSellLimitSize),
        buyFactor: buy === null ? null : new Big(1).plus(buy),
        sellFactor: sell === null ? null : new Big(1).minus(sell),
        marketBuyFactor: buyWorst === null ? null : new Big(1).plus(buyWorst),
        marketSellFactor: sellWorst === null ? null : new Big(1).minus(sellWorst),
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
    if (pair.trading === false) codes.push('SYMBOL_NOT_TRADING');
    if (pair.enabled === false) codes.push('TRADING_DISABLED');
    const reference = decimal(context.referencePrice);
    if (price !== undefined) {
      if (pair.tick !== null && !price.mod(pair.tick).eq(0)) codes.push('PRICE_TICK');
      // Precision is judged on the text as sent, trailing zeros included.
      if (pair.quotePrecision !== null && places(order.price) > pair.quotePrecision)
        codes.push('PRICE_PRECISION');
      const buyEdge = pair.buyFactor === null ? undefined : reference?.times(pair.buyFactor);
      const sellEdge = pair.sellFactor === null ? undefined : reference?.times(pair.sellFactor);
      if (buyEdge !== undefined && order.side === 'BUY' && price.gt(buyEdge))
        codes.push('PRICE_ABOVE_BUY_LIMIT');
      if (sellEdge !== undefined && order.side === 'SELL' && price.lt(sellEdge))
        codes.push('PRICE_BELOW_SELL_LIMIT');
    }
    if (quantity !== undefined) {
      if (pair.step !== null && !quantity.mod(pair.step).eq(0)) codes.push('QUANTITY_STEP');
      if (pair.basePrecision !== null && places(order.quantity) > pair.basePrecision)
        codes.push('QUANTITY_PRECISION');
      if (pair.min !== null && quantity.lt(pair.min)) codes.push('QUANTITY_BELOW_MIN');
      if (pair.max !== null && quantity.gt(pair.max)) codes.push('QUANTITY_ABOVE_MAX');
      const cap = order.side === 'BUY' ? pair.marketBuy : pair.marketSell;
      if (order.type === 'MARKET' && cap !== null && quantity.gt(cap)) codes.push('MARKET_SIZE_ABOVE_MAX');
      const maxNotional = decimal(context.maxNotional);
      if (maxNotional !== undefined) {
        const factor = order.side === 'BUY' ? pair.marketBuyFactor : pair.marketSellFactor;
        const worst =
          price ?? (reference === undefined || factor === null ? undefined : reference.times(factor));
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

/** Decimal places of the text that would be sent. */
function places(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : String(value);
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}
