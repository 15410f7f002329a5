import { writtenDecimals } from '../decimal/grid.js';
import { formatScaled } from '../decimal/safe-integers.js';
import { type FastOrder, sentText } from '../order/fast-order.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { priceAwayFromMarket, priceAwayFromMarketUnits, repairPrice } from './price-rounding.js';
import { FAIL, PASS, pairRule, type RuleOutcome, SKIP } from './rule.js';

const NO_QUOTE_PRECISION = skippedCheck('PRICE_PRECISION', 'NO_RULE_FIELD', 'quoteAssetPrecision');

function tooPrecise(value: string, precision: number, fitting: string): Violation {
  const message = `price ${value} is written with more than quoteAssetPrecision ${precision} decimals`;
  return violationOf('PRICE_PRECISION', 'price', message, String(precision), value, [fitting]);
}

/**
 * PRICE_PRECISION: the price, as the text that would be sent, has at most `quoteAssetPrecision`
 * decimal places; trailing zeros count, because they are sent (an assumption: WEEX does not show
 * it, docs/exchange-semantics.md). Independent of the tick. Suggests the nearest price that fits,
 * away from the market (a BUY down, a SELL up).
 */
export function checkPricePrecision(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const price = order.price;
  if (price === undefined) return undefined;
  const precision = pair.quotePrecision;
  if (precision === null) return NO_QUOTE_PRECISION;
  if (writtenDecimals(price.text) <= precision) return undefined;
  // A precision implies a grid, so the pair has one.
  const grid = pair.priceGrid as NonNullable<CompiledPair['priceGrid']>;
  const fitting = priceAwayFromMarket(grid, order.side, price.value);
  return tooPrecise(price.text, precision, fitting.toString());
}

function explainFast(pair: FastPair, order: FastOrder): Violation | undefined {
  const fitting = priceAwayFromMarketUnits(pair, order.buy, order.price, order.priceScale);
  if (Number.isNaN(fitting)) return undefined;
  const value = sentText(order.priceRaw, order.price, order.priceScale);
  return tooPrecise(value, pair.quotePrecision, formatScaled(fitting, pair.priceScale));
}

/** PRICE_PRECISION, whole: the written places were counted as the price was read. */
export const pricePrecision = pairRule({
  code: 'PRICE_PRECISION',
  check: checkPricePrecision,
  // A pair without a precision has NaN for it: no count of places is at most NaN.
  fastCheck: (pair, order) =>
    !order.limit || order.pricePlaces <= pair.quotePrecision
      ? PASS
      : Number.isNaN(pair.quotePrecision)
        ? SKIP
        : FAIL,
  explainFast,
  fastSkip: NO_QUOTE_PRECISION,
  repair: repairPrice,
});
