import { errorGuard } from '../../errors/error-guard.js';
import { PreflightError } from '../../errors/preflight-error.js';

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
 * True for a {@link ResponseTooLargeError}.
 *
 * @example `if (isResponseTooLargeError(e)) console.log(e.maxResponseBytes);`
 * @group Guards
 */
export const isResponseTooLargeError = errorGuard(ResponseTooLargeError, 'ResponseTooLargeError');
