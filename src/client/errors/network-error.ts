import { errorGuard } from '../../errors/error-guard.js';
import { PreflightError } from '../../errors/preflight-error.js';
import type { RequestContext } from './request-context.js';

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
 * True for a {@link NetworkError}.
 *
 * @example `if (isNetworkError(e)) console.log(e.code);`
 * @group Guards
 */
export const isNetworkError = errorGuard(NetworkError, 'NetworkError');
