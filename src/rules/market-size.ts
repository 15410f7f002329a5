import type { Dec } from '../decimal/dec.js';
import { atMost } from '../decimal/safe-integers.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import { MARKET_BUY, MARKET_SELL, ORDER_KINDS } from '../order/order-kinds.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { highestUnder } from './quantity-max.js';
import { FAIL, PASS, pairRule, partsOf, type RuleOutcome } from './rule.js';

const NO_BUY_CAP = skippedCheck('MARKET_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'marketBuyLimitSize');
const NO_SELL_CAP = skippedCheck('MARKET_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'marketSellLimitSize');

type CapField = 'marketBuyLimitSize' | 'marketSellLimitSize';

/** What a MARKET_SIZE_ABOVE_MAX message says after the quantity: the pair's alone (kept per pair by the fast explanation). */
function aboveCapTail(field: CapField, cap: string): string {
  return ` is above ${field} ${cap}`;
}

function aboveCap(value: string, cap: string, tail: string, highest: readonly string[]): Violation {
  return violationOf('MARKET_SIZE_ABOVE_MAX', 'quantity', `quantity ${value}${tail}`, cap, value, highest);
}

/**
 * MARKET_SIZE_ABOVE_MAX: a MARKET BUY's quantity is at most `marketBuyLimitSize`, a MARKET SELL's
 * at most `marketSellLimitSize`; both in base-asset units, like the quantity (no unit is
 * documented; the recorded evidence is in docs/exchange-semantics.md).
 */
export function checkMarketSize(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const quantity = order.quantity;
  if (order.type !== 'MARKET' || order.side === undefined || quantity === undefined) return undefined;
  const buy = order.side === 'BUY';
  const max = buy ? pair.marketBuyLimitSize : pair.marketSellLimitSize;
  if (max === null) return buy ? NO_BUY_CAP : NO_SELL_CAP;
  if (quantity.value.lte(max)) return undefined;
  const field = buy ? 'marketBuyLimitSize' : 'marketSellLimitSize';
  const cap = max.toString();
  return aboveCap(quantity.text, cap, aboveCapTail(field, cap), highestUnder(pair, order, max));
}

function fastCheck(pair: FastPair, order: FastOrder) {
  if (order.limit) return PASS;
  const count = order.quantityCount;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast-read quantity is positive (its count is never 0); forced false, the units are compared exactly instead, to the same answer
  if (count >= 0) return count > (order.buy ? pair.marketBuyCount : pair.marketSellCount) ? FAIL : PASS;
  const within = order.buy
    ? atMost(order.quantity, order.quantityScale, pair.marketBuyUnits, pair.marketBuyScale)
    : atMost(order.quantity, order.quantityScale, pair.marketSellUnits, pair.marketSellScale);
  return within === 1 ? PASS : FAIL;
}

/** Each side's cap as text and what it offers, rounded down onto the grid. */
function capsOf(pair: CompiledPair) {
  const buy = pair.marketBuyLimitSize as Dec;
  const sell = pair.marketSellLimitSize as Dec;
  const buyText = buy.toString();
  const sellText = sell.toString();
  return {
    buy: buyText,
    sell: sellText,
    buyTail: aboveCapTail('marketBuyLimitSize', buyText),
    sellTail: aboveCapTail('marketSellLimitSize', sellText),
    highestBuy: highestUnder(pair, ORDER_KINDS[MARKET_BUY], buy),
    highestSell: highestUnder(pair, ORDER_KINDS[MARKET_SELL], sell),
  };
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation {
  const caps = partsOf(pair, slot, capsOf);
  const value = sentText(order.quantityRaw);
  return order.buy
    ? aboveCap(value, caps.buy, caps.buyTail, caps.highestBuy)
    : aboveCap(value, caps.sell, caps.sellTail, caps.highestSell);
}

/** MARKET_SIZE_ABOVE_MAX, whole. */
export const marketSize = pairRule({
  code: 'MARKET_SIZE_ABOVE_MAX',
  check: checkMarketSize,
  fastCheck,
  explainFast,
});
