/**
 * Waits `ms` milliseconds, or rejects with `signal.reason` as soon as `signal` aborts. The timer
 * is cleared on abort, so a cancelled wait keeps nothing alive.
 *
 * @example
 * ```ts
 * await abortableSleep(250, AbortSignal.timeout(100)); // rejects with a TimeoutError DOMException
 * ```
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
