import { Dec } from '../decimal/dec.js';
import { floorToGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { withinQuantityWindow } from '../pair/quantity-window.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** QUANTITY_ABOVE_MAX: the quantity is at most `maxTradeAmount`, for every order type (inclusive). */
export function checkQuantityMax(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined) return undefined;
  const max = pair.maxTradeAmount;
  if (max === null) return skippedCheck('QUANTITY_ABOVE_MAX', 'NO_RULE_FIELD', 'maxTradeAmount');
  if (quantity.value.lte(max)) return undefined;
  return violation('QUANTITY_ABOVE_MAX', 'quantity', {
    value: quantity.text,
    limit: max.toString(),
    suggestion: highestUnder(pair, order, max),
  });
}

/**
 * A cap rounded down onto the quantity grid and kept within the pair's other bounds, as a
 * suggestion; none when that leaves zero.
 */
export function highestUnder(pair: CompiledPair, order: ParsedOrder, cap: Dec): string[] {
  const grid = pair.quantityGrid;
  const highest = withinQuantityWindow(pair, order, grid === null ? cap : floorToGrid(cap, grid));
  return highest.gt(Dec.ZERO) ? [highest.toString()] : [];
}
