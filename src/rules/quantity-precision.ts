import { writtenDecimals } from '../decimal/grid.js';
import { formatScaled } from '../decimal/safe-integers.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { quantityDown, quantityDownUnits, repairQuantity } from './quantity-rounding.js';
import { FAIL, PASS, pairRule, type RuleOutcome, SKIP } from './rule.js';

const NO_BASE_PRECISION = skippedCheck('QUANTITY_PRECISION', 'NO_RULE_FIELD', 'baseAssetPrecision');

function tooPrecise(value: string, precision: number, nearest: string): Violation {
  const message = `quantity ${value} is written with more than baseAssetPrecision ${precision} decimals`;
  return violationOf('QUANTITY_PRECISION', 'quantity', message, String(precision), value, [nearest]);
}

/**
 * QUANTITY_PRECISION: the quantity, as the text that would be sent, has at most
 * `baseAssetPrecision` decimal places; trailing zeros count (an assumption, as for the price:
 * docs/exchange-semantics.md). Independent of the step. Suggests
 * the quantity rounded down onto the grid (or its first point, when that is zero), kept within
 * the quantities the pair's bounds allow.
 */
export function checkQuantityPrecision(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (quantity === undefined) return undefined;
  const precision = pair.basePrecision;
  if (precision === null) return NO_BASE_PRECISION;
  if (writtenDecimals(quantity.text) <= precision) return undefined;
  return tooPrecise(quantity.text, precision, quantityDown(pair, order, quantity.value).toString());
}

function explainFast(pair: FastPair, order: FastOrder): Violation | undefined {
  const nearest = quantityDownUnits(pair, order);
  if (Number.isNaN(nearest)) return undefined;
  const value = sentText(order.quantityRaw, order.quantity, order.quantityScale);
  return tooPrecise(value, pair.basePrecision, formatScaled(nearest, pair.quantityScale));
}

/** QUANTITY_PRECISION, whole: the written places were counted as the quantity was read. */
export const quantityPrecision = pairRule({
  code: 'QUANTITY_PRECISION',
  check: checkQuantityPrecision,
  // A pair without a precision has NaN for it: no count of places is at most NaN.
  fastCheck: (pair, order) =>
    order.quantityPlaces <= pair.basePrecision ? PASS : Number.isNaN(pair.basePrecision) ? SKIP : FAIL,
  explainFast,
  fastSkip: NO_BASE_PRECISION,
  repair: repairQuantity,
});
