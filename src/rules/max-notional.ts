import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { worstCasePrice } from '../pair/worst-case-price.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/**
 * NOTIONAL_ABOVE_MAX: price × quantity is at most `context.maxNotional` (the caller's risk limit);
 * a MARKET order is judged at its worst-case price, which needs the reference price and a ratio
 * (the fallback ratio, or the side's limit-price ratio when that is 0 or absent).
 */
export function checkMaxNotional(
  pair: CompiledPair,
  order: ParsedOrder,
  context: ParsedContext,
): RuleOutcome {
  const max = context.maxNotional;
  const quantity = order.quantity;
  if (max === undefined || quantity === undefined) return undefined;
  if (order.type === 'MARKET' && order.side !== undefined) {
    const buy = order.side === 'BUY';
    if ((buy ? pair.marketBuyWorstFactor : pair.marketSellWorstFactor) === null)
      return skippedCheck(
        'NOTIONAL_ABOVE_MAX',
        'NO_RULE_FIELD',
        buy ? 'buyLimitPriceRatio' : 'sellLimitPriceRatio',
      );
    if (context.referencePrice === undefined)
      return skippedCheck('NOTIONAL_ABOVE_MAX', 'NO_REFERENCE_PRICE', 'referencePrice');
  }
  const price = worstCasePrice(pair, order, context);
  if (price === undefined) return undefined;
  const notional = price.times(quantity.value);
  if (notional.lte(max.value)) return undefined;
  return violation('NOTIONAL_ABOVE_MAX', 'notional', {
    value: notional.toString(),
    limit: max.text,
    detail: notionalDetail(order.type === 'MARKET', price.toString(), quantity.text),
  });
}

/** How the notional was reached, for the violation's message. */
export function notionalDetail(market: boolean, priceText: string, quantityText: string): string {
  return `(${market ? 'worst-case price' : 'price'} ${priceText} × quantity ${quantityText})`;
}
