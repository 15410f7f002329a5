import type { CompiledPair } from '../book/compiled-pair.js';
import { ceilToGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** QUANTITY_BELOW_MIN: the quantity is at least `minTradeAmount`, for every order type (inclusive). */
export function checkQuantityMin(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined || quantity.value.gte(pair.minTradeAmount)) return undefined;
  return violation('QUANTITY_BELOW_MIN', 'quantity', {
    value: quantity.text,
    limit: pair.definition.minTradeAmount,
    suggestion: [ceilToGrid(pair.minTradeAmount, pair.quantityGrid).toString()],
  });
}
