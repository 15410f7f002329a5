import { ceilToGrid } from '../decimal/grid.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/**
 * PRICE_BELOW_SELL_LIMIT: a LIMIT SELL is at least reference × (1 − sellLimitPriceRatio).
 * One-sided: a sell far above the market is not the exchange's concern. Suggests the edge
 * rounded up onto the price grid.
 */
export function checkSellPriceBand(
  pair: CompiledPair,
  order: ParsedOrder,
  context: ParsedContext,
): RuleOutcome {
  const price = order.price;
  if (order.type !== 'LIMIT' || order.side !== 'SELL' || price === undefined) return undefined;
  const factor = pair.sellBandFactor;
  if (factor === null) return skippedCheck('PRICE_BELOW_SELL_LIMIT', 'NO_RULE_FIELD', 'sellLimitPriceRatio');
  const reference = context.referencePrice;
  if (reference === undefined)
    return skippedCheck('PRICE_BELOW_SELL_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice');
  const limit = reference.value.times(factor);
  if (price.value.gte(limit)) return undefined;
  const lowest = pair.priceGrid === null ? limit : ceilToGrid(limit, pair.priceGrid);
  return violation('PRICE_BELOW_SELL_LIMIT', 'price', {
    value: price.text,
    limit: limit.toString(),
    detail: sellBandDetail(pair, reference.text),
    suggestion: [lowest.toString()],
  });
}

/** How the sell limit was reached, for the violation's message. */
export function sellBandDetail(pair: CompiledPair, referenceText: string): string {
  return `(referencePrice ${referenceText} × (1 − sellLimitPriceRatio ${pair.definition.sellLimitPriceRatio}))`;
}
