import type { OrderKind } from './order-kinds.js';

/**
 * An order as the fast path read it: each decimal as safe-integer units at its own scale, the
 * written places its precision is judged on, and the value as received (for the explanation's
 * text). One such record is reused for every order, so reading allocates nothing; the rules'
 * fast forms read it and never keep it.
 */
export interface FastOrder {
  symbol: string;
  buy: boolean;
  limit: boolean;
  /** Which of the four kinds (`LIMIT_BUY` to `MARKET_SELL`, order-kinds.ts). */
  kind: OrderKind;
  quantity: number;
  quantityScale: number;
  quantityPlaces: number;
  /**
   * The quantity as a whole count of the pair's quantity unit (`10^-quantityScale` of the fast
   * pair), or -1 when it has more decimals than that unit: then it is off the grid and is
   * compared with the bounds themselves.
   */
  quantityCount: number;
  /** 0 on MARKET orders, which have no price. */
  price: number;
  priceScale: number;
  pricePlaces: number;
  /** NaN when the context has no reference price. */
  reference: number;
  referenceScale: number;
  /** NaN when the context has no notional limit. */
  maxNotional: number;
  maxNotionalScale: number;
  /** The values as received (a string or a number), for the texts an explanation quotes. */
  quantityRaw: unknown;
  priceRaw: unknown;
  referenceRaw: unknown;
  maxNotionalRaw: unknown;
  /** The time in force and the client order id as read (well-formed, or `undefined`). */
  timeInForce: unknown;
  clientOrderId: unknown;
  /**
   * Whether a decimal is past safe integers (more than 15 significant digits, a count past
   * 2^53): its units are NaN, and the rules' exact checks judge the order.
   */
  long: boolean;
}

/** A fresh record; numeric fields start as doubles so that later writes never change their kind. */
export function newFastOrder(): FastOrder {
  return {
    symbol: '',
    buy: false,
    limit: false,
    kind: 0,
    quantity: Number.NaN,
    quantityScale: 0,
    quantityPlaces: 0,
    quantityCount: Number.NaN,
    price: Number.NaN,
    priceScale: 0,
    pricePlaces: 0,
    reference: Number.NaN,
    referenceScale: 0,
    maxNotional: Number.NaN,
    maxNotionalScale: 0,
    quantityRaw: undefined,
    priceRaw: undefined,
    referenceRaw: undefined,
    maxNotionalRaw: undefined,
    timeInForce: undefined,
    clientOrderId: undefined,
    long: false,
  };
}

/**
 * The text the exchange would receive for a decimal the fast path read: the string itself, or
 * for a number `String(n)`, which is exactly the canonical text of what was read
 * (`formatScaled(units, scale)`; `String(n)` makes it with one conversion, where printing the
 * units makes their digits and then cuts them at the point).
 */
export function sentText(raw: unknown): string {
  return typeof raw === 'string' ? raw : String(raw);
}
