import { Dec } from '../decimal/dec.js';
import { floorToGrid, isOnGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { withinQuantityWindow } from '../pair/quantity-window.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/**
 * QUANTITY_STEP: the quantity is an integer multiple of `stepSize` (skipped when the pair has
 * none). Suggests the step below (or the first step), kept within the quantities the pair's
 * bounds allow.
 */
export function checkQuantityStep(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined) return undefined;
  const step = pair.stepSize;
  if (step === null) return skippedCheck('QUANTITY_STEP', 'NO_STEP_SIZE', 'stepSize');
  if (isOnGrid(quantity.value, step)) return undefined;
  const grid = pair.quantityGrid ?? step;
  const below = floorToGrid(quantity.value, grid);
  const nearest = withinQuantityWindow(pair, order, below.gt(Dec.ZERO) ? below : grid);
  return violation('QUANTITY_STEP', 'quantity', {
    value: quantity.text,
    limit: step.toString(),
    suggestion: [nearest.toString()],
  });
}
