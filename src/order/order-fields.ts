import type { ViolationField } from '../validation/violation-codes.js';
import { type ClientOrderIdRule, clientOrderIdFault } from './client-order-id.js';

/**
 * The fields of an order and of its context, stated once: the lists of them, the grammar of
 * each, the order their faults are reported in and which order types carry them are all taken
 * from these tables, in their order (the order violations list the fields in). order-input.ts
 * holds the tables to the `OrderInput` and `ValidationContext` interfaces at compile time.
 */

/**
 * How a field is written, which decides how it is read:
 *
 * - `symbol`: a non-empty string, looked up in the book;
 * - `word`: one of the field's `words`, as written (`BUY`, never `buy`);
 * - `decimal`: a positive decimal in plain notation, a string or a finite number;
 * - `client-order-id`: the `newClientOrderId` rule's, its `fault` (client-order-id.ts).
 */
export type OrderFieldKind = 'symbol' | 'word' | 'decimal' | 'client-order-id';

/**
 * How an order type takes a field: it must carry it (`MISSING_FIELD` without it), may, or must
 * not (`UNEXPECTED_FIELD` with it). An order whose type is missing or malformed takes every
 * field it does not require of all types as optional.
 */
export type FieldPresence = 'required' | 'optional' | 'refused';

/** One row of {@link ORDER_FIELD_TABLE}. */
export interface OrderFieldSpec {
  readonly kind: OrderFieldKind;
  /** The words of a `word` field, in the order its fault lists them. */
  readonly words?: readonly string[];
  /**
   * The grammar of a `client-order-id` field: what is wrong with a value, as the detail of its
   * INVALID_FIELD (the value described after it when `quoted`), or `undefined` when it passes.
   */
  readonly fault?: (
    value: unknown,
    rule?: ClientOrderIdRule,
  ) => { readonly detail: string; readonly quoted: boolean } | undefined;
  readonly LIMIT: FieldPresence;
  readonly MARKET: FieldPresence;
  /** Why an order type that refuses the field does, for its UNEXPECTED_FIELD. */
  readonly refusedBecause?: string;
}

const always = { LIMIT: 'required', MARKET: 'required' } as const;
const optional = { LIMIT: 'optional', MARKET: 'optional' } as const;

/**
 * Every order field the library reads, in fault order: the body fields of WEEX V3's
 * `POST /api/v3/order` that are judged (docs/exchange-semantics.md, "The order interface").
 */
export const ORDER_FIELD_TABLE = {
  symbol: { kind: 'symbol', ...always },
  side: { kind: 'word', words: ['BUY', 'SELL'], ...always },
  type: { kind: 'word', words: ['LIMIT', 'MARKET'], ...always },
  quantity: { kind: 'decimal', ...always },
  price: {
    kind: 'decimal',
    LIMIT: 'required',
    MARKET: 'refused',
    refusedBecause: 'they fill at the market price',
  },
  timeInForce: { kind: 'word', words: ['GTC', 'IOC', 'FOK'], LIMIT: 'required', MARKET: 'optional' },
  newClientOrderId: { kind: 'client-order-id', fault: clientOrderIdFault, ...optional },
} as const satisfies Record<string, OrderFieldSpec>;

/** Every context field the library reads, in fault order (after the order's). */
export const CONTEXT_FIELD_TABLE = {
  referencePrice: { kind: 'decimal', ...optional },
  maxNotional: { kind: 'decimal', ...optional },
} as const satisfies Record<string, OrderFieldSpec>;

/**
 * The order fields the library reads: the body fields of WEEX V3's `POST /api/v3/order`, each
 * judged (the risk gateway refuses an order body with any other key).
 *
 * @example
 * ```ts
 * ORDER_FIELDS.includes('price'); // true
 * ```
 */
export const ORDER_FIELDS = Object.freeze(Object.keys(ORDER_FIELD_TABLE)) as readonly OrderField[];

/**
 * One of {@link ORDER_FIELDS}.
 *
 * @example
 * ```ts
 * const field: OrderField = 'quantity';
 * ```
 */
export type OrderField = keyof typeof ORDER_FIELD_TABLE;

/** The context fields the library reads. */
export const CONTEXT_FIELDS = Object.freeze(Object.keys(CONTEXT_FIELD_TABLE)) as readonly ContextField[];
export type ContextField = keyof typeof CONTEXT_FIELD_TABLE;

/** The words of a `word` field, as the type its table row allows. */
export type FieldWords<F extends OrderField> = (typeof ORDER_FIELD_TABLE)[F] extends {
  readonly words: readonly (infer W)[];
}
  ? W
  : never;

/** The order fields of a kind, in table order. */
export type OrderFieldsOfKind<K extends OrderFieldKind> = {
  [F in OrderField]: (typeof ORDER_FIELD_TABLE)[F]['kind'] extends K ? F : never;
}[OrderField];

/**
 * How an order of type `type` (`undefined` when it has no readable type) takes `field`: as the
 * table says for a known type; else required only when every type requires it.
 */
export function presenceOf(field: OrderField, type: string | undefined): FieldPresence {
  const row: OrderFieldSpec = ORDER_FIELD_TABLE[field];
  if (type === 'LIMIT') return row.LIMIT;
  if (type === 'MARKET') return row.MARKET;
  return row.LIMIT === 'required' && row.MARKET === 'required' ? 'required' : 'optional';
}

/** The order types that require `field`, for its MISSING_FIELD (`on LIMIT orders`), if not every type. */
export function requiredOn(field: OrderField): readonly string[] | undefined {
  const row: OrderFieldSpec = ORDER_FIELD_TABLE[field];
  const on = (['LIMIT', 'MARKET'] as const).filter((type) => row[type] === 'required');
  return on.length === 2 ? undefined : on;
}

/**
 * The fields a reading's faults are about: the order as a whole, its fields, the context as a
 * whole and its fields, in the order violations list them.
 */
export const READING_FIELDS = Object.freeze([
  'order',
  ...ORDER_FIELDS,
  'context',
  ...CONTEXT_FIELDS,
]) satisfies readonly ViolationField[];

/** Where each field's violations go among the reading's: its place in {@link READING_FIELDS}. */
export const FAULT_PLACE: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(READING_FIELDS.map((field, place) => [field, place])),
);
