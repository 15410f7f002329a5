import type { CompiledPair } from '../book/compiled-pair.js';
import { Dec } from '../decimal/dec.js';
import { floorToGrid, significantDecimals } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** QUANTITY_PRECISION: only without a step grid, the quantity has at most `baseAssetPrecision` significant decimals. */
export function checkQuantityPrecision(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined || pair.stepSize !== null) return undefined;
  const precision = pair.definition.baseAssetPrecision;
  if (significantDecimals(quantity.text) <= precision) return undefined;
  const below = floorToGrid(quantity.value, pair.quantityGrid);
  return violation('QUANTITY_PRECISION', 'quantity', {
    value: quantity.text,
    limit: String(precision),
    suggestion: [(below.gt(Dec.ZERO) ? below : pair.quantityGrid).toString()],
  });
}
