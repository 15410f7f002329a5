import { Dec } from '../decimal/dec.js';
import { ceilToGrid, floorToGrid } from '../decimal/grid.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, QuantityWindow, QuantityWindows } from './compiled-pair.js';

/**
 * The quantities an order of this pair may have, on the quantity grid: from the minimum rounded
 * up to the tightest cap rounded down (`maxTradeAmount`, and for a MARKET order its side's size
 * cap). Every quantity suggestion is kept inside it, so that one violation never proposes what
 * another rule of the pair refuses (README, "Judging an order"). `undefined` when no quantity
 * passes at all (the minimum above a cap): suggestions are then left as each rule makes them.
 * Kept on the pair from its first use (see {@link windowsOf}).
 */
export function quantityWindow(pair: CompiledPair, order: ParsedOrder): QuantityWindow | undefined {
  let windows = pair.quantityWindows;
  if (windows === undefined) {
    windows = windowsOf(pair);
    pair.quantityWindows = windows;
  }
  if (order.type !== 'MARKET' || order.side === undefined) return windows[0];
  return order.side === 'BUY' ? windows[1] : windows[2];
}

/**
 * The pair's quantity windows: for an order that is not a MARKET order with a side (no size
 * cap), for a MARKET BUY and for a MARKET SELL.
 */
export function windowsOf(pair: Omit<CompiledPair, 'quantityWindows' | 'fast'>): QuantityWindows {
  return [
    windowOf(pair, null),
    windowOf(pair, pair.marketBuyLimitSize),
    windowOf(pair, pair.marketSellLimitSize),
  ];
}

function windowOf(
  pair: Omit<CompiledPair, 'quantityWindows' | 'fast'>,
  cap: Dec | null,
): QuantityWindow | undefined {
  const grid = pair.quantityGrid;
  const onGridUp = (value: Dec) => (grid === null ? value : ceilToGrid(value, grid));
  const onGridDown = (value: Dec) => (grid === null ? value : floorToGrid(value, grid));
  const min = pair.minTradeAmount;
  const low = min?.gt(Dec.ZERO) ? onGridUp(min) : (grid ?? Dec.ZERO);
  let high: Dec | null = pair.maxTradeAmount === null ? null : onGridDown(pair.maxTradeAmount);
  if (cap !== null) {
    const capped = onGridDown(cap);
    if (high === null || capped.lt(high)) high = capped;
  }
  if (high !== null && (high.lt(low) || high.lte(Dec.ZERO))) return undefined;
  return { low, high };
}

/** `candidate` moved into the pair's quantity window (unchanged when no quantity passes). */
export function withinQuantityWindow(pair: CompiledPair, order: ParsedOrder, candidate: Dec): Dec {
  const window = quantityWindow(pair, order);
  if (window === undefined) return candidate;
  if (candidate.lt(window.low)) return window.low;
  if (window.high !== null && candidate.gt(window.high)) return window.high;
  return candidate;
}
