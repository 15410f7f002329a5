import type { CompiledPair } from '../book/compiled-pair.js';
import { gridNeighbours, significantDecimals } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** PRICE_PRECISION: only without a tick grid, the price has at most `quoteAssetPrecision` significant decimals. */
export function checkPricePrecision(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const price = order.price;
  if (price === undefined || pair.tickSize !== null) return undefined;
  const precision = pair.definition.quoteAssetPrecision;
  if (significantDecimals(price.text) <= precision) return undefined;
  return violation('PRICE_PRECISION', 'price', {
    value: price.text,
    limit: String(precision),
    suggestion: gridNeighbours(price.value, pair.priceGrid),
  });
}
