import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
// In your project: import type { ... } from 'order-preflight';
import type { RuleBook, ValidationContext, ValidationResult } from '../../src/index.js';
import { type GatewayReason, sendGatewayAnswer } from './answers.js';
import { type ForwardOutcome, forwardRequest } from './forward.js';
import { type OrderParams, parseOrderRequest } from './parse-order-request.js';
import { readRawBody } from './read-body.js';
import { routeRequest } from './route.js';

/**
 * The last traded price per symbol: a function (return `undefined` when unknown) or a map.
 * Without one, the price-band checks are skipped (the verdict's `skipped` says so).
 *
 * @example
 * ```ts
 * const prices: ReferencePrices = new Map([['BTCUSDT', '100000.00']]);
 * const live: ReferencePrices = (symbol) => tickerCache.get(symbol)?.price;
 * ```
 */
export type ReferencePrices =
  | ((symbol: string) => string | number | undefined)
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
  /** A risk limit on price × quantity in quote units (worst case for MARKET), applied to every order. */
  readonly maxNotional?: string | number;
  /** Default 0: a free port. */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Request bodies above this are refused with 413. Default 64 KiB. */
  readonly maxBodyBytes?: number;
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
    }
  | {
      readonly type: 'answered';
      readonly status: number;
      readonly reason: GatewayReason;
      readonly msg: string;
    }
  | {
      /**
       * The client left before its answer: while sending its request (`request`; nothing was
       * forwarded) or while the upstream was answering (`upstream`; the request was sent, and for
       * an order its execution status is the client's to query).
       */
      readonly type: 'client-gone';
      readonly stage: 'request' | 'upstream';
      readonly method: string;
      readonly target: string;
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
  /** Requests of any kind sent upstream. */
  readonly forwarded: number;
  /** Answers the gateway wrote itself, refusals included. */
  readonly gatewayAnswers: number;
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
 * import { createRuleBookSource, ExchangeInfoClient } from 'order-preflight';
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
  const ownsDispatcher = options.dispatcher === undefined;
  const dispatcher =
    options.dispatcher ??
    // The deadline is forwardRequest's; undici's timers (1 s resolution) are only a backstop.
    // A connect that fails within half the deadline is reported as "not sent" (502, safe to retry).
    new Agent({
      headersTimeout: timeoutMs + 1_000,
      bodyTimeout: timeoutMs + 1_000,
      connectTimeout: Math.max(1, Math.floor(timeoutMs / 2)),
    });
  const stats = { judged: 0, accepted: 0, refused: 0, forwarded: 0, gatewayAnswers: 0 };

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
    stats.forwarded++;
    const outcome = await forwardRequest(
      dispatcher,
      origin,
      { method, target, rawHeaders: req.rawHeaders, body },
      res,
      timeoutMs,
    );
    if (outcome.kind === 'relayed') return;
    if (outcome.kind === 'client-gone') {
      emit({ type: 'client-gone', stage: 'upstream', method, target });
      return;
    }
    emit({ type: 'upstream-failure', method, target, outcome });
    if (outcome.kind === 'not-sent') {
      answer(res, 502, 'upstream-unreachable', {
        code: -1001,
        msg: `upstream unreachable (${describe(outcome.error)}); the request was not sent`,
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
    const parsed = parseOrderRequest({ query, body, contentType: req.headers['content-type'] });
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
    let referencePrice: string | number | undefined;
    try {
      referencePrice = order.symbol === undefined ? undefined : lookUp(options.referencePrices, order.symbol);
    } catch (error) {
      answer(res, 503, 'reference-price-failed', {
        code: -1001,
        msg: `reference price lookup failed (${describe(error)}); the order was not sent`,
      });
      return;
    }
    if (referencePrice !== undefined && !isPlainPositiveDecimal(referencePrice)) {
      // The embedder's data is at fault, not the client's order: fail closed, but say whose fault.
      answer(res, 503, 'reference-price-failed', {
        code: -1001,
        msg: `the gateway's reference price for ${order.symbol} is malformed (${JSON.stringify(referencePrice)}); the order was not sent`,
      });
      return;
    }
    const context: { referencePrice?: string | number; maxNotional?: string | number } = {};
    if (referencePrice !== undefined) context.referencePrice = referencePrice;
    if (options.maxNotional !== undefined) context.maxNotional = options.maxNotional;
    const result = book.validateOrder(order, context satisfies ValidationContext);
    stats.judged++;
    emit({ type: 'verdict', order, result, referencePrice });
    if (!result.ok) {
      stats.refused++;
      const codes = [...new Set(result.violations.map((v) => v.code))];
      answer(res, 400, 'order-refused', {
        code: -1013,
        msg: `Order refused by the pre-trade gateway: ${codes.join(', ')}`,
        violations: result.violations,
        skipped: result.skipped,
      });
      return;
    }
    stats.accepted++;
    await forward(req, res, body, true);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
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
    const route = routeRequest(req.method ?? 'GET', req.url ?? '/', options);
    if (route.kind === 'refuse') {
      answer(res, route.status, route.reason, { code: route.status === 403 ? -1020 : -1000, msg: route.msg });
    } else if (route.kind === 'forward') {
      await forward(req, res, read.bytes, false);
    } else {
      await judge(req, res, route.query, read.bytes);
    }
  };

  const server = createServer({ requestTimeout: 30_000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      answer(res, 500, 'internal-error', { code: -1000, msg: `gateway error: ${describe(error)}` });
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get stats() {
      return { ...stats };
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

/**
 * True for a decimal the library accepts as a price or limit: plain notation, greater than zero
 * (`"0.5"`, `100`), not `"1e3"`, `"-1"`, `" 1"`.
 *
 * @example
 * ```ts
 * isPlainPositiveDecimal('100000.00'); // true
 * isPlainPositiveDecimal('1e5');       // false
 * ```
 */
export function isPlainPositiveDecimal(value: unknown): boolean {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return (
    typeof text === 'string' && text.length <= 64 && /^(0|[1-9]\d*)(\.\d+)?$/.test(text) && /[1-9]/.test(text)
  );
}

function lookUp(prices: ReferencePrices | undefined, symbol: string): string | number | undefined {
  if (prices === undefined) return undefined;
  return typeof prices === 'function' ? prices(symbol) : prices.get(symbol);
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

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string' && message !== '') return message;
  }
  return String(error);
}
