import { Dec } from '../decimal/dec.js';
import { floorToGrid } from '../decimal/grid.js';
import { floorOnGrid } from '../decimal/safe-integers.js';
import type { FastOrder } from '../order/fast-order.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { quantityWindow, withinQuantityWindow } from '../pair/quantity-window.js';

/**
 * A quantity moved down onto the pair's quantity grid (or to its first point, when down leaves
 * zero), then into the quantities the pair's bounds allow, so that a suggestion never proposes what
 * another rule of the pair refuses (docs/exchange-semantics.md, "Judging an order").
 */
export function quantityDown(pair: CompiledPair, order: ParsedOrder, value: Dec): Dec {
  const window = quantityWindow(pair, order);
  const last = lastDown;
  // Stryker disable next-line ConditionalExpression: a cache that only saves time (forced false, the quantity is moved afresh, to the same value)
  const same = last.value === value && last.pair === pair && last.window === window;
  // Stryker disable next-line ConditionalExpression: a cache that only saves time (never hit, the quantity is moved afresh, to the same value)
  if (same) return last.down;
  const grid = pair.quantityGrid;
  const below = grid === null ? value : floorToGrid(value, grid);
  const down = withinQuantityWindow(pair, order, below.gt(Dec.ZERO) ? below : (grid ?? value));
  // Stryker disable next-line ObjectLiteral: a cache that only saves time (emptied, it is never hit)
  lastDown = { pair, window, value, down };
  return down;
}

/**
 * The last quantity moved down, and what it depended on (values are immutable, so their identity
 * is theirs): QUANTITY_STEP and QUANTITY_PRECISION suggest the same quantity for one order, and
 * the second is given the first's.
 */
let lastDown: {
  readonly pair: CompiledPair | undefined;
  readonly window: ReturnType<typeof quantityWindow>;
  readonly value: Dec | undefined;
  readonly down: Dec;
} = { pair: undefined, window: undefined, value: undefined, down: Dec.ZERO };

/** {@link quantityDown} of the order's quantity in units of the fast pair's quantity grid; NaN past 2^53. */
export function quantityDownUnits(pair: FastPair, order: FastOrder): number {
  const step = pair.quantityStep;
  const below = floorOnGrid(order.quantity, order.quantityScale, step, pair.quantityScale);
  if (Number.isNaN(below)) return below;
  const nearest = below > 0 ? below : step;
  // A NaN low (no quantity passes) compares false, and the value stays as rounded.
  const low = pair.windowLow[order.kind] as number;
  const high = pair.windowHigh[order.kind] as number;
  // Stryker disable next-line EqualityOperator: at nearest === low both ways give low
  return nearest < low ? low : Math.min(nearest, high);
}

/**
 * The repair of a quantity (docs/exchange-semantics.md, "Judging an order"): down onto the grid;
 * nothing when that leaves zero.
 */
export function repairQuantity(
  pair: CompiledPair,
  order: ParsedOrder,
): { field: 'quantity'; to: string } | undefined {
  const quantity = order.quantity;
  if (quantity === undefined) return undefined;
  const grid = pair.quantityGrid;
  const to = grid === null ? quantity.value : floorToGrid(quantity.value, grid);
  return to.gt(Dec.ZERO) ? { field: 'quantity', to: to.toString() } : undefined;
}
