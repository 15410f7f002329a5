import type { OrderDecimal } from './decimal-input.js';
import type { OrderSide, OrderType, TimeInForce } from './order-input.js';

/**
 * The fields of an order that were read successfully. A field that is missing or malformed is
 * absent here (its violation is already reported), so each rule runs on what it can trust.
 */
export interface ParsedOrder {
  symbol?: string;
  side?: OrderSide;
  type?: OrderType;
  quantity?: OrderDecimal;
  /** Absent on MARKET orders: a price there is refused, never used. */
  price?: OrderDecimal;
  timeInForce?: TimeInForce;
}

/** The usable parts of the caller's context. */
export interface ParsedContext {
  referencePrice?: OrderDecimal;
  maxNotional?: OrderDecimal;
}
