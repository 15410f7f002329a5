import { unitInterval } from './wait-bounds.js';

/**
 * Settings for {@link backoffDelayMs}.
 *
 * @example
 * ```ts
 * const settings: BackoffSettings = { baseMs: 250, maxMs: 5_000, random: Math.random };
 * ```
 */
export interface BackoffSettings {
  /** The ceiling of the first wait; each later wait doubles it. */
  readonly baseMs: number;
  /** No wait is longer than this. */
  readonly maxMs: number;
  /**
   * A source of numbers in [0, 1); `Math.random` unless a test pins it. A draw outside [0, 1] is
   * clamped, one that is not a finite number counts as 0.5 (see `unitInterval`).
   */
  readonly random?: () => number;
}

/**
 * How long to wait before retry number `retryIndex + 1`: capped exponential backoff with equal
 * jitter. The ceiling is `min(maxMs, baseMs * 2^retryIndex)` and the wait is drawn from
 * `[ceiling / 2, ceiling]`.
 *
 * Equal jitter rather than full jitter: clients that failed together still spread out, but
 * none comes straight back to a server that has just answered 5xx.
 *
 * @example
 * ```ts
 * backoffDelayMs(0, { baseMs: 250, maxMs: 5_000, random: () => 0 }); // 125
 * backoffDelayMs(3, { baseMs: 250, maxMs: 5_000, random: () => 1 }); // 2000
 * backoffDelayMs(9, { baseMs: 250, maxMs: 5_000, random: () => 1 }); // 5000
 * ```
 */
export function backoffDelayMs(retryIndex: number, settings: BackoffSettings): number {
  const ceiling = Math.max(0, Math.min(settings.maxMs, settings.baseMs * 2 ** Math.max(0, retryIndex)));
  const half = ceiling / 2;
  return Math.round(half + unitInterval((settings.random ?? Math.random)()) * half);
}
