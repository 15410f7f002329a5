import { gridNeighbours, isOnGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** What a PRICE_TICK message adds when the tick was inferred rather than sent. */
export const INFERRED_TICK_DETAIL = '(inferred from displayDigitMerge: the exchange sent no tickSize)';

/**
 * PRICE_TICK: the price is an integer multiple of the tick, sent or inferred (skipped when the
 * pair has neither). Suggests the grid points either side, on the grid that also honours
 * `quoteAssetPrecision`.
 */
export function checkPriceTick(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const price = order.price;
  if (price === undefined) return undefined;
  const tick = pair.tickSize;
  if (tick === null) return skippedCheck('PRICE_TICK', 'NO_TICK_SIZE', 'tickSize');
  if (isOnGrid(price.value, tick)) return undefined;
  return violation('PRICE_TICK', 'price', {
    value: price.text,
    limit: tick.toString(),
    suggestion: gridNeighbours(price.value, pair.priceGrid ?? tick),
    ...(pair.tickInferred ? { detail: INFERRED_TICK_DETAIL } : {}),
  });
}
