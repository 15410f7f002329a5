import type { CompiledPair } from '../book/compiled-pair.js';
import { gridNeighbours, isOnGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** PRICE_TICK: the price is an integer multiple of `tickSize` (skipped when the pair has none). */
export function checkPriceTick(pair: CompiledPair, order: ParsedOrder): RuleOutcome {
  const price = order.price;
  if (price === undefined) return undefined;
  if (pair.tickSize === null) return skippedCheck('PRICE_TICK', 'NO_TICK_SIZE');
  if (isOnGrid(price.value, pair.tickSize)) return undefined;
  return violation('PRICE_TICK', 'price', {
    value: price.text,
    limit: pair.tickSize.toString(),
    suggestion: gridNeighbours(price.value, pair.tickSize),
  });
}
