import { errorGuard } from './error-guard.js';
import { PreflightError } from './preflight-error.js';

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

/** True for an {@link InvalidResponseError}. @example `if (isInvalidResponseError(e)) console.log(e.bodyExcerpt);` */
export const isInvalidResponseError = errorGuard(InvalidResponseError, 'InvalidResponseError');
