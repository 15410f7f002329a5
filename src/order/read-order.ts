import { type ClientOrderIdRule, clientOrderIdFault } from './client-order-id.js';
import { readDecimalInput } from './decimal-input.js';
import type { FastOrder } from './fast-order.js';
import { lastRead, longRead, readDecimalUnits, wasLong } from './fast-read.js';
import {
  CONTEXT_FIELDS,
  type ContextField,
  ORDER_FIELDS,
  type OrderField,
  type OrderFieldsOfKind,
  presenceOf,
} from './order-fields.js';
import { LIMIT_BUY, LIMIT_SELL, MARKET_BUY, MARKET_SELL } from './order-kinds.js';
import type {
  ContextReading,
  CopiedFields,
  OrderReading,
  Reading,
  ReadOrder,
  Respelling,
} from './order-reading.js';
import { NOT_READ, readGenerally, withDecimal } from './read-generally.js';

/**
 * The one reader of an order and its context: the caller's values are read here, each exactly
 * once, before anything is judged, and what was read is judged (the fast reading into safe
 * integers, done here too, or the general reading, read-generally.ts): a getter runs at most
 * once per call, and a getter (or a proxy) that answers differently the second time cannot make
 * what was judged differ from what is returned. What a reading finds is returned; nothing is
 * kept between calls.
 */

const PLAIN_PROTO = Object.prototype;

/**
 * Reads an order and its context once. A well-formed order in a plain record (symbol, side, type
 * and time in force in the grammar, a well-formed id, plain positive decimals, no price on a
 * MARKET order) is read into `into`, its decimals as safe-integer units where they fit
 * (`into.long` says one does not), and `into` itself is returned: nothing is allocated. Anything
 * else is read the general way, from the values already loaded, and that reading is returned.
 * Never throws.
 */
export function readOrder(
  order: unknown,
  context: unknown,
  into: FastOrder,
  idRule: ClientOrderIdRule = 'length',
): FastOrder | ReadOrder {
  let orderReading: OrderReading;
  let contextReading: ContextReading | undefined;
  if (!isPlainOrder(order)) {
    orderReading = readFields(order, ORDER_FIELDS);
    contextReading = orderReading.kind === 'unreadable' ? NOT_READ : readFields(context, CONTEXT_FIELDS);
  } else
    try {
      // Constant-name loads on a plain record: a plain order costs no copy.
      const symbol = order.symbol;
      const side = order.side;
      const type = order.type;
      const quantity = order.quantity;
      const price = order.price;
      const timeInForce = order.timeInForce;
      const newClientOrderId = order.newClientOrderId;
      let referencePrice: unknown;
      let maxNotional: unknown;
      if (context !== undefined && context !== null) {
        try {
          // Even asking for its prototype can throw (a revoked proxy): that is an unreadable context.
          if (isPlainRecord(context)) {
            referencePrice = context.referencePrice;
            maxNotional = context.maxNotional;
          } else contextReading = readFields(context, CONTEXT_FIELDS);
        } catch (error) {
          contextReading = { kind: 'unreadable', error };
        }
      }
      if (
        contextReading === undefined &&
        readFast(
          into,
          symbol,
          side,
          type,
          quantity,
          price,
          timeInForce,
          newClientOrderId,
          referencePrice,
          maxNotional,
          idRule,
        )
      )
        return into;
      // The values loaded, as the general reading reads them: every field of the tables.
      const fields: Readonly<Record<OrderField, unknown>> = {
        symbol,
        side,
        type,
        quantity,
        price,
        timeInForce,
        newClientOrderId,
      };
      orderReading = { kind: 'fields', fields };
      const contextFields: Readonly<Record<ContextField, unknown>> = { referencePrice, maxNotional };
      contextReading ??= { kind: 'fields', fields: contextFields };
    } catch (error) {
      // An order that cannot be read is refused as such, and its context is not read at all.
      orderReading = { kind: 'unreadable', error };
      contextReading = NOT_READ;
    }
  return readGenerally(orderReading, contextReading, idRule);
}

/**
 * The fast reading of values already loaded into `into`; false when the order is not for it (a
 * word outside the grammar, a malformed id or decimal, a price on a MARKET order). The contract
 * reader (fast-contract-read.ts) hands it a contract order's shared fields, loaded once with the
 * contract's own.
 */
export function readFast(
  into: FastOrder,
  symbol: unknown,
  side: unknown,
  type: unknown,
  quantity: unknown,
  price: unknown,
  tif: unknown,
  clientOrderId: unknown,
  reference: unknown,
  maxNotional: unknown,
  idRule: ClientOrderIdRule,
): boolean {
  if (typeof symbol !== 'string' || symbol.length === 0) return false;
  const buy = side === 'BUY';
  if (!buy && side !== 'SELL') return false;
  const limit = type === 'LIMIT';
  if (!limit && type !== 'MARKET') return false;
  if (tif === undefined ? limit : tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') return false;
  const o = into;
  o.symbol = symbol;
  o.buy = buy;
  o.limit = limit;
  o.kind = limit ? (buy ? LIMIT_BUY : LIMIT_SELL) : buy ? MARKET_BUY : MARKET_SELL;
  o.timeInForce = tif;
  o.clientOrderId = clientOrderId;
  o.quantityRaw = quantity;
  o.priceRaw = price;
  o.referenceRaw = reference;
  o.maxNotionalRaw = maxNotional;
  o.long = false;
  o.reference = Number.NaN;
  if (reference !== undefined) {
    if (readDecimalUnits(reference)) {
      o.reference = lastRead.units;
      o.referenceScale = lastRead.scale;
    } else if (wasLong(reference)) {
      o.referenceScale = longRead.scale;
      o.long = true;
    } else return false;
  }
  o.maxNotional = Number.NaN;
  if (maxNotional !== undefined) {
    if (readDecimalUnits(maxNotional)) {
      o.maxNotional = lastRead.units;
      o.maxNotionalScale = lastRead.scale;
    } else if (wasLong(maxNotional)) {
      o.maxNotionalScale = longRead.scale;
      o.long = true;
    } else return false;
  }
  if (readDecimalUnits(quantity)) {
    o.quantity = lastRead.units;
    o.quantityScale = lastRead.scale;
    o.quantityPlaces = lastRead.places;
  } else if (wasLong(quantity)) {
    o.quantity = Number.NaN;
    o.quantityScale = longRead.scale;
    o.long = true;
  } else return false;
  if (limit) {
    if (readDecimalUnits(price)) {
      o.price = lastRead.units;
      o.priceScale = lastRead.scale;
      o.pricePlaces = lastRead.places;
    } else if (wasLong(price)) {
      o.price = Number.NaN;
      o.priceScale = longRead.scale;
      o.long = true;
    } else return false;
  } else {
    if (price !== undefined) return false;
    o.price = 0;
  }
  // A well-formed id costs this reading nothing (a scan of its units, no allocation); anything
  // else about it (null, a malformed id) is the general reading's to word.
  return clientOrderId === undefined || clientOrderIdFault(clientOrderId, idRule) === undefined;
}

/**
 * A record whose prototype is `Object.prototype` holds its fields itself unless that prototype
 * was given one of the same name (prototype pollution); the general reading, which reads own
 * fields only, decides then. Constant-name loads on one object keep this check nearly free.
 */
function prototypeIsClean(): boolean {
  const p = PLAIN_PROTO as Record<string, unknown>;
  return (
    p.symbol === undefined &&
    p.side === undefined &&
    p.type === undefined &&
    p.quantity === undefined &&
    p.price === undefined &&
    p.timeInForce === undefined &&
    p.newClientOrderId === undefined &&
    p.referencePrice === undefined &&
    p.maxNotional === undefined
  );
}

/**
 * The fields of an order and a context, read with constant names (monomorphic loads): the
 * tables' fields, so a field added to a table must be loaded here (`readOrder` copies them all).
 */
type Fields = { readonly [F in OrderField | ContextField]?: unknown } & {
  readonly [Symbol.toStringTag]?: unknown;
};

/** A plain record on a clean prototype; false too when even asking throws (a revoked proxy). */
function isPlainOrder(value: unknown): value is Fields {
  try {
    return isPlainRecord(value) && prototypeIsClean();
  } catch {
    return false;
  }
}

function isPlainRecord(value: unknown): value is Fields {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === PLAIN_PROTO &&
    (value as Fields)[Symbol.toStringTag] === undefined
  );
}

/**
 * Reads an order and its context the general way, each once (the order first: an order whose
 * very reading throws is unreadable, and its context is not read).
 */
export function readOrderGenerally(
  order: unknown,
  context: unknown,
  idRule: ClientOrderIdRule = 'length',
): ReadOrder {
  const orderReading = readFields(order, ORDER_FIELDS);
  return readGenerally(
    orderReading,
    orderReading.kind === 'unreadable' ? NOT_READ : readFields(context, CONTEXT_FIELDS),
    idRule,
  );
}

/**
 * Copies `keys` out of `raw` once. Never throws: what reading throws is the `unreadable` reading.
 */
export function readFields<K extends string>(raw: unknown, keys: readonly K[]): Reading<K> {
  if (raw === undefined || raw === null) return { kind: 'absent', description: String(raw) };
  try {
    if (!isFieldRecord(raw)) return { kind: 'other', value: raw };
    const fields = Object.create(null) as Record<string, unknown>;
    for (const key of keys) {
      if (!Object.hasOwn(raw, key)) continue;
      const value = (raw as Record<string, unknown>)[key];
      if (value !== undefined && value !== null) fields[key] = value;
    }
    return { kind: 'fields', fields: fields as CopiedFields<K> };
  } catch (error) {
    return { kind: 'unreadable', error };
  }
}

/** A record that can hold order fields: not an array, date, map, boxed primitive or the like. */
function isFieldRecord(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.prototype.toString.call(value) === '[object Object]'
  );
}

/**
 * What {@link readWholeOrder} read: the general reading of the order and its context, and when
 * the order is a record, what `normalizeOrder` returns made from the same values.
 */
export interface WholeOrder {
  readonly reading: ReadOrder;
  /** The record's copy with its decimals as the text they are sent as; absent when not a record. */
  readonly plain: Record<string, unknown> | undefined;
  /** `plain` with each decimal the exchange refuses for its spelling respelled in plain notation. */
  readonly respelled: Record<string, unknown>;
  readonly respellings: readonly Respelling[];
  /** The reading with those respellings read in their place. */
  readonly respelledReading: ReadOrder;
}

/**
 * The whole order and its context, read once, for `normalizeOrder`, which returns the order:
 * its own enumerable fields (what a caller means to send, extra ones included) and any of
 * {@link ORDER_FIELDS} that is own but not enumerable (what `validateOrder` would judge), each
 * read exactly once into a plain object, and the general reading of those very values. An
 * order that is not a record is read the general way alone.
 */
export function readWholeOrder(
  raw: unknown,
  context: unknown,
  idRule: ClientOrderIdRule = 'length',
): WholeOrder {
  let orderReading: OrderReading;
  const copy: Record<string, unknown> = {};
  try {
    if (isFieldRecord(raw)) {
      const record = raw as Record<string, unknown>;
      for (const key of Object.keys(record)) defineField(copy, key, record[key]);
      for (const key of ORDER_FIELDS)
        if (!Object.hasOwn(copy, key) && Object.hasOwn(record, key)) defineField(copy, key, record[key]);
      // The copy is a plain record of data fields: copying from it cannot throw.
      orderReading = readFields(copy, ORDER_FIELDS);
    } else orderReading = readFields(raw, ORDER_FIELDS);
  } catch (error) {
    orderReading = { kind: 'unreadable', error };
  }
  const contextReading = orderReading.kind === 'unreadable' ? NOT_READ : readFields(context, CONTEXT_FIELDS);
  const reading = readGenerally(orderReading, contextReading, idRule);
  if (orderReading.kind !== 'fields')
    return { reading, plain: undefined, respelled: copy, respellings: [], respelledReading: reading };
  const plain: Record<string, unknown> = { ...copy };
  const respelled: Record<string, unknown> = { ...copy };
  const respellings: Respelling[] = [];
  let respelledReading = reading;
  for (const field of RESPELLED_FIELDS) {
    // Own fields only: the copy's prototype is `Object.prototype`, which may have been polluted.
    if (!Object.hasOwn(copy, field)) continue;
    const value = copy[field];
    if (value === null || value === undefined) continue;
    // Read already, unless its order's type refuses the field: then its text is read here.
    const decimal = reading.order[field];
    const read = decimal === undefined ? readDecimalInput(value) : ({ ok: true, decimal } as const);
    if (read.ok) {
      plain[field] = read.decimal.text;
      respelled[field] = read.decimal.text;
      continue;
    }
    const to = read.suggestion?.[0];
    if (to === undefined) continue;
    respellings.push({ field, from: String(value), to });
    respelled[field] = to;
    // A field its order's type refuses is not read, respelled or not.
    if (presenceOf(field, reading.order.type) !== 'refused')
      respelledReading = withDecimal(respelledReading, field, to);
  }
  return { reading, plain, respelled, respellings, respelledReading };
}

/** The order's decimals, in the order their respellings are listed (the price first). */
const RESPELLED_FIELDS = ['price', 'quantity'] as const satisfies readonly OrderFieldsOfKind<'decimal'>[];

/** Sets an own, enumerable data field; a key named `__proto__` stays a plain field. */
function defineField(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
