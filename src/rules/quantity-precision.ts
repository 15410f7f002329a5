import type { FastOrder } from '../order/fast-order.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import type { Violation } from '../validation/violation-codes.js';
import { quantityDown, quantityDownUnits, repairQuantity } from './quantity-rounding.js';
import { pairRule, partsOf, type RuleOutcome } from './rule.js';
import {
  checkPlaces,
  explainPlaces,
  type PlacesParts,
  placesParts,
  placesRule,
  placesVerdict,
} from './written-places.js';

const QUANTITY_PLACES = placesRule('QUANTITY_PRECISION', 'quantity', 'baseAssetPrecision');

/**
 * QUANTITY_PRECISION: the quantity, as the text that would be sent, has at most
 * `baseAssetPrecision` decimal places; trailing zeros count (an assumption, as for the price:
 * docs/exchange-semantics.md). Independent of the step. Suggests
 * the quantity rounded down onto the grid (or its first point, when that is zero), kept within
 * the quantities the pair's bounds allow.
 */
export function checkQuantityPrecision(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  return checkPlaces(QUANTITY_PLACES, order.quantity, pair.basePrecision, (quantity) =>
    quantityDown(pair, order, quantity).toString(),
  );
}

/** The precision's parts (a pair with a fast QUANTITY_PRECISION failure has a precision). */
function partsOfPrecision(pair: CompiledPair): PlacesParts {
  return placesParts(QUANTITY_PLACES, pair.basePrecision as number);
}

function explainFast(pair: FastPair, order: FastOrder, slot: number): Violation | undefined {
  const nearest = quantityDownUnits(pair, order);
  const parts = partsOf(pair, slot, partsOfPrecision);
  return explainPlaces(QUANTITY_PLACES, order.quantityRaw, parts, nearest, pair.quantityScale);
}

/** QUANTITY_PRECISION, whole: the written places were counted as the quantity was read. */
export const quantityPrecision = pairRule({
  code: QUANTITY_PLACES.code,
  check: checkQuantityPrecision,
  fastCheck: (pair, order) => placesVerdict(order.quantityPlaces, pair.basePrecision),
  explainFast,
  fastSkip: QUANTITY_PLACES.noPrecision,
  repair: repairQuantity,
});
