import { Dec } from '../decimal/dec.js';
import { ceilToGrid, floorToGrid, writtenDecimals } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/**
 * PRICE_PRECISION: the price, as the text that would be sent, has at most `quoteAssetPrecision`
 * decimal places; trailing zeros count, because they are sent. Independent of the tick. Suggests
 * the nearest price that fits, away from the market (a BUY down, a SELL up).
 */
export function checkPricePrecision(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const price = order.price;
  if (price === undefined) return undefined;
  const precision = pair.quotePrecision;
  if (precision === null) return skippedCheck('PRICE_PRECISION', 'NO_RULE_FIELD', 'quoteAssetPrecision');
  if (writtenDecimals(price.text) <= precision) return undefined;
  const grid = pair.priceGrid as Dec;
  const down = floorToGrid(price.value, grid);
  const fitting = order.side === 'SELL' || down.lte(Dec.ZERO) ? ceilToGrid(price.value, grid) : down;
  return violation('PRICE_PRECISION', 'price', {
    value: price.text,
    limit: String(precision),
    suggestion: [fitting.toString()],
  });
}
