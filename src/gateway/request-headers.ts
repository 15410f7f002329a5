/**
 * Request headers that would make the exchange read a request other than the one the gateway
 * routed and judged. They are refused on every route the gateway forwards, before anything is sent.
 *
 * - Method and URL overrides: some stacks (Spring's and Express's method-override filters, IIS and
 *   Symfony's rewrite headers, OData) take the method or the path from a header instead of the
 *   request line, so `GET /api/v3/time` with `X-HTTP-Method-Override: POST` and
 *   `X-Original-URL: /api/v3/order` might be read as an order that the gateway forwarded unjudged.
 * - A `Content-Encoding` other than `identity`: the gateway judges the bytes it receives, and an
 *   exchange that inflates a body labelled `gzip` would read different ones (or, for a plain body
 *   so labelled, perhaps the same: the gateway cannot tell which).
 */

/**
 * Headers that override the method or the URL on some stacks (compared case-insensitively).
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
  'x-original-url',
  'x-rewrite-url',
];

const OVERRIDES: ReadonlySet<string> = new Set(OVERRIDE_HEADERS);

/** Why a request's headers are refused (the `x-preflight-gateway` reason), with its status. */
export interface HeaderRefusal {
  readonly status: 400 | 415;
  readonly reason: 'override-header' | 'content-encoding';
  readonly msg: string;
}

/**
 * The first reason to refuse a request for its headers (Node's `req.rawHeaders`: name, value,
 * ...), or undefined. An override header is refused whatever its value, even empty; a
 * `Content-Encoding` is taken only once and only as `identity`.
 *
 * @example
 * ```ts
 * headerRefusal(['X-HTTP-Method-Override', 'POST']); // { status: 400, reason: 'override-header', ... }
 * headerRefusal(['Content-Encoding', 'gzip']);       // { status: 415, reason: 'content-encoding', ... }
 * headerRefusal(['Content-Type', 'application/json']); // undefined
 * ```
 */
export function headerRefusal(rawHeaders: readonly string[]): HeaderRefusal | undefined {
  const encodings: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const lower = name.toLowerCase();
    if (OVERRIDES.has(lower)) {
      return {
        status: 400,
        reason: 'override-header',
        msg: `the request has a ${name} header, which some servers read as the method or the URL instead of the request line; the gateway routes and judges by the request line only, so it refuses such requests`,
      };
    }
    if (lower === 'content-encoding') encodings.push(rawHeaders[i + 1]!);
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
