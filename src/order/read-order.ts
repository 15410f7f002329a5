import { Dec } from '../decimal/dec.js';
import { describeThrown, describeValue } from '../errors/preflight-error.js';
import { violationOf } from '../validation/violation.js';
import type { Violation, ViolationCode, ViolationField } from '../validation/violation-codes.js';
import { clientOrderIdFault, isClientOrderId } from './client-order-id.js';
import { type OrderDecimal, readDecimalInput } from './decimal-input.js';
import { type FastOrder, LIMIT_BUY, LIMIT_SELL, MARKET_BUY, MARKET_SELL, sentText } from './fast-order.js';
import { lastRead, readDecimalUnits, wasLong } from './fast-read.js';
import type { OrderSide, OrderType, TimeInForce } from './order-input.js';
import type { ParsedContext, ParsedOrder } from './parsed-order.js';

/**
 * The one reader of an order and its context: the fields the library reads, their grammar, the
 * fast reading into safe integers and the general reading into exact decimals. Every entry point
 * reads the caller's values exactly once, before anything is judged, and judges what was read:
 * a getter runs at most once per call, and a getter (or a proxy) that answers differently the
 * second time cannot make what was judged differ from what is returned. What a reading finds is
 * returned; nothing is kept between calls.
 */

/**
 * The order fields the library reads: the body fields of WEEX V3's `POST /api/v3/order`, each
 * judged (the risk gateway refuses an order body with any other key).
 *
 * @example
 * ```ts
 * ORDER_FIELDS.includes('price'); // true
 * ```
 */
export const ORDER_FIELDS = [
  'symbol',
  'side',
  'type',
  'quantity',
  'price',
  'timeInForce',
  'newClientOrderId',
] as const;
/**
 * One of {@link ORDER_FIELDS}.
 *
 * @example
 * ```ts
 * const field: OrderField = 'quantity';
 * ```
 */
export type OrderField = (typeof ORDER_FIELDS)[number];

/** The context fields the library reads. */
export const CONTEXT_FIELDS = ['referencePrice', 'maxNotional'] as const;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

/** The grammar of an order's words: its sides, types and times in force. */
const SIDES: readonly OrderSide[] = ['BUY', 'SELL'];
const TYPES: readonly OrderType[] = ['LIMIT', 'MARKET'];
const TIMES_IN_FORCE: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK'];

/**
 * Fields copied out of a record, each read once: own fields only (an inherited one, or one that
 * prototype pollution put on `Object.prototype`, does not count), `null` and `undefined` left
 * out, as absent. A null-prototype object, so nothing can be inherited from it either.
 */
export type CopiedFields<K extends string> = { readonly [P in K]?: unknown };

/** What one reading of a caller's value found. */
export type Reading<K extends string> =
  /** A record: its fields, copied. */
  | { readonly kind: 'fields'; readonly fields: CopiedFields<K> }
  /** `undefined` or `null` (`description` is which). */
  | { readonly kind: 'absent'; readonly description: string }
  /** Not a record (a string, an array, a Date, a Map...), described only in the message. */
  | { readonly kind: 'other'; readonly value: unknown }
  /** Reading threw (a throwing getter, a hostile or revoked proxy): what it threw. */
  | { readonly kind: 'unreadable'; readonly error: unknown };

export type OrderReading = Reading<OrderField>;
export type ContextReading = Reading<ContextField>;

/**
 * An order and its context read the general way: the fields that can be trusted (a missing or
 * malformed one is absent, its violation reported), and the violations of reading, in field
 * order. `unreadable` when the order's very reading threw: then the context was not read.
 */
export interface ReadOrder {
  readonly order: ParsedOrder;
  readonly context: ParsedContext;
  readonly violations: Violation[];
  readonly unreadable: boolean;
}

/** The codes of reading, in the order `VIOLATION_CODES` lists them. */
export const READING_CODES: readonly ViolationCode[] = [
  'INVALID_ORDER',
  'MISSING_FIELD',
  'INVALID_FIELD',
  'UNEXPECTED_FIELD',
];

// ----------------------------------------------------------------------------------------------
// The fast reading

const PLAIN_PROTO = Object.prototype;

/**
 * Reads an order and its context once. A well-formed order in a plain record (symbol, side, type
 * and time in force in the grammar, a well-formed id, plain positive decimals, no price on a
 * MARKET order) is read into `into`, its decimals as safe-integer units where they fit
 * (`into.long` says one does not), and `into` itself is returned: nothing is allocated. Anything
 * else is read the general way, from the values already loaded, and that reading is returned.
 * Never throws.
 */
export function readOrder(order: unknown, context: unknown, into: FastOrder): FastOrder | ReadOrder {
  if (!isPlainOrder(order)) return readOrderGenerally(order, context);
  let symbol: unknown;
  let side: unknown;
  let type: unknown;
  let quantity: unknown;
  let price: unknown;
  let tif: unknown;
  let clientOrderId: unknown;
  try {
    // Constant-name loads on a plain record: a plain order costs no copy.
    symbol = order.symbol;
    side = order.side;
    type = order.type;
    quantity = order.quantity;
    price = order.price;
    tif = order.timeInForce;
    clientOrderId = order.newClientOrderId;
  } catch (error) {
    // An order that cannot be read is refused as such, and its context is not read at all.
    return readGenerally({ kind: 'unreadable', error }, NOT_READ);
  }
  let reference: unknown;
  let maxNotional: unknown;
  let contextReading: ContextReading | undefined;
  if (context !== undefined && context !== null) {
    try {
      // Even asking for its prototype can throw (a revoked proxy): that is an unreadable context.
      if (isPlainRecord(context)) {
        reference = context.referencePrice;
        maxNotional = context.maxNotional;
      } else contextReading = readFields(context, CONTEXT_FIELDS);
    } catch (error) {
      contextReading = { kind: 'unreadable', error };
    }
  }
  if (
    contextReading === undefined &&
    readFast(into, symbol, side, type, quantity, price, tif, clientOrderId, reference, maxNotional)
  )
    return into;
  return readGenerally(
    { kind: 'fields', fields: copiedOrder(symbol, side, type, quantity, price, tif, clientOrderId) },
    contextReading ?? { kind: 'fields', fields: copiedContext(reference, maxNotional) },
  );
}

/**
 * The fast reading of values already loaded into `into`; false when the order is not for it (a
 * word outside the grammar, a malformed id or decimal, a price on a MARKET order).
 */
function readFast(
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
    } else if (wasLong(reference)) o.long = true;
    else return false;
  }
  o.maxNotional = Number.NaN;
  if (maxNotional !== undefined) {
    if (readDecimalUnits(maxNotional)) {
      o.maxNotional = lastRead.units;
      o.maxNotionalScale = lastRead.scale;
    } else if (wasLong(maxNotional)) o.long = true;
    else return false;
  }
  if (readDecimalUnits(quantity)) {
    o.quantity = lastRead.units;
    o.quantityScale = lastRead.scale;
    o.quantityPlaces = lastRead.places;
  } else if (wasLong(quantity)) {
    o.quantity = Number.NaN;
    o.long = true;
  } else return false;
  if (limit) {
    if (readDecimalUnits(price)) {
      o.price = lastRead.units;
      o.priceScale = lastRead.scale;
      o.pricePlaces = lastRead.places;
    } else if (wasLong(price)) {
      o.price = Number.NaN;
      o.long = true;
    } else return false;
  } else {
    if (price !== undefined) return false;
    o.price = 0;
  }
  // A well-formed id costs this reading nothing (a scan of its units, no allocation); anything
  // else about it (null, a malformed id) is the general reading's to word.
  return clientOrderId === undefined || isClientOrderId(clientOrderId);
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

/** The fields of an order and a context, read with constant names (monomorphic loads). */
interface Fields {
  symbol?: unknown;
  side?: unknown;
  type?: unknown;
  quantity?: unknown;
  price?: unknown;
  timeInForce?: unknown;
  newClientOrderId?: unknown;
  referencePrice?: unknown;
  maxNotional?: unknown;
  [Symbol.toStringTag]?: unknown;
}

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
 * An order read the fast way, read the general way: for the judge, when the pair is unknown or
 * a rule asks for the general path. Nothing of the caller's runs: the values are those read.
 */
export function readFastGenerally(read: FastOrder): ReadOrder {
  const fields = copiedOrder(
    read.symbol,
    read.buy ? 'BUY' : 'SELL',
    read.limit ? 'LIMIT' : 'MARKET',
    read.quantityRaw,
    read.priceRaw,
    read.timeInForce,
    read.clientOrderId,
  );
  return readGenerally(
    { kind: 'fields', fields },
    { kind: 'fields', fields: copiedContext(read.referenceRaw, read.maxNotionalRaw) },
  );
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
 * or, for a decimal too long for them (NaN units), from the text.
 */
function orderDecimal(raw: unknown, units: number, scale: number): OrderDecimal {
  if (Number.isNaN(units)) {
    const text = typeof raw === 'string' ? raw : String(raw);
    return { text, value: Dec.parse(text) };
  }
  return { text: sentText(raw, units, scale), value: Dec.ofSafe(units, scale) };
}

/** The order's values as read, as the general reading's copy holds them (`null` and `undefined` left out). */
function copiedOrder(
  symbol: unknown,
  side: unknown,
  type: unknown,
  quantity: unknown,
  price: unknown,
  timeInForce: unknown,
  newClientOrderId: unknown,
): CopiedFields<OrderField> {
  const fields = Object.create(null) as Record<OrderField, unknown>;
  const put = (key: OrderField, value: unknown) => {
    if (value !== undefined && value !== null) fields[key] = value;
  };
  put('symbol', symbol);
  put('side', side);
  put('type', type);
  put('quantity', quantity);
  put('price', price);
  put('timeInForce', timeInForce);
  put('newClientOrderId', newClientOrderId);
  return fields;
}

function copiedContext(referencePrice: unknown, maxNotional: unknown): CopiedFields<ContextField> {
  const fields = Object.create(null) as Record<ContextField, unknown>;
  if (referencePrice !== undefined && referencePrice !== null) fields.referencePrice = referencePrice;
  if (maxNotional !== undefined && maxNotional !== null) fields.maxNotional = maxNotional;
  return fields;
}

// ----------------------------------------------------------------------------------------------
// The general reading

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
 * Reads an order and its context the general way, each once (the order first: an order whose
 * very reading throws is unreadable, and its context is not read).
 */
export function readOrderGenerally(order: unknown, context: unknown): ReadOrder {
  const orderReading = readFields(order, ORDER_FIELDS);
  return readGenerally(
    orderReading,
    orderReading.kind === 'unreadable' ? NOT_READ : readFields(context, CONTEXT_FIELDS),
  );
}

/** The context of an order that could not be read: not read at all. */
const NOT_READ: ContextReading = Object.freeze({ kind: 'absent', description: 'not read' });

/**
 * A fault of reading, worded once every field is read: `text` is the message, or its head when
 * the value or the error is described after it.
 */
interface Fault {
  readonly code: ViolationCode;
  readonly field: ViolationField;
  readonly text: string;
  readonly described?: { readonly value: unknown } | { readonly thrown: unknown };
  readonly suggestion?: readonly string[] | undefined;
}

/** Where each field's violations go: field order, the order's then the context's. */
const FIELD_ORDER: Readonly<Record<string, number>> = Object.freeze({
  order: 0,
  symbol: 1,
  side: 2,
  type: 3,
  quantity: 4,
  price: 5,
  timeInForce: 6,
  newClientOrderId: 7,
  context: 8,
  referencePrice: 9,
  maxNotional: 10,
});

/**
 * The general reading of what was copied: INVALID_ORDER, MISSING_FIELD, INVALID_FIELD and
 * UNEXPECTED_FIELD, every field at fault in field order, then the context's. The words of the
 * grammar are read first, then every decimal, then the id; the faults are worded last, so that
 * each field's value is described once.
 */
export function readGenerally(orderReading: OrderReading, contextReading: ContextReading): ReadOrder {
  const order: ParsedOrder = {};
  const context: ParsedContext = {};
  const faults: Fault[] = [];
  // Every decimal, the order's and the context's, read in one loop once the words are read.
  const decimals: [DecimalField, unknown][] = [];
  if (orderReading.kind === 'fields') {
    const raw = orderReading.fields;
    const symbol = raw.symbol;
    if (symbol === undefined) faults.push(missing('symbol'));
    else if (typeof symbol !== 'string' || symbol.length === 0)
      faults.push({
        code: 'INVALID_FIELD',
        field: 'symbol',
        text: 'symbol must be a non-empty string, got ',
        described: { value: symbol },
      });
    else order.symbol = symbol;
    const side = readWord(raw.side, 'side', SIDES, faults);
    if (side !== undefined) order.side = side;
    const type = readWord(raw.type, 'type', TYPES, faults);
    if (type !== undefined) order.type = type;
    const timeInForce = readWord(raw.timeInForce, 'timeInForce', TIMES_IN_FORCE, faults, type === 'LIMIT');
    if (timeInForce !== undefined) order.timeInForce = timeInForce;

    const clientOrderId = raw.newClientOrderId;
    const fault = clientOrderId === undefined ? undefined : clientOrderIdFault(clientOrderId);
    if (fault === undefined) {
      if (typeof clientOrderId === 'string') order.newClientOrderId = clientOrderId;
    } else
      faults.push({
        code: 'INVALID_FIELD',
        field: 'newClientOrderId',
        text: `newClientOrderId ${fault.detail}`,
        ...(fault.quoted ? { described: { value: clientOrderId } } : {}),
      });

    if (raw.quantity === undefined) faults.push(missing('quantity'));
    const price = raw.price;
    if (type === 'MARKET' && price !== undefined)
      faults.push({
        code: 'UNEXPECTED_FIELD',
        field: 'price',
        text: 'price is not allowed on MARKET orders (they fill at the market price)',
      });
    else if (type === 'LIMIT' && price === undefined) faults.push(missing('price', 'on LIMIT orders'));
    decimals.push(['quantity', raw.quantity], ['price', type === 'MARKET' ? undefined : price]);
  } else if (orderReading.kind === 'other')
    faults.push({
      code: 'INVALID_ORDER',
      field: 'order',
      text: 'order must be an object, got ',
      described: { value: orderReading.value },
    });
  else if (orderReading.kind === 'absent')
    faults.push({
      code: 'INVALID_ORDER',
      field: 'order',
      text: `order must be an object, got ${orderReading.description}`,
    });
  else {
    faults.push({
      code: 'INVALID_ORDER',
      field: 'order',
      text: UNREADABLE_ORDER,
      described: { thrown: orderReading.error },
    });
  }

  // A hostile context must not cost the order its own verdict: it is judged as having none.
  if (contextReading.kind === 'unreadable')
    faults.push({
      code: 'INVALID_FIELD',
      field: 'context',
      text: 'context could not be read (',
      described: { thrown: contextReading.error },
    });
  else if (contextReading.kind === 'other')
    faults.push({
      code: 'INVALID_FIELD',
      field: 'context',
      text: 'context must be an object, got ',
      described: { value: contextReading.value },
    });

  if (contextReading.kind === 'fields')
    for (const field of CONTEXT_FIELDS) decimals.push([field, contextReading.fields[field]]);
  for (const [field, value] of decimals) {
    if (value === undefined) continue;
    const read = readDecimalInput(value);
    if (!read.ok)
      faults.push({
        code: 'INVALID_FIELD',
        field,
        text: `${field} ${read.detail}`,
        suggestion: read.suggestion,
      });
    else if (field === 'quantity' || field === 'price') order[field] = read.decimal;
    else context[field] = read.decimal;
  }

  const violations: Violation[] = [];
  if (faults.length > 1) faults.sort((a, b) => (FIELD_ORDER[a.field] ?? 0) - (FIELD_ORDER[b.field] ?? 0));
  for (const f of faults) {
    const described = f.described;
    const message =
      described === undefined
        ? f.text
        : 'value' in described
          ? f.text + describeValue(described.value)
          : `${f.text}${describeThrown(described.thrown)})`;
    violations.push(violationOf(f.code, f.field, message, undefined, undefined, f.suggestion));
  }
  return { order, context, violations, unreadable: orderReading.kind === 'unreadable' };
}

type DecimalField = 'quantity' | 'price' | ContextField;

const UNREADABLE_ORDER = 'order must be an object, but it could not be read (';

/** MISSING_FIELD: `detail` says when the field is required (`on LIMIT orders`), if not always. */
function missing(
  field: 'symbol' | 'side' | 'type' | 'quantity' | 'price' | 'timeInForce',
  detail?: string,
): Fault {
  return {
    code: 'MISSING_FIELD',
    field,
    text: `${field} is required${detail === undefined ? '' : ` ${detail}`}`,
  };
}

/** A word of the order's grammar (`side`, `type`, `timeInForce`), or its fault. */
function readWord<T extends string>(
  value: unknown,
  field: 'side' | 'type' | 'timeInForce',
  allowed: readonly T[],
  faults: Fault[],
  required = true,
): T | undefined {
  if (value === undefined) {
    if (required) faults.push(missing(field, field === 'timeInForce' ? 'on LIMIT orders' : undefined));
    return undefined;
  }
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  const suggestion = upper !== undefined && (allowed as readonly string[]).includes(upper) ? [upper] : [];
  faults.push({
    code: 'INVALID_FIELD',
    field,
    text: `${field} must be one of ${allowed.join(', ')}, got `,
    described: { value },
    suggestion,
  });
  return undefined;
}

/** The verdict on an order whose very reading threw: a hostile proxy, a throwing getter. */
export function unreadableOrder(error: unknown): Violation {
  return violationOf('INVALID_ORDER', 'order', `${UNREADABLE_ORDER}${describeThrown(error)})`);
}

/** MISSING_FIELD for a field the caller must add (an estimate's reference price, say). */
export function missingField(field: 'referencePrice', detail: string): Violation {
  return violationOf('MISSING_FIELD', field, `${field} is required ${detail}`);
}

// ----------------------------------------------------------------------------------------------
// The whole order, for the entry point that returns it

/** A decimal respelled in plain notation (`1e-7` as `0.0000001`), as the exchange takes it. */
export interface Respelling {
  readonly field: 'price' | 'quantity';
  readonly from: string;
  readonly to: string;
}

/** What {@link readToRepair} read: a record's copy, or another value read the general way. */
export type ReadToRepair =
  | {
      readonly kind: 'copy';
      readonly copy: Record<string, unknown>;
      readonly plain: Record<string, unknown>;
      readonly respelled: Record<string, unknown>;
      readonly respellings: readonly Respelling[];
      readonly context: ContextReading;
      /** The context as a plain copy of its fields when it is a record, else `undefined`. */
      readonly plainContext: Record<string, unknown> | undefined;
    }
  | { readonly kind: 'read'; readonly reading: ReadOrder };

/**
 * The whole order and its context, read once, for `normalizeOrder`, which returns the order:
 * its own enumerable fields (what a caller means to send, extra ones included) and any of
 * {@link ORDER_FIELDS} that is own but not enumerable (what `validateOrder` would judge), each
 * read exactly once into a plain object with `Object.prototype`, so that judging it stays on the
 * fast path and what is returned is what was judged. `plain` is that copy with its decimals as
 * the text they are sent as, `respelled` that again with each decimal the exchange refuses for
 * its spelling respelled in plain notation (`respellings`). An order that is not a record comes
 * back read the general way.
 */
export function readToRepair(raw: unknown, context: unknown): ReadToRepair {
  let orderReading: OrderReading;
  const copy: Record<string, unknown> = {};
  try {
    if (isFieldRecord(raw)) {
      const record = raw as Record<string, unknown>;
      for (const key of Object.keys(record)) defineField(copy, key, record[key]);
      for (const key of ORDER_FIELDS)
        if (!Object.hasOwn(copy, key) && Object.hasOwn(record, key)) defineField(copy, key, record[key]);
      orderReading = { kind: 'fields', fields: copy };
    } else
      orderReading =
        raw === undefined || raw === null
          ? { kind: 'absent', description: String(raw) }
          : { kind: 'other', value: raw };
  } catch (error) {
    orderReading = { kind: 'unreadable', error };
  }
  const contextReading = orderReading.kind === 'unreadable' ? NOT_READ : readFields(context, CONTEXT_FIELDS);
  if (orderReading.kind !== 'fields')
    return { kind: 'read', reading: readGenerally(orderReading, contextReading) };
  const plain: Record<string, unknown> = { ...copy };
  const respelled: Record<string, unknown> = { ...copy };
  const respellings: Respelling[] = [];
  for (const field of ['price', 'quantity'] as const) {
    if (!Object.hasOwn(copy, field) || copy[field] === null || copy[field] === undefined) continue;
    const value = copy[field];
    const read = readDecimalInput(value);
    if (read.ok) {
      plain[field] = read.decimal.text;
      respelled[field] = read.decimal.text;
      continue;
    }
    const to = read.suggestion?.[0];
    if (to === undefined) continue;
    respellings.push({ field, from: String(value), to });
    respelled[field] = to;
  }
  const plainContext = contextReading.kind === 'fields' ? plainRecordOf(contextReading.fields) : undefined;
  return { kind: 'copy', copy, plain, respelled, respellings, context: contextReading, plainContext };
}

/** A copy of an order (made by {@link readToRepair}) read the general way, with the context as read. */
export function readCopy(copy: Record<string, unknown>, context: ContextReading): ReadOrder {
  return readGenerally(readFields(copy, ORDER_FIELDS), context);
}

/** A copied record as a plain object with `Object.prototype` (what the fast reading reads directly). */
function plainRecordOf(fields: CopiedFields<string>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) defineField(record, key, (fields as Record<string, unknown>)[key]);
  return record;
}

/** Sets an own, enumerable data field; a key named `__proto__` stays a plain field. */
function defineField(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
