import type { CompiledDeskLimits } from './desk-limits.js';
import { MAX_REMEMBERED_ORDERS, type RecentOrders, type RememberedOrders } from './duplicate-guard.js';
import { isFull, type TokenBucket } from './token-bucket.js';

/**
 * Keys not listed in the limits whose throttle or duplicate state is kept at once, at most.
 *
 * @example
 * ```ts
 * MAX_TRACKED_KEYS; // 10000
 * ```
 */
export const MAX_TRACKED_KEYS = 10_000;
/** A full map is swept at most this often: a flood of new keys costs one sweep per interval. */
const SWEEP_EVERY_MS = 100;

/** One key's throttle bucket and recent orders, each made when first needed. */
export interface KeyState {
  bucket: TokenBucket | undefined;
  recent: RecentOrders | undefined;
  readonly listed: boolean;
}

/**
 * The state of every key the desk has seen. The `ACCESS-KEY` is the client's to choose, so keys
 * not listed in the limits are bounded: past {@link MAX_TRACKED_KEYS}, the keys whose state
 * says nothing a fresh one would not (a full bucket, no order in the window) are forgotten; if
 * none is, a new key is refused rather than the map grown.
 *
 * @example
 * ```ts
 * const states = new KeyStates();
 * const state = states.of('desk-key', true, performance.now(), limits); // undefined: too many keys
 * ```
 */
export class KeyStates {
  /** The orders every key's duplicate guard remembers, counted against one bound. */
  readonly remembered: RememberedOrders = { used: 0, max: MAX_REMEMBERED_ORDERS };
  private readonly states = new Map<string, KeyState>();
  private unlisted = 0;
  private lastSweep = Number.NEGATIVE_INFINITY;

  /** The state of `key`, made when first needed; undefined when too many unlisted keys are kept. */
  of(key: string, listed: boolean, nowMs: number, limits: CompiledDeskLimits): KeyState | undefined {
    const known = this.states.get(key);
    if (known !== undefined) return known;
    if (!listed && this.unlisted >= MAX_TRACKED_KEYS && !this.sweep(nowMs, limits)) return undefined;
    const state: KeyState = { bucket: undefined, recent: undefined, listed };
    this.states.set(key, state);
    if (!listed) this.unlisted++;
    return state;
  }

  /** Forgets the keys at rest; true when one was. */
  private sweep(nowMs: number, limits: CompiledDeskLimits): boolean {
    if (nowMs - this.lastSweep < SWEEP_EVERY_MS) return false;
    this.lastSweep = nowMs;
    let freed = false;
    for (const [key, state] of this.states) {
      const rate = (limits.keys.get(key) ?? limits.anyKey).maxOrdersPerSecond;
      const bucketIdle =
        state.bucket === undefined || rate === undefined || isFull(state.bucket, rate, nowMs);
      const recentIdle = state.recent === undefined || state.recent.isEmpty(limits.duplicateWindowMs, nowMs);
      if (!bucketIdle || !recentIdle) continue;
      this.states.delete(key);
      if (!state.listed) this.unlisted--;
      freed = true;
    }
    return freed;
  }
}
