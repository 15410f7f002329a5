import type { Dec } from '../decimal/dec.js';
import { isOnGrid } from '../decimal/grid.js';
import { formatScaled, isMultiple, onGrid } from '../decimal/safe-integers.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { againstPairField } from './against-pair-field.js';
import { quantityDown, quantityDownUnits, repairQuantity } from './quantity-rounding.js';
import { FAIL, NOT_SURE, PASS, pairRule, partsOf, SKIP } from './rule.js';

const NO_STEP = skippedCheck('QUANTITY_STEP', 'NO_STEP_SIZE', 'stepSize');

/** What a QUANTITY_STEP message says after the quantity: the pair's alone (kept per pair by the fast explanation). */
function offStepTail(step: string): string {
  return ` is not a multiple of stepSize ${step}`;
}

function offStep(value: string, step: string, tail: string, nearest: string): Violation {
  return violationOf('QUANTITY_STEP', 'quantity', `quantity ${value}${tail}`, step, value, [nearest]);
}

/**
 * QUANTITY_STEP: the quantity is an integer multiple of `stepSize` (skipped when the pair has
 * none). Suggests the step below (or the first step), kept within the quantities the pair's
 * bounds allow.
 */
export const checkQuantityStep = againstPairField('quantity', 'stepSize', NO_STEP, isOnGrid, offStepExactly);

function offStepExactly(
  pair: CompiledPair,
  order: ParsedOrder,
  quantity: OrderDecimal,
  step: Dec,
): Violation {
  const text = step.toString();
  return offStep(
    quantity.text,
    text,
    offStepTail(text),
    quantityDown(pair, order, quantity.value).toString(),
  );
}

/** The step as a violation quotes it, and its message's tail (a pair with a fast QUANTITY_STEP failure has a step). */
function stepParts(pair: CompiledPair): { readonly step: string; readonly tail: string } {
  const step = (pair.stepSize as NonNullable<CompiledPair['stepSize']>).toString();
  return { step, tail: offStepTail(step) };
}

/**
 * When the step is the quantity grid, the quantity's count on that grid decides; a step finer
 * than the grid (than `baseAssetPrecision` allows) is checked on the step itself.
 */
function fastCheck(pair: FastPair, order: FastOrder) {
  if (!pair.hasStep) return SKIP;
  // Stryker disable next-line ConditionalExpression: forced true, a step that is the grid is checked on itself, to the same answer (forced false is killed by the finer-step cases in test/rules/exact-and-fast-agree.test.ts)
  if (!pair.stepIsGrid) {
    const on = onGrid(order.quantity, order.quantityScale, pair.stepStep, pair.stepScale);
    // Stryker disable next-line ConditionalExpression: `on === 0` forced true makes a NaN (past 2^53) a FAIL, whose fast explanation is NaN too and so is left to the exact check
    return on === 1 ? PASS : on === 0 ? FAIL : NOT_SURE;
  }
  const count = order.quantityCount;
  // Stryker disable next-line EqualityOperator: a fast-read quantity is positive, so its count is never 0 (a negative count is off the grid)
  return count >= 0 && isMultiple(count, pair.quantityStep) ? PASS : FAIL;
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation | undefined {
  const nearest = quantityDownUnits(pair, order);
  if (Number.isNaN(nearest)) return undefined;
  const parts = partsOf(pair, slot, stepParts);
  return offStep(
    sentText(order.quantityRaw),
    parts.step,
    parts.tail,
    formatScaled(nearest, pair.quantityScale),
  );
}

/** QUANTITY_STEP, whole. */
export const quantityStep = pairRule({
  code: 'QUANTITY_STEP',
  check: checkQuantityStep,
  fastCheck,
  explainFast,
  fastSkip: NO_STEP,
  repair: repairQuantity,
});
