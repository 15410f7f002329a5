import type { CompiledPair } from '../book/compiled-pair.js';
import { Dec } from '../decimal/dec.js';
import { floorToGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/**
 * MARKET_SIZE_ABOVE_MAX: a MARKET BUY's quantity is at most `marketBuyLimitSize`, a MARKET SELL's
 * at most `marketSellLimitSize`; both in base-asset units, like the quantity.
 */
export function checkMarketSize(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (order.type !== 'MARKET' || order.side === undefined || quantity === undefined) return undefined;
  const buy = order.side === 'BUY';
  const max = buy ? pair.marketBuyLimitSize : pair.marketSellLimitSize;
  if (quantity.value.lte(max)) return undefined;
  const highest = floorToGrid(max, pair.quantityGrid);
  return violation('MARKET_SIZE_ABOVE_MAX', 'quantity', {
    value: quantity.text,
    limit: buy ? pair.definition.marketBuyLimitSize : pair.definition.marketSellLimitSize,
    detail: buy ? 'marketBuyLimitSize' : 'marketSellLimitSize',
    suggestion: highest.gt(Dec.ZERO) ? [highest.toString()] : [],
  });
}
