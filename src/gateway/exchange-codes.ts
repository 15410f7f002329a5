import type { Violation } from '../index.js';
import { PARAM_ERROR } from './parse-order-request.js';

/**
 * The WEEX V3 error a refused order is answered with, so that a client's error handling sees the
 * exchange's own codes. Where WEEX documents a code for the fault it is that code; where nothing
 * public shows which code the exchange answers (a price off the tick, a quantity below the
 * minimum, a price outside the band, a disabled pair, our own notional limit), it is PARAM_ERROR
 * (`-1142`, "Parameter '%s' is invalid") naming the field: an assumption, written down in
 * docs/exchange-semantics.md ("Error codes"). The `violations` beside it always say exactly what
 * is wrong.
 *
 * @example
 * ```ts
 * exchangeErrorOf({ code: 'PRICE_PRECISION', field: 'price', message: '...' }, {});
 * // { code: -1160, msg: 'Decimal precision error.' }
 * ```
 */
export function exchangeErrorOf(
  violation: Violation,
  order: { readonly newClientOrderId?: unknown },
): { readonly code: number; readonly msg: string } {
  switch (violation.code) {
    case 'PRICE_PRECISION':
    case 'QUANTITY_PRECISION':
      return { code: -1160, msg: 'Decimal precision error.' };
    case 'UNKNOWN_SYMBOL':
      return { code: -1121, msg: 'Invalid symbol.' };
    case 'INVALID_FIELD':
      return invalidFieldError(violation.field, order);
    default:
      return paramError(violation.field);
  }
}

const MAX_CLIENT_ORDER_ID_LENGTH = 40;

function invalidFieldError(
  field: string,
  order: { readonly newClientOrderId?: unknown },
): { readonly code: number; readonly msg: string } {
  if (field === 'side') return { code: -1117, msg: 'Invalid side.' };
  if (field === 'type') return { code: -1116, msg: 'Invalid orderType.' };
  if (field === 'timeInForce') return { code: -1115, msg: 'Invalid timeInForce.' };
  if (
    field === 'newClientOrderId' &&
    typeof order.newClientOrderId === 'string' &&
    // Counted in code points, as the library counts it (docs/exchange-semantics.md).
    [...order.newClientOrderId].length > MAX_CLIENT_ORDER_ID_LENGTH
  ) {
    return { code: -1180, msg: 'client_oid length must not exceed 40' };
  }
  return paramError(field);
}

function paramError(field: string): { readonly code: number; readonly msg: string } {
  return { code: PARAM_ERROR, msg: `Parameter '${field}' is invalid` };
}
