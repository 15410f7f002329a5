import { violationOf } from '../validation/violation.js';
import type { Violation, ViolationCode, ViolationField } from '../validation/violation-codes.js';

/**
 * The violations of reading an order and its context, each code with its one wording: the order
 * is not a record (INVALID_ORDER), a field is missing (MISSING_FIELD), malformed (INVALID_FIELD)
 * or not allowed (UNEXPECTED_FIELD).
 */

/** The codes of reading, in the order `VIOLATION_CODES` lists them. */
export const READING_CODES: readonly ViolationCode[] = [
  'INVALID_ORDER',
  'MISSING_FIELD',
  'INVALID_FIELD',
  'UNEXPECTED_FIELD',
];

const said = (detail: string | undefined) => (detail === undefined ? '' : ` ${detail}`);

/** INVALID_ORDER: `detail` says what was received, or why it could not be read. */
export function invalidOrder(detail: string): Violation {
  return violationOf('INVALID_ORDER', 'order', `order must be an object, ${detail}`);
}

/** MISSING_FIELD: `detail` says when the field is required (`on LIMIT orders`), if not always. */
export function missingField(
  field: 'symbol' | 'side' | 'type' | 'quantity' | 'price' | 'timeInForce' | 'referencePrice',
  detail?: string,
): Violation {
  return violationOf('MISSING_FIELD', field, `${field} is required${said(detail)}`);
}

/** INVALID_FIELD: `detail` names what is expected and what was received. */
export function invalidField(
  field: ViolationField,
  detail: string,
  suggestion?: readonly string[],
): Violation {
  return violationOf('INVALID_FIELD', field, `${field} ${detail}`, undefined, undefined, suggestion);
}

/** UNEXPECTED_FIELD: a price on a MARKET order. */
export function unexpectedField(field: 'price', detail: string): Violation {
  return violationOf('UNEXPECTED_FIELD', field, `${field} is not allowed ${detail}`);
}
