import type { CompiledPair } from '../book/compiled-pair.js';
import { Dec } from '../decimal/dec.js';
import { floorToGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** QUANTITY_ABOVE_MAX: the quantity is at most `maxTradeAmount`, for every order type (inclusive). */
export function checkQuantityMax(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined || quantity.value.lte(pair.maxTradeAmount)) return undefined;
  const highest = floorToGrid(pair.maxTradeAmount, pair.quantityGrid);
  return violation('QUANTITY_ABOVE_MAX', 'quantity', {
    value: quantity.text,
    limit: pair.definition.maxTradeAmount,
    suggestion: highest.gt(Dec.ZERO) ? [highest.toString()] : [],
  });
}
