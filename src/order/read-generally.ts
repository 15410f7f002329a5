import { describeThrown, describeValue } from '../errors/preflight-error.js';
import { violationOf } from '../validation/violation.js';
import type { Violation, ViolationCode, ViolationField } from '../validation/violation-codes.js';
import type { ClientOrderIdRule } from './client-order-id.js';
import { type OrderDecimal, readDecimalInput } from './decimal-input.js';
import {
  CONTEXT_FIELDS,
  type ContextField,
  FAULT_PLACE,
  type FieldWords,
  ORDER_FIELD_TABLE,
  ORDER_FIELDS,
  type OrderField,
  type OrderFieldSpec,
  type OrderFieldsOfKind,
  presenceOf,
  requiredOn,
} from './order-fields.js';
import type { ContextReading, OrderReading, ReadOrder } from './order-reading.js';
import type { ParsedContext, ParsedOrder } from './parsed-order.js';

/**
 * The general reading of what was copied out of an order and its context, field by field as
 * the table of fields (order-fields.ts) says: INVALID_ORDER, MISSING_FIELD, INVALID_FIELD and
 * UNEXPECTED_FIELD, every field at fault in field order, then the context's. Nothing of the
 * caller's runs here: the values are those already copied.
 */

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

type DecimalField = OrderFieldsOfKind<'decimal'> | ContextField;

const UNREADABLE_ORDER = 'order must be an object, but it could not be read (';

/** The context of an order that could not be read: not read at all. */
export const NOT_READ: ContextReading = Object.freeze({ kind: 'absent', description: 'not read' });

/**
 * Reads what was copied: the order's type first (which fields an order must carry, may carry or
 * must not carry depends on it), then every field in table order, every decimal last, the
 * order's then the context's; the faults are worded once all is read, so that each field's
 * value is described once.
 */
export function readGenerally(
  orderReading: OrderReading,
  contextReading: ContextReading,
  idRule: ClientOrderIdRule = 'length',
): ReadOrder {
  const order: ParsedOrder = {};
  const context: ParsedContext = {};
  const faults: Fault[] = [];
  const decimals: [DecimalField, unknown][] = [];
  if (orderReading.kind === 'fields') {
    const raw = orderReading.fields;
    const type = raw.type === undefined || raw.type === null ? undefined : readWord(raw.type, 'type', faults);
    for (const field of ORDER_FIELDS) {
      const presence = presenceOf(field, type);
      if (raw[field] === undefined || raw[field] === null) {
        if (presence === 'required') faults.push(missing(field));
      } else if (presence === 'refused') faults.push(unexpected(field, type));
      else if (ORDER_FIELD_TABLE[field].kind === 'decimal')
        decimals.push([field as DecimalField, raw[field]]);
      else if (field === 'type') {
        if (type !== undefined) order.type = type;
      } else readField(field, raw[field], order, faults, idRule);
    }
  } else if (orderReading.kind === 'absent')
    faults.push({
      code: 'INVALID_ORDER',
      field: 'order',
      text: `order must be an object, got ${orderReading.description}`,
    });
  else faults.push(notARecord('INVALID_ORDER', 'order', orderReading, UNREADABLE_ORDER));

  // A hostile context must not cost the order its own verdict: it is judged as having none.
  if (contextReading.kind === 'unreadable' || contextReading.kind === 'other')
    faults.push(notARecord('INVALID_FIELD', 'context', contextReading, 'context could not be read ('));

  if (contextReading.kind === 'fields')
    for (const field of CONTEXT_FIELDS) decimals.push([field, contextReading.fields[field]]);
  for (const [field, value] of decimals) {
    if (value === undefined || value === null) continue;
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
  if (faults.length > 1) faults.sort(byFaultPlace);
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

/** Orders faults (or violations) by their field's place among the reading's fields. */
export function byFaultPlace(a: { readonly field: string }, b: { readonly field: string }): number {
  return (FAULT_PLACE[a.field] ?? 0) - (FAULT_PLACE[b.field] ?? 0);
}

/** Reads one present field that is not a decimal by its kind: a word or the symbol into `order`, the id judged. */
function readField(
  field: OrderField,
  value: unknown,
  order: ParsedOrder,
  faults: Fault[],
  idRule: ClientOrderIdRule,
): void {
  const kind = ORDER_FIELD_TABLE[field].kind;
  if (kind === 'symbol') {
    if (typeof value === 'string' && value.length > 0) order.symbol = value;
    else
      faults.push({
        code: 'INVALID_FIELD',
        field,
        text: `${field} must be a non-empty string, got `,
        described: { value },
      });
  } else if (kind === 'word') {
    const word = readWord(value, field as OrderFieldsOfKind<'word'>, faults);
    if (word !== undefined) (order as Record<string, unknown>)[field] = word;
  } else {
    const fault = (ORDER_FIELD_TABLE[field] as OrderFieldSpec).fault?.(value, idRule);
    if (fault !== undefined)
      faults.push({
        code: 'INVALID_FIELD',
        field,
        text: `${field} ${fault.detail}`,
        ...(fault.quoted ? { described: { value } } : {}),
      });
  }
}

/**
 * The fault of an order or a context that is a value other than an object, or that threw when
 * read: `unreadable` heads the thrown error's description.
 */
function notARecord(
  code: ViolationCode,
  field: 'order' | 'context',
  reading: Extract<OrderReading | ContextReading, { kind: 'other' | 'unreadable' }>,
  unreadable: string,
): Fault {
  return reading.kind === 'other'
    ? { code, field, text: `${field} must be an object, got `, described: { value: reading.value } }
    : { code, field, text: unreadable, described: { thrown: reading.error } };
}

/** MISSING_FIELD: with the order types that require the field, when not every type does. */
function missing(field: OrderField): Fault {
  const on = requiredOn(field);
  return {
    code: 'MISSING_FIELD',
    field,
    text: `${field} is required${on === undefined ? '' : ` on ${on.join(' and ')} orders`}`,
  };
}

/** UNEXPECTED_FIELD: a field the order's type refuses, and why. */
function unexpected(field: OrderField, type: string | undefined): Fault {
  const why = (ORDER_FIELD_TABLE[field] as OrderFieldSpec).refusedBecause;
  return {
    code: 'UNEXPECTED_FIELD',
    field,
    text: `${field} is not allowed on ${type} orders${why === undefined ? '' : ` (${why})`}`,
  };
}

/** A word of the order's grammar (`side`, `type`, `timeInForce`), or its fault. */
function readWord<F extends OrderFieldsOfKind<'word'>>(
  value: unknown,
  field: F,
  faults: Fault[],
): FieldWords<F> | undefined {
  const allowed = (ORDER_FIELD_TABLE[field] as OrderFieldSpec).words as readonly string[];
  if (typeof value === 'string' && allowed.includes(value)) return value as FieldWords<F>;
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  const suggestion = upper !== undefined && allowed.includes(upper) ? [upper] : [];
  faults.push({
    code: 'INVALID_FIELD',
    field,
    text: `${field} must be one of ${allowed.join(', ')}, got `,
    described: { value },
    suggestion,
  });
  return undefined;
}

/**
 * A decimal of the order read on its own, as the general reading reads it there: the decimal,
 * or the INVALID_FIELD that refuses it. What `normalizeOrder` reads once it has respelled or
 * moved a field.
 */
export function readDecimalField(
  field: 'price' | 'quantity',
  value: string,
): { readonly decimal: OrderDecimal } | { readonly violation: Violation } {
  const read = readDecimalInput(value);
  if (read.ok) return { decimal: read.decimal };
  return {
    violation: violationOf(
      'INVALID_FIELD',
      field,
      `${field} ${read.detail}`,
      undefined,
      undefined,
      read.suggestion,
    ),
  };
}

/**
 * `reading` with one decimal field of the order read anew from `value` ({@link readDecimalField}):
 * its old value and fault dropped, then the new value or its fault, the faults kept in field
 * order.
 */
export function withDecimal(reading: ReadOrder, field: 'price' | 'quantity', value: string): ReadOrder {
  const read = readDecimalField(field, value);
  const order: ParsedOrder = { ...reading.order };
  delete order[field];
  const violations = reading.violations.filter((v) => v.field !== field);
  if ('decimal' in read) order[field] = read.decimal;
  else {
    violations.push(read.violation);
    violations.sort(byFaultPlace);
  }
  return { order, context: reading.context, violations, unreadable: reading.unreadable };
}

/** The verdict on an order whose very reading threw: a hostile proxy, a throwing getter. */
export function unreadableOrder(error: unknown): Violation {
  return violationOf('INVALID_ORDER', 'order', `${UNREADABLE_ORDER}${describeThrown(error)})`);
}

/** MISSING_FIELD for a field the caller must add (an estimate's reference price, say). */
export function missingField(field: 'referencePrice', detail: string): Violation {
  return violationOf('MISSING_FIELD', field, `${field} is required ${detail}`);
}
