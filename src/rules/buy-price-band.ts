import { Dec } from '../decimal/dec.js';
import { floorToGrid } from '../decimal/grid.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/**
 * PRICE_ABOVE_BUY_LIMIT: a LIMIT BUY is at most reference × (1 + buyLimitPriceRatio). One-sided:
 * a buy far below the market is not the exchange's concern. Suggests the edge rounded down onto
 * the price grid.
 */
export function checkBuyPriceBand(
  pair: CompiledPair,
  order: ParsedOrder,
  context: ParsedContext,
): RuleOutcome {
  const price = order.price;
  if (order.type !== 'LIMIT' || order.side !== 'BUY' || price === undefined) return undefined;
  const factor = pair.buyBandFactor;
  if (factor === null) return skippedCheck('PRICE_ABOVE_BUY_LIMIT', 'NO_RULE_FIELD', 'buyLimitPriceRatio');
  const reference = context.referencePrice;
  if (reference === undefined)
    return skippedCheck('PRICE_ABOVE_BUY_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice');
  const limit = reference.value.times(factor);
  if (price.value.lte(limit)) return undefined;
  const highest = pair.priceGrid === null ? limit : floorToGrid(limit, pair.priceGrid);
  return violation('PRICE_ABOVE_BUY_LIMIT', 'price', {
    value: price.text,
    limit: limit.toString(),
    detail: buyBandDetail(pair, reference.text),
    suggestion: highest.gt(Dec.ZERO) ? [highest.toString()] : [],
  });
}

/** How the buy limit was reached, for the violation's message. */
export function buyBandDetail(pair: CompiledPair, referenceText: string): string {
  return `(referencePrice ${referenceText} × (1 + buyLimitPriceRatio ${pair.definition.buyLimitPriceRatio}))`;
}
