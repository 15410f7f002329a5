import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
// In your project: import type { ... } from 'order-preflight';
import type { RuleBook, ValidationContext, ValidationResult } from '../../src/index.js';
import { GATEWAY_HEADER, type GatewayReason, rawGatewayAnswer, sendGatewayAnswer } from './answers.js';
import { exchangeErrorOf } from './exchange-codes.js';
import { type ForwardOutcome, forwardRequest } from './forward.js';
import { type OrderParams, parseOrderRequest } from './parse-order-request.js';
import { isPlainPositiveDecimal } from './plain-decimal.js';
import { readRawBody } from './read-body.js';
import type { PriceQuote } from './reference-ticker.js';
import { routeRequest } from './route.js';

/**
 * The last traded price per symbol: a feed with a `quote` method (the exchange's ticker, see
 * `createReferenceTicker`: each price with its age), a function, or a map. A function may return
 * a bare price (taken as fresh) or a {@link PriceQuote}; `undefined` means unknown. An order whose
 * price band (or market worst case) cannot be checked for want of a usable price is refused with
 * 503 unless `failOpen`.
 *
 * @example
 * ```ts
 * const fixed: ReferencePrices = new Map([['BTCUSDT', '100000.00']]);
 * const ticker: ReferencePrices = createReferenceTicker({ upstreamUrl }); // { quote(symbol) }
 * const own: ReferencePrices = (symbol) => myFeed.get(symbol); // '68920.40' or { price, ageMs }
 * ```
 */
export type ReferencePrices =
  | { quote(symbol: string): PriceQuote | undefined; health?(): unknown }
  | ((symbol: string) => string | number | PriceQuote | undefined)
  | ReadonlyMap<string, string | number>;

/**
 * Where the gateway gets its rule book: a `RuleBookSource` from `createRuleBookSource` fits.
 * The book is read once per order, so one order is judged against one whole book.
 *
 * @example
 * ```ts
 * const provider: RuleBookProvider = createRuleBookSource({ client, intervalMs: 60_000 });
 * ```
 */
export interface RuleBookProvider {
  current(): RuleBook | undefined;
  /** When present and true, orders are refused with 503 unless `allowStaleBook`. */
  isStale?(): boolean;
  ageMs?(): number | undefined;
}

/**
 * Options of {@link createRiskGateway}. Give exactly one of `source` and `book`.
 *
 * @example
 * ```ts
 * const options: RiskGatewayOptions = { upstreamUrl: 'https://api.example.com', source, referencePrices: prices };
 * ```
 */
export interface RiskGatewayOptions {
  /** The exchange's origin, such as `https://api.example.com`; paths are forwarded as received. */
  readonly upstreamUrl: string | URL;
  /** A refreshing source of rule books (preferred). The gateway reads it, never stops it. */
  readonly source?: RuleBookProvider;
  /** A fixed rule book, for tests and snapshots. */
  readonly book?: RuleBook;
  readonly referencePrices?: ReferencePrices;
  /**
   * A reference price older than this is not used: the order's band cannot be checked (503
   * `reference-price-stale`, unless `failOpen`). Default 10 000 ms. Applies to prices that
   * carry an age (the ticker's); a map's prices have none.
   */
  readonly maxReferenceAgeMs?: number;
  /**
   * Forward an order whose price band or market worst case cannot be checked (no reference
   * price, or one older than `maxReferenceAgeMs`), logging its verdict as "band unchecked".
   * Default false: a risk gateway fails closed (503 `reference-price-missing` or `-stale`).
   */
  readonly failOpen?: boolean;
  /** A risk limit on price × quantity in quote units (worst case for MARKET), applied to every order. */
  readonly maxNotional?: string | number;
  /** Default 0: a free port. */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Request bodies above this are refused with 413. Default 64 KiB. */
  readonly maxBodyBytes?: number;
  /**
   * Client connections served at once. Default 1024. The next {@link OVERFLOW_CONNECTIONS} get
   * a 503 (`too-many-connections`, not sent) to their first request and are closed within 1 s;
   * past those, connections are closed as soon as they are accepted (`connection-dropped`).
   * Keep it well below the process's file-descriptor limit: each forwarded request needs one
   * more descriptor for the upstream.
   */
  readonly maxConnections?: number;
  /**
   * Connections one peer address may hold at once. Default three quarters of `maxConnections`
   * (768). Past it, a connection from that address is treated as one past the cap (503, then
   * closed), so one address cannot take every slot.
   */
  readonly maxConnectionsPerPeer?: number;
  /**
   * Connections to the upstream, at most. Default 128 (with the gateway's own dispatcher, its
   * pool size). A request finding them all busy waits in the pool's queue (for at most
   * `upstreamTimeoutMs`, then 502 not sent); past `maxUpstreamQueue` waiting, it is answered 503
   * `upstream-busy` at once: not sent, safe to retry. So a client pipelining thousands of
   * requests, or thousands of clients, never open more upstream connections than this.
   */
  readonly maxUpstreamConnections?: number;
  /** Requests that may wait for an upstream connection. Default 512; past it, 503 `upstream-busy`. */
  readonly maxUpstreamQueue?: number;
  /**
   * How long a client may take to send a request's head (request line and headers), from its
   * first byte (a connection that sends nothing: from its opening). Default 10 000 ms; past it,
   * 408 and the connection is closed. Node's `server.headersTimeout`; an idle keep-alive
   * connection is `keepAliveTimeoutMs`'s.
   */
  readonly headersTimeoutMs?: number;
  /**
   * How long a client may take to send a whole request, head and body, from its first byte.
   * Default 30 000 ms (or `headersTimeoutMs`, if that is longer); past it, 408 and the
   * connection is closed. At least `headersTimeoutMs`. Node's `server.requestTimeout`; the
   * upstream's time is not counted (that is `upstreamTimeoutMs`).
   */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open after an answer. Default 5 000 ms. */
  readonly keepAliveTimeoutMs?: number;
  /** The request head's size limit (request line and headers). Default 16 KiB; past it, 431. */
  readonly maxHeaderBytes?: number;
  /** How long the upstream may take to answer, head and body. Default 10 000 ms; past it, 504. */
  readonly upstreamTimeoutMs?: number;
  /** Judge orders against a book the source calls stale (`isStale()`). Default false: 503. */
  readonly allowStaleBook?: boolean;
  /**
   * Forward order-placing endpoints the gateway cannot judge (order lists, cancel-replace, SOR).
   * Default false: 403.
   */
  readonly forwardUnjudgedOrderPaths?: boolean;
  /**
   * The undici dispatcher for upstream requests (a proxy agent, a mock). Default: an Agent the
   * gateway owns and closes.
   */
  readonly dispatcher?: Dispatcher;
  /** Each verdict and each failure, for logs and metrics. Exceptions it throws are ignored. */
  readonly onEvent?: (event: GatewayEvent) => void;
}

/**
 * What the gateway reports through `onEvent`.
 *
 * @example
 * ```ts
 * onEvent: (e) => { if (e.type === 'verdict' && !e.result.ok) log.info(e.order, e.result.violations); }
 * ```
 */
export type GatewayEvent =
  | {
      readonly type: 'verdict';
      readonly order: OrderParams;
      readonly result: ValidationResult;
      readonly referencePrice: string | number | undefined;
      /** The reference price's age in ms, when its source gives one. */
      readonly referencePriceAgeMs: number | undefined;
      /**
       * Set when a check needed a reference price it could not have: `missing` (none known) or
       * `stale` (older than `maxReferenceAgeMs`). An accepted order with it was forwarded only
       * because of `failOpen`.
       */
      readonly bandUnchecked: 'missing' | 'stale' | undefined;
    }
  | {
      readonly type: 'answered';
      readonly status: number;
      readonly reason: GatewayReason;
      readonly msg: string;
    }
  | {
      /**
       * The client left before its answer: while sending its request or while the request waited
       * for an upstream connection (`request`; nothing was forwarded), or after the request was
       * sent upstream (`upstream`; for an order, its execution status is the client's to query).
       */
      readonly type: 'client-gone';
      readonly stage: 'request' | 'upstream';
      readonly method: string;
      readonly target: string;
    }
  | {
      /**
       * A connection failed below HTTP: bytes that are not HTTP (`HPE_*`), a head or request
       * past its timeout (`ERR_HTTP_REQUEST_TIMEOUT`), a head too large (`HPE_HEADER_OVERFLOW`),
       * or its socket broke (`ECONNRESET`, `EPIPE`). `status` is what the gateway answered (400,
       * 408, 431) when it could still answer; the connection is closed either way.
       */
      readonly type: 'client-error';
      readonly code: string;
      readonly status: number | undefined;
    }
  | {
      /** A connection past `maxConnections` plus the overflow, closed as soon as it was accepted. */
      readonly type: 'connection-dropped';
      readonly open: number;
    }
  | {
      /** At the connection cap, a connection with no request in hand was closed for a new one. */
      readonly type: 'connection-evicted';
      readonly peer: string;
    }
  | {
      /** The listening socket reported an error (such as a failed `accept`); it keeps listening. */
      readonly type: 'server-error';
      readonly code: string;
    }
  | {
      readonly type: 'upstream-failure';
      readonly method: string;
      readonly target: string;
      readonly outcome: ForwardOutcome;
    };

/**
 * Counters since start.
 *
 * @example
 * ```ts
 * const { accepted, refused } = gateway.stats;
 * ```
 */
export interface RiskGatewayStats {
  /** Orders validated. */
  readonly judged: number;
  /** Orders that passed and were forwarded. */
  readonly accepted: number;
  /** Orders refused for violations (400 with `violations`). */
  readonly refused: number;
  /** Orders that passed but were not sent: their price band could not be checked (503; not with `failOpen`). */
  readonly unchecked: number;
  /** Requests answered 503 `upstream-busy`: the upstream pool and its queue were full. */
  readonly upstreamBusy: number;
  /** Requests of any kind sent upstream (written to a connection; not those that could not be sent). */
  readonly forwarded: number;
  /** Answers the gateway wrote itself, refusals included. */
  readonly gatewayAnswers: number;
  /** Client connections open right now (served and overflow). */
  readonly openConnections: number;
  /** Connections turned away for the cap (or the per-peer cap): answered 503 or dropped. */
  readonly refusedConnections: number;
  /** Idle or head-sending connections closed at the cap to make room for a new one. */
  readonly evictedConnections: number;
}

/**
 * A running gateway.
 *
 * @example
 * ```ts
 * const gateway = await createRiskGateway({ upstreamUrl, source });
 * console.log(`listening on ${gateway.url}`);
 * await gateway.close();
 * ```
 */
export interface RiskGateway {
  /** `http://HOST:PORT` */
  readonly url: string;
  readonly port: number;
  readonly stats: RiskGatewayStats;
  /**
   * Stops accepting connections, lets requests in flight finish (up to `graceMs`, default 2 s),
   * then closes every connection and the gateway's own upstream sockets. Does not stop `source`.
   */
  close(graceMs?: number): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_CONNECTIONS = 1024;
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_HEADER_BYTES = 16 * 1024;
const DEFAULT_MAX_REFERENCE_AGE_MS = 10_000;
const DEFAULT_MAX_UPSTREAM_CONNECTIONS = 128;
const DEFAULT_MAX_UPSTREAM_QUEUE = 512;
/** Answered by the gateway itself (never forwarded): its health, as JSON. */
export const STATUS_PATH = '/preflight/status';
/**
 * Connections past `maxConnections` that are still answered (503, then closed) rather than
 * dropped at once, so that a client at the margin learns its request was not sent.
 */
export const OVERFLOW_CONNECTIONS = 64;
/** How long an overflow connection may take to send the request that gets its 503. */
const OVERFLOW_GRACE_MS = 1_000;

/**
 * Starts a pre-trade gateway in front of an exchange. `POST /api/v3/order` is judged against the
 * current rule book and the reference price: a refused order gets 400 with the violations and is
 * never sent; an accepted one is forwarded unchanged (method, path and query string, headers
 * except the connection ones and `Host`, body byte for byte), so the client's signature stays
 * valid, and the upstream's answer is relayed. Other requests are forwarded unchanged. It fails
 * closed: no rule book (or a stale one) means 503 for orders.
 *
 * @example
 * ```ts
 * import { createRuleBookSource, ExchangeInfoClient } from 'order-preflight/node';
 *
 * const client = new ExchangeInfoClient({ baseUrl: 'https://api.example.com' });
 * const source = createRuleBookSource({ client, intervalMs: 60_000 });
 * source.start();
 * const gateway = await createRiskGateway({
 *   upstreamUrl: 'https://api.example.com',
 *   source,
 *   referencePrices: new Map([['BTCUSDT', '100000']]),
 *   maxNotional: '250000',
 *   port: 8080,
 * });
 * ```
 */
export async function createRiskGateway(options: RiskGatewayOptions): Promise<RiskGateway> {
  const origin = upstreamOrigin(options.upstreamUrl);
  if (options.maxNotional !== undefined && !isPlainPositiveDecimal(options.maxNotional)) {
    // Caught here, not as an INVALID_FIELD on every order.
    throw new TypeError(
      `maxNotional must be a plain positive decimal, got ${JSON.stringify(options.maxNotional)}`,
    );
  }
  const provider = bookProvider(options);
  const maxBodyBytes = positiveInteger(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes');
  const timeoutMs = positiveInteger(
    options.upstreamTimeoutMs,
    DEFAULT_UPSTREAM_TIMEOUT_MS,
    'upstreamTimeoutMs',
  );
  const maxConnections = positiveInteger(options.maxConnections, DEFAULT_MAX_CONNECTIONS, 'maxConnections');
  const maxConnectionsPerPeer = positiveInteger(
    options.maxConnectionsPerPeer,
    maxConnections - Math.floor(maxConnections / 4),
    'maxConnectionsPerPeer',
  );
  const maxUpstreamConnections = positiveInteger(
    options.maxUpstreamConnections,
    DEFAULT_MAX_UPSTREAM_CONNECTIONS,
    'maxUpstreamConnections',
  );
  const maxUpstreamQueue = positiveInteger(
    options.maxUpstreamQueue,
    DEFAULT_MAX_UPSTREAM_QUEUE,
    'maxUpstreamQueue',
  );
  const headersTimeoutMs = positiveInteger(
    options.headersTimeoutMs,
    DEFAULT_HEADERS_TIMEOUT_MS,
    'headersTimeoutMs',
  );
  const requestTimeoutMs = positiveInteger(
    options.requestTimeoutMs,
    Math.max(DEFAULT_REQUEST_TIMEOUT_MS, headersTimeoutMs),
    'requestTimeoutMs',
  );
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new TypeError(
      `headersTimeoutMs (${headersTimeoutMs}) must not exceed requestTimeoutMs (${requestTimeoutMs})`,
    );
  }
  const keepAliveTimeoutMs = positiveInteger(
    options.keepAliveTimeoutMs,
    DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    'keepAliveTimeoutMs',
  );
  const maxHeaderBytes = positiveInteger(options.maxHeaderBytes, DEFAULT_MAX_HEADER_BYTES, 'maxHeaderBytes');
  const ownsDispatcher = options.dispatcher === undefined;
  const dispatcher =
    options.dispatcher ??
    // The deadline is forwardRequest's; undici's timers (1 s resolution) are only a backstop.
    // A connect that fails within half the deadline is reported as "not sent" (502, safe to retry).
    new Agent({
      connections: maxUpstreamConnections,
      headersTimeout: timeoutMs + 1_000,
      bodyTimeout: timeoutMs + 1_000,
      connectTimeout: Math.max(1, Math.floor(timeoutMs / 2)),
    });
  const maxReferenceAgeMs = positiveInteger(
    options.maxReferenceAgeMs,
    DEFAULT_MAX_REFERENCE_AGE_MS,
    'maxReferenceAgeMs',
  );
  const stats = {
    judged: 0,
    accepted: 0,
    refused: 0,
    unchecked: 0,
    upstreamBusy: 0,
    forwarded: 0,
    gatewayAnswers: 0,
    refusedConnections: 0,
    evictedConnections: 0,
  };
  /** Connections being served (in order of arrival), and those past the cap that only get a 503. */
  const served = new Set<Socket>();
  const overflow = new Set<Socket>();
  /** Open connections per peer address. */
  const perPeer = new Map<string, number>();
  /** Requests being handled per connection. */
  const busy = new WeakMap<Duplex, number>();
  /** When each served connection opened, while it has not yet sent a whole request head. */
  const headless = new Map<Socket, number>();
  /** Each open connection's peer address (until it is released). */
  const peerOf = new Map<Socket, string>();
  const evictableAfterMs = Math.min(1_000, Math.floor(headersTimeoutMs / 2));
  /** The end of the last request handled on each connection: pipelined requests take turns. */
  const turns = new WeakMap<Duplex, Promise<void>>();
  let upstreamInFlight = 0;

  const emit = (event: GatewayEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A logging hook must not break the gateway.
    }
  };

  const answer = (
    res: ServerResponse,
    status: number,
    reason: GatewayReason,
    body: { code: number; msg: string; [detail: string]: unknown },
    close = false,
  ): void => {
    stats.gatewayAnswers++;
    emit({ type: 'answered', status, reason, msg: body.msg });
    sendGatewayAnswer(res, status, reason, body, { close });
  };

  const forward = async (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    isOrder: boolean,
  ): Promise<void> => {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    if (upstreamInFlight >= maxUpstreamConnections + maxUpstreamQueue) {
      stats.upstreamBusy++;
      answer(res, 503, 'upstream-busy', {
        code: -1001,
        msg: `all ${maxUpstreamConnections} upstream connections are busy and ${maxUpstreamQueue} requests wait for one; the request was not sent, it is safe to send again`,
      });
      return;
    }
    upstreamInFlight++;
    let outcome: ForwardOutcome;
    try {
      outcome = await forwardRequest(
        dispatcher,
        origin,
        { method, target, rawHeaders: req.rawHeaders, body },
        res,
        timeoutMs,
      );
    } finally {
      upstreamInFlight--;
    }
    if (outcome.kind !== 'not-sent' && !(outcome.kind === 'client-gone' && !outcome.sent)) stats.forwarded++;
    if (outcome.kind === 'relayed') return;
    if (outcome.kind === 'client-gone') {
      emit({ type: 'client-gone', stage: outcome.sent ? 'upstream' : 'request', method, target });
      return;
    }
    emit({ type: 'upstream-failure', method, target, outcome });
    if (outcome.kind === 'not-sent') {
      answer(res, 502, 'upstream-unreachable', {
        code: -1001,
        msg: `upstream unreachable (${describe(outcome.error)}); the request was not sent, it is safe to send again`,
      });
    } else if (outcome.kind === 'no-answer') {
      answer(
        res,
        outcome.timedOut ? 504 : 502,
        outcome.timedOut ? 'upstream-timeout' : 'upstream-no-answer',
        {
          code: outcome.timedOut ? -1007 : -1006,
          msg: `no answer from the upstream (${describe(outcome.error)}); the request may have reached it${isOrder ? ': execution status unknown, query the order before sending it again' : ''}`,
        },
      );
    }
  };

  const judge = async (
    req: IncomingMessage,
    res: ServerResponse,
    query: string,
    body: Buffer,
  ): Promise<void> => {
    const parsed = parseOrderRequest({ query, body, contentType: contentTypeOf(req.rawHeaders) });
    if (!parsed.ok) {
      const { status, code, reason, msg, fields } = parsed.problem;
      answer(res, status, reason, { code, msg, ...(fields === undefined ? {} : { fields }) });
      return;
    }
    const book = provider.current();
    if (book === undefined) {
      answer(res, 503, 'no-rule-book', {
        code: -1001,
        msg: 'the gateway has no rule book yet (the first exchangeInfo fetch has not succeeded); orders are refused until it has one',
      });
      return;
    }
    if (!options.allowStaleBook && provider.isStale?.() === true) {
      answer(res, 503, 'stale-rule-book', {
        code: -1001,
        msg: `the gateway's rule book is stale (${provider.ageMs?.() ?? '?'} ms old; refreshes are failing); orders are refused until a refresh succeeds`,
      });
      return;
    }
    const { order } = parsed;
    let quote: PriceQuote | undefined;
    try {
      quote = typeof order.symbol === 'string' ? lookUp(options.referencePrices, order.symbol) : undefined;
    } catch (error) {
      answer(res, 503, 'reference-price-failed', {
        code: -1001,
        msg: `reference price lookup failed (${describe(error)}); the order was not sent`,
      });
      return;
    }
    if (quote !== undefined && !isPlainPositiveDecimal(quote.price)) {
      // The embedder's data is at fault, not the client's order: fail closed, but say whose fault.
      answer(res, 503, 'reference-price-failed', {
        code: -1001,
        msg: `the gateway's reference price for ${String(order.symbol)} is malformed (${JSON.stringify(quote.price)}); the order was not sent`,
      });
      return;
    }
    // An age that is not a number (NaN) is not known to be fresh.
    const stale = quote?.ageMs !== undefined && !(quote.ageMs <= maxReferenceAgeMs);
    const context: { referencePrice?: string | number; maxNotional?: string | number } = {};
    if (quote !== undefined && !stale) context.referencePrice = quote.price;
    if (options.maxNotional !== undefined) context.maxNotional = options.maxNotional;
    const result = book.validateOrder(order, context satisfies ValidationContext);
    const needsPrice = result.skipped.some((skip) => skip.reason === 'NO_REFERENCE_PRICE');
    const bandUnchecked = !needsPrice ? undefined : stale ? 'stale' : 'missing';
    stats.judged++;
    emit({
      type: 'verdict',
      order,
      result,
      referencePrice: quote?.price,
      referencePriceAgeMs: quote?.ageMs,
      bandUnchecked,
    });
    if (!result.ok) {
      stats.refused++;
      const first = result.violations[0]!;
      answer(res, 400, 'order-refused', {
        ...exchangeErrorOf(first, order),
        violations: result.violations,
        skipped: result.skipped,
      });
      return;
    }
    if (bandUnchecked !== undefined && !options.failOpen) {
      stats.unchecked++;
      const symbol = String(order.symbol);
      answer(res, 503, bandUnchecked === 'stale' ? 'reference-price-stale' : 'reference-price-missing', {
        code: -1001,
        msg:
          bandUnchecked === 'stale'
            ? `the gateway's reference price for ${symbol} is ${Math.round(quote?.ageMs ?? 0)} ms old (limit ${maxReferenceAgeMs} ms): the price band cannot be checked, so the order was not sent`
            : `the gateway has no reference price for ${symbol}: the price band cannot be checked, so the order was not sent`,
        skipped: result.skipped,
      });
      return;
    }
    stats.accepted++;
    await forward(req, res, body, true);
  };

  /** The gateway's health: the rule book, the reference prices, the counters. */
  const sendStatus = (res: ServerResponse): void => {
    const book = provider.current();
    const prices = options.referencePrices;
    const feedHealth =
      prices !== undefined &&
      typeof prices === 'object' &&
      'health' in prices &&
      typeof prices.health === 'function'
        ? prices.health()
        : undefined;
    const text = JSON.stringify({
      ruleBook: {
        pairs: book?.size,
        ageMs: provider.ageMs?.(),
        stale: provider.isStale?.() ?? false,
      },
      referencePrices: feedHealth ?? { source: prices === undefined ? 'none' : 'embedder' },
      failOpen: options.failOpen === true,
      maxReferenceAgeMs,
      stats: { ...stats, openConnections: served.size + overflow.size },
    });
    res.writeHead(200, {
      'content-type': 'application/json;charset=UTF-8',
      'content-length': Buffer.byteLength(text),
      [GATEWAY_HEADER]: 'status' satisfies GatewayReason,
    });
    res.end(text);
  };

  /** The response being written on each connection, so a client error never garbles one. */
  const answering = new WeakMap<Duplex, ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    answering.set(req.socket, res);
    res.once('close', () => {
      if (answering.get(req.socket) === res) answering.delete(req.socket);
    });
    const read = await readRawBody(req, maxBodyBytes);
    if (!read.ok) {
      if (read.reason === 'aborted') {
        emit({ type: 'client-gone', stage: 'request', method: req.method ?? 'GET', target: req.url ?? '/' });
        res.destroy();
      } else
        answer(
          res,
          413,
          'body-too-large',
          { code: -1000, msg: `the request body is over ${maxBodyBytes} bytes` },
          !read.drained, // a body abandoned mid-way leaves the connection unusable
        );
      return;
    }
    if (overflow.has(req.socket)) {
      stats.refusedConnections++;
      answer(
        res,
        503,
        'too-many-connections',
        {
          code: -1001,
          msg: `the gateway is serving its maximum of ${maxConnections} connections (${maxConnectionsPerPeer} from one address); the request was not sent, it is safe to send again`,
        },
        true,
      );
      return;
    }
    if (req.method === 'GET' && req.url === STATUS_PATH) {
      sendStatus(res);
      return;
    }
    const route = routeRequest(req.method ?? 'GET', req.url ?? '/', options);
    if (route.kind === 'refuse') {
      answer(res, route.status, route.reason, { code: route.status === 403 ? -1020 : -1000, msg: route.msg });
    } else if (route.kind === 'forward') {
      await forward(req, res, read.bytes, false);
    } else {
      await judge(req, res, route.query, read.bytes);
    }
  };

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      maxHeaderSize: maxHeaderBytes,
      // Node checks both timeouts on this interval (default 30 s, far coarser than they are).
      connectionsCheckingInterval: Math.min(1_000, Math.max(25, Math.floor(headersTimeoutMs / 4))),
    },
    (req, res) => {
      // A connection's pipelined requests are handled one at a time, in order: one client
      // pipelining thousands of requests holds one upstream request at a time, not thousands.
      const socket = req.socket;
      headless.delete(socket as Socket);
      busy.set(socket, (busy.get(socket) ?? 0) + 1);
      const turn = (turns.get(socket) ?? Promise.resolve())
        .then(() => handle(req, res))
        .catch((error: unknown) => {
          answer(res, 500, 'internal-error', { code: -1000, msg: `gateway error: ${describe(error)}` });
        })
        .finally(() => {
          busy.set(socket, (busy.get(socket) ?? 1) - 1);
          if (turns.get(socket) === turn) turns.delete(socket);
        });
      turns.set(socket, turn);
    },
  );
  // The hard cap: Node closes a connection past it as soon as it is accepted ('drop').
  server.maxConnections = maxConnections + OVERFLOW_CONNECTIONS;
  server.on('drop', () => {
    stats.refusedConnections++;
    emit({ type: 'connection-dropped', open: served.size + overflow.size });
  });
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? '';
    peerOf.set(socket, peer);
    perPeer.set(peer, (perPeer.get(peer) ?? 0) + 1);
    socket.once('close', () => release(socket));
    const admitted =
      ((perPeer.get(peer) ?? 0) <= maxConnectionsPerPeer || evictHeadlessConnection(peer)) &&
      (served.size < maxConnections || evictHeadlessConnection(undefined));
    if (admitted) {
      served.add(socket);
      headless.set(socket, performance.now());
      return;
    }
    overflow.add(socket);
    const timer = setTimeout(() => socket.destroy(), OVERFLOW_GRACE_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
  /**
   * At the cap, the oldest connection that has been open for a while (`evictableAfterMs`) without
   * finishing a single request head makes room for a new one: connections that trickle their
   * heads cannot lock everyone else out by holding every slot until their timeout. Nothing is
   * lost: such a connection has sent nothing that was judged or forwarded. Connections that have
   * been served (idle keep-alive ones included) are never evicted.
   */
  const evictHeadlessConnection = (peer: string | undefined): boolean => {
    const now = performance.now();
    for (const [socket, openedAt] of headless) {
      // Oldest first (a Map keeps insertion order): the first too young means all are.
      if (now - openedAt < evictableAfterMs) return false;
      if (peer !== undefined && peerOf.get(socket) !== peer) continue;
      if ((busy.get(socket) ?? 0) > 0) continue;
      stats.evictedConnections++;
      emit({ type: 'connection-evicted', peer: peerOf.get(socket) ?? '' });
      release(socket);
      socket.destroy();
      return true;
    }
    return false;
  };

  /** Forgets a connection (closed or evicted); counted once, whichever comes first. */
  const release = (socket: Socket): void => {
    served.delete(socket);
    overflow.delete(socket);
    headless.delete(socket);
    const peer = peerOf.get(socket);
    if (peer === undefined) return;
    peerOf.delete(socket);
    const left = (perPeer.get(peer) ?? 1) - 1;
    if (left === 0) perPeer.delete(peer);
    else perPeer.set(peer, left);
  };

  // Replaces Node's default handling (answer 400/408/431 on the raw socket, or just close it)
  // with the same, logged, and answered in the gateway's format.
  const failedSockets = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (failedSockets.has(socket)) {
      // The parser reports again on every further chunk: the first report was answered.
      return;
    }
    failedSockets.add(socket);
    const code = typeof error.code === 'string' ? error.code : 'UNKNOWN';
    const reply = clientErrorReply(code);
    const inFlight = answering.get(socket);
    const canAnswer =
      reply !== undefined && socket.writable && (inFlight === undefined || !inFlight.headersSent);
    emit({ type: 'client-error', code, status: canAnswer ? reply.status : undefined });
    if (!canAnswer) {
      socket.destroy();
      return;
    }
    stats.gatewayAnswers++;
    // As Node does: write, then destroy at once. (Half-closing and lingering instead delays both
    // this answer and every other connection's timeout check under load: measured.)
    socket.write(rawGatewayAnswer(reply.status, reply.reason, { code: -1000, msg: reply.msg }));
    socket.destroy();
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listen, an error of the listening socket (a failed accept) is logged, never fatal.
  server.on('error', (error: NodeJS.ErrnoException) => {
    emit({ type: 'server-error', code: typeof error.code === 'string' ? error.code : 'UNKNOWN' });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get stats() {
      return { ...stats, openConnections: served.size + overflow.size };
    },
    close(graceMs = 2_000) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        await closed;
        clearTimeout(timer);
        if (ownsDispatcher) await dispatcher.close();
      })();
      return closing;
    },
  };
}

function lookUp(prices: ReferencePrices | undefined, symbol: string): PriceQuote | undefined {
  if (prices === undefined) return undefined;
  if (typeof prices === 'function') {
    const found = prices(symbol);
    if (found === undefined) return undefined;
    return typeof found === 'object' && found !== null ? found : { price: String(found), ageMs: 0 };
  }
  if ('quote' in prices && typeof prices.quote === 'function') return prices.quote(symbol);
  const fixed = (prices as ReadonlyMap<string, string | number>).get(symbol);
  // A fixed price has no age: it is as fresh as whoever supplied it says.
  return fixed === undefined ? undefined : { price: String(fixed), ageMs: 0 };
}

/**
 * The request's `Content-Type`, or `null` when it is sent more than once: Node keeps the first,
 * another reader might keep the last, and both are forwarded.
 */
function contentTypeOf(rawHeaders: readonly string[]): string | undefined | null {
  let found: string | undefined;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() !== 'content-type') continue;
    if (found !== undefined) return null;
    found = rawHeaders[i + 1]!;
  }
  return found;
}

function upstreamOrigin(value: string | URL): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`upstreamUrl must be an absolute http(s) URL, got ${JSON.stringify(String(value))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`upstreamUrl must be http or https, got ${url.protocol}`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new TypeError(
      `upstreamUrl must be an origin such as https://api.example.com (paths are forwarded as received), got ${url.href}`,
    );
  }
  return url.origin;
}

function bookProvider(options: RiskGatewayOptions): RuleBookProvider {
  const { source, book } = options;
  if ((source === undefined) === (book === undefined)) {
    throw new TypeError(
      'give exactly one of source (a refreshing RuleBookSource) and book (a fixed RuleBook)',
    );
  }
  if (source !== undefined) return source;
  return { current: () => book };
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new TypeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/** What Node's default `clientError` handling answers, per error code; undefined: just close. */
function clientErrorReply(code: string): { status: number; reason: GatewayReason; msg: string } | undefined {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      reason: 'request-timeout',
      msg: 'the request was not received in time; it was not sent',
    };
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      reason: 'headers-too-large',
      msg: 'the request head is too large; it was not sent',
    };
  if (code.startsWith('HPE_'))
    return {
      status: 400,
      reason: 'bad-request',
      msg: `the request is not valid HTTP (${code}); it was not sent`,
    };
  return undefined; // ECONNRESET, EPIPE, ...: nobody to answer
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string' && message !== '') return message;
  }
  return String(error);
}
