/**
 * undici's codes for failures that may pass on a new connection: a socket closed or reset
 * mid-exchange (including a body cut short of its Content-Length), or one of undici's own
 * timers.
 */
const TRANSIENT_UNDICI_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

/**
 * The code of a transport error: its own `code`, or that of the first error inside it (Node
 * wraps the attempts of a multi-address connect in an `AggregateError`, undici wraps some
 * errors in a `cause`).
 *
 * @example
 * ```ts
 * transportErrorCode(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })); // 'ECONNREFUSED'
 * transportErrorCode(new Error('plain')); // undefined
 * ```
 */
export function transportErrorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const { code, errors, cause } = error as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && code.length > 0) return code;
  if (Array.isArray(errors) && errors.length > 0) {
    const inner = transportErrorCode(errors[0], depth + 1);
    if (inner !== undefined) return inner;
  }
  return transportErrorCode(cause, depth + 1);
}

/**
 * True when a transport failure with this code is worth another attempt: system socket errors
 * (`ECONNREFUSED`, `ECONNRESET`, `EPIPE`, `ETIMEDOUT`, `EAI_AGAIN`, ...) and undici's socket and
 * timer errors. Not retried: a closed dispatcher, an invalid argument, a malformed HTTP answer
 * (`HPE_*`), TLS certificate failures, and errors without a code (a bug rather than the network).
 *
 * @example
 * ```ts
 * isTransientTransportCode('ECONNRESET'); // true
 * isTransientTransportCode('UND_ERR_CLOSED'); // false
 * ```
 */
export function isTransientTransportCode(code: string | undefined): boolean {
  if (code === undefined) return false;
  if (TRANSIENT_UNDICI_CODES.has(code)) return true;
  return /^E[A-Z0-9_]+$/.test(code) && !code.startsWith('ERR_');
}

/**
 * A one-line description of a transport error for a message.
 *
 * @example
 * ```ts
 * describeTransportError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }));
 * // 'connect ECONNREFUSED 127.0.0.1:9'
 * ```
 */
export function describeTransportError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return describeTransportError(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
