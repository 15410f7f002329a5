import { RuleBook } from '../book/rule-book.js';
import { diffRuleBooks } from '../diff/diff-rule-books.js';
import { isClientClosedError, isRateLimitedError } from '../errors/http-errors.js';
import type { ValidationContext, ValidationResult } from '../validation/violation-codes.js';
import { failureDelayMs, firstRefreshDelayMs, jitteredIntervalMs } from './refresh-delay.js';
import { readSnapshotFile, writeSnapshotFile } from './snapshot-file.js';
import { NoRuleBookError, RuleBookSourceCallbackError, RuleBookSourceStoppedError } from './source-errors.js';
import {
  type ResolvedRuleBookSourceOptions,
  type RuleBookSourceOptions,
  resolveRuleBookSourceOptions,
} from './source-options.js';

/**
 * Counters of a {@link RuleBookSource}, as a frozen copy taken when read. Times come from the
 * source's `now` clock.
 *
 * @example
 * ```ts
 * const { refreshes, failures, consecutiveFailures, lastSuccessAt } = source.stats;
 * metrics.gauge('rulebook.consecutive_failures', consecutiveFailures);
 * ```
 */
export interface RuleBookSourceStats {
  /** Successful fetches (each one swapped a book in, changed or not). */
  readonly refreshes: number;
  /** Failed fetches. Fetches aborted by `stop()` are not counted. */
  readonly failures: number;
  /** Failed fetches since the last success. */
  readonly consecutiveFailures: number;
  /** Refreshes whose book differed from the one it replaced (each one called `onChange`). */
  readonly changes: number;
  /** When the last successful fetch finished, or `undefined`. */
  readonly lastSuccessAt: number | undefined;
  /** When the last failed fetch finished, or `undefined`. */
  readonly lastFailureAt: number | undefined;
}

/**
 * Where a source is in its life: created (`idle`), refreshing on a timer (`running`), or
 * `stopped` for good.
 *
 * @example
 * ```ts
 * if (source.state !== 'running') source.start();
 * ```
 */
export type RuleBookSourceState = 'idle' | 'running' | 'stopped';

/**
 * A rule book that keeps itself up to date; see {@link createRuleBookSource}.
 *
 * @example
 * ```ts
 * const source = createRuleBookSource({ client, intervalMs: 60_000 });
 * const book = await source.ready();
 * source.validateOrder(order, context); // always against the newest whole book
 * await source.stop();
 * ```
 */
export interface RuleBookSource {
  /** `idle` until `start()` (or `ready()`), `running` until `stop()`, then `stopped`. */
  readonly state: RuleBookSourceState;
  /** The error of the last failed fetch; `undefined` again after a success. */
  readonly lastError: unknown;
  /** See {@link RuleBookSourceStats}. */
  readonly stats: RuleBookSourceStats;
  /** When the next scheduled refresh is due (source clock), or `undefined` when none is. */
  readonly nextRefreshAt: number | undefined;
  /** The current book (one whole book, never a mix), or `undefined` before the first. */
  current(): RuleBook | undefined;
  /**
   * The first book: at once when there is one, otherwise the outcome of the next fetch (or
   * snapshot load). Rejects with the fetch's error when that fetch fails and there is still no
   * book; the source keeps retrying, and a later `ready()` waits for the next try. Rejects with
   * {@link RuleBookSourceStoppedError} once stopped without a book, and with the
   * `ClientClosedError` once a closed client ended the loop. Starts an `idle` source.
   */
  ready(): Promise<RuleBook>;
  /**
   * Fetches now and resolves with the new book (or rejects with the fetch's error, keeping the
   * old book). Calls made while a fetch is in flight share it: one request. Works on an `idle`
   * source too (manual mode); on a running one, the next scheduled refresh is counted from now.
   * A failure also goes to `onError`, so a `refresh()` nobody awaits never causes an
   * `unhandledRejection`.
   */
  refresh(): Promise<RuleBook>;
  /** `now() − book.fetchedAt` in ms (never negative), or `undefined` without a book. */
  ageMs(): number | undefined;
  /** True without a book, or when the book is older than `maxAgeMs`. */
  isStale(): boolean;
  /**
   * `current().validateOrder(order, context)`. The book is read once, so the whole check sees
   * one book even if a refresh swaps it meanwhile.
   *
   * @throws {NoRuleBookError} before the first book (the only throw: a bad order is a result).
   */
  validateOrder(order: unknown, context?: ValidationContext): ValidationResult;
  /**
   * Starts refreshing: loads `snapshotFile` when there is no book yet, then fetches at once
   * (no book) or when the book is due (a book from `initialBook` or the snapshot). Idempotent.
   *
   * @throws {RuleBookSourceStoppedError} after `stop()`.
   */
  start(): void;
  /**
   * Stops for good: clears the timer, aborts a fetch in flight (its `refresh()` callers get
   * {@link RuleBookSourceStoppedError}), waits for it and for a snapshot write to settle, and
   * keeps the last book readable. Idempotent; does not close the client.
   */
  stop(): Promise<void>;
}

/**
 * Creates a source of rule books for a long-running gateway: it fetches exchange info every
 * `intervalMs` (± jitter), compiles it, and swaps the new book in with a single reference
 * assignment, so a validation in flight sees one whole book, old or new.
 *
 * - A failed refresh keeps the last good book, sets `lastError`, calls `onError`, and retries
 *   sooner (backoff from `retryDelayMs`, capped at `intervalMs`; a 429/418's `Retry-After` is
 *   honoured even beyond it). After `ClientClosedError` the loop ends (retrying cannot help).
 * - `onChange(diff, book, previous)` follows each refresh whose book differs from the one it
 *   replaced; the first book calls nothing (await `ready()` for it), an identical refetch
 *   calls nothing but still renews the book's `fetchedAt`, so its age restarts.
 * - With `snapshotFile`, a start without a book loads it (no request while it is fresh) and,
 *   unless `writeSnapshot: false`, every successful fetch rewrites it atomically.
 * - Callbacks cannot break the loop: an `onChange` exception goes to `onError` as a
 *   {@link RuleBookSourceCallbackError}; an `onError` exception is swallowed.
 * - The timer is `unref()`ed unless `keepProcessAlive`; `stop()` leaves nothing running.
 *
 * Nothing happens until `start()` or `ready()`.
 *
 * @throws {InvalidQueryError} when an option is invalid; `parameter` names it.
 * @example
 * ```ts
 * import { createRuleBookSource, ExchangeInfoClient } from 'order-preflight';
 *
 * const client = new ExchangeInfoClient({ baseUrl: 'https://api.example.com' });
 * const source = createRuleBookSource({
 *   client,
 *   intervalMs: 5 * 60_000,
 *   maxAgeMs: 30 * 60_000,
 *   snapshotFile: '/var/lib/gateway/rule-book.json',
 *   onChange: (diff) => log.info({ diff }, 'exchange rules changed'),
 *   onError: (error) => log.warn({ error }, 'rule-book refresh failed'),
 * });
 * await source.ready();
 * if (source.isStale()) alert('trading on old rules');
 * const verdict = source.validateOrder(order, { referencePrice: lastPrice });
 * // on shutdown:
 * await source.stop();
 * await client.close();
 * ```
 */
export function createRuleBookSource(options: RuleBookSourceOptions): RuleBookSource {
  return new RefreshingRuleBookSource(resolveRuleBookSourceOptions(options));
}

interface Waiter {
  readonly resolve: (book: RuleBook) => void;
  readonly reject: (error: unknown) => void;
}

const ignore = (): void => {};

class RefreshingRuleBookSource implements RuleBookSource {
  readonly #options: ResolvedRuleBookSourceOptions;
  /** Aborted by `stop()`: the fetch in flight and a snapshot read listen to it. */
  readonly #lifetime = new AbortController();
  #state: RuleBookSourceState = 'idle';
  #book: RuleBook | undefined;
  #lastError: unknown;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #nextRefreshAt: number | undefined;
  #inFlight: Promise<RuleBook> | undefined;
  #booting: Promise<void> | undefined;
  #snapshotWrites: Promise<void> = Promise.resolve();
  #stopping: Promise<void> | undefined;
  #waiters: Waiter[] = [];
  /** Set when the loop ended on its own (a closed client): no book is coming. */
  #endedBy: { readonly error: unknown } | undefined;
  #refreshes = 0;
  #failures = 0;
  #consecutiveFailures = 0;
  #changes = 0;
  #lastSuccessAt: number | undefined;
  #lastFailureAt: number | undefined;

  constructor(options: ResolvedRuleBookSourceOptions) {
    this.#options = options;
    this.#book = options.initialBook;
  }

  get state(): RuleBookSourceState {
    return this.#state;
  }

  get lastError(): unknown {
    return this.#lastError;
  }

  get stats(): RuleBookSourceStats {
    return Object.freeze({
      refreshes: this.#refreshes,
      failures: this.#failures,
      consecutiveFailures: this.#consecutiveFailures,
      changes: this.#changes,
      lastSuccessAt: this.#lastSuccessAt,
      lastFailureAt: this.#lastFailureAt,
    });
  }

  get nextRefreshAt(): number | undefined {
    return this.#nextRefreshAt;
  }

  current(): RuleBook | undefined {
    return this.#book;
  }

  ready(): Promise<RuleBook> {
    if (this.#state === 'idle') this.start();
    if (this.#book !== undefined) return Promise.resolve(this.#book);
    if (this.#state === 'stopped') return Promise.reject(new RuleBookSourceStoppedError());
    if (this.#endedBy !== undefined) return Promise.reject(this.#endedBy.error);
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  refresh(): Promise<RuleBook> {
    if (this.#state === 'stopped') return Promise.reject(new RuleBookSourceStoppedError());
    if (this.#inFlight !== undefined) return this.#inFlight;
    this.#clearTimer();
    // Started a tick later, so #inFlight is set before the fetch can possibly settle.
    const attempt = Promise.resolve().then(() => this.#fetchAndSwap());
    this.#inFlight = attempt;
    // Marked handled, so a refresh nobody awaits (the timer's) never is an unhandled rejection.
    attempt.catch(ignore);
    return attempt;
  }

  ageMs(): number | undefined {
    const book = this.#book;
    return book === undefined ? undefined : Math.max(0, this.#options.now() - book.fetchedAt);
  }

  isStale(): boolean {
    const age = this.ageMs();
    return age === undefined || age > this.#options.maxAgeMs;
  }

  validateOrder(order: unknown, context?: ValidationContext): ValidationResult {
    const book = this.#book;
    if (book === undefined) {
      throw new NoRuleBookError(this.#lastError === undefined ? undefined : { cause: this.#lastError });
    }
    return book.validateOrder(order, context);
  }

  start(): void {
    if (this.#state === 'stopped') throw new RuleBookSourceStoppedError();
    if (this.#state === 'running') return;
    this.#state = 'running';
    this.#booting = this.#boot().catch((error: unknown) => this.#report(error));
  }

  stop(): Promise<void> {
    if (this.#stopping !== undefined) return this.#stopping;
    this.#state = 'stopped';
    this.#clearTimer();
    const reason = new RuleBookSourceStoppedError();
    this.#lifetime.abort(reason);
    this.#rejectWaiters(reason);
    const booting = this.#booting;
    const inFlight = this.#inFlight;
    this.#stopping = (async () => {
      await booting;
      await inFlight?.then(ignore, ignore);
      await this.#snapshotWrites;
    })();
    return this.#stopping;
  }

  async #boot(): Promise<void> {
    const { snapshotFile, intervalMs, jitterRatio, random, now } = this.#options;
    if (this.#book === undefined && snapshotFile !== undefined) {
      try {
        const book = await readSnapshotFile(snapshotFile, this.#lifetime.signal);
        // A fetch that finished while the file was read has the newer book.
        if (book !== undefined && this.#book === undefined && this.#state === 'running') this.#swap(book);
      } catch (error) {
        if (this.#state === 'running') this.#report(error);
      }
    }
    // A refresh() called meanwhile schedules the next one itself.
    if (this.#state !== 'running' || this.#inFlight !== undefined || this.#timer !== undefined) return;
    const book = this.#book;
    if (book === undefined) {
      void this.refresh();
      return;
    }
    const waitMs = jitteredIntervalMs(intervalMs, jitterRatio, random);
    this.#schedule(firstRefreshDelayMs({ fetchedAt: book.fetchedAt, now: now(), waitMs }));
  }

  /**
   * One fetch, settled in one synchronous step (#inFlight cleared, counters, swap, callbacks,
   * next timer), so whoever awaits the result sees the source already in its new state.
   */
  async #fetchAndSwap(): Promise<RuleBook> {
    const { client, query, now } = this.#options;
    const signal = this.#lifetime.signal;
    let book: RuleBook;
    try {
      signal.throwIfAborted(); // stop() came between refresh() and this first step
      const info = await client.fetchExchangeInfo(query, { signal });
      signal.throwIfAborted();
      book = RuleBook.fromExchangeInfo(info, { fetchedAt: now() });
    } catch (error) {
      this.#inFlight = undefined;
      // Aborted by stop(): not a failure of the exchange's, and nobody is to be told.
      if (signal.aborted) throw signal.reason;
      this.#failures++;
      this.#consecutiveFailures++;
      this.#lastError = error;
      this.#lastFailureAt = now();
      this.#report(error);
      if (this.#book === undefined) this.#rejectWaiters(error);
      this.#scheduleAfterFailure(error);
      throw error;
    }
    this.#inFlight = undefined;
    this.#endedBy = undefined;
    this.#refreshes++;
    this.#consecutiveFailures = 0;
    this.#lastError = undefined;
    this.#lastSuccessAt = now();
    this.#swap(book);
    this.#saveSnapshot(book);
    this.#scheduleAfterSuccess();
    return book;
  }

  /** The one place the book changes: a single assignment, then the news. */
  #swap(next: RuleBook): void {
    const previous = this.#book;
    this.#book = next;
    for (const waiter of this.#takeWaiters()) waiter.resolve(next);
    if (previous === undefined || previous === next) return;
    let diff: ReturnType<typeof diffRuleBooks>;
    try {
      diff = diffRuleBooks(previous, next);
    } catch (error) {
      this.#report(error);
      return;
    }
    if (diff.isEmpty) return;
    this.#changes++;
    try {
      this.#options.onChange?.(diff, next, previous);
    } catch (error) {
      this.#report(new RuleBookSourceCallbackError('onChange', { cause: error }));
    }
  }

  #scheduleAfterSuccess(): void {
    // Not running (manual mode, stopped), or a refresh() from onChange is already on its way.
    if (this.#state !== 'running' || this.#inFlight !== undefined) return;
    const { intervalMs, jitterRatio, random } = this.#options;
    this.#schedule(jitteredIntervalMs(intervalMs, jitterRatio, random));
  }

  #scheduleAfterFailure(error: unknown): void {
    if (this.#state !== 'running' || this.#inFlight !== undefined) return;
    // A closed client fails every later call the same way: the loop ends, the book stays.
    if (isClientClosedError(error)) {
      this.#endedBy = { error };
      return;
    }
    const { intervalMs, retryDelayMs, random } = this.#options;
    this.#schedule(
      failureDelayMs({
        consecutiveFailures: this.#consecutiveFailures,
        retryDelayMs,
        intervalMs,
        random,
        retryAfterMs: isRateLimitedError(error) ? error.retryAfterMs : undefined,
      }),
    );
  }

  #schedule(delayMs: number): void {
    this.#clearTimer();
    this.#nextRefreshAt = this.#options.now() + delayMs;
    const timer = setTimeout(() => {
      this.#timer = undefined;
      this.#nextRefreshAt = undefined;
      this.refresh().catch(ignore);
    }, delayMs);
    if (!this.#options.keepProcessAlive) timer.unref?.();
    this.#timer = timer;
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#nextRefreshAt = undefined;
  }

  #saveSnapshot(book: RuleBook): void {
    const { snapshotFile, writeSnapshot } = this.#options;
    if (!writeSnapshot || snapshotFile === undefined) return;
    // One write at a time, in fetch order, so the file always ends up holding the newest book.
    this.#snapshotWrites = this.#snapshotWrites.then(() =>
      writeSnapshotFile(snapshotFile, book).catch((error: unknown) => this.#report(error)),
    );
  }

  #report(error: unknown): void {
    try {
      this.#options.onError?.(error);
    } catch {
      // The error handler itself failed; there is nobody left to tell.
    }
  }

  #takeWaiters(): Waiter[] {
    const waiters = this.#waiters;
    this.#waiters = [];
    return waiters;
  }

  #rejectWaiters(error: unknown): void {
    for (const waiter of this.#takeWaiters()) waiter.reject(error);
  }
}
