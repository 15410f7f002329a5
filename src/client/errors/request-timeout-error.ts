import { errorGuard } from '../../errors/error-guard.js';
import { PreflightError } from '../../errors/preflight-error.js';
import type { RequestContext } from './request-context.js';

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
 * True for a {@link RequestTimeoutError}.
 *
 * @example `if (isRequestTimeoutError(e)) console.log(e.timeoutMs);`
 * @group Guards
 */
export const isRequestTimeoutError = errorGuard(RequestTimeoutError, 'RequestTimeoutError');
