import type { Dec } from '../decimal/dec.js';
import { gridNeighbours, isOnGrid } from '../decimal/grid.js';
import { floorOnGrid, formatScaled, onGrid } from '../decimal/safe-integers.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { againstPairField } from './against-pair-field.js';
import { repairPrice } from './price-rounding.js';
import { FAIL, NOT_SURE, PASS, pairRule, partsOf, SKIP } from './rule.js';

/** What a PRICE_TICK message adds when the tick was inferred rather than sent. */
export const INFERRED_TICK_DETAIL = '(inferred from displayDigitMerge: the exchange sent no tickSize)';

const NO_TICK = skippedCheck('PRICE_TICK', 'NO_TICK_SIZE', 'tickSize');

/**
 * What a PRICE_TICK message says after the price: the pair's alone, so the fast explanation
 * keeps it per pair and a message is two joins, not five.
 */
function offTickTail(tick: string, inferred: boolean): string {
  return ` is not a multiple of tickSize ${tick}${inferred ? ` ${INFERRED_TICK_DETAIL}` : ''}`;
}

function offTick(value: string, tick: string, tail: string, suggestion: readonly string[]): Violation {
  return violationOf('PRICE_TICK', 'price', `price ${value}${tail}`, tick, value, suggestion);
}

/**
 * PRICE_TICK: the price is an integer multiple of the tick, sent or inferred (skipped when the
 * pair has neither). Suggests the grid points either side, on the grid that also honours
 * `quoteAssetPrecision`.
 */
export const checkPriceTick = againstPairField('price', 'tickSize', NO_TICK, isOnGrid, offTickExactly);

function offTickExactly(pair: CompiledPair, _order: ParsedOrder, price: OrderDecimal, tick: Dec): Violation {
  const suggestion = gridNeighbours(price.value, pair.priceGrid ?? tick);
  const text = tick.toString();
  return offTick(price.text, text, offTickTail(text, pair.tickInferred), suggestion);
}

/** The tick as a violation quotes it, and its message's tail (a pair with a fast PRICE_TICK failure has a tick). */
function tickParts(pair: CompiledPair): { readonly tick: string; readonly tail: string } {
  const tick = (pair.tickSize as NonNullable<CompiledPair['tickSize']>).toString();
  return { tick, tail: offTickTail(tick, pair.tickInferred) };
}

/** On the tick itself, which may be finer than the price grid; suggestions are on the grid. */
function fastCheck(pair: FastPair, order: FastOrder) {
  if (!order.limit) return PASS;
  if (!pair.hasTick) return SKIP;
  const on = onGrid(order.price, order.priceScale, pair.tickStep, pair.tickScale);
  if (on === 1) return PASS;
  // Stryker disable next-line ConditionalExpression: `on === 0` forced false, an off-tick price is NOT_SURE, which hands the order to the exact check, to the same violation
  return on === 0 ? FAIL : NOT_SURE;
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation | undefined {
  const step = pair.priceStep;
  const below = floorOnGrid(order.price, order.priceScale, step, pair.priceScale);
  // Not NaN, the floor left a step of room below 2^53 (its own guard), so `below + step` is safe.
  if (Number.isNaN(below)) return undefined;
  const above = formatScaled(below + step, pair.priceScale);
  const suggestion = below > 0 ? [formatScaled(below, pair.priceScale), above] : [above];
  const parts = partsOf(pair, slot, tickParts);
  return offTick(sentText(order.priceRaw), parts.tick, parts.tail, suggestion);
}

/** PRICE_TICK, whole. */
export const priceTick = pairRule({
  code: 'PRICE_TICK',
  check: checkPriceTick,
  fastCheck,
  explainFast,
  fastSkip: NO_TICK,
  repair: repairPrice,
});
