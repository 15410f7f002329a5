import { backoffDelayMs } from '../client/backoff.js';
import { MAX_TIMER_MS, unitInterval } from '../client/wait-bounds.js';

/**
 * The wait before the next scheduled refresh after a success: `intervalMs` moved by up to
 * `± jitterRatio × intervalMs`, so processes started together drift apart instead of
 * refreshing in step. `random()` = 0 gives the shortest wait, values near 1 the longest; a
 * misbehaving `random` (NaN, out of range) is clamped rather than trusted.
 *
 * @example
 * ```ts
 * jitteredIntervalMs(60_000, 0.1, () => 0);   // 54000
 * jitteredIntervalMs(60_000, 0.1, () => 0.5); // 60000
 * jitteredIntervalMs(60_000, 0.1, () => 1);   // 66000
 * ```
 */
export function jitteredIntervalMs(intervalMs: number, jitterRatio: number, random: () => number): number {
  const offset = (2 * unitInterval(random()) - 1) * jitterRatio * intervalMs;
  return clampTimer(Math.round(intervalMs + offset));
}

/**
 * The wait before the next try after `consecutiveFailures` failures in a row: capped
 * exponential backoff with equal jitter (the client's {@link backoffDelayMs}), starting at
 * `retryDelayMs` and never beyond `intervalMs`, so a failing endpoint is retried sooner than a
 * healthy one is refreshed but never hammered. A server that asked for a pause (`retryAfterMs`
 * of a 429/418) gets at least that pause, even beyond `intervalMs`.
 *
 * @example
 * ```ts
 * failureDelayMs({ consecutiveFailures: 1, retryDelayMs: 1_000, intervalMs: 60_000, random: () => 1 }); // 1000
 * failureDelayMs({ consecutiveFailures: 3, retryDelayMs: 1_000, intervalMs: 60_000, random: () => 1 }); // 4000
 * failureDelayMs({ consecutiveFailures: 9, retryDelayMs: 1_000, intervalMs: 60_000, random: () => 1 }); // 60000
 * ```
 */
export function failureDelayMs(settings: {
  readonly consecutiveFailures: number;
  readonly retryDelayMs: number;
  readonly intervalMs: number;
  readonly random: () => number;
  readonly retryAfterMs?: number | undefined;
}): number {
  const backoff = backoffDelayMs(Math.max(0, settings.consecutiveFailures - 1), {
    baseMs: settings.retryDelayMs,
    maxMs: settings.intervalMs,
    random: settings.random,
  });
  return clampTimer(Math.max(backoff, settings.retryAfterMs ?? 0));
}

/**
 * The wait before the first refresh of a source that already has a book (from `initialBook`
 * or a snapshot file): whatever is left of a jittered interval since the book was fetched, so
 * a restart with a fresh snapshot sends no request, and one with an old snapshot refreshes at
 * once. A book "fetched" after `now` (a clock was wrong where it was written, or here) has no
 * knowable age: it is refreshed at once too.
 *
 * @example
 * ```ts
 * firstRefreshDelayMs({ fetchedAt: 1_000, now: 21_000, waitMs: 60_000 }); // 40000
 * firstRefreshDelayMs({ fetchedAt: 1_000, now: 99_000, waitMs: 60_000 }); // 0
 * firstRefreshDelayMs({ fetchedAt: 500_000, now: 0, waitMs: 60_000 }); // 0
 * ```
 */
export function firstRefreshDelayMs(settings: {
  readonly fetchedAt: number;
  readonly now: number;
  readonly waitMs: number;
}): number {
  if (!(settings.fetchedAt <= settings.now)) return 0;
  const left = settings.fetchedAt + settings.waitMs - settings.now;
  return clampTimer(Number.isFinite(left) ? Math.min(left, settings.waitMs) : 0);
}

function clampTimer(ms: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}
