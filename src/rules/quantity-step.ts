import type { CompiledPair } from '../book/compiled-pair.js';
import { Dec } from '../decimal/dec.js';
import { floorToGrid, isOnGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** QUANTITY_STEP: the quantity is an integer multiple of `stepSize` (skipped when the pair has none). */
export function checkQuantityStep(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined) return undefined;
  if (pair.stepSize === null) return skippedCheck('QUANTITY_STEP', 'NO_STEP_SIZE');
  if (isOnGrid(quantity.value, pair.stepSize)) return undefined;
  return violation('QUANTITY_STEP', 'quantity', {
    value: quantity.text,
    limit: pair.stepSize.toString(),
    suggestion: [stepBelowOrFirst(quantity.value, pair.stepSize)],
  });
}

/** The step below, or the first step when the quantity is below one step. */
function stepBelowOrFirst(
  value: Parameters<typeof floorToGrid>[0],
  step: Parameters<typeof floorToGrid>[1],
): string {
  const below = floorToGrid(value, step);
  return (below.gt(Dec.ZERO) ? below : step).toString();
}
