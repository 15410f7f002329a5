import type { OrderSide, OrderType } from './order-input.js';
import type { ParsedOrder } from './parsed-order.js';

/**
 * The four kinds of order (type and side), by index: the index a fast order carries
 * (`FastOrder.kind`) and the place of each kind in what a pair keeps per kind (its quantity
 * windows, a cap's highest quantities).
 */
export const LIMIT_BUY = 0;
export const LIMIT_SELL = 1;
export const MARKET_BUY = 2;
export const MARKET_SELL = 3;
export type OrderKind = typeof LIMIT_BUY | typeof LIMIT_SELL | typeof MARKET_BUY | typeof MARKET_SELL;

/** Each kind as an order of that kind, by its index, for what depends on the pair and the kind alone. */
export const ORDER_KINDS: readonly [ParsedOrder, ParsedOrder, ParsedOrder, ParsedOrder] = [
  { type: 'LIMIT', side: 'BUY' },
  { type: 'LIMIT', side: 'SELL' },
  { type: 'MARKET', side: 'BUY' },
  { type: 'MARKET', side: 'SELL' },
];

/** The kind of an order of this type and side. */
export function kindOf(type: OrderType, side: OrderSide): OrderKind {
  if (type === 'LIMIT') return side === 'BUY' ? LIMIT_BUY : LIMIT_SELL;
  return side === 'BUY' ? MARKET_BUY : MARKET_SELL;
}
