import type { Dec } from '../decimal/dec.js';
import { ceilToGrid } from '../decimal/grid.js';
import { atMost } from '../decimal/safe-integers.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { againstPairField } from './against-pair-field.js';
import { FAIL, PASS, pairRule, partsOf } from './rule.js';

const NO_MIN = skippedCheck('QUANTITY_BELOW_MIN', 'NO_RULE_FIELD', 'minTradeAmount');

function belowMin(value: string, parts: ReturnType<typeof minimumOf>): Violation {
  const message = `quantity ${value}${parts.tail}`;
  return violationOf('QUANTITY_BELOW_MIN', 'quantity', message, parts.min, value, parts.lowest);
}

/**
 * The minimum as text, and the least quantity that passes it: the minimum rounded up onto the
 * grid (a pair whose minimum is broken has one).
 */
function minimumOf(pair: CompiledPair) {
  const min = pair.minTradeAmount as NonNullable<CompiledPair['minTradeAmount']>;
  const lowest = pair.quantityGrid === null ? min : ceilToGrid(min, pair.quantityGrid);
  const text = min.toString();
  return { min: text, lowest: Object.freeze([lowest.toString()]), tail: ` is below minTradeAmount ${text}` };
}

/** QUANTITY_BELOW_MIN: the quantity is at least `minTradeAmount`, for every order type (inclusive). */
export const checkQuantityMin = againstPairField('quantity', 'minTradeAmount', NO_MIN, reaches, breach);

function reaches(quantity: Dec, min: Dec): boolean {
  return quantity.gte(min);
}

function breach(pair: CompiledPair, _order: ParsedOrder, quantity: OrderDecimal): Violation {
  return belowMin(quantity.text, minimumOf(pair));
}

/** A whole count compares with the minimum counted the same way; more decimals, with the minimum itself. */
function fastCheck(pair: FastPair, order: FastOrder) {
  const count = order.quantityCount;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: counted or compared with the bound (a count of 0 either way), the answer is the same; the count is the quicker way
  if (count >= 0) {
    return count < pair.minCount ? FAIL : PASS;
  }
  return atMost(pair.minUnits, pair.minScale, order.quantity, order.quantityScale) === 1 ? PASS : FAIL;
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation {
  return belowMin(sentText(order.quantityRaw), partsOf(pair, slot, minimumOf));
}

/** QUANTITY_BELOW_MIN, whole. */
export const quantityMin = pairRule({
  code: 'QUANTITY_BELOW_MIN',
  check: checkQuantityMin,
  fastCheck,
  explainFast,
});
