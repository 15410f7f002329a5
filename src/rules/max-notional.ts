import { atMost, formatScaled, product, productComparedBig, productText } from '../decimal/safe-integers.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { worstCasePrice } from '../pair/worst-case-price.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { FAIL, NOT_SURE, PASS, pairRule, type RuleOutcome, SKIP } from './rule.js';

const NO_BUY_RATIO = skippedCheck('NOTIONAL_ABOVE_MAX', 'NO_RULE_FIELD', 'buyLimitPriceRatio');
const NO_SELL_RATIO = skippedCheck('NOTIONAL_ABOVE_MAX', 'NO_RULE_FIELD', 'sellLimitPriceRatio');
const NO_REFERENCE = skippedCheck('NOTIONAL_ABOVE_MAX', 'NO_REFERENCE_PRICE', 'referencePrice');

function aboveMax(value: string, max: string, market: boolean, price: string, quantity: string): Violation {
  // One template, its fixed words joined: every join makes a string, and this message has four values.
  // Stryker disable next-line StringLiteral: wording only (which price the notional was worked at); tests hold a message to naming its field, limit and value, never to its words
  const message = `notional ${value} is above maxNotional ${max}${market ? ' (worst-case price ' : ' (price '}${price} × quantity ${quantity})`;
  return violationOf('NOTIONAL_ABOVE_MAX', 'notional', message, max, value);
}

/**
 * NOTIONAL_ABOVE_MAX: price × quantity is at most `context.maxNotional` (the caller's risk limit);
 * a MARKET order is judged at its worst-case price, which needs the reference price and a ratio
 * (the fallback ratio, or the side's limit-price ratio when that is 0 or absent).
 */
export function checkMaxNotional(
  pair: CompiledPair,
  order: ParsedOrder,
  context: ParsedContext,
): RuleOutcome {
  const max = context.maxNotional;
  const quantity = order.quantity;
  if (max === undefined || quantity === undefined) return undefined;
  if (order.type === 'MARKET' && order.side !== undefined) {
    const buy = order.side === 'BUY';
    if ((buy ? pair.marketBuyWorstFactor : pair.marketSellWorstFactor) === null)
      return buy ? NO_BUY_RATIO : NO_SELL_RATIO;
    if (context.referencePrice === undefined) return NO_REFERENCE;
  }
  const price = worstCasePrice(pair, order, context);
  if (price === undefined) return undefined;
  if (price.timesCmp(quantity.value, max.value) <= 0) return undefined;
  const notional = price.times(quantity.value);
  const market = order.type === 'MARKET';
  return aboveMax(notional.toString(), max.text, market, price.toString(), quantity.text);
}

/** The scratch of the last fast check: the price judged by, and its scale (no allocation). */
// Stryker disable next-line ObjectLiteral: a scratch that every use writes before it reads (its first values only fix its shape)
const worst = { units: 0, scale: 0 };

/** The order's worst-case price in `worst`; false when it needs a reference price there is not. */
function worstPrice(pair: FastPair, order: FastOrder): boolean {
  if (order.limit) {
    worst.units = order.price;
    worst.scale = order.priceScale;
    return true;
  }
  if (Number.isNaN(order.reference)) return false;
  worst.units = product(order.reference, order.buy ? pair.marketBuyWorstUnits : pair.marketSellWorstUnits);
  worst.scale = order.referenceScale + (order.buy ? pair.marketBuyWorstScale : pair.marketSellWorstScale);
  return true;
}

function fastCheck(pair: FastPair, order: FastOrder) {
  if (Number.isNaN(order.maxNotional)) return PASS;
  if (!worstPrice(pair, order)) return SKIP;
  // A worst case past 2^53 (a huge reference times the fallback factor) is left to the general path.
  if (Number.isNaN(worst.units)) return NOT_SURE;
  const notional = product(worst.units, order.quantity);
  const scale = worst.scale + order.quantityScale;
  const max = order.maxNotional;
  const within = Number.isNaN(notional)
    ? productComparedBig(worst.units, order.quantity, scale, max, order.maxNotionalScale, 1)
    : atMost(notional, scale, max, order.maxNotionalScale);
  return within === 1 ? PASS : FAIL;
}

function explainFast(pair: FastPair, order: FastOrder): Violation {
  // A fast FAIL had a worst-case price within safe integers (past them the check was not sure).
  worstPrice(pair, order);
  return aboveMax(
    productText(worst.units, order.quantity, worst.scale + order.quantityScale),
    sentText(order.maxNotionalRaw),
    !order.limit,
    // A LIMIT order's price is quoted as it prints; a string without trailing zeros already is,
    // and a number's `String(n)` is (sentText).
    // Stryker disable next-line ConditionalExpression,LogicalOperator: forced false (or `&&` for the inner `||`), the price is printed from its units, which is the text as sent there (a string without trailing zeros, a number's String(n) within the fast reading's scales): a shortcut
    order.limit && (typeof order.priceRaw !== 'string' || order.pricePlaces === order.priceScale)
      ? sentText(order.priceRaw)
      : formatScaled(worst.units, worst.scale),
    sentText(order.quantityRaw),
  );
}

/** NOTIONAL_ABOVE_MAX, whole. */
export const maxNotional = pairRule({
  code: 'NOTIONAL_ABOVE_MAX',
  check: checkMaxNotional,
  fastCheck,
  explainFast,
  fastSkip: NO_REFERENCE,
});
