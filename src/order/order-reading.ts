import type { Violation } from '../validation/violation-codes.js';
import type { ContextField, OrderField } from './order-fields.js';
import type { ParsedContext, ParsedOrder } from './parsed-order.js';

/**
 * What reading an order and its context yields, for the reader (read-order.ts), the general
 * reading (read-generally.ts) and the judge.
 */

/**
 * Fields copied out of a record, each read once: own fields only (an inherited one, or one that
 * prototype pollution put on `Object.prototype`, does not count). `null` and `undefined` are
 * read as absent.
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

/** A decimal respelled in plain notation (`1e-7` as `0.0000001`), as the exchange takes it. */
export interface Respelling {
  readonly field: 'price' | 'quantity';
  readonly from: string;
  readonly to: string;
}
