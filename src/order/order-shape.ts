import { describeThrown, describeValue } from '../errors/preflight-error.js';
import type { Violation } from '../validation/violation-codes.js';
import { clientOrderIdFault } from './client-order-id.js';
import { readDecimalInput } from './decimal-input.js';
import type { OrderSide, OrderType, TimeInForce } from './order-input.js';
import type { ParsedOrder } from './parsed-order.js';
import {
  type CopiedFields,
  ORDER_FIELDS,
  type OrderField,
  type OrderReading,
  readFields,
} from './read-once.js';
import { invalidField, invalidOrder, missingField, unexpectedField } from './reading-violations.js';

const SIDES: readonly OrderSide[] = ['BUY', 'SELL'];
const TYPES: readonly OrderType[] = ['LIMIT', 'MARKET'];
const TIMES_IN_FORCE: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK'];

/**
 * Order shape: INVALID_ORDER, MISSING_FIELD, INVALID_FIELD and UNEXPECTED_FIELD. Reads the raw
 * order (once, see `read-once.ts`) into the fields later rules can trust, and reports every field
 * at fault, in field order.
 */
export function checkOrderShape(raw: unknown): { order: ParsedOrder; violations: Violation[] } {
  return judgeOrderShape(readFields(raw, ORDER_FIELDS));
}

/** {@link checkOrderShape} on an order already read: nothing of the caller's runs here. */
export function judgeOrderShape(reading: OrderReading): { order: ParsedOrder; violations: Violation[] } {
  const order: ParsedOrder = {};
  const violations: Violation[] = [];
  if (reading.kind !== 'fields') {
    violations.push(unreadableOrShapeless(reading));
    return { order, violations };
  }
  const raw = reading.fields;

  const symbol = raw.symbol;
  if (symbol === undefined) violations.push(missingField('symbol'));
  else if (typeof symbol !== 'string' || symbol.length === 0)
    violations.push(invalidField('symbol', `must be a non-empty string, got ${describeValue(symbol)}`));
  else order.symbol = symbol;

  const side = readEnum(raw, 'side', SIDES, violations);
  if (side !== undefined) order.side = side;
  const type = readEnum(raw, 'type', TYPES, violations);
  if (type !== undefined) order.type = type;

  const quantity = raw.quantity;
  if (quantity === undefined) violations.push(missingField('quantity'));
  else {
    const read = readDecimalInput(quantity);
    if (read.ok) order.quantity = read.decimal;
    else violations.push(invalidField('quantity', read.detail, read.suggestion));
  }

  const price = raw.price;
  if (type === 'MARKET') {
    if (price !== undefined)
      violations.push(unexpectedField('price', 'on MARKET orders (they fill at the market price)'));
  } else if (price === undefined) {
    if (type === 'LIMIT') violations.push(missingField('price', 'on LIMIT orders'));
  } else {
    const read = readDecimalInput(price);
    if (read.ok) order.price = read.decimal;
    else violations.push(invalidField('price', read.detail, read.suggestion));
  }

  const timeInForce = readEnum(raw, 'timeInForce', TIMES_IN_FORCE, violations, type === 'LIMIT');
  if (timeInForce !== undefined) order.timeInForce = timeInForce;

  const clientOrderId = raw.newClientOrderId;
  if (clientOrderId !== undefined) {
    const fault = clientOrderIdFault(clientOrderId);
    if (fault !== undefined) violations.push(invalidField('newClientOrderId', fault));
  }
  return { order, violations };
}

function readEnum<T extends string>(
  raw: CopiedFields<OrderField>,
  field: 'side' | 'type' | 'timeInForce',
  allowed: readonly T[],
  violations: Violation[],
  required = true,
): T | undefined {
  const value = raw[field];
  if (value === undefined) {
    if (required)
      violations.push(missingField(field, field === 'timeInForce' ? 'on LIMIT orders' : undefined));
    return undefined;
  }
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  const suggestion = upper !== undefined && (allowed as readonly string[]).includes(upper) ? [upper] : [];
  violations.push(
    invalidField(field, `must be one of ${allowed.join(', ')}, got ${describeValue(value)}`, suggestion),
  );
  return undefined;
}

/** INVALID_ORDER for an order that is not a record, or whose very reading threw. */
function unreadableOrShapeless(reading: Exclude<OrderReading, { kind: 'fields' }>): Violation {
  if (reading.kind === 'unreadable') return unreadableOrder(reading.error);
  return invalidOrder(`got ${reading.description}`);
}

/** The verdict on an order whose very reading threw: a hostile proxy, a throwing getter. */
export function unreadableOrder(error: unknown): Violation {
  return invalidOrder(`but it could not be read (${describeThrown(error)})`);
}
