import { errorGuard } from '../../errors/error-guard.js';
import { PreflightError } from '../../errors/preflight-error.js';

/**
 * A 2xx answer whose body cannot be read as JSON: not JSON at all (an HTML error page, a
 * truncated document, bytes that are not UTF-8), an object naming a member twice with two values,
 * or nesting deeper than 512 levels. The same fault gives this error whichever path read the
 * body: `fetchExchangeInfo`, or the rule-book source parsing `fetchExchangeInfoText`'s text. (A
 * body that is JSON of the wrong shape is an `ExchangeInfoSchemaError`.)
 *
 * @example
 * ```ts
 * if (isInvalidResponseError(e)) console.log(e.url, e.contentType, e.bodyExcerpt);
 * ```
 */
export class InvalidResponseError extends PreflightError {
  override readonly name = 'InvalidResponseError';
  /**
   * The URL requested; `undefined` when the body reached the library as text without it (the
   * rule-book source parsing what a fetcher's `fetchExchangeInfoText` returned).
   */
  readonly url: string | undefined;
  readonly contentType?: string;
  readonly bodyExcerpt: string;

  constructor(
    details: {
      url?: string | undefined;
      contentType?: string | undefined;
      bodyExcerpt: string;
      reason: string;
    },
    options?: { cause?: unknown },
  ) {
    const answer = details.url === undefined ? 'The exchange' : `GET ${details.url}`;
    super(`${answer} answered with a body that is not exchange-info JSON: ${details.reason}`, options);
    this.url = details.url;
    if (details.contentType !== undefined) this.contentType = details.contentType;
    this.bodyExcerpt = details.bodyExcerpt;
  }
}

/**
 * True for an {@link InvalidResponseError}.
 *
 * @example `if (isInvalidResponseError(e)) console.log(e.bodyExcerpt);`
 * @group Guards
 */
export const isInvalidResponseError = errorGuard(InvalidResponseError, 'InvalidResponseError');
