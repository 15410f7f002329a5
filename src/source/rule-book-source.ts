import { type RuleBook, ruleBookSteps } from '../book/rule-book.js';
import { isClientClosedError } from '../client/errors/client-closed-error.js';
import { isRateLimitedError } from '../client/errors/rate-limited-error.js';
import { diffRuleBooks, diffRuleBooksSteps, type RuleBookDiff } from '../diff/diff-rule-books.js';
import type { ExchangeInfo } from '../exchange-info/schema.js';
import type { ValidationContext } from '../order/order-input.js';
import type { OrderVerdict, ValidationResult } from '../validation/violation-codes.js';
import { scanExchangeInfoText } from './exchange-info-body.js';
import { fingerprintExchangeInfo } from './fingerprint.js';
import { ImplausibleRuleBookError } from './implausible-rule-book-error.js';
import { NoRuleBookError } from './no-rule-book-error.js';
import { assessRefresh } from './plausibility.js';
import { failureDelayMs, firstRefreshDelayMs, jitteredIntervalMs } from './refresh-delay.js';
import { RuleBookSourceCallbackError } from './rule-book-source-callback-error.js';
import { RuleBookSourceStoppedError } from './rule-book-source-stopped-error.js';
import { type Slicer, slicerFor } from './slicer.js';
import { readSnapshotFile, removeLeftoverSnapshotFiles, writeSnapshotFile } from './snapshot-file.js';
import { SnapshotFileError } from './snapshot-file-error.js';
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
  /**
   * Successful fetches: each one swapped a new book in, or found that the exchange's answer
   * said nothing new (then the current book stays, and its age restarts).
   */
  readonly refreshes: number;
  /**
   * Failed fetches, refused books included. Fetches aborted by `stop()` are not counted.
   */
  readonly failures: number;
  /** Fetched books the plausibility guard refused (each one also counted in `failures`). */
  readonly refused: number;
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
   * Fetches now and resolves with the book in force afterwards: the new one, or the current one
   * when the answer said nothing new. Rejects with the fetch's error, or with an
   * {@link ImplausibleRuleBookError} when the plausibility guard refused the new book, keeping
   * the old one either way. Calls made while a fetch is in flight share it: one request. Works on
   * an `idle` source too (manual mode); on a running one, the next scheduled refresh is counted
   * from now. A failure also goes to `onError`, so a `refresh()` nobody awaits never causes an
   * `unhandledRejection`.
   */
  refresh(): Promise<RuleBook>;
  /**
   * How long ago the exchange last vouched for the current book, in ms (never negative): since
   * its `fetchedAt`, or since a later refetch that found nothing new, whichever is later.
   * Elapsed time is counted on the monotonic clock (`monotonicNow`), so a wall clock stepped back
   * never makes the book younger; when the wall clock counts more (a machine that was
   * suspended), its count is taken. `undefined` without a book, and for a book whose `fetchedAt`
   * was after now when it was loaded (a snapshot from a wrong clock), until a fetch replaces or
   * confirms it.
   */
  ageMs(): number | undefined;
  /** True when `ageMs()` is `undefined` (no book, or an unknowable age) or over `maxAgeMs`. */
  isStale(): boolean;
  /**
   * `current().validateOrder(order, context)`. The book is read once, so the whole check sees
   * one book even if a refresh swaps it meanwhile.
   *
   * @throws {NoRuleBookError} before the first book (the only throw: a bad order is a result).
   */
  validateOrder(order: unknown, context?: ValidationContext): ValidationResult;
  /**
   * `current().checkOrder(order, context)`: the verdict without its explanations, against one
   * book as {@link RuleBookSource.validateOrder} is.
   *
   * @throws {NoRuleBookError} before the first book.
   */
  checkOrder(order: unknown, context?: ValidationContext): OrderVerdict;
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
 * - **Plausibility guard.** A fetched book with no usable pair, or one lacking more than
 *   `maxLossShare` (default half) of the current book's usable pairs, is refused like a failed
 *   fetch: the last good book stays, nothing is written, and `onError` gets an
 *   {@link ImplausibleRuleBookError} carrying the diff. A source with a narrowed `query` counts
 *   only the pairs its query asks for. `acceptRefresh` (or `maxLossShare: 1`) accepts a real
 *   mass delisting. A first book is refused only when it has no usable pair. With
 *   `keepRuleFields: true` (for risk gateways; default off), a book in which a pair that is still
 *   listed lacks a rule field it had is refused too (reason `rule-fields-removed`, with
 *   `removedFields`): a refresh never quietly turns checks that ran into skipped ones. A refused
 *   refresh does not vouch for the book in force: while refusals go on, it ages and goes stale.
 * - **Never stalls.** The work after the fetch (parsing a client's raw body when it offers
 *   `fetchExchangeInfoText`, compiling, diffing, writing the snapshot) runs in slices of a few
 *   ms with event-loop turns between them, so orders keep being checked during a 20,000-pair
 *   refresh. An answer that says nothing new (equal but for `serverTime`) is recognised from a
 *   digest and costs no compile, no diff and no write: the current book stays and its age
 *   restarts.
 * - `onChange(diff, book, previous)` follows each refresh whose book differs from the one it
 *   replaced; the first book calls nothing (await `ready()` for it), nor does a refetch that
 *   found nothing new.
 * - With `snapshotFile`, a start without a book removes what crashed writes left beside the
 *   file, then loads it (no request while it is fresh) and, unless `writeSnapshot: false`,
 *   every newly swapped-in book rewrites it atomically, unless the file already holds a later
 *   book or a newer format (see the option for the details).
 * - Callbacks cannot break the loop: an `onChange` exception goes to `onError` as a
 *   {@link RuleBookSourceCallbackError}; an `onError` exception is swallowed.
 * - The timer is `unref()`ed unless `keepProcessAlive`; `stop()` leaves nothing running.
 *
 * Nothing happens until `start()` or `ready()`.
 *
 * @throws {InvalidArgumentError} when an option is invalid; `argument` names it (`options.intervalMs`).
 * @example
 * ```ts
 * import { createRuleBookSource, ExchangeInfoClient, isImplausibleRuleBookError } from 'order-preflight/node';
 *
 * const client = new ExchangeInfoClient({ baseUrl: 'https://api.example.com' });
 * const source = createRuleBookSource({
 *   client,
 *   intervalMs: 5 * 60_000,
 *   maxAgeMs: 30 * 60_000,
 *   snapshotFile: '/var/lib/gateway/rule-book.json',
 *   maxLossShare: 0.2, // refuse a book that lacks more than a fifth of today's pairs
 *   onChange: (diff) => log.info({ diff }, 'exchange rules changed'),
 *   onError: (error) =>
 *     isImplausibleRuleBookError(error)
 *       ? log.error({ removed: error.diff.removed.length }, 'refused an implausible rule book')
 *       : log.warn({ error }, 'rule-book refresh failed'),
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

/**
 * When the exchange last vouched for the book: on the wall clock (what `fetchedAt` says, shown
 * and written), the book's age by that clock at that moment, and the monotonic clock's reading
 * then, from which elapsed time is counted.
 */
interface Vouch {
  readonly wallAt: number;
  readonly ageThenMs: number;
  readonly monotonicAt: number;
}

/** What one fetch brought, before it is assessed and settled; `at`: when the answer came. */
type Fetched =
  | { readonly kind: 'unchanged'; readonly at: Vouch }
  | {
      readonly kind: 'book';
      readonly at: Vouch;
      readonly book: RuleBook;
      /** The book `diff` was made against: the current one when the sliced work began. */
      readonly previous: RuleBook | undefined;
      readonly diff: RuleBookDiff | undefined;
      readonly fingerprint: string | undefined;
    };

const ignore = (): void => {};

/** Roughly the text of one pair definition on the wire, to size a job before it is parsed. */
const TEXT_BYTES_PER_DEFINITION = 512;

class RefreshingRuleBookSource implements RuleBookSource {
  readonly #options: ResolvedRuleBookSourceOptions;
  /** Aborted by `stop()`: the fetch in flight, its sliced work and a snapshot read listen to it. */
  readonly #lifetime = new AbortController();
  #state: RuleBookSourceState = 'idle';
  #book: RuleBook | undefined;
  /**
   * When the exchange last vouched for `#book` (its `fetchedAt`, or a later refetch that found
   * nothing new); `undefined` when its age cannot be known (stamped after now when loaded).
   */
  #vouched: Vouch | undefined;
  /** The digest of the answer `#book` was made from; `undefined` for a book from elsewhere. */
  #fingerprint: string | undefined;
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
  #refused = 0;
  #consecutiveFailures = 0;
  #changes = 0;
  #lastSuccessAt: number | undefined;
  #lastFailureAt: number | undefined;

  constructor(options: ResolvedRuleBookSourceOptions) {
    this.#options = options;
    const book = options.initialBook?.withClientOrderIds(options.clientOrderIds);
    if (book !== undefined) {
      this.#book = book;
      this.#vouched = this.#vouchOf(book);
    }
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
      refused: this.#refused,
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
    const vouched = this.#vouched;
    if (this.#book === undefined || vouched === undefined) return undefined;
    const { now, monotonicNow } = this.#options;
    // Elapsed time comes from the monotonic clock, which a wall clock stepped back cannot
    // shorten; the wall clock's count still wins when larger (a suspended machine, whose
    // monotonic clock may have stopped meanwhile), so a book only ever looks older, never younger.
    const byWallClock = Math.max(0, now() - vouched.wallAt);
    const elapsed = Math.max(0, Math.floor(monotonicNow() - vouched.monotonicAt));
    return Math.max(byWallClock, vouched.ageThenMs + elapsed);
  }

  isStale(): boolean {
    const age = this.ageMs();
    return age === undefined || age > this.#options.maxAgeMs;
  }

  validateOrder(order: unknown, context?: ValidationContext): ValidationResult {
    return this.#bookOrThrow().validateOrder(order, context);
  }

  checkOrder(order: unknown, context?: ValidationContext): OrderVerdict {
    return this.#bookOrThrow().checkOrder(order, context);
  }

  #bookOrThrow(): RuleBook {
    const book = this.#book;
    if (book === undefined) {
      throw new NoRuleBookError(this.#lastError === undefined ? undefined : { cause: this.#lastError });
    }
    return book;
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
    const { snapshotFile, writeSnapshot, intervalMs, jitterRatio, random, now } = this.#options;
    if (snapshotFile !== undefined && writeSnapshot) {
      // What crashed writes left, once provably abandoned (old enough that no live write, in
      // this process or any other, can own it). File times are wall-clock times: the source's
      // own clock, maybe a test's, is not used.
      try {
        await removeLeftoverSnapshotFiles(snapshotFile);
      } catch (error) {
        if (this.#state === 'running') this.#report(error);
      }
    }
    if (this.#book === undefined && snapshotFile !== undefined && this.#state === 'running') {
      try {
        const book = (await readSnapshotFile(snapshotFile, this.#lifetime.signal))?.withClientOrderIds(
          this.#options.clientOrderIds,
        );
        // A fetch that finished while the file was read has the newer book.
        if (book !== undefined && this.#book === undefined && this.#state === 'running') {
          this.#swap(book, undefined, { fingerprint: undefined, vouched: this.#vouchOf(book) });
          const at = now();
          if (book.fetchedAt > at)
            this.#report(
              new SnapshotFileError({
                path: snapshotFile,
                operation: 'read',
                reason: 'fetched-in-future',
                fetchedAt: book.fetchedAt,
                now: at,
              }),
            );
        }
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
   * One fetch and the sliced work on its answer, then settled in one synchronous step
   * (#inFlight cleared, assessed, counters, swap, callbacks, next timer), so whoever awaits the
   * result sees the source already in its new state.
   */
  async #fetchAndSwap(): Promise<RuleBook> {
    const signal = this.#lifetime.signal;
    let fetched: Fetched;
    try {
      signal.throwIfAborted(); // stop() came between refresh() and this first step
      fetched = await this.#fetch(signal);
      signal.throwIfAborted();
    } catch (error) {
      this.#inFlight = undefined;
      // Aborted by stop(): not a failure of the exchange's, and nobody is to be told.
      if (signal.aborted) throw signal.reason;
      this.#fail(error);
      throw error;
    }
    this.#inFlight = undefined;
    const current = this.#book;
    if (fetched.kind === 'unchanged') {
      // Nothing to compile, assess, announce or write: the exchange vouched for the book again.
      this.#succeed();
      this.#vouched = fetched.at;
      this.#scheduleAfterSuccess();
      return current!; // "unchanged" is only ever decided against a book, and books are never removed
    }
    const { book } = fetched;
    // The diff was made against the book current when the work began; only a snapshot loaded
    // meanwhile (into a source that had none) can have replaced it.
    const diff = current === fetched.previous ? fetched.diff : undefined;
    const refusal = this.#assess(book, current, diff);
    if (refusal !== undefined) {
      this.#refused++;
      this.#fail(refusal);
      throw refusal;
    }
    this.#succeed();
    let announced = diff;
    if (announced === undefined && current !== undefined) {
      // A snapshot loaded during the fetch replaced the book the sliced diff was made against
      // (rare: only a source that had no book): the diff to announce is made in one go.
      try {
        announced = diffRuleBooks(current, book);
      } catch (error) {
        this.#report(error);
      }
    }
    this.#swap(book, announced, { fingerprint: fetched.fingerprint, vouched: fetched.at });
    this.#saveSnapshot(book);
    this.#scheduleAfterSuccess();
    return book;
  }

  /**
   * Fetches, and does everything that can be done before settling, a slice at a time: parsing
   * a raw body, recognising an answer that says nothing new, compiling, diffing.
   */
  async #fetch(signal: AbortSignal): Promise<Fetched> {
    const { client, query } = this.#options;
    let slicer: Slicer;
    let info: ExchangeInfo;
    let at: Vouch;
    let fingerprint: string | undefined;
    if (typeof client.fetchExchangeInfoText === 'function') {
      const text = await client.fetchExchangeInfoText(query, { signal });
      at = this.#vouchNow();
      if (typeof text !== 'string')
        throw new TypeError("the client's fetchExchangeInfoText must resolve with the response text");
      // A definition is about 500 bytes of text: the size tells a small job from a large one.
      slicer = slicerFor(Math.ceil(text.length / TEXT_BYTES_PER_DEFINITION), signal);
      const body = await scanExchangeInfoText(text, slicer);
      fingerprint = `text:${body.fingerprint}`;
      if (this.#isCurrent(fingerprint)) return { kind: 'unchanged', at };
      info = await body.parse(slicer);
    } else {
      info = await client.fetchExchangeInfo(query, { signal });
      at = this.#vouchNow();
      slicer = slicerFor(Array.isArray(info.symbols) ? info.symbols.length : 0, signal);
      const digest = await fingerprintExchangeInfo(info, slicer);
      fingerprint = digest === undefined ? undefined : `info:${digest}`;
      if (this.#isCurrent(fingerprint)) return { kind: 'unchanged', at };
    }
    const book = await slicer.run(
      ruleBookSteps(info, { fetchedAt: at.wallAt, clientOrderIds: this.#options.clientOrderIds }),
    );
    const previous = this.#book;
    const diff = previous === undefined ? undefined : await slicer.run(diffRuleBooksSteps(previous, book));
    return { kind: 'book', at, book, previous, diff, fingerprint };
  }

  #isCurrent(fingerprint: string | undefined): boolean {
    return fingerprint !== undefined && this.#book !== undefined && fingerprint === this.#fingerprint;
  }

  /** The plausibility guard, with `acceptRefresh` as the way past it. */
  #assess(book: RuleBook, previous: RuleBook | undefined, diff: RuleBookDiff | undefined) {
    const { query, maxLossShare, keepRuleFields, acceptRefresh } = this.#options;
    const refusal = assessRefresh({ next: book, previous, diff, query, maxLossShare, keepRuleFields });
    if (refusal === undefined || acceptRefresh === undefined) return refusal;
    try {
      return acceptRefresh(refusal.diff, book, previous, refusal) === true ? undefined : refusal;
    } catch (error) {
      return new ImplausibleRuleBookError(
        {
          reason: refusal.reason,
          diff: refusal.diff,
          usableBefore: refusal.usableBefore,
          usableAfter: refusal.usableAfter,
          lost: refusal.lost,
          maxLossShare: refusal.maxLossShare,
          removedFields: refusal.removedFields,
        },
        { cause: error },
      );
    }
  }

  #succeed(): void {
    this.#endedBy = undefined;
    this.#refreshes++;
    this.#consecutiveFailures = 0;
    this.#lastError = undefined;
    this.#lastSuccessAt = this.#options.now();
  }

  #fail(error: unknown): void {
    this.#failures++;
    this.#consecutiveFailures++;
    this.#lastError = error;
    this.#lastFailureAt = this.#options.now();
    this.#report(error);
    if (this.#book === undefined) this.#rejectWaiters(error);
    this.#scheduleAfterFailure(error);
  }

  /**
   * What vouches for a book from elsewhere (`initialBook`, the snapshot): its `fetchedAt`, and
   * its age by the wall clock now; `undefined` when it is after now: a book with no knowable age.
   */
  #vouchOf(book: RuleBook): Vouch | undefined {
    const { now, monotonicNow } = this.#options;
    const at = now();
    if (!(book.fetchedAt <= at)) return undefined;
    return { wallAt: book.fetchedAt, ageThenMs: at - book.fetchedAt, monotonicAt: monotonicNow() };
  }

  /** The moment an answer came: vouched for just now. */
  #vouchNow(): Vouch {
    const { now, monotonicNow } = this.#options;
    return { wallAt: now(), ageThenMs: 0, monotonicAt: monotonicNow() };
  }

  /**
   * The one place the book changes after construction: a single assignment (with what vouches
   * for the new book), then the news.
   */
  #swap(
    next: RuleBook,
    diff: RuleBookDiff | undefined,
    origin: { readonly fingerprint: string | undefined; readonly vouched: Vouch | undefined },
  ): void {
    const previous = this.#book;
    this.#book = next;
    this.#fingerprint = origin.fingerprint;
    this.#vouched = origin.vouched;
    for (const waiter of this.#takeWaiters()) waiter.resolve(next);
    if (previous === undefined || previous === next || diff === undefined || diff.isEmpty) return;
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
    // One write at a time, in fetch order: this process never puts an older book over a newer
    // one, and the write itself keeps another process's newer book (or newer format) in place.
    // Each write is followed by the clean-up, so what a crash left is removed within a write of
    // turning old enough, not only at the next start.
    this.#snapshotWrites = this.#snapshotWrites.then(async () => {
      try {
        await writeSnapshotFile(snapshotFile, book);
        await removeLeftoverSnapshotFiles(snapshotFile);
      } catch (error) {
        this.#report(error);
      }
    });
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
