import type { Dec } from '../decimal/dec.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from './compiled-pair.js';

/**
 * The price an order can fill at, at worst (docs/exchange-semantics.md, "Judging an order"): a
 * LIMIT order's own price; for a MARKET BUY reference × (1 + r), for a MARKET SELL reference × (1 −
 * r), r being `marketFallbackPriceRatio` or, when that is 0 ("not configured") or absent, the
 * side's limit-price ratio. The ratio's meaning is an assumption: WEEX does not show what it does
 * (docs/exchange-semantics.md). `undefined` when it cannot be known (no reference price for a
 * MARKET order, fields missing).
 */
export function worstCasePrice(
  pair: CompiledPair,
  order: ParsedOrder,
  context: ParsedContext,
): Dec | undefined {
  if (order.type === 'LIMIT') return order.price?.value;
  if (order.type !== 'MARKET' || order.side === undefined || context.referencePrice === undefined)
    return undefined;
  const factor = order.side === 'BUY' ? pair.marketBuyWorstFactor : pair.marketSellWorstFactor;
  return factor === null ? undefined : context.referencePrice.value.times(factor);
}
