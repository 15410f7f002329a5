import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { GATEWAY_HEADER } from './answers.js';

/**
 * Headers that describe one connection, not the message (RFC 9110 section 7.6.1), plus `host`
 * and `expect` on requests: they are not forwarded in either direction. Everything else, such
 * as the `ACCESS-*` signature headers, `Content-Type` or `User-Agent`, passes as it came, in its order and case.
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
 * forwardableRequestHeaders(['Host', 'gw:8080', 'ACCESS-KEY', 'k', 'Connection', 'keep-alive']);
 * // ['ACCESS-KEY', 'k']
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
    // The gateway's own header is never relayed: a client tells the gateway's answers by it.
    if (value === undefined || HOP_BY_HOP_HEADERS.has(name) || named.has(name) || name === GATEWAY_HEADER)
      continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * What became of a forwarded request.
 *
 * The line between `not-sent` and the rest is exact: undici hands a request to a connection
 * (`onRequestStart`) immediately before it writes the first byte of it, so an error reported
 * before that moment means nothing was written, whatever the error (connection refused, DNS,
 * connect timeout, `EMFILE`/`ENFILE`/`EADDRNOTAVAIL`, a TLS handshake, a closed pool, or the
 * gateway's deadline while the request still waited in the pool's queue). After it, any failure
 * leaves the request's fate unknown, even `UND_ERR_SOCKET` on a connection that had seemed fine.
 *
 * - `relayed`: the upstream answered and its answer went back to the client.
 * - `client-gone`: the client left before its answer. `sent: false`: it left while the request
 *   was still waiting for a connection, and the request was then never sent. `sent: true`: the
 *   upstream has it (for an order, the client must query it before sending it again); the
 *   answer, if one came (`status`), was discarded.
 * - `not-sent`: the request was never written to the upstream (see above): safe to retry.
 * - `no-answer`: the request was written but no answer came (timeout, reset, garbage): for an
 *   order, its execution status is unknown.
 * - `cut`: the relay broke off after the answer's head was sent (the upstream failed mid-body);
 *   the client's connection was destroyed so it never takes a truncated body for a whole one.
 *
 * @example
 * ```ts
 * if (outcome.kind === 'no-answer') log.warn('order status unknown', outcome.error);
 * ```
 */
export type ForwardOutcome =
  | { readonly kind: 'relayed'; readonly status: number }
  | { readonly kind: 'client-gone'; readonly sent: boolean; readonly status?: number }
  | { readonly kind: 'not-sent'; readonly error: unknown; readonly timedOut: boolean }
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

const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'GATEWAY_UPSTREAM_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Sends the request to `origin` unchanged (method, target, headers but the connection ones, body
 * byte for byte) and relays the answer (status, headers but the connection ones, body streamed
 * with backpressure), all within `timeoutMs`. Never retries: an order is not idempotent. Writes
 * nothing to `res` unless the upstream answered, so the caller can answer `not-sent` and
 * `no-answer` itself. Never rejects, and leaves no stream without an error listener: every
 * failure is an outcome.
 *
 * @example
 * ```ts
 * const outcome = await forwardRequest(agent, 'https://api.example.com', { method, target, rawHeaders, body }, res, 10_000);
 * if (outcome.kind === 'not-sent') reply(res, 502, { code: -1001, msg: 'upstream unreachable' });
 * ```
 */
export function forwardRequest(
  dispatcher: Dispatcher,
  origin: string,
  request: ForwardRequest,
  res: ServerResponse,
  timeoutMs: number,
): Promise<ForwardOutcome> {
  return new Promise<ForwardOutcome>((resolve) => {
    if (res.destroyed) {
      resolve({ kind: 'client-gone', sent: false });
      return;
    }
    let controller: Dispatcher.DispatchController | undefined;
    /** The request was handed to a connection: undici writes it right after. */
    let written = false;
    /** The status of the answer whose head went to the client. */
    let status: number | undefined;
    let timedOut = false;
    let clientGone = false;
    let settled: Error | undefined;

    const settle = (outcome: ForwardOutcome, reason: Error): void => {
      if (settled !== undefined) return;
      settled = reason;
      clearTimeout(timer);
      res.off('close', onClientClose);
      resolve(outcome);
    };

    // One deadline for the whole exchange with the upstream (undici's own timers are coarse).
    const timer = setTimeout(() => {
      timedOut = true;
      const error = new UpstreamTimeoutError(timeoutMs);
      // Still waiting for a connection: it is never sent (onRequestStart aborts it if it comes).
      if (!written) settle({ kind: 'not-sent', error, timedOut: true }, error);
      else controller?.abort(error); // onResponseError says what it was
    }, timeoutMs);

    const onClientClose = (): void => {
      if (res.writableFinished) return;
      clientGone = true;
      const error = new ClientGoneError();
      if (!written) settle({ kind: 'client-gone', sent: false }, error);
      else if (status !== undefined) {
        // Settled first: abort() reports back (onResponseError) at once.
        settle({ kind: 'client-gone', sent: true, status }, error);
        controller?.abort(error);
      }
      // Otherwise the upstream has the request: its answer's head is awaited (and discarded), so
      // the log says what became of the order, and the upstream connection can be reused.
    };
    res.on('close', onClientClose);

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (settled !== undefined)
          c.abort(settled); // abandoned while queued: never written
        else written = true;
      },
      onResponseStart(c, statusCode, headers) {
        if (statusCode < 200) return; // 1xx: informational, not relayed
        if (settled !== undefined) return c.abort(settled);
        if (clientGone || res.destroyed) {
          const error = new ClientGoneError();
          settle({ kind: 'client-gone', sent: true, status: statusCode }, error);
          c.abort(error);
          return;
        }
        try {
          res.writeHead(statusCode, relayableResponseHeaders(headers));
        } catch (error) {
          // A head Node will not write (a header it refuses): nothing was relayed.
          c.abort(asError(error));
          return;
        }
        status = statusCode;
      },
      onResponseData(c, chunk) {
        if (settled !== undefined) return;
        if (!res.write(chunk)) {
          c.pause();
          res.once('drain', () => c.resume());
        }
      },
      onResponseEnd() {
        if (settled !== undefined || status === undefined) return;
        const relayed = status;
        res.end(() => settle({ kind: 'relayed', status: relayed }, new Error('relayed')));
      },
      onResponseError(_c, error) {
        if (settled !== undefined) return;
        if (status !== undefined) {
          // The upstream broke off mid-body (or ran past the deadline): destroying the client's
          // socket tells it the answer is incomplete (a shortened body could pass for a whole one).
          res.destroy();
          settle({ kind: 'cut', status, error }, error);
        } else if (!written) {
          settle({ kind: 'not-sent', error, timedOut }, error);
        } else {
          const code = errorCode(error);
          const late = timedOut || (code !== undefined && TIMEOUT_CODES.has(code));
          settle({ kind: 'no-answer', error, timedOut: late }, error);
        }
      },
    };

    try {
      dispatcher.dispatch(
        {
          origin,
          path: request.target,
          method: request.method as Dispatcher.HttpMethod,
          headers: forwardableRequestHeaders(request.rawHeaders),
          body: request.body.length > 0 ? request.body : null,
        },
        handler,
      );
    } catch (error) {
      // Refused synchronously (a closed dispatcher, invalid options): nothing was written.
      settle({ kind: 'not-sent', error, timedOut: false }, asError(error));
    }
  });
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
 * The client's connection closed before its answer was relayed; the upstream request is aborted
 * with it (or was never sent).
 *
 * @example
 * ```ts
 * new ClientGoneError().code; // 'GATEWAY_CLIENT_GONE'
 * ```
 */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
  readonly code = 'GATEWAY_CLIENT_GONE';

  constructor() {
    super('the client connection closed before the answer was relayed');
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The header names a request's `Connection` headers list (lower case): a proxy drops them.
 *
 * @example
 * ```ts
 * connectionNamed(['Connection', 'keep-alive, X-Trace']); // Set { 'keep-alive', 'x-trace' }
 * ```
 */
export function connectionNamed(rawHeaders: readonly string[]): Set<string> {
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
