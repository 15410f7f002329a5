import { parseJsonStrictly, type StrictJsonValue } from '../index.js';
import { ORDER_FIELDS, type OrderField } from '../order/order-fields.js';
import { isJsonObject, SIZE_BOUNDED_LIMITS } from './json-values.js';

/**
 * Reads the order out of a `POST /api/v3/order` the way WEEX V3 takes it: one JSON object in the
 * body (`Content-Type: application/json`), signed in `ACCESS-*` headers over the exact body text
 * (docs/exchange-semantics.md, "The order interface").
 *
 * The order is judged from the text as sent: a JSON number by its written digits (`0.10` is
 * judged as `"0.10"`, never through a float), a string as it is. Anything the exchange might
 * read differently from the gateway is refused, never guessed at: a key that appears twice, a
 * body that is not one JSON object, bytes that are not UTF-8, a charset other than UTF-8 (or two
 * `Content-Type`s), a form body, a query string (order fields or not: the order endpoint takes
 * none), a key that folds to an order field without being it (`"SYMBOL"`, `"ſymbol"`,
 * `"quan_tity"`, `"new-client-order-id"`: a binder that ignores case and separators might take it
 * for the field), or any other key the gateway does not judge unless the operator allowed it
 * (`allowFields`): only what it judges goes out.
 *
 * Only reading happens here: the bytes forwarded are the raw ones, never these values serialised
 * again, so `ACCESS-SIGN` stays valid.
 */

// The body fields of WEEX V3's `POST /api/v3/order` are the fields the library reads.
export { ORDER_FIELDS, type OrderField };

/**
 * The order as the library takes it: each field that was sent, a JSON string as that string, a
 * JSON number as the text it was written as, anything else (`true`, `null`, an object) as read,
 * for the library to refuse as malformed.
 *
 * @example
 * ```ts
 * const order: OrderParams = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.50', price: '100.00' };
 * ```
 */
export type OrderParams = { readonly [K in OrderField]?: unknown };

/** Why a request was refused before any rule was applied (the `x-preflight-gateway` header). */
export type RequestProblemReason =
  | 'query-string-order'
  | 'query-not-allowed'
  | 'unknown-field'
  | 'unsupported-media-type'
  | 'body-not-utf8'
  | 'body-not-json'
  | 'body-not-json-object'
  | 'duplicate-key'
  | 'ambiguous-key';

/**
 * A problem with the request itself, before any rule is applied. `code` is WEEX's PARAM_ERROR
 * (`-1142`), the exchange's code for a parameter it cannot take.
 *
 * @example
 * ```ts
 * { status: 400, code: -1142, reason: 'duplicate-key', msg: 'the key "price" appears twice in the order body', fields: ['price'] }
 * ```
 */
export interface RequestProblem {
  readonly status: 400 | 415;
  readonly code: number;
  readonly reason: RequestProblemReason;
  readonly msg: string;
  readonly fields?: readonly string[];
}

/**
 * The outcome of {@link parseOrderRequest}.
 *
 * @example
 * ```ts
 * const parsed = parseOrderRequest({ query: '', body: Buffer.from('{"symbol":"BTCUSDT"}'), contentType: 'application/json' });
 * if (parsed.ok) parsed.order.symbol; // 'BTCUSDT'
 * ```
 */
export type ParsedOrderRequest =
  | { readonly ok: true; readonly order: OrderParams }
  | { readonly ok: false; readonly problem: RequestProblem };

/** WEEX V3's code for a parameter it cannot take ("Parameter '%s' is invalid"). */
export const PARAM_ERROR = -1142;
const JSON_MEDIA_TYPE = 'application/json';

/**
 * Extracts the order fields from the raw query string (without `?`), the raw body and its
 * `Content-Type`.
 *
 * @example
 * ```ts
 * parseOrderRequest({
 *   query: '',
 *   body: Buffer.from('{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","quantity":0.50,"price":"100.00"}'),
 *   contentType: 'application/json',
 * });
 * // { ok: true, order: { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.50', price: '100.00', timeInForce: 'GTC' } }
 * ```
 */
export function parseOrderRequest(request: {
  /** The raw query string, without `?`; empty when there is none. */
  readonly query: string;
  readonly body: Buffer;
  /** `null`: the header was sent more than once. */
  readonly contentType: string | undefined | null;
  /** Body keys besides the order fields that may go out (the `allowFields` option). */
  readonly allowFields?: ReadonlySet<string>;
  /**
   * The order fields the endpoint takes and the gateway judges (default: the spot order's,
   * `ORDER_FIELDS`; a contract order's for the contract host).
   */
  readonly fields?: readonly string[];
}): ParsedOrderRequest {
  const fields = request.fields ?? ORDER_FIELDS;
  const fold = foldTableOf(fields);
  const queryProblem = queryStringProblem(request.query, fields, fold);
  if (queryProblem !== undefined) return queryProblem;
  const mediaProblem = mediaTypeProblem(request.contentType);
  if (mediaProblem !== undefined) return problem(415, 'unsupported-media-type', mediaProblem);

  // A body that starts with a byte-order mark is refused as not JSON (parseJsonStrictly reads
  // as JSON.parse does): RFC 8259 lets a reader skip the mark or not, so the exchange might read
  // such a body differently.
  const read = parseJsonStrictly(request.body, SIZE_BOUNDED_LIMITS);
  if (!read.ok) {
    if (read.reason === 'NOT_UTF8') return problem(400, 'body-not-utf8', 'the order body is not valid UTF-8');
    if (read.reason === 'DUPLICATE_KEY') {
      const key = read.key ?? '';
      return problem(400, 'duplicate-key', `the key ${JSON.stringify(key)} appears twice in the order body`, [
        key,
      ]);
    }
    return problem(
      400,
      'body-not-json',
      `the order body is not JSON: ${read.detail} at byte offset ${read.at}`,
    );
  }
  const body = read.value;
  if (!isJsonObject(body)) {
    return problem(400, 'body-not-json-object', 'the order body must be one JSON object');
  }
  const keys = Object.keys(body);
  const lookalikes = keys.filter((key) => {
    const field = fold.get(folded(key));
    return field !== undefined && field !== key;
  });
  if (lookalikes.length > 0) {
    return problem(
      400,
      'ambiguous-key',
      `the order body has keys that differ from order fields only in case or separators: ${lookalikes.map((key) => JSON.stringify(key)).join(', ')}; a reader that matches keys loosely might take them for the fields`,
      lookalikes,
    );
  }
  const unknown = keys.filter(
    (key) => fold.get(folded(key)) !== key && request.allowFields?.has(key) !== true,
  );
  if (unknown.length > 0) {
    return problem(
      400,
      'unknown-field',
      `the order body has keys the gateway does not judge: ${unknown.map((key) => JSON.stringify(key)).join(', ')}; it forwards only ${fields.join(', ')} (the operator can allow a key with --allow-field, option allowFields)`,
      unknown,
    );
  }
  const order: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(body, field)) order[field] = asOrderValue(body[field] as StrictJsonValue);
  }
  return { ok: true, order: order as OrderParams };
}

/**
 * A key as a loose reader compares it: Unicode simple case folding, which also maps `ſ` to `s`
 * and the Kelvin sign to `k` (Go's `encoding/json` matches keys so), and without anything but
 * letters and digits (binders that relax names drop `_` and `-`; dropping every separator, mark
 * and invisible character as well errs on the side of refusing).
 */
function folded(key: string): string {
  return key
    .toUpperCase()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Each field list's fields by their folded form, built once per list. */
const FOLD_TABLES = new WeakMap<readonly string[], ReadonlyMap<string, string>>();

function foldTableOf(fields: readonly string[]): ReadonlyMap<string, string> {
  let table = FOLD_TABLES.get(fields);
  if (table === undefined) {
    table = new Map(fields.map((field) => [folded(field), field]));
    FOLD_TABLES.set(fields, table);
  }
  return table;
}

/**
 * The order field a loose reader might take `key` for (the field itself included), or undefined:
 * `quan_tity`, `Quantity` and `QUANTITY` all give `quantity`. `fields`: the endpoint's order
 * fields (default: the spot order's).
 */
export function orderFieldFoldedFrom(key: string): OrderField | undefined;
export function orderFieldFoldedFrom(key: string, fields: readonly string[]): string | undefined;
export function orderFieldFoldedFrom(
  key: string,
  fields: readonly string[] = ORDER_FIELDS,
): string | undefined {
  return foldTableOf(fields).get(folded(key));
}

/**
 * The refusal of a query string on the order endpoint, or undefined when there is none. WEEX V3
 * takes the order as a JSON body and its order endpoint no query parameter: one beside the body
 * (`quantity=9001`, `Quantity=9001`, `x=1;quantity=9001`) is a second place the exchange might
 * read a field from, so any is refused. Order fields among the names (split at `&` and `;`,
 * unescaped, folded as body keys are) are named.
 */
function queryStringProblem(
  query: string,
  orderFields: readonly string[],
  fold: ReadonlyMap<string, string>,
): ParsedOrderRequest | undefined {
  if (query === '') return undefined;
  const names = query
    .split(/[&;]/)
    .map((pair) => unescapedName(pair.split('=', 1)[0] ?? ''))
    .filter((name) => name !== '');
  const fields = orderFields.filter((field) => names.some((name) => fold.get(folded(name)) === field));
  if (fields.length > 0) {
    return problem(
      400,
      'query-string-order',
      `WEEX V3 takes an order as a JSON body; order fields in the query string are refused: ${fields.join(', ')}`,
      fields,
    );
  }
  return problem(
    400,
    'query-not-allowed',
    `the order endpoint takes no query string (WEEX V3 reads the order from the JSON body), got ${JSON.stringify(query)}`,
    names,
  );
}

/** A query parameter's name as a form decoder reads it: `+` is a space, escapes decoded. */
function unescapedName(name: string): string {
  const spaced = name.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced; // a malformed escape: the name as written
  }
}

/** What the library is given for a body value: numbers as written, nested values left malformed. */
function asOrderValue(value: StrictJsonValue): unknown {
  if (isJsonObject(value)) return {}; // an object where a string belongs: the library refuses it
  return value;
}

/**
 * Why a `Content-Type` cannot be read as WEEX reads an order, or undefined when it can:
 * `application/json` (any case), with no parameter but `charset=utf-8` (any case, quoted or not).
 */
function mediaTypeProblem(contentType: string | undefined | null): string | undefined {
  if (contentType === null)
    return 'the request has more than one Content-Type; the exchange might read either';
  if (contentType === undefined) return `an order body must be ${JSON_MEDIA_TYPE}, got no Content-Type`;
  const [type = '', ...parameters] = contentType.split(';');
  if (type.trim().toLowerCase() !== JSON_MEDIA_TYPE) {
    return `an order body must be ${JSON_MEDIA_TYPE} (WEEX V3 takes no form or query-string orders), got ${JSON.stringify(contentType)}`;
  }
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=', 2).map((part) => part.trim());
    if (name === '' && value === '') continue;
    const unquoted = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    if (name.toLowerCase() !== 'charset' || !/^utf-?8$/i.test(unquoted)) {
      return `an order body must be UTF-8 JSON; the parameter ${JSON.stringify(parameter.trim())} of ${JSON.stringify(contentType)} might make the exchange read it differently`;
    }
  }
  return undefined;
}

function problem(
  status: 400 | 415,
  reason: RequestProblemReason,
  msg: string,
  fields?: readonly string[],
): ParsedOrderRequest {
  return {
    ok: false,
    problem: { status, code: PARAM_ERROR, reason, msg, ...(fields === undefined ? {} : { fields }) },
  };
}
