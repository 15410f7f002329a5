import type { FastOrder } from '../order/fast-order.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import type { Violation } from '../validation/violation-codes.js';
import { priceAwayFromMarket, priceAwayFromMarketUnits, repairPrice } from './price-rounding.js';
import { PASS, pairRule, partsOf, type RuleOutcome } from './rule.js';
import {
  checkPlaces,
  explainPlaces,
  type PlacesParts,
  placesParts,
  placesRule,
  placesVerdict,
} from './written-places.js';

const PRICE_PLACES = placesRule('PRICE_PRECISION', 'price', 'quoteAssetPrecision');

/**
 * PRICE_PRECISION: the price, as the text that would be sent, has at most `quoteAssetPrecision`
 * decimal places; trailing zeros count, because they are sent (an assumption: WEEX does not show
 * it, docs/exchange-semantics.md). Independent of the tick. Suggests the nearest price that fits,
 * away from the market (a BUY down, a SELL up).
 */
export function checkPricePrecision(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  return checkPlaces(PRICE_PLACES, order.price, pair.quotePrecision, (price) =>
    // A precision implies a grid, so the pair has one.
    priceAwayFromMarket(
      pair.priceGrid as NonNullable<CompiledPair['priceGrid']>,
      order.side,
      price,
    ).toString(),
  );
}

/** The precision's parts (a pair with a fast PRICE_PRECISION failure has a precision). */
function partsOfPrecision(pair: CompiledPair): PlacesParts {
  return placesParts(PRICE_PLACES, pair.quotePrecision as number);
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation | undefined {
  const fitting = priceAwayFromMarketUnits(pair, order.buy, order.price, order.priceScale);
  const parts = partsOf(pair, slot, partsOfPrecision);
  return explainPlaces(PRICE_PLACES, order.priceRaw, parts, fitting, pair.priceScale);
}

/** PRICE_PRECISION, whole: the written places were counted as the price was read. */
export const pricePrecision = pairRule({
  code: PRICE_PLACES.code,
  check: checkPricePrecision,
  fastCheck: (pair, order) => (order.limit ? placesVerdict(order.pricePlaces, pair.quotePrecision) : PASS),
  explainFast,
  fastSkip: PRICE_PLACES.noPrecision,
  repair: repairPrice,
});
