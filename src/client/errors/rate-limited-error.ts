import { errorGuard } from '../../errors/error-guard.js';
import { HttpStatusError } from './http-status-error.js';
import type { RequestContext } from './request-context.js';

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
 * True for a {@link RateLimitedError}.
 *
 * @example `if (isRateLimitedError(e)) console.log(e.retryAfterMs);`
 * @group Guards
 */
export const isRateLimitedError = errorGuard(RateLimitedError, 'RateLimitedError');
