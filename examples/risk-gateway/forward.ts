import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/**
 * Headers that describe one connection, not the message (RFC 9110 section 7.6.1), plus `host`
 * and `expect` on requests: they are not forwarded in either direction. Everything else, such
 * as `X-MBX-APIKEY`, `Content-Type` or `User-Agent`, passes as it came, in its order and case.
 */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Not forwarded on requests: the connection headers above; `host` (the upstream gets its own
 * name, which its TLS certificate and virtual hosting need; an exchange's signature covers the
 * query string and body, not the host); `content-length` (the HTTP client sets it from the very
 * same bytes, so a chunked request arrives with a length instead); `expect` (the gateway has
 * already read the body).
 */
const DROPPED_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP_HEADERS,
  'host',
  'content-length',
  'expect',
]);

/**
 * The request headers to forward, from Node's `req.rawHeaders` (name, value, name, value, ...),
 * keeping order, case and repeats. Headers named in `Connection` are dropped too.
 *
 * @example
 * ```ts
 * forwardableRequestHeaders(['Host', 'gw:8080', 'X-MBX-APIKEY', 'k', 'Connection', 'keep-alive']);
 * // ['X-MBX-APIKEY', 'k']
 * ```
 */
export function forwardableRequestHeaders(rawHeaders: readonly string[]): string[] {
  const named = connectionNamed(rawHeaders);
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const lower = name.toLowerCase();
    if (DROPPED_REQUEST_HEADERS.has(lower) || named.has(lower)) continue;
    kept.push(name, rawHeaders[i + 1]!);
  }
  return kept;
}

/**
 * The response headers to relay, minus the connection headers (and those `Connection` names).
 *
 * @example
 * ```ts
 * relayableResponseHeaders({ 'content-type': 'application/json', connection: 'keep-alive' });
 * // { 'content-type': 'application/json' }
 * ```
 */
export function relayableResponseHeaders(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const connection = headers.connection;
  const named = new Set(
    (Array.isArray(connection) ? connection : [connection ?? ''])
      .flatMap((value) => value.split(','))
      .map((token) => token.trim().toLowerCase()),
  );
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP_HEADERS.has(name) || named.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * What became of a forwarded request.
 *
 * - `relayed`: the upstream answered and its answer went back to the client.
 * - `client-gone`: the upstream answered, but the client had already left; the answer was
 *   discarded. For an order, the upstream has it: the client must query it before sending again.
 * - `not-sent`: the upstream could not be reached (connection refused, no route, DNS, connect
 *   timeout); nothing left the gateway.
 * - `no-answer`: the request may have reached the upstream but no answer came (timeout, reset):
 *   for an order, its execution status is unknown.
 * - `cut`: the relay broke off after the answer's head was sent (the upstream failed mid-body, or
 *   the client left); the client's connection was destroyed so it never takes a truncated body
 *   for a whole one.
 *
 * @example
 * ```ts
 * if (outcome.kind === 'no-answer') log.warn('order status unknown', outcome.error);
 * ```
 */
export type ForwardOutcome =
  | { readonly kind: 'relayed'; readonly status: number }
  | { readonly kind: 'client-gone'; readonly status: number }
  | { readonly kind: 'not-sent'; readonly error: unknown }
  | { readonly kind: 'no-answer'; readonly error: unknown; readonly timedOut: boolean }
  | { readonly kind: 'cut'; readonly status: number; readonly error: unknown };

/**
 * One request to forward: the raw target (path and query string exactly as received), the raw
 * headers and the raw body bytes.
 *
 * @example
 * ```ts
 * const request: ForwardRequest = { method: req.method!, target: req.url!, rawHeaders: req.rawHeaders, body };
 * ```
 */
export interface ForwardRequest {
  readonly method: string;
  readonly target: string;
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
}

/** Error codes of a connection that was never established: the request was not sent. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'GATEWAY_UPSTREAM_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Sends the request to `origin` unchanged (method, target, headers but the connection ones, body
 * byte for byte) and relays the answer (status, headers but the connection ones, body streamed),
 * all within `timeoutMs`. Never retries: an order is not idempotent. Writes nothing to `res`
 * unless the upstream answered, so the caller can answer `not-sent` and `no-answer` itself.
 *
 * @example
 * ```ts
 * const outcome = await forwardRequest(agent, 'https://api.example.com', { method, target, rawHeaders, body }, res, 10_000);
 * if (outcome.kind === 'not-sent') reply(res, 502, { code: -1001, msg: 'upstream unreachable' });
 * ```
 */
export async function forwardRequest(
  dispatcher: Dispatcher,
  origin: string,
  request: ForwardRequest,
  res: ServerResponse,
  timeoutMs: number,
): Promise<ForwardOutcome> {
  // One deadline for the whole exchange with the upstream (undici's own timers are coarse).
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new UpstreamTimeoutError(timeoutMs)), timeoutMs);
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request({
        origin,
        path: request.target,
        method: request.method as Dispatcher.HttpMethod,
        headers: forwardableRequestHeaders(request.rawHeaders),
        body: request.body.length > 0 ? request.body : null,
        signal: deadline.signal,
      });
    } catch (error) {
      const code = errorCode(error);
      if (code !== undefined && NOT_SENT_CODES.has(code)) return { kind: 'not-sent', error };
      return { kind: 'no-answer', error, timedOut: code !== undefined && TIMEOUT_CODES.has(code) };
    }

    const { statusCode, headers, body } = response;
    // undici's body emits 'error' (UND_ERR_ABORTED) when it is destroyed before its end, which
    // happens whenever the client leaves. With no listener that error would end the process, so
    // one impatient client would take the gateway down for everyone; this one stays for the
    // body's lifetime, and the outcome below says what happened.
    body.on('error', ignoreBodyError);
    if (res.destroyed) {
      body.destroy();
      return { kind: 'client-gone', status: statusCode };
    }
    res.writeHead(statusCode, relayableResponseHeaders(headers));
    try {
      await relayBody(body, res);
      return { kind: 'relayed', status: statusCode };
    } catch (error) {
      // The upstream broke off mid-body (or ran past the deadline), or the client went away:
      // destroying the client's socket tells it the answer is incomplete (a shortened body
      // could otherwise pass for a whole one).
      res.destroy();
      return { kind: 'cut', status: statusCode, error };
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The upstream did not answer (head and body) within the gateway's deadline.
 *
 * @example
 * ```ts
 * new UpstreamTimeoutError(10_000).code; // 'GATEWAY_UPSTREAM_TIMEOUT'
 * ```
 */
export class UpstreamTimeoutError extends Error {
  override readonly name = 'UpstreamTimeoutError';
  readonly code = 'GATEWAY_UPSTREAM_TIMEOUT';

  constructor(readonly timeoutMs: number) {
    super(`the upstream did not answer within ${timeoutMs} ms`);
  }
}

/**
 * Streams the upstream's body to the client; resolves once it is all written. (Not
 * `stream.pipeline`: it builds an AbortController per call and aborts it at the end, which costs
 * more than the rest of the relay.)
 */
function relayBody(body: Readable, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      body.destroy();
      reject(error);
    };
    body.once('error', fail);
    res.once('finish', resolve);
    res.once('close', () => {
      if (!res.writableFinished)
        fail(new Error('the client connection closed before the answer was relayed'));
    });
    body.pipe(res);
  });
}

function ignoreBodyError(): void {
  // Reported through the ForwardOutcome instead.
}

function connectionNamed(rawHeaders: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() !== 'connection') continue;
    for (const token of rawHeaders[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  return named;
}

/** `error.code`, or the first inner error's (a failed multi-address connect is an AggregateError). */
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors)) return errorCode(errors[0]);
  return undefined;
}
