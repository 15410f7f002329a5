import { Dec } from '../decimal/dec.js';
import { ceilToGrid, floorToGrid } from '../decimal/grid.js';
import { ceilOnGrid, floorOnGrid } from '../decimal/safe-integers.js';
import type { OrderSide } from '../order/order-input.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';

/**
 * A price moved onto the pair's price grid away from the market (docs/exchange-semantics.md,
 * "Judging an order"): a BUY down, a SELL up, and up when down would leave zero. The grid is the
 * one that honours the tick and `quoteAssetPrecision` at once.
 */
export function priceAwayFromMarket(grid: Dec, side: OrderSide | undefined, value: Dec): Dec {
  const down = floorToGrid(value, grid);
  return side === 'SELL' || down.lte(Dec.ZERO) ? ceilToGrid(value, grid) : down;
}

/** {@link priceAwayFromMarket} in units of the fast pair's price grid; NaN past 2^53. */
export function priceAwayFromMarketUnits(pair: FastPair, buy: boolean, units: number, scale: number): number {
  const down = buy ? floorOnGrid(units, scale, pair.priceStep, pair.priceScale) : 0;
  return down === 0 ? ceilOnGrid(units, scale, pair.priceStep, pair.priceScale) : down;
}

/**
 * The repair of a price (docs/exchange-semantics.md, "Judging an order"): onto the grid away from
 * the market, a BUY down and a SELL up; nothing when a BUY would round down to zero.
 */
export function repairPrice(
  pair: CompiledPair,
  order: ParsedOrder,
): { field: 'price'; to: string } | undefined {
  const price = order.price;
  const side = order.side;
  if (price === undefined || side === undefined) return undefined;
  const grid = pair.priceGrid;
  let to = price.value;
  if (grid !== null) to = side === 'BUY' ? floorToGrid(to, grid) : ceilToGrid(to, grid);
  return to.gt(Dec.ZERO) ? { field: 'price', to: to.toString() } : undefined;
}
