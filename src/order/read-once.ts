import { describeValue } from '../errors/preflight-error.js';
import { isFieldRecord } from './read-field.js';

/**
 * Reading a caller's order or context exactly once. Every entry point copies the fields it uses,
 * as own data values, before it judges anything; the verdict, the repaired order and the estimate
 * are built from that copy only. A getter therefore runs at most once per call, and a getter (or
 * a proxy) that answers differently the second time cannot make what was judged differ from what
 * is returned.
 */

/** The order fields the library reads. */
export const ORDER_FIELDS = [
  'symbol',
  'side',
  'type',
  'quantity',
  'price',
  'timeInForce',
  'newClientOrderId',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** The context fields the library reads. */
export const CONTEXT_FIELDS = ['referencePrice', 'maxNotional'] as const;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

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
  /** Not a record (a string, an array, a Date, a Map...), described once for messages. */
  | { readonly kind: 'other'; readonly description: string }
  /** Reading threw (a throwing getter, a hostile or revoked proxy): what it threw. */
  | { readonly kind: 'unreadable'; readonly error: unknown };

export type OrderReading = Reading<OrderField>;
export type ContextReading = Reading<ContextField>;

/** Readings already made, by the token that stands for them (see {@link readingToken}). */
const READ: WeakMap<object, Reading<string>> = new WeakMap();

/**
 * Copies `keys` out of `raw` once. Never throws: what reading throws is the `unreadable` reading.
 * A token from {@link readingToken} gives back the reading it stands for, without reading again.
 */
export function readFields<K extends string>(raw: unknown, keys: readonly K[]): Reading<K> {
  if (raw === undefined || raw === null) return { kind: 'absent', description: String(raw) };
  // A WeakMap lookup runs no code of the caller's, even on a proxy.
  if (typeof raw === 'object') {
    const earlier = READ.get(raw);
    if (earlier !== undefined) return earlier as Reading<K>;
  }
  try {
    if (!isFieldRecord(raw)) return { kind: 'other', description: describeValue(raw) };
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

/**
 * An object that stands for a reading already made: passed where an order or a context is
 * expected (to `validateOrder`, say), it is judged as that reading, and nothing is read again.
 * For readings that are not plain records; a record's copy is passed as a plain object instead,
 * so that it keeps the fast path.
 */
export function readingToken(reading: Reading<string>): object {
  const token = Object.freeze(Object.create(null) as object);
  READ.set(token, reading);
  return token;
}

/**
 * The whole order, read once, for an entry point that returns it (`normalizeOrder`): its own
 * enumerable fields (what a caller means to send, extra ones included) and any of
 * {@link ORDER_FIELDS} that is own but not enumerable (what `validateOrder` would judge), each read
 * exactly once into a plain object with `Object.prototype`, so that judging it stays on the fast
 * path and what is returned is what was judged. A value that is not a record comes back as a
 * token for its reading (see {@link readingToken}).
 */
export function copyOrderOnce(
  raw: unknown,
):
  | { readonly kind: 'copy'; readonly copy: Record<string, unknown> }
  | { readonly kind: 'token'; readonly token: object }
  | { readonly kind: 'unreadable'; readonly error: unknown } {
  if (raw === undefined || raw === null)
    return { kind: 'token', token: readingToken({ kind: 'absent', description: String(raw) }) };
  try {
    if (!isFieldRecord(raw))
      return { kind: 'token', token: readingToken({ kind: 'other', description: describeValue(raw) }) };
    const copy: Record<string, unknown> = {};
    const record = raw as Record<string, unknown>;
    for (const key of Object.keys(record)) defineField(copy, key, record[key]);
    for (const key of ORDER_FIELDS)
      if (!Object.hasOwn(copy, key) && Object.hasOwn(record, key)) defineField(copy, key, record[key]);
    return { kind: 'copy', copy };
  } catch (error) {
    return { kind: 'unreadable', error };
  }
}

/**
 * The context, read once, as something to pass on as many times as needed: a plain copy of its
 * fields, `undefined` / `null` as they are, or a token for what else it was.
 */
export function contextOnce(raw: unknown): unknown {
  const reading = readFields(raw, CONTEXT_FIELDS);
  if (reading.kind === 'absent') return raw;
  if (reading.kind === 'fields') return plainRecordOf(reading.fields);
  return readingToken(reading);
}

/** A copied record as a plain object with `Object.prototype` (what the fast path reads directly). */
export function plainRecordOf(fields: CopiedFields<string>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) defineField(record, key, (fields as Record<string, unknown>)[key]);
  return record;
}

/** Sets an own, enumerable data field; a key named `__proto__` stays a plain field. */
export function defineField(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * What the fast path read before it handed an order to the general path, so the general path
 * judges those very values instead of reading the order a second time. Set by the fast path
 * just before it returns `undefined`, taken by the general path as the first thing it does;
 * nothing of the caller's runs in between, so it cannot belong to another call.
 */
interface HandOff {
  readonly order: unknown;
  readonly context: unknown;
  readonly orderReading: OrderReading;
  /** `undefined` when the fast path did not read the context (it was not a plain record). */
  readonly contextReading: ContextReading | undefined;
}

let handOff: HandOff | undefined;

/** @internal The fast path: the readings of `order` and `context`, for the general path to judge. */
export function handOver(
  order: unknown,
  context: unknown,
  orderReading: OrderReading,
  contextReading: ContextReading | undefined,
): void {
  handOff = { order, context, orderReading, contextReading };
}

/** @internal The fast path, as it starts: nothing handed over by an earlier call stays. */
export function clearHandOff(): void {
  handOff = undefined;
}

/**
 * @internal The general path: what the fast path read of exactly these `order` and `context`, if
 * it just handed them over; the hand-off is used up either way.
 */
export function takeHandOff(
  order: unknown,
  context: unknown,
): { orderReading: OrderReading; contextReading: ContextReading | undefined } | undefined {
  const taken = handOff;
  handOff = undefined;
  if (taken === undefined || taken.order !== order || taken.context !== context) return undefined;
  return taken;
}
