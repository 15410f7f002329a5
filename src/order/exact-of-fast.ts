import { Dec } from '../decimal/dec.js';
import type { ClientOrderIdRule } from './client-order-id.js';
import type { OrderDecimal } from './decimal-input.js';
import { type FastOrder, sentText } from './fast-order.js';
import type { ContextField, OrderField } from './order-fields.js';
import type { ReadOrder } from './order-reading.js';
import type { ParsedContext, ParsedOrder } from './parsed-order.js';
import { readGenerally } from './read-generally.js';

/**
 * An order the fast reading read, in the other forms the judge takes it in: as exact decimals
 * for the rules' exact checks, or read the general way. Nothing of the caller's runs here: the
 * values are those read.
 */

/**
 * An order read the fast way, read the general way: for the judge, when the pair is unknown or
 * a rule asks for the general path.
 */
export function readFastGenerally(read: FastOrder, idRule: ClientOrderIdRule = 'length'): ReadOrder {
  const fields: Readonly<Record<OrderField, unknown>> = {
    symbol: read.symbol,
    side: read.buy ? 'BUY' : 'SELL',
    type: read.limit ? 'LIMIT' : 'MARKET',
    quantity: read.quantityRaw,
    price: read.priceRaw,
    timeInForce: read.timeInForce,
    newClientOrderId: read.clientOrderId,
  };
  const context: Readonly<Record<ContextField, unknown>> = {
    referencePrice: read.referenceRaw,
    maxNotional: read.maxNotionalRaw,
  };
  return readGenerally({ kind: 'fields', fields }, { kind: 'fields', fields: context }, idRule);
}

/** The values read, as exact decimals, for the rules' exact checks. */
export function exactOfFast(read: FastOrder): { order: ParsedOrder; context: ParsedContext } {
  const o = read;
  const symbol = o.symbol;
  const side = o.buy ? 'BUY' : 'SELL';
  const quantity = orderDecimal(o.quantityRaw, o.quantity, o.quantityScale);
  // Each shape made whole in one literal: adding a field to an object after it is made costs
  // more than the rest of making it.
  const order: ParsedOrder = o.limit
    ? { symbol, side, type: 'LIMIT', quantity, price: orderDecimal(o.priceRaw, o.price, o.priceScale) }
    : { symbol, side, type: 'MARKET', quantity };
  const reference =
    o.referenceRaw === undefined ? undefined : orderDecimal(o.referenceRaw, o.reference, o.referenceScale);
  const maxNotional =
    o.maxNotionalRaw === undefined
      ? undefined
      : orderDecimal(o.maxNotionalRaw, o.maxNotional, o.maxNotionalScale);
  let context: ParsedContext;
  if (reference === undefined) context = maxNotional === undefined ? {} : { maxNotional };
  else
    context =
      maxNotional === undefined ? { referencePrice: reference } : { referencePrice: reference, maxNotional };
  return { order, context };
}

/**
 * A decimal the fast reading read, as the exact checks take it: the text the exchange would
 * receive (the string itself, or `String(n)` for a number) and its value, from the units read
 * or, for a decimal too long for them (NaN units), from the text: as the reader scanned it when
 * it left the scale of units past 2^53 (`scale` ≥ 0, a string; see `longRead`), else parsed.
 */
function orderDecimal(raw: unknown, units: number, scale: number): OrderDecimal {
  if (Number.isNaN(units)) {
    if (typeof raw === 'string')
      return { text: raw, value: scale >= 0 ? Dec.ofLongText(raw, scale) : Dec.parse(raw) };
    const text = String(raw);
    return { text, value: Dec.parse(text) };
  }
  return { text: sentText(raw), value: Dec.ofSafe(units, scale) };
}
