import { hasErrorBrand, isOwnInstance, PreflightError } from './preflight-error.js';

/**
 * A query the exchange would refuse, caught before anything is sent: `symbol` with `symbols`, an
 * empty `symbols`, a malformed symbol, or a `symbolStatus` other than `TRADING`.
 *
 * @example
 * ```ts
 * await client.fetchExchangeInfo({ symbol: 'BTCUSDT', symbols: ['ETHUSDT'] });
 * // throws InvalidQueryError { parameter: 'symbols', value: ['ETHUSDT'] }
 * ```
 */
export class InvalidQueryError extends PreflightError {
  override readonly name = 'InvalidQueryError';
  /** The query parameter at fault (`symbol`, `symbols`, `symbolStatus`, or `query`). */
  readonly parameter: string;
  readonly value: unknown;

  constructor(parameter: string, value: unknown, reason: string) {
    super(`invalid ${parameter}: ${parameter} ${reason}`);
    this.parameter = parameter;
    this.value = value;
  }
}

/**
 * Where a failed request went and how many attempts were made.
 *
 * @example
 * ```ts
 * const where: RequestContext = { url: 'https://api.example.com/api/v3/exchangeInfo', attempts: 3 };
 * ```
 */
export interface RequestContext {
  readonly url: string;
  readonly attempts: number;
}

/**
 * The server answered with a status other than 2xx (and other than 429/418, which are
 * {@link RateLimitedError}).
 *
 * @example
 * ```ts
 * if (isHttpStatusError(e)) console.log(e.status, e.exchangeCode, e.exchangeMessage, e.bodyExcerpt);
 * ```
 */
export class HttpStatusError extends PreflightError {
  override readonly name: string = 'HttpStatusError';
  readonly status: number;
  readonly url: string;
  readonly attempts: number;
  /** The first few hundred characters of the body, for logs. */
  readonly bodyExcerpt: string;
  /** The exchange's error `code`, when the body is `{ code, msg }`. */
  readonly exchangeCode?: number | string;
  /** The exchange's error `msg`, when the body is `{ code, msg }`. */
  readonly exchangeMessage?: string;

  constructor(
    details: RequestContext & {
      status: number;
      bodyExcerpt: string;
      exchangeCode?: number | string;
      exchangeMessage?: string;
    },
    message?: string,
  ) {
    const exchange =
      details.exchangeCode !== undefined || details.exchangeMessage !== undefined
        ? ` (exchange code ${details.exchangeCode ?? '?'}: ${details.exchangeMessage ?? ''})`
        : '';
    super(message ?? `GET ${details.url} answered HTTP ${details.status}${exchange}`);
    this.status = details.status;
    this.url = details.url;
    this.attempts = details.attempts;
    this.bodyExcerpt = details.bodyExcerpt;
    if (details.exchangeCode !== undefined) this.exchangeCode = details.exchangeCode;
    if (details.exchangeMessage !== undefined) this.exchangeMessage = details.exchangeMessage;
  }
}

/**
 * HTTP 429 (too many requests) or 418 (the IP is banned). Not retried: wait `retryAfterMs`.
 *
 * @example
 * ```ts
 * if (isRateLimitedError(e)) await sleep(e.retryAfterMs ?? 60_000);
 * ```
 */
export class RateLimitedError extends HttpStatusError {
  override readonly name = 'RateLimitedError';
  /** From the `Retry-After` header (seconds or an HTTP date), when the server sent one. */
  readonly retryAfterMs?: number;

  constructor(
    details: RequestContext & {
      status: number;
      bodyExcerpt: string;
      retryAfterMs?: number;
      exchangeCode?: number | string;
      exchangeMessage?: string;
    },
  ) {
    const wait = details.retryAfterMs === undefined ? '' : `; retry after ${details.retryAfterMs} ms`;
    super(
      details,
      `GET ${details.url} was rate limited (HTTP ${details.status}${details.status === 418 ? ', IP banned' : ''})${wait}`,
    );
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

/**
 * No complete answer within `timeoutMs` on the last attempt.
 *
 * @example
 * ```ts
 * if (isRequestTimeoutError(e)) console.log(`gave up after ${e.attempts} attempts of ${e.timeoutMs} ms`);
 * ```
 */
export class RequestTimeoutError extends PreflightError {
  override readonly name = 'RequestTimeoutError';
  readonly url: string;
  readonly attempts: number;
  readonly timeoutMs: number;

  constructor(details: RequestContext & { timeoutMs: number }, options?: { cause?: unknown }) {
    super(
      `GET ${details.url} did not answer within ${details.timeoutMs} ms (${details.attempts} attempts)`,
      options,
    );
    this.url = details.url;
    this.attempts = details.attempts;
    this.timeoutMs = details.timeoutMs;
  }
}

/**
 * The connection failed (refused, reset, closed mid-body) on the last attempt.
 *
 * @example
 * ```ts
 * if (isNetworkError(e)) console.log(e.code); // 'ECONNREFUSED'
 * ```
 */
export class NetworkError extends PreflightError {
  override readonly name = 'NetworkError';
  readonly url: string;
  readonly attempts: number;
  /** The system or undici error code, such as `ECONNREFUSED` or `UND_ERR_SOCKET`. */
  readonly code?: string;

  constructor(details: RequestContext & { code?: string; detail: string }, options?: { cause?: unknown }) {
    super(`GET ${details.url} failed after ${details.attempts} attempts: ${details.detail}`, options);
    this.url = details.url;
    this.attempts = details.attempts;
    if (details.code !== undefined) this.code = details.code;
  }
}

/**
 * The body was larger than `maxResponseBytes`; reading stopped at the cap.
 *
 * @example
 * ```ts
 * if (isResponseTooLargeError(e)) console.log(e.maxResponseBytes);
 * ```
 */
export class ResponseTooLargeError extends PreflightError {
  override readonly name = 'ResponseTooLargeError';
  readonly url: string;
  readonly maxResponseBytes: number;
  /** The declared `Content-Length`, when the server sent one. */
  readonly contentLength?: number;

  constructor(details: { url: string; maxResponseBytes: number; contentLength?: number }) {
    super(`GET ${details.url} answered with more than maxResponseBytes (${details.maxResponseBytes} bytes)`);
    this.url = details.url;
    this.maxResponseBytes = details.maxResponseBytes;
    if (details.contentLength !== undefined) this.contentLength = details.contentLength;
  }
}

/**
 * A 2xx answer whose body is not JSON (an HTML error page, a truncated document).
 *
 * @example
 * ```ts
 * if (isInvalidResponseError(e)) console.log(e.contentType, e.bodyExcerpt);
 * ```
 */
export class InvalidResponseError extends PreflightError {
  override readonly name = 'InvalidResponseError';
  readonly url: string;
  readonly contentType?: string;
  readonly bodyExcerpt: string;

  constructor(
    details: { url: string; contentType?: string; bodyExcerpt: string; reason: string },
    options?: { cause?: unknown },
  ) {
    super(
      `GET ${details.url} answered with a body that is not exchange-info JSON: ${details.reason}`,
      options,
    );
    this.url = details.url;
    if (details.contentType !== undefined) this.contentType = details.contentType;
    this.bodyExcerpt = details.bodyExcerpt;
  }
}

/**
 * The client was used after `close()`. Not a network fault: retrying cannot help.
 *
 * @example
 * ```ts
 * await client.close();
 * await client.fetchExchangeInfo(); // rejects with ClientClosedError
 * ```
 */
export class ClientClosedError extends PreflightError {
  override readonly name = 'ClientClosedError';

  constructor() {
    super('the ExchangeInfoClient is closed; create a new one');
  }
}

function guard<T>(ctor: abstract new (...args: never[]) => T, name: string) {
  return (error: unknown): error is T => isOwnInstance(error, ctor) || hasErrorBrand(error, name);
}

/** True for an {@link InvalidQueryError}. @example `if (isInvalidQueryError(e)) console.log(e.parameter);` */
export const isInvalidQueryError = guard(InvalidQueryError, 'InvalidQueryError');
/** True for an {@link HttpStatusError} (and so for a {@link RateLimitedError}). @example `if (isHttpStatusError(e)) console.log(e.status);` */
export const isHttpStatusError = guard(HttpStatusError, 'HttpStatusError');
/** True for a {@link RateLimitedError}. @example `if (isRateLimitedError(e)) console.log(e.retryAfterMs);` */
export const isRateLimitedError = guard(RateLimitedError, 'RateLimitedError');
/** True for a {@link RequestTimeoutError}. @example `if (isRequestTimeoutError(e)) console.log(e.timeoutMs);` */
export const isRequestTimeoutError = guard(RequestTimeoutError, 'RequestTimeoutError');
/** True for a {@link NetworkError}. @example `if (isNetworkError(e)) console.log(e.code);` */
export const isNetworkError = guard(NetworkError, 'NetworkError');
/** True for a {@link ResponseTooLargeError}. @example `if (isResponseTooLargeError(e)) console.log(e.maxResponseBytes);` */
export const isResponseTooLargeError = guard(ResponseTooLargeError, 'ResponseTooLargeError');
/** True for an {@link InvalidResponseError}. @example `if (isInvalidResponseError(e)) console.log(e.bodyExcerpt);` */
export const isInvalidResponseError = guard(InvalidResponseError, 'InvalidResponseError');
/** True for a {@link ClientClosedError}. @example `if (isClientClosedError(e)) client = new ExchangeInfoClient(options);` */
export const isClientClosedError = guard(ClientClosedError, 'ClientClosedError');
