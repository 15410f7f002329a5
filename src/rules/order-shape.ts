import { describeValue } from '../errors/preflight-error.js';
import { readDecimalInput } from '../order/decimal-input.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { isFieldRecord, readOwnField } from '../order/read-field.js';
import { violation } from '../validation/violation.js';
import type { OrderSide, OrderType, TimeInForce, Violation } from '../validation/violation-codes.js';

const SIDES: readonly OrderSide[] = ['BUY', 'SELL'];
const TYPES: readonly OrderType[] = ['LIMIT', 'MARKET'];
const TIMES_IN_FORCE: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK'];
/** The exchange's own pattern for client order ids. */
const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/**
 * Order shape: INVALID_ORDER, MISSING_FIELD, INVALID_FIELD and UNEXPECTED_FIELD. Reads the raw
 * order into the fields later rules can trust, and reports every field at fault, in field order.
 */
export function checkOrderShape(raw: unknown): { order: ParsedOrder; violations: Violation[] } {
  const order: ParsedOrder = {};
  const violations: Violation[] = [];
  if (!isFieldRecord(raw)) {
    violations.push(violation('INVALID_ORDER', 'order', { detail: `got ${describeValue(raw)}` }));
    return { order, violations };
  }

  const symbol = readOwnField(raw, 'symbol');
  if (symbol === undefined) violations.push(violation('MISSING_FIELD', 'symbol'));
  else if (typeof symbol !== 'string' || symbol.length === 0)
    violations.push(
      violation('INVALID_FIELD', 'symbol', {
        detail: `must be a non-empty string, got ${describeValue(symbol)}`,
      }),
    );
  else order.symbol = symbol;

  const side = readEnum(raw, 'side', SIDES, violations);
  if (side !== undefined) order.side = side;
  const type = readEnum(raw, 'type', TYPES, violations);
  if (type !== undefined) order.type = type;

  const quantity = readOwnField(raw, 'quantity');
  if (quantity === undefined) violations.push(violation('MISSING_FIELD', 'quantity'));
  else {
    const read = readDecimalInput(quantity);
    if (read.ok) order.quantity = read.decimal;
    else violations.push(violation('INVALID_FIELD', 'quantity', read));
  }

  const price = readOwnField(raw, 'price');
  if (type === 'MARKET') {
    if (price !== undefined)
      violations.push(
        violation('UNEXPECTED_FIELD', 'price', {
          detail: 'on MARKET orders (they fill at the market price)',
        }),
      );
  } else if (price === undefined) {
    if (type === 'LIMIT') violations.push(violation('MISSING_FIELD', 'price', { detail: 'on LIMIT orders' }));
  } else {
    const read = readDecimalInput(price);
    if (read.ok) order.price = read.decimal;
    else violations.push(violation('INVALID_FIELD', 'price', read));
  }

  const timeInForce = readEnum(raw, 'timeInForce', TIMES_IN_FORCE, violations, type === 'LIMIT');
  if (timeInForce !== undefined) order.timeInForce = timeInForce;

  const clientOrderId = readOwnField(raw, 'newClientOrderId');
  if (
    clientOrderId !== undefined &&
    (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID.test(clientOrderId))
  )
    violations.push(
      violation('INVALID_FIELD', 'newClientOrderId', {
        detail: `must be 1 to 36 characters of letters, digits and . : / _ -, got ${describeValue(clientOrderId)}`,
      }),
    );
  return { order, violations };
}

function readEnum<T extends string>(
  raw: object,
  field: 'side' | 'type' | 'timeInForce',
  allowed: readonly T[],
  violations: Violation[],
  required = true,
): T | undefined {
  const value = readOwnField(raw, field);
  if (value === undefined) {
    if (required)
      violations.push(
        violation('MISSING_FIELD', field, field === 'timeInForce' ? { detail: 'on LIMIT orders' } : {}),
      );
    return undefined;
  }
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  const suggestion = upper !== undefined && (allowed as readonly string[]).includes(upper) ? [upper] : [];
  violations.push(
    violation('INVALID_FIELD', field, {
      detail: `must be one of ${allowed.join(', ')}, got ${describeValue(value)}`,
      suggestion,
    }),
  );
  return undefined;
}
