/**
 * A key's order throttle: a token bucket that holds at most `rate` tokens (its burst) and gains
 * `rate` tokens a second; an order takes one. Tokens are counted in thousandths, in integers, on
 * whole milliseconds of a monotonic clock: `rate` thousandths per millisecond is exactly `rate`
 * tokens a second, so no fraction is ever rounded and nothing drifts however long it runs.
 *
 * @example
 * ```ts
 * const bucket = newBucket(5, performance.now());
 * takeToken(bucket, 5, performance.now()); // true, four left
 * ```
 */
export interface TokenBucket {
  /** Tokens in thousandths. */
  milli: number;
  /** The whole millisecond the bucket was last filled up to. */
  at: number;
}

const ONE_TOKEN = 1_000;

/**
 * A full bucket for `rate` orders a second, at `nowMs`.
 *
 * @example
 * ```ts
 * newBucket(5, 0); // { milli: 5000, at: 0 }
 * ```
 */
export function newBucket(rate: number, nowMs: number): TokenBucket {
  return { milli: rate * ONE_TOKEN, at: Math.floor(nowMs) };
}

/**
 * Fills the bucket up to `nowMs` and takes a token if it holds one; true when it did. A rate
 * lowered by a reload caps the bucket at once; a raised one fills it over the next second.
 *
 * @example
 * ```ts
 * const bucket = newBucket(2, 0);
 * takeToken(bucket, 2, 0); takeToken(bucket, 2, 0); // true, true
 * takeToken(bucket, 2, 0);   // false: empty
 * takeToken(bucket, 2, 500); // true: 500 ms gave one token back
 * ```
 */
export function takeToken(bucket: TokenBucket, rate: number, nowMs: number): boolean {
  const full = rate * ONE_TOKEN;
  const now = Math.floor(nowMs);
  const elapsed = now - bucket.at;
  // An elapsed time past a second fills any bucket: capped first, the product stays small.
  if (elapsed > 0) {
    bucket.milli = Math.min(full, bucket.milli + Math.min(elapsed, ONE_TOKEN) * rate);
    bucket.at = now;
  } else if (bucket.milli > full) bucket.milli = full;
  if (bucket.milli < ONE_TOKEN) return false;
  bucket.milli -= ONE_TOKEN;
  return true;
}

/**
 * Whether the bucket, filled up to `nowMs`, is full: it then says nothing a new bucket would not,
 * so it may be forgotten.
 *
 * @example
 * ```ts
 * isFull(newBucket(5, 0), 5, 0); // true
 * ```
 */
export function isFull(bucket: TokenBucket, rate: number, nowMs: number): boolean {
  const elapsed = Math.floor(nowMs) - bucket.at;
  return elapsed >= ONE_TOKEN || bucket.milli + Math.max(0, elapsed) * rate >= rate * ONE_TOKEN;
}

/**
 * Gives back a token taken for an order that was not sent, up to a full bucket.
 *
 * @example
 * ```ts
 * if (!sent) giveToken(bucket, rate);
 * ```
 */
export function giveToken(bucket: TokenBucket, rate: number): void {
  bucket.milli = Math.min(rate * ONE_TOKEN, bucket.milli + ONE_TOKEN);
}
