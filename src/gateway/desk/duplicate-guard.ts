/**
 * One key's recent orders, for the duplicate guard: each order sent (its fingerprint: symbol,
 * side, type, price, quantity) with when, oldest first, and how many of each are in the window.
 * Memory is bounded twice: entries older than the window are dropped before every look, and a
 * key keeps at most {@link MAX_RECENT_ORDERS} (past them the oldest goes, which only a key sending
 * that many different orders within one window could notice).
 *
 * @example
 * ```ts
 * const recent = new RecentOrders();
 * recent.count('BTCUSDT|BUY|LIMIT|100|0.1', 5_000, now); // 0
 * recent.add('BTCUSDT|BUY|LIMIT|100|0.1', now);
 * ```
 */
export class RecentOrders {
  /**
   * `budget` is shared by every key of one desk: past its `max` orders remembered in all, a key
   * remembering a new order forgets its own oldest first, so memory stays bounded whatever the
   * number of keys and the window (each key keeps at least its latest order).
   */
  constructor(private readonly budget: RememberedOrders = { used: 0, max: Number.POSITIVE_INFINITY }) {}

  private readonly times: number[] = [];
  private readonly prints: string[] = [];
  /** The first live entry of `times` and `prints` (those before it have been dropped). */
  private head = 0;
  private readonly counts = new Map<string, number>();

  /** Orders in the window. */
  get size(): number {
    return this.times.length - this.head;
  }

  /** How many orders with this fingerprint were sent within `windowMs` before `nowMs`. */
  count(fingerprint: string, windowMs: number, nowMs: number): number {
    this.dropOlderThan(nowMs - windowMs);
    return this.counts.get(fingerprint) ?? 0;
  }

  /** Records an order sent at `nowMs` (call {@link count} first: it drops what has aged out). */
  add(fingerprint: string, nowMs: number): void {
    if (this.size >= MAX_RECENT_ORDERS || (this.budget.used >= this.budget.max && this.size > 0))
      this.dropOldest();
    this.times.push(nowMs);
    this.prints.push(fingerprint);
    this.counts.set(fingerprint, (this.counts.get(fingerprint) ?? 0) + 1);
    this.budget.used++;
  }

  /**
   * Forgets the latest order with this fingerprint: it was not sent after all (the upstream was
   * busy or unreachable), so a client resending it is not a duplicate.
   */
  forget(fingerprint: string): void {
    for (let i = this.times.length - 1; i >= this.head; i--) {
      if (this.prints[i] !== fingerprint) continue;
      this.times.splice(i, 1);
      this.prints.splice(i, 1);
      this.budget.used--;
      const left = (this.counts.get(fingerprint) ?? 1) - 1;
      if (left === 0) this.counts.delete(fingerprint);
      else this.counts.set(fingerprint, left);
      return;
    }
  }

  /** Whether nothing is left in the window: the key's entry may then be forgotten. */
  isEmpty(windowMs: number, nowMs: number): boolean {
    this.dropOlderThan(nowMs - windowMs);
    return this.size === 0;
  }

  private dropOlderThan(cutoff: number): void {
    while (this.head < this.times.length && (this.times[this.head] as number) <= cutoff) this.dropOldest();
  }

  private dropOldest(): void {
    this.budget.used--;
    const print = this.prints[this.head] as string;
    const left = (this.counts.get(print) ?? 1) - 1;
    if (left === 0) this.counts.delete(print);
    else this.counts.set(print, left);
    this.head++;
    // Compact once the dropped part is the larger half: amortised O(1) per order.
    if (this.head > 64 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.prints.splice(0, this.head);
      this.head = 0;
    }
  }
}

/**
 * The most orders one key's duplicate guard remembers.
 *
 * @example
 * ```ts
 * MAX_RECENT_ORDERS; // 10000
 * ```
 */
export const MAX_RECENT_ORDERS = 10_000;

/**
 * How many orders one desk's duplicate guards remember in all, and the most they may: about
 * 150 bytes each, so at most some 40 MB whatever the keys, their rates and the window.
 *
 * @example
 * ```ts
 * const budget: RememberedOrders = { used: 0, max: MAX_REMEMBERED_ORDERS };
 * ```
 */
export interface RememberedOrders {
  used: number;
  readonly max: number;
}

/**
 * The most orders one desk's duplicate guards remember in all (see {@link RememberedOrders}).
 *
 * @example
 * ```ts
 * new RecentOrders({ used: 0, max: MAX_REMEMBERED_ORDERS });
 * ```
 */
export const MAX_REMEMBERED_ORDERS = 250_000;
