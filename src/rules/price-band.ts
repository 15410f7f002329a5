import { Dec } from '../decimal/dec.js';
import { ceilToGrid, floorToGrid } from '../decimal/grid.js';
import {
  atMost,
  ceilOnGrid,
  floorOnGrid,
  formatScaled,
  product,
  productComparedBig,
} from '../decimal/safe-integers.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { OrderSide } from '../order/order-input.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { SkippedCheck, Violation } from '../validation/violation-codes.js';
import {
  FAIL,
  type FastVerdict,
  PASS,
  type PairRule,
  pairRule,
  partsOf,
  type RuleOutcome,
  SKIP,
} from './rule.js';

/**
 * What sets one price band apart from the other, by the side it holds; the rule itself, written
 * once below, is the same for both: a LIMIT order of that side is held to reference × factor, on
 * its side of it (inclusive), and the edge rounded onto the price grid towards the inside is its
 * suggestion (none when that leaves zero).
 */
const BANDS = {
  BUY: {
    code: 'PRICE_ABOVE_BUY_LIMIT',
    ratio: 'buyLimitPriceRatio',
    breach: 'above the buy limit',
    sign: '+',
  },
  SELL: {
    code: 'PRICE_BELOW_SELL_LIMIT',
    ratio: 'sellLimitPriceRatio',
    breach: 'below the sell limit',
    sign: '−',
  },
} as const;
type Band = (typeof BANDS)[OrderSide] & {
  readonly side: OrderSide;
  /** The band's message tail for a pair, as `partsOf` keeps it. */
  readonly tail: (pair: CompiledPair) => string;
};

/**
 * What a band's message says after the reference price: the pair's alone, so the fast explanation
 * keeps it per pair (and reads no definition, whose shapes vary from pair to pair).
 */
function bandTail(band: Band, pair: CompiledPair): string {
  // Stryker disable next-line StringLiteral: wording only (the ratio the edge was worked from); tests hold a message to naming its field, limit and value, never to its words
  return ` × (1 ${band.sign} ${band.ratio} ${pair.definition[band.ratio]}))`;
}

function pastBand(
  band: Band,
  tail: string,
  value: string,
  limit: string,
  reference: string,
  edge: string | undefined,
): Violation {
  const message = `price ${value} is ${band.breach} ${limit} (referencePrice ${reference}${tail}`;
  return violationOf(band.code, 'price', message, limit, value, edge === undefined ? undefined : [edge]);
}

/** The exact check of a band, on the compiled pair and the parsed order. */
function checkBand(
  band: Band,
  noRatio: SkippedCheck,
  noReference: SkippedCheck,
  pair: CompiledPair,
  order: ParsedOrder,
  context: ParsedContext,
): RuleOutcome {
  const price = order.price;
  if (order.type !== 'LIMIT' || order.side !== band.side || price === undefined) return undefined;
  const buy = band.side === 'BUY';
  const factor = buy ? pair.buyBandFactor : pair.sellBandFactor;
  if (factor === null) return noRatio;
  const reference = context.referencePrice;
  if (reference === undefined) return noReference;
  // The sign of edge − price: a buy passes at or under the edge, a sell at or over it.
  const sign = reference.value.timesCmp(factor, price.value);
  if (buy ? sign >= 0 : sign <= 0) return undefined;
  const limit = reference.value.times(factor);
  const grid = pair.priceGrid;
  const edge = grid === null ? limit : buy ? floorToGrid(limit, grid) : ceilToGrid(limit, grid);
  return pastBand(
    band,
    bandTail(band, pair),
    price.text,
    limit.toString(),
    reference.text,
    edge.gt(Dec.ZERO) ? edge.toString() : undefined,
  );
}

/**
 * The same decision on the fast reading, in safe integers (BigInt when the edge passes 2^53).
 * `buy` is a constant at each of its two callers, so each compiles to its own side's code.
 */
function fastBand(pair: FastPair, order: FastOrder, buy: boolean): FastVerdict {
  if (!order.limit || order.buy !== buy) return PASS;
  if (Number.isNaN(order.reference)) return SKIP;
  const units = buy ? pair.buyBandUnits : pair.sellBandUnits;
  const scale = order.referenceScale + (buy ? pair.buyBandScale : pair.sellBandScale);
  const limit = product(order.reference, units);
  const within = !Number.isNaN(limit)
    ? buy
      ? atMost(order.price, order.priceScale, limit, scale)
      : atMost(limit, scale, order.price, order.priceScale)
    : productComparedBig(order.reference, units, scale, order.price, order.priceScale, buy ? -1 : 1);
  return within === 1 ? PASS : FAIL;
}

/** The violation a fast FAIL stands for, from the same integers; undefined past 2^53. */
function explainBand(band: Band, pair: FastPair, order: FastOrder, slot: number): Violation | undefined {
  const buy = band.side === 'BUY';
  const limit = product(order.reference, buy ? pair.buyBandUnits : pair.sellBandUnits);
  const scale = order.referenceScale + (buy ? pair.buyBandScale : pair.sellBandScale);
  // A pair without a price grid (no tick, no precision) suggests the limit itself.
  const grid = !Number.isNaN(pair.priceStep);
  const onGrid = buy ? floorOnGrid : ceilOnGrid;
  const edge = grid ? onGrid(limit, scale, pair.priceStep, pair.priceScale) : limit;
  if (Number.isNaN(edge)) return undefined;
  return pastBand(
    band,
    partsOf(pair, slot, band.tail),
    sentText(order.priceRaw),
    formatScaled(limit, scale),
    sentText(order.referenceRaw),
    edge > 0 ? formatScaled(edge, grid ? pair.priceScale : scale) : undefined,
  );
}

function priceBandRule(side: OrderSide): PairRule {
  const band: Band = { ...BANDS[side], side, tail: (pair) => bandTail(band, pair) };
  const noRatio = skippedCheck(band.code, 'NO_RULE_FIELD', band.ratio);
  const noReference = skippedCheck(band.code, 'NO_REFERENCE_PRICE', 'referencePrice');
  return pairRule({
    code: band.code,
    check: (pair, order, context) => checkBand(band, noRatio, noReference, pair, order, context),
    // Two function literals, not one made per band: each keeps its own type feedback.
    fastCheck:
      side === 'BUY'
        ? (pair, order) => fastBand(pair, order, true)
        : (pair, order) => fastBand(pair, order, false),
    explainFast: (pair, order, slot) => explainBand(band, pair, order, slot),
    fastSkip: noReference,
  });
}

/**
 * PRICE_ABOVE_BUY_LIMIT, whole: a LIMIT BUY is at most reference × (1 + buyLimitPriceRatio).
 * One-sided, from the caller's reference price: assumptions, since WEEX shows neither the side nor
 * the price its band is measured from (docs/exchange-semantics.md). Suggests the edge rounded down
 * onto the price grid (none when that leaves zero).
 */
export const buyPriceBand = priceBandRule('BUY');

/**
 * PRICE_BELOW_SELL_LIMIT, whole: a LIMIT SELL is at least reference × (1 − sellLimitPriceRatio),
 * on the same assumptions. Suggests the edge rounded up onto the price grid.
 */
export const sellPriceBand = priceBandRule('SELL');
