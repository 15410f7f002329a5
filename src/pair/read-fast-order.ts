import { MAX_SAFE, POW10 } from '../decimal/safe-integers.js';
import type { FastOrder } from '../order/fast-order.js';
import { lastRead, readDecimalUnits, NOT_SURE as UNREADABLE } from '../order/fast-read.js';
import type { FastPair } from './compiled-pair.js';
import { LIMIT_BUY, LIMIT_SELL, MARKET_BUY, MARKET_SELL } from './quantity-window.js';

/**
 * Reads an order's decimals for `pair` into `o` (safe-integer units, scales, written places, the
 * quantity as a count of the pair's quantity unit, and the values as received); false when one
 * of them is not for the fast path. The same values always read the same way, so a failure that
 * keeps only the values as received reads them again to explain itself.
 */
export function readFastOrder(
  o: FastOrder,
  pair: FastPair,
  buy: boolean,
  limit: boolean,
  quantity: unknown,
  price: unknown,
  reference: unknown,
  maxNotional: unknown,
): boolean {
  o.buy = buy;
  o.limit = limit;
  o.kind = limit ? (buy ? LIMIT_BUY : LIMIT_SELL) : buy ? MARKET_BUY : MARKET_SELL;
  o.reference = Number.NaN;
  if (reference !== undefined) {
    const units = readDecimalUnits(reference);
    if (units === UNREADABLE) return false;
    o.reference = units;
    o.referenceScale = lastRead.scale;
  }
  o.maxNotional = Number.NaN;
  if (maxNotional !== undefined) {
    const units = readDecimalUnits(maxNotional);
    if (units === UNREADABLE) return false;
    o.maxNotional = units;
    o.maxNotionalScale = lastRead.scale;
  }
  const units = readDecimalUnits(quantity);
  if (units === UNREADABLE) return false;
  o.quantity = units;
  o.quantityScale = lastRead.scale;
  o.quantityPlaces = lastRead.places;
  const up = pair.quantityScale - o.quantityScale;
  if (up >= 0) {
    // A whole count of the pair's quantity unit: its bounds, counted the same way and rounded
    // inward when the pair was compiled, compare with it exactly.
    const count = units * (POW10[up] as number);
    if (count > MAX_SAFE) return false;
    o.quantityCount = count;
  } else o.quantityCount = -1;
  if (limit) {
    const priceUnits = readDecimalUnits(price);
    if (priceUnits === UNREADABLE) return false;
    o.price = priceUnits;
    o.priceScale = lastRead.scale;
    o.pricePlaces = lastRead.places;
  } else {
    if (price !== undefined) return false;
    o.price = 0;
  }
  o.quantityRaw = quantity;
  o.priceRaw = price;
  o.referenceRaw = reference;
  o.maxNotionalRaw = maxNotional;
  return true;
}
