import * as z from 'zod/mini';
import { RuleBook, type RuleBookOptions } from '../book/rule-book.js';
import {
  builtOnce,
  callback,
  checkedBy,
  type DeclaresExactly,
  flag,
  integerIn,
  numberIn,
  objectWithMethod,
  optionsSchema,
  readOptions,
  refuse,
  valueThat,
  withDefault,
} from '../client/option-schema.js';
import { type ExchangeInfoQuery, validateExchangeInfoQuery } from '../client/query.js';
import { MAX_TIMER_MS } from '../client/wait-bounds.js';
import type { RuleBookDiff } from '../diff/diff-rule-books.js';
import type { ExchangeInfo } from '../exchange-info/schema.js';
import { CLIENT_ORDER_ID_RULES, type ClientOrderIdRule } from '../order/client-order-id.js';
import type { ImplausibleRuleBookError } from './implausible-rule-book-error.js';

/**
 * What a rule-book source needs of a client: {@link ExchangeInfoClient} fits, and so does a
 * test double. The source passes an `AbortSignal` and expects the call to reject promptly once
 * it aborts (`stop()` waits for the call to settle).
 *
 * A fetcher that also has `fetchExchangeInfoText` (the response body as text, not parsed) is
 * asked for that instead: the source then parses the body itself, a slice at a time between
 * event-loop turns (a 20,000-pair body is 10 MB, over a second of parsing in one block: `npm run
 * bench:refresh` measures it), and
 * skips the parse altogether when the body says nothing new (only `serverTime` differs). Its
 * faults are reported as `fetchExchangeInfo` reports them: a body that cannot be read as JSON
 * (an HTML page, a member named twice, nesting too deep) is an `InvalidResponseError` (its `url`
 * and `contentType` unknown to the source), JSON of the wrong shape an `ExchangeInfoSchemaError`.
 *
 * @example
 * ```ts
 * const fake: ExchangeInfoFetcher = {
 *   fetchExchangeInfo: async () => parseExchangeInfo(payload),
 * };
 * createRuleBookSource({ client: fake, intervalMs: 60_000 });
 *
 * const raw: ExchangeInfoFetcher = {
 *   fetchExchangeInfo: async (query, options) => parseExchangeInfoText(await body(query, options)),
 *   fetchExchangeInfoText: body, // (query, options) => Promise<string>, e.g. undici's request().body.text()
 * };
 * ```
 */
export interface ExchangeInfoFetcher {
  /** The rules for `query` (every pair without one), parsed; rejects promptly once `signal` aborts. */
  fetchExchangeInfo(
    query?: ExchangeInfoQuery,
    options?: { readonly signal?: AbortSignal },
  ): Promise<ExchangeInfo>;
  /**
   * Optional: the same request, resolving with the 2xx response body as text (UTF-8 decoded,
   * not parsed), failing as `fetchExchangeInfo` fails for everything before the parse.
   */
  fetchExchangeInfoText?(
    query?: ExchangeInfoQuery,
    options?: { readonly signal?: AbortSignal },
  ): Promise<string>;
}

/**
 * Called after a refresh replaced the book with one that differs. Not called for the source's
 * first book, nor for a refetch that changed nothing.
 *
 * @example
 * ```ts
 * const onChange: RuleBookChangeListener = (diff, book, previous) =>
 *   log.info({ pairs: book.size, was: previous.size }, formatRuleBookDiff(diff));
 * ```
 */
export type RuleBookChangeListener = (diff: RuleBookDiff, book: RuleBook, previous: RuleBook) => void;

/**
 * Asked about a refreshed book the plausibility guard would refuse (see
 * {@link ImplausibleRuleBookError}): return exactly `true` to swap it in anyway, for a change
 * that is real (a mass delisting). `diff` goes from the current book (or from an empty book when
 * there is none yet) to the refused one; `refusal` says why it was refused. Anything else, or a
 * throw, keeps the last good book (a throw becomes the refusal's `cause`).
 *
 * @example
 * ```ts
 * // Accept losing pairs, but never an empty book and never more than 2,000 pairs at once.
 * const acceptRefresh: RefreshAcceptor = (diff, book, previous, refusal) =>
 *   refusal.reason === 'loss' && diff.removed.length <= 2_000;
 * ```
 */
export type RefreshAcceptor = (
  diff: RuleBookDiff,
  book: RuleBook,
  previous: RuleBook | undefined,
  refusal: ImplausibleRuleBookError,
) => boolean;

/**
 * Options of {@link createRuleBookSource}. Only `client` and `intervalMs` are required.
 *
 * @example
 * ```ts
 * const options: RuleBookSourceOptions = {
 *   client,
 *   query: { symbolStatus: 'TRADING' },
 *   intervalMs: 5 * 60_000,
 *   maxAgeMs: 20 * 60_000,
 *   snapshotFile: '/var/lib/gateway/rule-book.json',
 *   onChange: (diff) => log.info(diff),
 *   onError: (error) => log.warn(error),
 * };
 * ```
 */
export interface RuleBookSourceOptions {
  /** Fetches exchange info; usually an {@link ExchangeInfoClient}. The source never closes it. */
  readonly client: ExchangeInfoFetcher;
  /**
   * Narrows every fetch (checked up front, as the client would).
   *
   * @default {}
   */
  readonly query?: ExchangeInfoQuery | undefined;
  /** The time between successful refreshes, before jitter. An integer of ms, at least 1. */
  readonly intervalMs: number;
  /**
   * A book older than this is stale (`isStale()`); at least `intervalMs`.
   *
   * @default 3 × intervalMs
   */
  readonly maxAgeMs?: number | undefined;
  /**
   * Each wait is `intervalMs × (1 ± jitterRatio)`, spread by `random`. In [0, 1).
   *
   * @default 0.1
   */
  readonly jitterRatio?: number | undefined;
  /**
   * The first wait after a failed refresh; it doubles per failure in a row, capped at
   * `intervalMs`.
   *
   * @default intervalMs / 16, but at least 1 000 ms (and at most intervalMs)
   */
  readonly retryDelayMs?: number | undefined;
  /** A book to start from (one loaded by the caller); takes precedence over `snapshotFile`. */
  readonly initialBook?: RuleBook | undefined;
  /**
   * A snapshot file (`book.toJSON()` as JSON) to start from when it exists and loads, so a
   * restart needs no request. A missing file is normal; an unreadable one is reported as a
   * {@link SnapshotFileError} and the source fetches instead. Only a regular file is read (a
   * FIFO, a device or a directory at the path is refused at once); a symbolic link is followed,
   * and written through (the file it points to is replaced, the link stays). A snapshot whose
   * `fetchedAt` is after now is reported and counts as stale until a fetch replaces it.
   */
  readonly snapshotFile?: string | undefined;
  /**
   * Write a fresh snapshot to `snapshotFile` after each fetch that swapped a new book in: to a
   * temporary file beside it, flushed, renamed over it, then the directory flushed, so a reader
   * never sees half a file. A refused book is never written, and a refetch that found nothing
   * new writes nothing. A file that already holds a later book, or a newer format version
   * (written by another process), is kept and nothing is written. At start and after each
   * write, the temporary files that a crash mid-write left beside the file are removed once
   * over an hour old (`removeLeftoverSnapshotFiles`).
   *
   * @default true when snapshotFile is set
   */
  readonly writeSnapshot?: boolean | undefined;
  /** See {@link RuleBookChangeListener}. An exception it throws goes to `onError`. */
  readonly onChange?: RuleBookChangeListener | undefined;
  /**
   * The plausibility guard: a refreshed book that lacks more than this share of the current
   * book's usable pairs (counted within the query's scope) is refused, and the last good book
   * stays. A number from 0 to 1 (at 0.5, losing exactly half is allowed). `1` turns the check
   * off; a book with no usable pair at all is refused whatever this is, unless `acceptRefresh`
   * says otherwise.
   *
   * @default 0.5
   */
  readonly maxLossShare?: number | undefined;
  /**
   * A guard for risk gateways: refuse a refreshed book in which a pair that is still listed lacks
   * a rule field its current definition has (`maxTradeAmount`, `buyLimitPriceRatio`, `tickSize`,
   * `status`, `enableTrade`, ...: every field that decides verdicts), so that a refresh can never
   * quietly turn checks that ran into skipped ones. The refusal is an
   * {@link ImplausibleRuleBookError} with reason `rule-fields-removed` and `removedFields`; the
   * last good book stays, and ages (it goes stale after `maxAgeMs` of such refusals, as with any
   * failing refresh). A pair that disappears altogether is the loss guard's (`maxLossShare`); a
   * first book is never refused for it. `acceptRefresh` can let such a book in.
   *
   * @default false
   */
  readonly keepRuleFields?: boolean | undefined;
  /**
   * The `newClientOrderId` rule of every book the source serves, fetched, loaded from
   * `snapshotFile` or given as `initialBook` ({@link RuleBookOptions.clientOrderIds}).
   *
   * @default 'length'
   */
  readonly clientOrderIds?: ClientOrderIdRule | undefined;
  /** See {@link RefreshAcceptor}: the explicit way to accept a book the guard refuses. */
  readonly acceptRefresh?: RefreshAcceptor | undefined;
  /**
   * Every failure: fetches, refused books ({@link ImplausibleRuleBookError}), snapshot reads,
   * writes and clean-ups, a throwing `onChange`. Its own exceptions are swallowed.
   */
  readonly onError?: ((error: unknown) => void) | undefined;
  /**
   * Numbers in [0, 1) for jitter and backoff.
   *
   * @default Math.random
   */
  readonly random?: (() => number) | undefined;
  /**
   * The wall clock, in ms since the epoch: stamps `fetchedAt`, `stats` and `nextRefreshAt`, and
   * dates a book loaded from elsewhere (its age when loaded is `now() - fetchedAt`).
   *
   * @default Date.now
   */
  readonly now?: (() => number) | undefined;
  /**
   * A clock that never goes back, in ms from any origin: it measures how long ago the exchange
   * vouched for the book, so a wall clock stepped back (NTP, a VM restored) can never make an old
   * book look young. `ageMs()` is the larger of the two clocks' counts: the wall clock still
   * counts time the process spent suspended, which this one may not.
   *
   * @default performance.now
   */
  readonly monotonicNow?: (() => number) | undefined;
  /**
   * Let the source's timer keep the process alive. When false, the timer is `unref()`ed, so a
   * gateway exits when its real work is done even if nobody calls `stop()`.
   *
   * @default false
   */
  readonly keepProcessAlive?: boolean | undefined;
}

/**
 * Defaults of {@link RuleBookSourceOptions} that do not depend on `intervalMs` (each option's
 * `@default`; test/api/option-defaults.test.ts holds the tags to them), and the factors of
 * those that do.
 *
 * @example
 * ```ts
 * DEFAULT_SOURCE_OPTIONS.jitterRatio; // 0.1
 * ```
 */
export const DEFAULT_SOURCE_OPTIONS = Object.freeze({
  jitterRatio: 0.1,
  maxLossShare: 0.5,
  maxAgeIntervals: 3,
  minRetryDelayMs: 1_000,
  retryDelayFraction: 1 / 16,
});

/**
 * Every option of {@link RuleBookSourceOptions}: its type, check and default, in the order they
 * are checked.
 */
export const sourceOptionShape = builtOnce(() => ({
  client: objectWithMethod<ExchangeInfoFetcher>(
    'fetchExchangeInfo',
    'an ExchangeInfoClient (an object with fetchExchangeInfo)',
  ),
  // The client's own check, whose error names the query parameter at fault (`symbols`).
  query: withDefault(
    checkedBy((query: ExchangeInfoQuery) => validateExchangeInfoQuery(query)),
    Object.freeze({}),
  ),
  intervalMs: integerIn(1, MAX_TIMER_MS),
  maxAgeMs: z.optional(integerIn(1, Number.MAX_SAFE_INTEGER)),
  jitterRatio: withDefault(numberIn(0, 1, { maxIncluded: false }), DEFAULT_SOURCE_OPTIONS.jitterRatio),
  retryDelayMs: z.optional(integerIn(1, MAX_TIMER_MS)),
  initialBook: z.optional(valueThat<RuleBook>((value) => value instanceof RuleBook, 'a RuleBook')),
  snapshotFile: z.optional(
    valueThat<string>(
      (value) => typeof value === 'string' && value.length > 0 && !value.includes('\u0000'),
      'a non-empty file path',
    ),
  ),
  writeSnapshot: z.optional(flag()),
  onChange: z.optional(callback<RuleBookChangeListener>()),
  maxLossShare: withDefault(numberIn(0, 1, { maxIncluded: true }), DEFAULT_SOURCE_OPTIONS.maxLossShare),
  keepRuleFields: withDefault(flag(), false),
  clientOrderIds: withDefault(
    valueThat<ClientOrderIdRule>(
      (value) => CLIENT_ORDER_ID_RULES.some((rule) => rule === value),
      CLIENT_ORDER_ID_RULES.map((rule) => `'${rule}'`).join(' or '),
    ),
    'length',
  ),
  acceptRefresh: z.optional(callback<RefreshAcceptor>()),
  onError: z.optional(callback<(error: unknown) => void>()),
  // The globals, looked up at each call (not captured), so a test's fake clocks govern.
  random: withDefault(callback<() => number>(), () => Math.random()),
  now: withDefault(callback<() => number>(), () => Date.now()),
  monotonicNow: withDefault(callback<() => number>(), () => performance.now()),
  keepProcessAlive: withDefault(flag(), false),
}));

/**
 * The options' shape, then what depends on `intervalMs` and `snapshotFile` (the defaults of
 * `maxAgeMs`, `retryDelayMs` and `writeSnapshot`, and the bounds of the first two).
 */
const sourceOptionsSchema = builtOnce(() =>
  z.pipe(
    optionsSchema(sourceOptionShape(), {
      subject: 'a rule-book source option',
      required: 'client and intervalMs',
    }),
    z.transform((options, ctx) => {
      const { intervalMs, snapshotFile } = options;
      const maxAgeMs = options.maxAgeMs ?? DEFAULT_SOURCE_OPTIONS.maxAgeIntervals * intervalMs;
      if (maxAgeMs < intervalMs) {
        return refuse(ctx, {
          path: ['maxAgeMs'],
          problem: `must be an integer from ${intervalMs} (intervalMs) to ${Number.MAX_SAFE_INTEGER}, got ${maxAgeMs}`,
          value: maxAgeMs,
        });
      }
      const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs(intervalMs);
      if (retryDelayMs > intervalMs) {
        return refuse(ctx, {
          path: ['retryDelayMs'],
          problem: `must be an integer from 1 to ${intervalMs} (intervalMs), got ${retryDelayMs}`,
          value: retryDelayMs,
        });
      }
      const writeSnapshot = options.writeSnapshot ?? snapshotFile !== undefined;
      if (writeSnapshot && snapshotFile === undefined) {
        return refuse(ctx, {
          path: ['writeSnapshot'],
          problem: 'needs snapshotFile (where to write)',
          value: true,
        });
      }
      return { ...options, maxAgeMs, retryDelayMs, writeSnapshot };
    }),
  ),
);

// The compiler holds the schema to the public interface: an option in one and not the other, a
// different type or a different required set fails the type check.
true satisfies DeclaresExactly<z.input<ReturnType<typeof sourceOptionsSchema>>, RuleBookSourceOptions>;

/**
 * {@link RuleBookSourceOptions} checked, with defaults filled in.
 *
 * @example
 * ```ts
 * resolveRuleBookSourceOptions({ client, intervalMs: 60_000 }).maxAgeMs; // 180000
 * ```
 */
export type ResolvedRuleBookSourceOptions = Readonly<z.output<ReturnType<typeof sourceOptionsSchema>>>;

/**
 * Checks rule-book source options and fills in defaults. Unknown keys are refused, so a typo
 * such as `interval` fails loudly.
 *
 * @throws {InvalidArgumentError} with `argument` naming the option at fault (`options.intervalMs`).
 * @throws {InvalidQueryError} for a bad `query`, naming the query parameter as the client does.
 * @example
 * ```ts
 * resolveRuleBookSourceOptions({ client, intervalMs: 0 }); // throws InvalidArgumentError { argument: 'options.intervalMs' }
 * ```
 */
export function resolveRuleBookSourceOptions(options: unknown): ResolvedRuleBookSourceOptions {
  return readOptions(sourceOptionsSchema(), options);
}

function defaultRetryDelayMs(intervalMs: number): number {
  const fraction = Math.round(intervalMs * DEFAULT_SOURCE_OPTIONS.retryDelayFraction);
  return Math.min(intervalMs, Math.max(DEFAULT_SOURCE_OPTIONS.minRetryDelayMs, fraction));
}
