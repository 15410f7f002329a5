import { ceilToGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** QUANTITY_BELOW_MIN: the quantity is at least `minTradeAmount`, for every order type (inclusive). */
export function checkQuantityMin(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined) return undefined;
  const min = pair.minTradeAmount;
  if (min === null) return skippedCheck('QUANTITY_BELOW_MIN', 'NO_RULE_FIELD', 'minTradeAmount');
  if (quantity.value.gte(min)) return undefined;
  const lowest = pair.quantityGrid === null ? min : ceilToGrid(min, pair.quantityGrid);
  return violation('QUANTITY_BELOW_MIN', 'quantity', {
    value: quantity.text,
    limit: min.toString(),
    suggestion: [lowest.toString()],
  });
}
