import { ceilToGrid } from '../decimal/grid.js';
import { atMost, ceilOnGrid, formatScaled, product, productComparedBig } from '../decimal/safe-integers.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { FAIL, PASS, pairRule, partsOf, type RuleOutcome, SKIP } from './rule.js';

const NO_RATIO = skippedCheck('PRICE_BELOW_SELL_LIMIT', 'NO_RULE_FIELD', 'sellLimitPriceRatio');
const NO_REFERENCE = skippedCheck('PRICE_BELOW_SELL_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice');

/**
 * What a PRICE_BELOW_SELL_LIMIT message says after the reference price: the pair's alone, so the
 * fast explanation keeps it per pair (and reads no definition, whose shapes vary from pair to pair).
 */
function belowBandTail(pair: CompiledPair): string {
  return ` × (1 − sellLimitPriceRatio ${pair.definition.sellLimitPriceRatio}))`;
}

function belowBand(tail: string, value: string, limit: string, reference: string, lowest: string) {
  const message = `price ${value} is below the sell limit ${limit} (referencePrice ${reference}${tail}`;
  return violationOf('PRICE_BELOW_SELL_LIMIT', 'price', message, limit, value, [lowest]);
}

/**
 * PRICE_BELOW_SELL_LIMIT: a LIMIT SELL is at least reference × (1 − sellLimitPriceRatio).
 * One-sided, from the caller's reference price: assumptions, since WEEX shows neither the side nor
 * the price its band is measured from (docs/exchange-semantics.md). Suggests the edge rounded up
 * onto the price grid.
 */
export function checkSellPriceBand(
  pair: CompiledPair,
  order: ParsedOrder,
  context: ParsedContext,
): RuleOutcome {
  const price = order.price;
  if (order.type !== 'LIMIT' || order.side !== 'SELL' || price === undefined) return undefined;
  const factor = pair.sellBandFactor;
  if (factor === null) return NO_RATIO;
  const reference = context.referencePrice;
  if (reference === undefined) return NO_REFERENCE;
  if (reference.value.timesCmp(factor, price.value) <= 0) return undefined;
  const limit = reference.value.times(factor);
  const lowest = pair.priceGrid === null ? limit : ceilToGrid(limit, pair.priceGrid);
  return belowBand(belowBandTail(pair), price.text, limit.toString(), reference.text, lowest.toString());
}

function fastCheck(pair: FastPair, order: FastOrder) {
  if (!order.limit || order.buy) return PASS;
  if (Number.isNaN(order.reference)) return SKIP;
  const limit = product(order.reference, pair.sellBandUnits);
  const scale = order.referenceScale + pair.sellBandScale;
  const within = Number.isNaN(limit)
    ? productComparedBig(order.reference, pair.sellBandUnits, scale, order.price, order.priceScale, 1)
    : atMost(limit, scale, order.price, order.priceScale);
  return within === 1 ? PASS : FAIL;
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation | undefined {
  const limit = product(order.reference, pair.sellBandUnits);
  const scale = order.referenceScale + pair.sellBandScale;
  // A pair without a price grid (no tick, no precision) suggests the limit itself.
  const grid = !Number.isNaN(pair.priceStep);
  const lowest = grid ? ceilOnGrid(limit, scale, pair.priceStep, pair.priceScale) : limit;
  if (Number.isNaN(lowest)) return undefined;
  return belowBand(
    partsOf(pair, slot, belowBandTail),
    sentText(order.priceRaw),
    formatScaled(limit, scale),
    sentText(order.referenceRaw),
    formatScaled(lowest, grid ? pair.priceScale : scale),
  );
}

/** PRICE_BELOW_SELL_LIMIT, whole. */
export const sellPriceBand = pairRule({
  code: 'PRICE_BELOW_SELL_LIMIT',
  check: checkSellPriceBand,
  fastCheck,
  explainFast,
  fastSkip: NO_REFERENCE,
});
