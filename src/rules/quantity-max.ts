import { Dec } from '../decimal/dec.js';
import { floorToGrid } from '../decimal/grid.js';
import { atMost } from '../decimal/safe-integers.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import { ORDER_KINDS } from '../order/order-kinds.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { quantityWindow } from '../pair/quantity-window.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { againstPairField } from './against-pair-field.js';
import { FAIL, PASS, pairRule, partsOf } from './rule.js';

const NO_MAX = skippedCheck('QUANTITY_ABOVE_MAX', 'NO_RULE_FIELD', 'maxTradeAmount');

/** What a QUANTITY_ABOVE_MAX message says after the quantity: the pair's alone (kept per pair by the fast explanation). */
function aboveMaxTail(max: string): string {
  return ` is above maxTradeAmount ${max}`;
}

function aboveMax(value: string, max: string, tail: string, highest: readonly string[]): Violation {
  return violationOf('QUANTITY_ABOVE_MAX', 'quantity', `quantity ${value}${tail}`, max, value, highest);
}

/**
 * A cap rounded down onto the quantity grid and kept within the pair's other bounds, as a
 * suggestion; none when that leaves zero. Frozen: a fast pair's parts share it. Within the
 * quantity window, that is the window's top: it is the tightest cap rounded down, so no higher
 * than this one rounded down.
 */
export function highestUnder(pair: CompiledPair, order: ParsedOrder, cap: Dec): readonly string[] {
  const window = quantityWindow(pair, order);
  const grid = pair.quantityGrid;
  const highest = window?.high ?? (grid === null ? cap : floorToGrid(cap, grid));
  return Object.freeze(highest.gt(Dec.ZERO) ? [highest.toString()] : []);
}

/** QUANTITY_ABOVE_MAX: the quantity is at most `maxTradeAmount`, for every order type (inclusive). */
export const checkQuantityMax = againstPairField('quantity', 'maxTradeAmount', NO_MAX, fits, breach);

function fits(quantity: Dec, max: Dec): boolean {
  return quantity.lte(max);
}

function breach(pair: CompiledPair, order: ParsedOrder, quantity: OrderDecimal, max: Dec): Violation {
  const text = max.toString();
  return aboveMax(quantity.text, text, aboveMaxTail(text), highestUnder(pair, order, max));
}

function fastCheck(pair: FastPair, order: FastOrder) {
  const count = order.quantityCount;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: counted or compared with the bound (a count of 0 either way), the answer is the same; the count is the quicker way
  if (count >= 0) {
    return count > pair.maxCount ? FAIL : PASS;
  }
  return atMost(order.quantity, order.quantityScale, pair.maxUnits, pair.maxScale) === 1 ? PASS : FAIL;
}

/** The maximum as text and what each kind of order is offered (`ORDER_KINDS`). */
function maximumOf(pair: CompiledPair) {
  const max = pair.maxTradeAmount as Dec;
  const text = max.toString();
  return {
    max: text,
    tail: aboveMaxTail(text),
    highest: ORDER_KINDS.map((kind) => highestUnder(pair, kind, max)),
  };
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation {
  const parts = partsOf(pair, slot, maximumOf);
  const value = sentText(order.quantityRaw);
  return aboveMax(value, parts.max, parts.tail, parts.highest[order.kind] as readonly string[]);
}

/** QUANTITY_ABOVE_MAX, whole. */
export const quantityMax = pairRule({
  code: 'QUANTITY_ABOVE_MAX',
  check: checkQuantityMax,
  fastCheck,
  explainFast,
});
