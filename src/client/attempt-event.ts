/**
 * What {@link ExchangeInfoClientOptions.onAttempt} is told, as an attempt goes: `start` when its
 * request is dispatched; `response` when the answer's status line and headers arrive (before
 * its body); `timeout` when the attempt's `timeoutMs` runs out; `error` when the connection
 * fails; and `retry` when another attempt will follow, with the wait before it and what caused it.
 * Every event carries the attempt's number (1 for the first try), the most attempts the call
 * will make (`retries + 1`) and the request's URL; `elapsedMs` is measured from `start`.
 *
 * @example
 * ```ts
 * const onAttempt = (event: AttemptEvent) => {
 *   if (event.kind === 'retry') console.warn(`attempt ${event.attempt} failed (${event.cause}); retrying in ${event.delayMs} ms`);
 * };
 * ```
 */
export type AttemptEvent =
  | (AttemptEventBase & { readonly kind: 'start' })
  | (AttemptEventBase & { readonly kind: 'response'; readonly status: number; readonly elapsedMs: number })
  | (AttemptEventBase & { readonly kind: 'timeout'; readonly elapsedMs: number })
  | (AttemptEventBase & { readonly kind: 'error'; readonly error: unknown; readonly elapsedMs: number })
  | (AttemptEventBase & {
      readonly kind: 'retry';
      /** The wait before the next attempt, in ms (backoff, or what `Retry-After` asked, capped). */
      readonly delayMs: number;
      /** Why the attempt failed: a network error, its timeout, or a 5xx `status`. */
      readonly cause: 'network' | 'timeout' | 'status';
      /** The 5xx status, when `cause` is `status`. */
      readonly status?: number;
      /** The transport error, when `cause` is `network` or `timeout`. */
      readonly error?: unknown;
    });

/**
 * The fields every {@link AttemptEvent} has.
 *
 * @example
 * ```ts
 * const label = (event: AttemptEventBase) => `attempt ${event.attempt} of ${event.attempts}`;
 * ```
 */
export interface AttemptEventBase {
  /** This attempt's number: 1 for the first try, 2 for the first retry, ... */
  readonly attempt: number;
  /** The most attempts this call makes: `retries + 1`. */
  readonly attempts: number;
  /** The request's full URL, query included. */
  readonly url: string;
}

/**
 * Calls the caller's hook, if any. What it throws is swallowed: reporting an attempt must not
 * change what is fetched or leave a request half done.
 */
export function tell(hook: ((event: AttemptEvent) => void) | undefined, event: AttemptEvent): void {
  if (hook === undefined) return;
  try {
    hook(event);
  } catch {
    // Deliberately ignored (see above).
  }
}
