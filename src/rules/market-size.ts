import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violation } from '../validation/violation.js';
import { highestUnder } from './quantity-max.js';
import type { RuleOutcome } from './rule.js';

/**
 * MARKET_SIZE_ABOVE_MAX: a MARKET BUY's quantity is at most `marketBuyLimitSize`, a MARKET SELL's
 * at most `marketSellLimitSize`; both in base-asset units, like the quantity.
 */
export function checkMarketSize(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (order.type !== 'MARKET' || order.side === undefined || quantity === undefined) return undefined;
  const buy = order.side === 'BUY';
  const field = buy ? 'marketBuyLimitSize' : 'marketSellLimitSize';
  const max = buy ? pair.marketBuyLimitSize : pair.marketSellLimitSize;
  if (max === null) return skippedCheck('MARKET_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', field);
  if (quantity.value.lte(max)) return undefined;
  return violation('MARKET_SIZE_ABOVE_MAX', 'quantity', {
    value: quantity.text,
    limit: max.toString(),
    detail: field,
    suggestion: highestUnder(pair, order, max),
  });
}
