/**
 * Reads a `Retry-After` header (delta-seconds or an HTTP date) as milliseconds from `now`.
 * A date in the past gives `0`; a missing or unreadable header gives `undefined`. Fractional
 * seconds, which RFC 9110 does not allow but some servers send, are accepted.
 *
 * @example
 * ```ts
 * parseRetryAfterMs('7'); // 7000
 * parseRetryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT')); // 60000
 * parseRetryAfterMs('soon'); // undefined
 * ```
 */
export function parseRetryAfterMs(
  header: string | readonly string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const value = (typeof header === 'string' ? header : header?.[0])?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.min(Number.MAX_SAFE_INTEGER, Math.ceil(Number(value) * 1000));
  // Date.parse would take a bare number such as "-1" as a year, hence the letter check.
  if (!/[A-Za-z]/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
