import { performance } from 'node:perf_hooks';
import { Agent, type Dispatcher, request } from 'undici';
import { MAX_TIMER_MS } from '../client/wait-bounds.js';
import { Dec } from '../decimal/dec.js';
import { InvalidArgumentError, parseJsonStrictly } from '../index.js';
import { describeError } from './describe-error.js';
import { isJsonObject, SIZE_BOUNDED_LIMITS } from './json-values.js';
import { isPlainPositiveDecimal } from './plain-decimal.js';
import { DEFAULT_MAX_PRICE_JUMP, isPriceJump, readMaxPriceJump } from './price-jump.js';

/**
 * Reference prices from the exchange itself: WEEX V3's `GET /api/v3/market/ticker/price` answers
 * the last traded price of every symbol in one request (`[{"symbol":"BTCUSDT","price":"68920.40"}]`).
 * The ticker polls it, reads each price losslessly (a string or a JSON number, by its written
 * digits), and keeps each price with the moment it was asked for, so the gateway can refuse an
 * order judged against a price that is too old. Ages run on a monotonic clock: a wall clock
 * stepped back never makes an old price look fresh.
 *
 * A price is confirmed before it moves the band: one that differs from the price in force by
 * more than `maxPriceJump` (|new − old| > old × ratio, exact) is held until the next poll answers
 * a price within the same ratio of it. Meanwhile `quote()` gives the price in force, aging from
 * the poll that last confirmed it, so a move that never confirms ends in a stale price (503), and
 * one wild answer never lets an order out against a band it moved.
 */

/**
 * The ticker path on the exchange's origin.
 *
 * @example
 * ```ts
 * new URL(TICKER_PRICE_PATH, 'https://api.example.com').href;
 * ```
 */
export const TICKER_PRICE_PATH = '/api/v3/market/ticker/price';

/**
 * A reference price and how old it is.
 *
 * @example
 * ```ts
 * const quote: PriceQuote = { price: '68920.40', ageMs: 1_250 };
 * ```
 */
export interface PriceQuote {
  readonly price: string;
  /** Milliseconds since the request that brought it was sent (monotonic). */
  readonly ageMs: number;
}

/**
 * How the ticker is doing, for logs and the gateway's status endpoint.
 *
 * @example
 * ```ts
 * if (ticker.health().consecutiveFailures > 3) alert('no fresh reference prices');
 * ```
 */
export interface TickerHealth {
  readonly url: string;
  readonly intervalMs: number;
  /** Symbols with a price. */
  readonly symbols: number;
  /** Wall-clock time of the last successful poll (ISO 8601), for people. */
  readonly lastSuccessAt: string | undefined;
  /** Milliseconds since the last successful poll was sent (monotonic). */
  readonly lastSuccessAgeMs: number | undefined;
  readonly successes: number;
  readonly failures: number;
  /** Failed polls since the last success. */
  readonly consecutiveFailures: number;
  readonly lastError: string | undefined;
  /** Entries of the last answer whose symbol or price could not be read (skipped). */
  readonly unreadableEntries: number;
  /** The ratio a price may move by from one poll to the next without waiting for confirmation. */
  readonly maxPriceJump: string;
  /** Symbols whose last polled price is a jump held for confirmation (the older price is in force). */
  readonly heldPrices: number;
  /** Jumps held since start, and those a later poll confirmed. */
  readonly jumpsHeld: number;
  readonly jumpsConfirmed: number;
}

/**
 * A symbol's price moving by more than `maxPriceJump` in one poll: the price in force (`from`)
 * and the polled one (`to`).
 *
 * @example
 * ```ts
 * const jump: PriceJump = { symbol: 'BTCUSDT', from: '100000.00', to: '100000000.00' };
 * ```
 */
export interface PriceJump {
  readonly symbol: string;
  readonly from: string;
  readonly to: string;
}

/**
 * What the ticker reports: its first prices, each failure, and recovering after failures.
 *
 * @example
 * ```ts
 * onEvent: (e) => { if (e.type === 'ticker-failed') log(`ticker: ${e.error}`); }
 * ```
 */
export type TickerEvent =
  | { readonly type: 'ticker-ready'; readonly symbols: number }
  | { readonly type: 'ticker-failed'; readonly error: string; readonly consecutiveFailures: number }
  | { readonly type: 'ticker-recovered'; readonly afterFailures: number; readonly symbols: number }
  /** A poll answered prices that jumped; each is held until the next poll confirms it. */
  | { readonly type: 'ticker-jumps-held'; readonly jumps: readonly PriceJump[] }
  /** A poll confirmed held jumps: those prices are now in force. */
  | { readonly type: 'ticker-jumps-confirmed'; readonly jumps: readonly PriceJump[] };

/**
 * Options of {@link createReferenceTicker}.
 *
 * @example
 * ```ts
 * const options: ReferenceTickerOptions = { upstreamUrl: 'https://api.example.com', intervalMs: 3_000 };
 * ```
 */
export interface ReferenceTickerOptions {
  /** The exchange's origin. */
  readonly upstreamUrl: string;
  /** Poll interval. Default 3 000 ms. */
  readonly intervalMs?: number;
  /** How long one poll may take. Default the interval, at most 5 000 ms. */
  readonly timeoutMs?: number;
  /** The largest answer read. Default 8 MiB (a few thousand symbols take about 100 KiB). */
  readonly maxBodyBytes?: number;
  /**
   * The ratio a symbol's price may move by from the price in force, in one poll, and be taken
   * at once: a plain decimal above 0 (`'0.1'` is 10 %). A larger move is held until the next poll
   * confirms it (answers a price within this ratio of the held one). Default `'0.1'`
   * ({@link DEFAULT_MAX_PRICE_JUMP}). The first price of a symbol is taken as it is.
   */
  readonly maxPriceJump?: string | number;
  /** An undici dispatcher (a proxy agent). Default: an Agent the ticker owns and closes. */
  readonly dispatcher?: Dispatcher;
  /** Each first price, failure, recovery and held or confirmed jump; exceptions it throws are ignored. */
  readonly onEvent?: (event: TickerEvent) => void;
}

/**
 * A polling ticker: `start()`, then `quote(symbol)` per order.
 *
 * @example
 * ```ts
 * const ticker = createReferenceTicker({ upstreamUrl });
 * ticker.start();
 * ticker.quote('BTCUSDT'); // { price: '68920.40', ageMs: 812 }, or undefined
 * await ticker.stop();
 * ```
 */
export interface ReferenceTicker {
  /** The symbol's last price and its age, or undefined when the ticker has never had one. */
  quote(symbol: string): PriceQuote | undefined;
  /** How the ticker is doing: its last success, failures in a row, held jumps. */
  health(): TickerHealth;
  /** Starts polling (the first poll at once). */
  start(): void;
  /** One poll now; resolves when it has ended, successful or not (never rejects). */
  poll(): Promise<void>;
  /** Stops polling, waits for a poll in flight, closes its own connections. */
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 3_000;
const MAX_DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Creates a ticker of the exchange's last prices (not started).
 *
 * @example
 * ```ts
 * const ticker = createReferenceTicker({ upstreamUrl: 'https://api.example.com', intervalMs: 2_000 });
 * ticker.start();
 * ```
 */
export function createReferenceTicker(options: ReferenceTickerOptions): ReferenceTicker {
  checkTickerOptions(options);
  const url = new URL(TICKER_PRICE_PATH, options.upstreamUrl).href;
  const maxJump = readMaxPriceJump(options.maxPriceJump);
  const maxPriceJump = maxJump.toString();
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? Math.min(intervalMs, MAX_DEFAULT_TIMEOUT_MS);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const ownsDispatcher = options.dispatcher === undefined;
  const dispatcher = options.dispatcher ?? new Agent({ connections: 2 });
  /** The prices in force, each with the moment of the poll that last confirmed it. */
  const prices = new Map<string, PolledPrice>();
  /** Jumps waiting for the next poll to confirm them. */
  const held = new Map<string, PolledPrice>();
  let jumpsHeld = 0;
  let jumpsConfirmed = 0;
  let lastSuccess: { wall: Date; askedAt: number } | undefined;
  let successes = 0;
  let failures = 0;
  let consecutiveFailures = 0;
  let lastError: string | undefined;
  let unreadableEntries = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let started = false;
  let stopped = false;

  const emit = (event: TickerEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A logging hook must not stop the ticker.
    }
  };

  const fetchOnce = async (askedAt: number): Promise<void> => {
    const response = await request(url, {
      dispatcher,
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > maxBodyBytes) {
        response.body.destroy();
        throw new Error(`the ticker answer is over ${maxBodyBytes} bytes`);
      }
      chunks.push(chunk);
    }
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode} from ${TICKER_PRICE_PATH}`);
    const read = parseJsonStrictly(Buffer.concat(chunks, length), SIZE_BOUNDED_LIMITS);
    if (!read.ok) throw new Error(`the ticker answer is not UTF-8 JSON (${read.reason}: ${read.detail})`);
    if (!Array.isArray(read.value)) throw new Error('the ticker answer is not a JSON array');
    let unreadable = 0;
    const fresh: [string, string][] = [];
    for (const entry of read.value) {
      // Own keys only: `symbol` and `price` must be the answer's, never Object.prototype's.
      const isObject = isJsonObject(entry);
      const symbol = isObject && Object.hasOwn(entry, 'symbol') ? entry.symbol : undefined;
      // A JSON number reads as its written text, as a string does.
      const price = isObject && Object.hasOwn(entry, 'price') ? entry.price : undefined;
      if (
        typeof symbol !== 'string' ||
        symbol === '' ||
        typeof price !== 'string' ||
        !isPlainPositiveDecimal(price)
      )
        unreadable++;
      else fresh.push([symbol, price]);
    }
    // A symbol missing from this answer keeps its older price, which ages out on its own.
    const newlyHeld: PriceJump[] = [];
    const confirmed: PriceJump[] = [];
    for (const [symbol, price] of fresh) {
      const polled = polledPrice(price, askedAt);
      const inForce = prices.get(symbol);
      if (inForce === undefined || !isPriceJump(inForce.value, polled.value, maxJump)) {
        prices.set(symbol, polled);
        held.delete(symbol);
        continue;
      }
      const waiting = held.get(symbol);
      if (waiting !== undefined && !isPriceJump(waiting.value, polled.value, maxJump)) {
        confirmed.push({ symbol, from: inForce.price, to: price });
        prices.set(symbol, polled);
        held.delete(symbol);
      } else {
        // The price in force stays, and keeps aging from the poll that last confirmed it.
        newlyHeld.push({ symbol, from: inForce.price, to: price });
        held.set(symbol, polled);
      }
    }
    unreadableEntries = unreadable;
    jumpsHeld += newlyHeld.length;
    jumpsConfirmed += confirmed.length;
    if (confirmed.length > 0) emit({ type: 'ticker-jumps-confirmed', jumps: confirmed });
    if (newlyHeld.length > 0) emit({ type: 'ticker-jumps-held', jumps: newlyHeld });
  };

  const poll = (): Promise<void> => {
    inFlight ??= (async () => {
      const askedAt = performance.now();
      try {
        await fetchOnce(askedAt);
        const afterFailures = consecutiveFailures;
        successes++;
        consecutiveFailures = 0;
        lastSuccess = { wall: new Date(), askedAt };
        if (successes === 1) emit({ type: 'ticker-ready', symbols: prices.size });
        else if (afterFailures > 0) emit({ type: 'ticker-recovered', afterFailures, symbols: prices.size });
      } catch (error) {
        failures++;
        consecutiveFailures++;
        lastError = describeError(error);
        emit({ type: 'ticker-failed', error: lastError, consecutiveFailures });
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      void poll().then(schedule);
    }, intervalMs);
    timer.unref();
  };

  return {
    quote(symbol) {
      const known = prices.get(symbol);
      if (known === undefined) return undefined;
      return { price: known.price, ageMs: performance.now() - known.askedAt };
    },
    health() {
      return {
        url,
        intervalMs,
        symbols: prices.size,
        lastSuccessAt: lastSuccess?.wall.toISOString(),
        lastSuccessAgeMs:
          lastSuccess === undefined ? undefined : Math.round(performance.now() - lastSuccess.askedAt),
        successes,
        failures,
        consecutiveFailures,
        lastError,
        unreadableEntries,
        maxPriceJump,
        heldPrices: held.size,
        jumpsHeld,
        jumpsConfirmed,
      };
    },
    start() {
      if (stopped || started) return;
      started = true;
      void poll().then(schedule);
    },
    poll,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await inFlight;
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}

/** A polled price, exact, and the moment the poll that brought it was sent (monotonic). */
interface PolledPrice {
  readonly price: string;
  readonly value: Dec;
  readonly askedAt: number;
}

function polledPrice(price: string, askedAt: number): PolledPrice {
  return { price, value: Dec.parse(price), askedAt };
}

/**
 * Refuses options the ticker cannot run with, naming the option, the limit and the value: a
 * URL that is not http(s), an interval, timeout or size that is not a whole number from 1 (an
 * interval of 0 or -5 would poll the exchange every millisecond).
 */
function checkTickerOptions(options: ReferenceTickerOptions): void {
  let url: URL | undefined;
  try {
    url = new URL(options.upstreamUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidArgumentError(
      'options.upstreamUrl',
      `must be an absolute http(s) URL such as https://api.example.com, got ${JSON.stringify(String(options.upstreamUrl))}`,
    );
  }
  for (const name of ['intervalMs', 'timeoutMs', 'maxBodyBytes'] as const) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1 || value > MAX_TIMER_MS) {
      throw new InvalidArgumentError(
        `options.${name}`,
        `must be a whole number from 1 to ${MAX_TIMER_MS}, got ${String(value)}`,
      );
    }
  }
}
