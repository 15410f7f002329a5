import { Dec } from '../decimal/dec.js';
import { floorToGrid, writtenDecimals } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { withinQuantityWindow } from '../pair/quantity-window.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/**
 * QUANTITY_PRECISION: the quantity, as the text that would be sent, has at most
 * `baseAssetPrecision` decimal places; trailing zeros count. Independent of the step. Suggests
 * the quantity rounded down onto the grid (or its first point, when that is zero), kept within
 * the quantities the pair's bounds allow.
 */
export function checkQuantityPrecision(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined) return undefined;
  const precision = pair.basePrecision;
  if (precision === null) return skippedCheck('QUANTITY_PRECISION', 'NO_RULE_FIELD', 'baseAssetPrecision');
  if (writtenDecimals(quantity.text) <= precision) return undefined;
  const grid = pair.quantityGrid as Dec;
  const below = floorToGrid(quantity.value, grid);
  const nearest = withinQuantityWindow(pair, order, below.gt(Dec.ZERO) ? below : grid);
  return violation('QUANTITY_PRECISION', 'quantity', {
    value: quantity.text,
    limit: String(precision),
    suggestion: [nearest.toString()],
  });
}
