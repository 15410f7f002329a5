/**
 * The longest wait a timer can take: Node fires a longer timer at once (with a warning), so no
 * delay option may exceed it and every computed wait is capped here.
 *
 * @example
 * ```ts
 * setTimeout(tick, Math.min(waitMs, MAX_TIMER_MS));
 * ```
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A draw of a caller's `random` (meant to be in [0, 1)) made safe to scale a wait by: clamped into
 * [0, 1], and a draw that is not a finite number counts as the middle, what a fair draw gives on
 * average. A misbehaving `random` thus never makes a wait negative, endless or `NaN`.
 *
 * @example
 * ```ts
 * unitInterval(0.25); // 0.25
 * unitInterval(7); // 1
 * unitInterval(Number.NaN); // 0.5
 * ```
 */
export function unitInterval(draw: number): number {
  if (!Number.isFinite(draw)) return 0.5;
  return Math.min(1, Math.max(0, draw));
}
