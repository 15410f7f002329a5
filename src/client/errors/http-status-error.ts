import { errorGuard } from '../../errors/error-guard.js';
import { PreflightError } from '../../errors/preflight-error.js';
import type { RequestContext } from './request-context.js';

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
 * True for an {@link HttpStatusError} (and so for a {@link RateLimitedError}).
 *
 * @example `if (isHttpStatusError(e)) console.log(e.status);`
 * @group Guards
 */
export const isHttpStatusError = errorGuard(HttpStatusError, 'HttpStatusError');
