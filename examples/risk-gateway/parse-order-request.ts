/**
 * Reads the order out of a `POST /api/v3/order` the way the exchange reads it: parameters in the
 * query string and/or an `application/x-www-form-urlencoded` body. Form values are strings,
 * which is what the library expects (`"0.10"` is judged as sent, never through a float).
 *
 * Only reading happens here: the bytes that are forwarded are the raw ones, never these values
 * serialised again.
 */

/** The parameters the library judges; the others (timestamp, recvWindow, signature, ...) pass untouched. */
export const ORDER_FIELDS = [
  'symbol',
  'side',
  'type',
  'quantity',
  'price',
  'timeInForce',
  'newClientOrderId',
] as const;

/** One of {@link ORDER_FIELDS}. */
export type OrderField = (typeof ORDER_FIELDS)[number];

/** The order as the library takes it: the fields that were sent, as the strings they were sent as. */
export type OrderParams = Partial<Record<OrderField, string>>;

/**
 * A problem with the request itself, before any rule is applied.
 *
 * @example
 * ```ts
 * { status: 400, code: -1101, reason: 'duplicate-parameter', msg: 'Duplicate values for a parameter detected: symbol.' }
 * ```
 */
export interface RequestProblem {
  readonly status: 400 | 415;
  readonly code: number;
  readonly reason: 'duplicate-parameter' | 'unsupported-media-type' | 'body-not-utf8';
  readonly msg: string;
  readonly fields?: readonly OrderField[];
}

/**
 * The outcome of {@link parseOrderRequest}.
 *
 * @example
 * ```ts
 * const parsed = parseOrderRequest({ query: 'symbol=BTCUSDT', body: Buffer.alloc(0), contentType: undefined });
 * if (parsed.ok) parsed.order.symbol; // 'BTCUSDT'
 * ```
 */
export type ParsedOrderRequest =
  | { readonly ok: true; readonly order: OrderParams }
  | { readonly ok: false; readonly problem: RequestProblem };

const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Extracts the order fields from the raw query string (without `?`) and the raw body.
 *
 * - A non-empty body must be `application/x-www-form-urlencoded` (any `charset` parameter) and
 *   UTF-8; anything else is refused (415 / 400) rather than guessed at, since the exchange might
 *   read it differently from the gateway.
 * - Each judged field may appear once in all: the same field twice (in the query, in the body,
 *   or once in each) is refused with `-1101`, the exchange's own code for duplicate values, so
 *   the gateway never judges one value while the exchange acts on another.
 *
 * @example
 * ```ts
 * parseOrderRequest({
 *   query: 'symbol=BTCUSDT&timestamp=1&signature=ab',
 *   body: Buffer.from('side=BUY&type=LIMIT&quantity=0.5&price=100%2E00&timeInForce=GTC'),
 *   contentType: 'application/x-www-form-urlencoded',
 * });
 * // { ok: true, order: { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.5', price: '100.00', timeInForce: 'GTC' } }
 * ```
 */
export function parseOrderRequest(request: {
  readonly query: string;
  readonly body: Buffer;
  readonly contentType: string | undefined;
}): ParsedOrderRequest {
  const sources = [new URLSearchParams(request.query)];
  if (request.body.length > 0) {
    const mediaType = request.contentType?.split(';', 1)[0]?.trim().toLowerCase();
    if (mediaType !== FORM_MEDIA_TYPE) {
      return problem({
        status: 415,
        code: -1000,
        reason: 'unsupported-media-type',
        msg: `an order body must be ${FORM_MEDIA_TYPE}, got ${request.contentType === undefined ? 'no Content-Type' : JSON.stringify(request.contentType)}`,
      });
    }
    let text: string;
    try {
      text = utf8.decode(request.body);
    } catch {
      return problem({
        status: 400,
        code: -1000,
        reason: 'body-not-utf8',
        msg: 'the order body is not valid UTF-8',
      });
    }
    sources.push(new URLSearchParams(text));
  }

  const order: OrderParams = {};
  const duplicated: OrderField[] = [];
  for (const field of ORDER_FIELDS) {
    const values = sources.flatMap((params) => params.getAll(field));
    if (values.length > 1) duplicated.push(field);
    else if (values[0] !== undefined) order[field] = values[0];
  }
  if (duplicated.length > 0) {
    return problem({
      status: 400,
      code: -1101,
      reason: 'duplicate-parameter',
      msg: `Duplicate values for a parameter detected: ${duplicated.join(', ')}.`,
      fields: duplicated,
    });
  }
  return { ok: true, order };
}

function problem(p: RequestProblem): ParsedOrderRequest {
  return { ok: false, problem: p };
}
