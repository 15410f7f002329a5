import { Dec } from '../decimal/dec.js';
import { isPlainPositiveDecimal } from '../order/decimal-input.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { withSuggestion } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { priceAwayFromMarket } from './price-rounding.js';
import { quantityDown } from './quantity-rounding.js';

/**
 * An INVALID_FIELD on a price or quantity spelled in a way the exchange refuses (`1e-7`) suggests
 * its plain spelling; once the pair is known, that suggestion is put on the pair's grid (a price
 * away from the market, a quantity down and within the pair's bounds), so that it agrees with the
 * pair's other rules (docs/exchange-semantics.md, "Judging an order"). Other violations pass
 * through unchanged.
 */
export function respelledOnGrid(pair: CompiledPair, order: ParsedOrder, v: Violation): Violation {
  if (v.code !== 'INVALID_FIELD' || (v.field !== 'price' && v.field !== 'quantity')) return v;
  const spelled = v.suggestion?.[0];
  if (spelled === undefined || !isPlainPositiveDecimal(spelled)) return v;
  const value = Dec.parse(spelled);
  if (v.field === 'quantity') return withSuggestion(v, [quantityDown(pair, order, value).toString()]);
  const grid = pair.priceGrid;
  if (grid === null) return v;
  return withSuggestion(v, [priceAwayFromMarket(grid, order.side, value).toString()]);
}
