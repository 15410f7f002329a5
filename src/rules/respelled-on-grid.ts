import { Dec } from '../decimal/dec.js';
import { ceilToGrid, floorToGrid } from '../decimal/grid.js';
import { isPlainPositiveDecimal } from '../order/decimal-input.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import { withinQuantityWindow } from '../pair/quantity-window.js';
import { withSuggestion } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';

/**
 * An INVALID_FIELD on a price or quantity spelled in a way the exchange refuses (`1e-7`) suggests
 * its plain spelling; once the pair is known, that suggestion is put on the pair's grid (a price
 * away from the market, a quantity down and within the pair's bounds), so that it agrees with the
 * pair's other rules (README, "Judging an order"). Other violations pass through unchanged.
 */
export function respelledOnGrid(pair: CompiledPair, order: ParsedOrder, v: Violation): Violation {
  if (v.code !== 'INVALID_FIELD' || (v.field !== 'price' && v.field !== 'quantity')) return v;
  const spelled = v.suggestion?.[0];
  if (spelled === undefined || !isPlainPositiveDecimal(spelled)) return v;
  const value = Dec.parse(spelled);
  if (v.field === 'quantity') {
    const grid = pair.quantityGrid;
    const below = grid === null ? value : floorToGrid(value, grid);
    const nearest = withinQuantityWindow(pair, order, below.gt(Dec.ZERO) ? below : (grid ?? value));
    return withSuggestion(v, [nearest.toString()]);
  }
  const grid = pair.priceGrid;
  if (grid === null) return v;
  const down = floorToGrid(value, grid);
  const fitting = order.side === 'SELL' || down.lte(Dec.ZERO) ? ceilToGrid(value, grid) : down;
  return withSuggestion(v, [fitting.toString()]);
}
