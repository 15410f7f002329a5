/**
 * Request headers that would make the exchange read a request other than the one the gateway
 * routed and judged. They are refused on every route the gateway forwards, before anything is sent.
 *
 * - Method and URL overrides: some stacks (Spring's and Express's method-override filters, IIS and
 *   Symfony's rewrite headers, OData) take the method or the path from a header instead of the
 *   request line, so `GET /api/v3/time` with `X-HTTP-Method-Override: POST` and
 *   `X-Original-URL: /api/v3/order` might be read as an order that the gateway forwarded unjudged.
 *   The same in the query string (`?_method=POST`), and any header name that some stacks read as
 *   one of these: CGI, WSGI, Rack and PHP turn `X_Original_URL` and `X-Original-URL` alike into
 *   `HTTP_X_ORIGINAL_URL`, so names are compared with `_` read as `-`, in any case.
 * - A header spelled with `_` that such a stack would read as a header the gateway or the exchange
 *   decides by (`ACCESS_KEY` for `ACCESS-KEY`, `Content_Type`): which of the two would the
 *   exchange take?
 * - A `Connection` header naming an end-to-end header the request carries (`Connection:
 *   Content-Type, ACCESS-SIGN`): a proxy drops the headers it names, so what arrives would not be
 *   what was judged.
 * - A `Content-Encoding` other than `identity`: the gateway judges the bytes it receives, and an
 *   exchange that inflates a body labelled `gzip` would read different ones (or, for a plain body
 *   so labelled, perhaps the same: the gateway cannot tell which).
 */

import { connectionNamed, HOP_BY_HOP_HEADERS } from './forward.js';

/**
 * Headers that override the method or the URL on some stacks (compared case-insensitively, `_`
 * read as `-`).
 *
 * @example
 * ```ts
 * OVERRIDE_HEADERS.includes('x-original-url'); // true
 * ```
 */
export const OVERRIDE_HEADERS: readonly string[] = [
  'x-http-method-override',
  'x-method-override',
  'x-http-method',
  'x-method',
  'x-override-method',
  'x-original-method',
  'x-forwarded-method',
  'x-original-url',
  'x-original-uri',
  'x-original-path',
  'x-rewrite-url',
  'x-override-url',
  'x-forwarded-prefix',
  'x-forwarded-path',
  'x-forwarded-uri',
  'x-envoy-original-path',
];

const OVERRIDES: ReadonlySet<string> = new Set(OVERRIDE_HEADERS);

/** Query parameters that override the method on some stacks (compared as the headers are). */
const OVERRIDE_PARAMETERS: ReadonlySet<string> = new Set([
  '-method',
  'method',
  '-httpmethod',
  'httpmethod',
  ...OVERRIDE_HEADERS,
]);

/** Headers the gateway or the exchange decides by: one spelled with `_` for `-` is ambiguous. */
const DECIDING_HEADERS: ReadonlySet<string> = new Set([
  'access-key',
  'access-sign',
  'access-timestamp',
  'access-passphrase',
  'authorization',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'host',
  'connection',
]);

/** A header name as a lenient stack compares it: lower case, `_` read as `-`. */
function folded(name: string): string {
  return name.toLowerCase().replaceAll('_', '-');
}

/**
 * Why a request is refused before it is routed, from its headers and its request target.
 *
 * @example
 * ```ts
 * const refusal: RequestRefusal = { status: 400, reason: 'override-header', msg: '...' };
 * ```
 */
export interface RequestRefusal {
  readonly status: 400 | 415;
  readonly reason:
    | 'override-header'
    | 'override-query'
    | 'ambiguous-header'
    | 'connection-header'
    | 'content-encoding';
  readonly msg: string;
}

/**
 * The refusal a request's headers or its query string call for, or undefined when there is none.
 *
 * @example
 * ```ts
 * requestRefusal(['X-HTTP-Method-Override', 'POST'], '/api/v3/time'); // { status: 400, reason: 'override-header', ... }
 * requestRefusal(['Content-Encoding', 'gzip'], '/api/v3/order');       // { status: 415, reason: 'content-encoding', ... }
 * requestRefusal(['Content-Type', 'application/json'], '/api/v3/order'); // undefined
 * ```
 */
export function requestRefusal(rawHeaders: readonly string[], target: string): RequestRefusal | undefined {
  const encodings: string[] = [];
  const names = new Set<string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const fold = folded(name);
    if (OVERRIDES.has(fold)) {
      return {
        status: 400,
        reason: 'override-header',
        msg: `the request has a ${name} header, which some servers read as the method or the URL instead of the request line; the gateway routes and judges by the request line only, so it refuses such requests`,
      };
    }
    if (name.includes('_') && DECIDING_HEADERS.has(fold)) {
      return {
        status: 400,
        reason: 'ambiguous-header',
        msg: `the request has a ${name} header, which some servers read as ${fold}; the gateway cannot tell which of the two the exchange would take, so it refuses the request`,
      };
    }
    names.add(name.toLowerCase());
    if (fold === 'content-encoding') encodings.push(rawHeaders[i + 1]!);
  }
  // What Connection names is dropped on the way (the gateway's own forwarding drops it too); the
  // hop-by-hop headers and an h2c upgrade's settings are the connection's own.
  for (const named of connectionNamed(rawHeaders)) {
    if (!HOP_BY_HOP_HEADERS.has(named) && named !== 'http2-settings' && names.has(named)) {
      return {
        status: 400,
        reason: 'connection-header',
        msg: `the request's Connection header names its ${named} header, which a proxy would drop on the way: what reached the exchange would not be what was judged`,
      };
    }
  }
  const parameter = overrideParameter(target);
  if (parameter !== undefined) {
    return {
      status: 400,
      reason: 'override-query',
      msg: `the request's query string has a ${parameter} parameter, which some servers read as the method instead of the request line; the gateway refuses such requests`,
    };
  }
  if (encodings.length > 1) {
    return {
      status: 415,
      reason: 'content-encoding',
      msg: 'the request has more than one Content-Encoding header; the gateway judges the body as sent and takes no encoded body',
    };
  }
  const [encoding] = encodings;
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return {
      status: 415,
      reason: 'content-encoding',
      msg: `the request has Content-Encoding ${JSON.stringify(encoding)}; the gateway judges the body as sent and takes no encoded body (send it without Content-Encoding)`,
    };
  }
  return undefined;
}

/** The first query parameter that names a method override, as written, or undefined. */
function overrideParameter(target: string): string | undefined {
  const queryAt = target.indexOf('?');
  if (queryAt === -1) return undefined;
  // `;` separates parameters on some stacks as `&` does.
  for (const part of target.slice(queryAt + 1).split(/[&;]/)) {
    const equals = part.indexOf('=');
    const raw = equals === -1 ? part : part.slice(0, equals);
    let name = raw;
    try {
      name = decodeURIComponent(raw.replaceAll('+', ' '));
    } catch {
      // A malformed escape: the raw spelling is what is compared.
    }
    if (OVERRIDE_PARAMETERS.has(folded(name.trim()))) return raw;
  }
  return undefined;
}
