import { Dec } from '../decimal/dec.js';
import { floorToGrid } from '../decimal/grid.js';
import { atMost, floorOnGrid, formatScaled, product, productComparedBig } from '../decimal/safe-integers.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { FAIL, PASS, pairRule, partsOf, type RuleOutcome, SKIP } from './rule.js';

const NO_RATIO = skippedCheck('PRICE_ABOVE_BUY_LIMIT', 'NO_RULE_FIELD', 'buyLimitPriceRatio');
const NO_REFERENCE = skippedCheck('PRICE_ABOVE_BUY_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice');

/**
 * What a PRICE_ABOVE_BUY_LIMIT message says after the reference price: the pair's alone, so the
 * fast explanation keeps it per pair (and reads no definition, whose shapes vary from pair to pair).
 */
function aboveBandTail(pair: CompiledPair): string {
  return ` × (1 + buyLimitPriceRatio ${pair.definition.buyLimitPriceRatio}))`;
}

function aboveBand(
  tail: string,
  value: string,
  limit: string,
  reference: string,
  highest: string | undefined,
): Violation {
  const message = `price ${value} is above the buy limit ${limit} (referencePrice ${reference}${tail}`;
  const suggestion = highest === undefined ? undefined : [highest];
  return violationOf('PRICE_ABOVE_BUY_LIMIT', 'price', message, limit, value, suggestion);
}

/**
 * PRICE_ABOVE_BUY_LIMIT: a LIMIT BUY is at most reference × (1 + buyLimitPriceRatio). One-sided,
 * from the caller's reference price: assumptions, since WEEX shows neither the side nor the price
 * its band is measured from (docs/exchange-semantics.md). Suggests the edge rounded down onto the
 * price grid (none when that leaves zero).
 */
export function checkBuyPriceBand(
  pair: CompiledPair,
  order: ParsedOrder,
  context: ParsedContext,
): RuleOutcome {
  const price = order.price;
  if (order.type !== 'LIMIT' || order.side !== 'BUY' || price === undefined) return undefined;
  const factor = pair.buyBandFactor;
  if (factor === null) return NO_RATIO;
  const reference = context.referencePrice;
  if (reference === undefined) return NO_REFERENCE;
  if (reference.value.timesCmp(factor, price.value) >= 0) return undefined;
  const limit = reference.value.times(factor);
  const highest = pair.priceGrid === null ? limit : floorToGrid(limit, pair.priceGrid);
  const suggestion = highest.gt(Dec.ZERO) ? highest.toString() : undefined;
  return aboveBand(aboveBandTail(pair), price.text, limit.toString(), reference.text, suggestion);
}

/** The buy limit in units at scale `order.referenceScale + pair.buyBandScale`, or NaN past 2^53. */
function edge(pair: FastPair, order: FastOrder): number {
  return product(order.reference, pair.buyBandUnits);
}

function fastCheck(pair: FastPair, order: FastOrder) {
  if (!order.limit || !order.buy) return PASS;
  if (Number.isNaN(order.reference)) return SKIP;
  const limit = edge(pair, order);
  const scale = order.referenceScale + pair.buyBandScale;
  const within = Number.isNaN(limit)
    ? productComparedBig(order.reference, pair.buyBandUnits, scale, order.price, order.priceScale, -1)
    : atMost(order.price, order.priceScale, limit, scale);
  return within === 1 ? PASS : FAIL;
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation | undefined {
  const limit = edge(pair, order);
  const scale = order.referenceScale + pair.buyBandScale;
  // A pair without a price grid (no tick, no precision) suggests the limit itself.
  const grid = !Number.isNaN(pair.priceStep);
  const highest = grid ? floorOnGrid(limit, scale, pair.priceStep, pair.priceScale) : limit;
  if (Number.isNaN(highest)) return undefined;
  return aboveBand(
    partsOf(pair, slot, aboveBandTail),
    sentText(order.priceRaw),
    formatScaled(limit, scale),
    sentText(order.referenceRaw),
    highest > 0 ? formatScaled(highest, grid ? pair.priceScale : scale) : undefined,
  );
}

/** PRICE_ABOVE_BUY_LIMIT, whole. */
export const buyPriceBand = pairRule({
  code: 'PRICE_ABOVE_BUY_LIMIT',
  check: checkBuyPriceBand,
  fastCheck,
  explainFast,
  fastSkip: NO_REFERENCE,
});
