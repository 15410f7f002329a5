import type { Dispatcher } from 'undici';
import * as z from 'zod/mini';
import {
  builtOnce,
  callback,
  type DeclaresExactly,
  flag,
  integerIn,
  optionsSchema,
  refuse,
  valueThat,
  withDefault,
} from '../client/option-schema.js';
import { MAX_TIMER_MS } from '../client/wait-bounds.js';
import { describeThrown } from '../errors/preflight-error.js';
import { CONTRACT_ORDER_FIELDS, ContractBook } from '../futures.js';
import { InvalidArgumentError, type RuleBook, type ViolationCode } from '../index.js';
import { CONTRACT_SKIPPABLE_CHECKS, contractAlgoFields } from './contract-orders.js';
import { ADMIN_TOKEN_RULE, isAdminToken } from './desk/admin-token.js';
import { type DeskLimits, describeLimitsFault, readDeskLimits } from './desk/desk-limits.js';
import type { GatewayEvent } from './gateway-events.js';
import { orderFieldFoldedFrom } from './parse-order-request.js';
import { isPlainPositiveDecimal } from './plain-decimal.js';
import type { PriceQuote } from './reference-ticker.js';
import {
  type GatewayMarket,
  type RouteEntry,
  type RouteTable,
  readForwardEntry,
  routeTableWith,
} from './route.js';
import { SKIPPABLE_CHECKS } from './unchecked-checks.js';

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
  | {
      /** The symbol's last price and its age, or undefined when none is known. */
      quote(symbol: string): PriceQuote | undefined;
      /** The feed's health, shown as it is on the status page. */
      health?(): unknown;
    }
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
  /** The rule book in force, or undefined before the first one (orders are then refused 503). */
  current(): RuleBook | undefined;
  /** When present and true, orders are refused with 503 unless `allowStaleBook`. */
  isStale?(): boolean;
  /** The book's age in ms, for the status page and the metrics. */
  ageMs?(): number | undefined;
  /**
   * The error of the last failed refresh, `undefined` after a success (a `RuleBookSource`'s
   * `lastError`). Shown on the status page: a refused refresh (`ImplausibleRuleBookError`) says
   * that the book in force was kept, and why.
   */
  readonly lastError?: unknown;
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
  /**
   * Which host the gateway fronts. `spot`: it judges `POST /api/v3/order` against `source` or
   * `book`. `futures`: the contract host; it judges `POST /capi/v3/order` and
   * `POST /capi/v3/algoOrder` against `contractBook`, refuses every other order-placing path
   * (spot ones included), and will not start with `deskLimits` (docs/gateway.md, "Futures").
   *
   * @default 'spot'
   */
  readonly market?: GatewayMarket;
  /**
   * The contract rules (`market: 'futures'`, and only then): a `ContractBook` from
   * `order-preflight/futures`, such as `ContractBook.fromContractInfoText(savedPayload)`.
   */
  readonly contractBook?: ContractBook;
  /** A refreshing source of rule books (preferred). The gateway reads it, never stops it. */
  readonly source?: RuleBookProvider;
  /** A fixed rule book, for tests and snapshots. */
  readonly book?: RuleBook;
  readonly referencePrices?: ReferencePrices;
  /**
   * A reference price older than this is not used: the order's band cannot be checked (503
   * `reference-price-stale`, unless `failOpen`). Applies to prices that carry an age (the
   * ticker's); a map's prices have none.
   *
   * @default 10_000
   */
  readonly maxReferenceAgeMs?: number;
  /**
   * Forward an order whose price band or market worst case cannot be checked (no reference
   * price, or one older than `maxReferenceAgeMs`), logging its verdict as "band unchecked".
   * When false, a risk gateway fails closed (503 `reference-price-missing` or `-stale`).
   *
   * @default false
   */
  readonly failOpen?: boolean;
  /**
   * The checks an order may be forwarded without, by the code each would produce
   * (`'QUANTITY_ABOVE_MAX'`, `'PRICE_TICK'`: one of {@link SKIPPABLE_CHECKS}; with
   * `market: 'futures'`, one of the contract's, such as `'POSITION_SIZE_ABOVE_MAX'`, which the
   * gateway can never check: it knows no position). An order whose
   * verdict skips any other check is not sent: 503 `rule-unchecked` when the pair lacks the rule
   * field the check needs (docs/gateway.md, "Fail closed on missing rules"), 503
   * `reference-price-missing` / `-stale` when only a reference price is lacking. A check named
   * here may go unchecked for either reason. None: fail closed.
   *
   * @default []
   */
  readonly allowUnchecked?: readonly (ViolationCode | (typeof CONTRACT_SKIPPABLE_CHECKS)[number])[];
  /**
   * A risk limit on price × quantity in quote units (worst case for MARKET), applied to every
   * order. Optional here; the `order-preflight gateway` command will not start without a notional
   * limit (`--max-notional`, or `"*"` in `--limits`) unless told `--no-max-notional`.
   */
  readonly maxNotional?: string | number;
  /**
   * The desk's limits per API key and per symbol (throttle, notional cap, duplicate guard,
   * allowed symbols, quantity cap, price collar; docs/gateway.md, "Desk controls"). Replaced
   * while running with `gateway.setLimits()`.
   *
   * @default none
   */
  readonly deskLimits?: DeskLimits;
  /**
   * Enables the kill switch's endpoints, `POST /preflight/halt` and `POST /preflight/resume`,
   * for requests with `Authorization: Bearer <adminToken>` (at least 16 visible ASCII
   * characters). Without it, both answer 404.
   *
   * @default none
   */
  readonly adminToken?: string;
  /**
   * The port to listen on; 0 takes a free port.
   *
   * @default 0
   */
  readonly port?: number;
  /**
   * The address to listen on.
   *
   * @default '127.0.0.1'
   */
  readonly host?: string;
  /**
   * Request bodies above this are refused with 413 (64 KiB).
   *
   * @default 65_536
   */
  readonly maxBodyBytes?: number;
  /**
   * Client connections served at once. The next {@link OVERFLOW_CONNECTIONS} get
   * a 503 (`too-many-connections`, not sent) to their first request and are closed within 1 s;
   * past those, connections are closed as soon as they are accepted (`connection-dropped`).
   * Keep it well below the process's file-descriptor limit: each forwarded request needs one
   * more descriptor for the upstream.
   *
   * @default 1_024
   */
  readonly maxConnections?: number;
  /**
   * Connections one peer address may hold at once. Past it, a connection from that address is
   * treated as one past the cap (503, then closed), so one address cannot take every slot.
   *
   * @default three quarters of maxConnections (768)
   */
  readonly maxConnectionsPerPeer?: number;
  /**
   * Connections to the upstream, at most (with the gateway's own dispatcher, its pool size). A request finding them all busy waits in the pool's queue (for at most
   * `upstreamTimeoutMs`, then 502 not sent); past `maxUpstreamQueue` waiting, it is answered 503
   * `upstream-busy` at once: not sent, safe to retry. So a client pipelining thousands of
   * requests, or thousands of clients, never open more upstream connections than this.
   *
   * @default 128
   */
  readonly maxUpstreamConnections?: number;
  /**
   * Requests that may wait for an upstream connection; past it, 503 `upstream-busy`.
   *
   * @default 512
   */
  readonly maxUpstreamQueue?: number;
  /**
   * How long a client may take to send a request's head (request line and headers), from its
   * first byte (a connection that sends nothing: from its opening); past it, 408 and the
   * connection is closed. Node's `server.headersTimeout`; an idle keep-alive connection is
   * `keepAliveTimeoutMs`'s.
   *
   * @default 10_000
   */
  readonly headersTimeoutMs?: number;
  /**
   * How long a client may take to send a whole request, head and body, from its first byte.
   * Past it, 408 and the connection is closed. At least `headersTimeoutMs`. Node's
   * `server.requestTimeout`; the upstream's time is not counted (that is `upstreamTimeoutMs`).
   *
   * @default 30 000 ms, or headersTimeoutMs if that is longer
   */
  readonly requestTimeoutMs?: number;
  /**
   * How long an idle keep-alive connection stays open after an answer.
   *
   * @default 5_000
   */
  readonly keepAliveTimeoutMs?: number;
  /**
   * The request head's size limit (request line and headers; 16 KiB); past it, 431.
   *
   * @default 16_384
   */
  readonly maxHeaderBytes?: number;
  /**
   * How long the upstream may take to answer, head and body; past it, 504.
   *
   * @default 10_000
   */
  readonly upstreamTimeoutMs?: number;
  /**
   * Judge orders against a book the source calls stale (`isStale()`). When false, such orders
   * are answered 503.
   *
   * @default false
   */
  readonly allowStaleBook?: boolean;
  /**
   * Routes to forward besides the default table (`WEEX_SPOT_ROUTES`), each `METHOD:PATH`, such as
   * `'GET:/api/v3/rebate/affiliate/getAffiliateUIDs'`: the method in capitals, the path exact
   * and canonical (no `;`, `%`, dot or empty segment), no query string. A known order-placing
   * path (`ORDER_PLACING_ENDPOINTS`), or a path under one, cannot be opened. Every request that
   * is neither in the table nor judged is refused 403 `route-not-allowed`.
   *
   * @default []
   */
  readonly forward?: readonly string[];
  /**
   * Body keys that `POST /api/v3/order` may carry besides the order fields (`ORDER_FIELDS`);
   * any other key is refused 400 `unknown-field`, so only what the gateway judges goes out. A key
   * that folds to an order field (`quan_tity`, `Quantity`) cannot be allowed.
   *
   * @default []
   */
  readonly allowFields?: readonly string[];
  /**
   * The undici dispatcher for upstream requests (a proxy agent, a mock).
   *
   * @default an Agent the gateway owns and closes
   */
  readonly dispatcher?: Dispatcher;
  /**
   * Each verdict, each failure, and one `request` event per request (the audit record), for
   * logs and metrics. Exceptions it throws are ignored.
   */
  readonly onEvent?: (event: GatewayEvent) => void;
  /**
   * Serve `GET /metrics` (Prometheus text format 0.0.4; docs/gateway.md, "Metrics"): like
   * `GET /preflight/status`, it shows counts and ages, never a key, path or secret. False: no
   * metrics are kept, and `/metrics` is routed like any other path.
   *
   * @default true
   */
  readonly metrics?: boolean;
}

// Every option of `createRiskGateway` is declared once, here: its type, its check and its
// default. The `order-preflight gateway` command gives its flags to the same schema, so a flag
// and an option are refused alike (the message names the option, the limit and the value).

const positive = (fallback: number) => withDefault(integerIn(1, MAX_TIMER_MS), fallback);
const optionalPositive = () => z.optional(integerIn(1, MAX_TIMER_MS));

const isObject = (value: unknown) => typeof value === 'object' && value !== null;

export function gatewayOptionShape() {
  return {
    upstreamUrl: z.pipe(
      valueThat<string | URL>(
        (value) => typeof value === 'string' || value instanceof URL,
        'an absolute http(s) URL such as https://api.example.com',
      ),
      z.transform((value: string | URL, ctx) => upstreamOrigin(value, ctx)),
    ),
    market: withDefault(
      valueThat<GatewayMarket>((value) => value === 'spot' || value === 'futures', 'spot or futures'),
      'spot' as GatewayMarket,
    ),
    contractBook: z.optional(
      valueThat<ContractBook>(
        (value) => value instanceof ContractBook,
        'a ContractBook (order-preflight/futures)',
      ),
    ),
    source: z.optional(
      valueThat<RuleBookProvider>(
        (value) => isObject(value) && typeof (value as RuleBookProvider).current === 'function',
        'a rule-book source (an object with current())',
      ),
    ),
    book: z.optional(
      valueThat<RuleBook>(
        (value) => isObject(value) && typeof (value as RuleBook).validateOrder === 'function',
        'a RuleBook',
      ),
    ),
    referencePrices: z.optional(
      valueThat<NonNullable<RiskGatewayOptions['referencePrices']>>(
        (value) => typeof value === 'function' || value instanceof Map || isObject(value),
        'a Map of symbol to price, a function, or a feed with quote(symbol)',
      ),
    ),
    maxReferenceAgeMs: positive(10_000),
    failOpen: withDefault(flag(), false),
    allowUnchecked: withDefault(
      z.pipe(
        valueThat<NonNullable<RiskGatewayOptions['allowUnchecked']>>(
          (value) => Array.isArray(value) && value.every((check) => typeof check === 'string'),
          'a list of check names',
        ),
        // Which market's names: checked once the market is known (below).
        z.transform((checks: NonNullable<RiskGatewayOptions['allowUnchecked']>) => new Set(checks)),
      ),
      new Set<ViolationCode>(),
    ),
    maxNotional: z.optional(
      valueThat<string | number>(isPlainPositiveDecimal, 'a plain positive decimal such as "250000"'),
    ),
    deskLimits: z.optional(
      z.pipe(
        valueThat<DeskLimits>(
          isObject,
          'an object of desk limits such as {"keys": {"*": {"maxNotional": "250000"}}}',
        ),
        z.transform((value: DeskLimits, ctx) => {
          const read = readDeskLimits(value);
          return read.ok ? read.limits : refuse(ctx, { problem: describeLimitsFault(read), value });
        }),
      ),
    ),
    adminToken: z.optional(
      // The message never repeats the value: it is a secret.
      z.custom<string>(isAdminToken, {
        error: `must be a token of ${ADMIN_TOKEN_RULE} (the value is not shown)`,
      }),
    ),
    port: withDefault(integerIn(0, 65_535), 0),
    host: withDefault(z.string(), '127.0.0.1'),
    maxBodyBytes: positive(64 * 1024),
    maxConnections: positive(1024),
    maxConnectionsPerPeer: optionalPositive(),
    maxUpstreamConnections: positive(128),
    maxUpstreamQueue: positive(512),
    headersTimeoutMs: positive(10_000),
    requestTimeoutMs: optionalPositive(),
    keepAliveTimeoutMs: positive(5_000),
    maxHeaderBytes: positive(16 * 1024),
    upstreamTimeoutMs: positive(10_000),
    allowStaleBook: withDefault(flag(), false),
    forward: z.pipe(
      withDefault(
        valueThat<readonly string[]>(
          isListOfTexts,
          'a list of METHOD:PATH texts such as ["GET:/api/v3/rebate/affiliate/getAffiliateUIDs"]',
        ),
        [],
      ),
      z.transform((entries: readonly string[], ctx) => openedRoutes(entries, ctx)),
    ),
    allowFields: z.pipe(
      withDefault(valueThat<readonly string[]>(isListOfTexts, 'a list of body keys such as ["stpMode"]'), []),
      z.transform((keys: readonly string[], ctx) => allowedFields(keys, ctx)),
    ),
    dispatcher: z.optional(
      valueThat<NonNullable<RiskGatewayOptions['dispatcher']>>(
        (value) => isObject(value) && typeof (value as { dispatch?: unknown }).dispatch === 'function',
        'an undici Dispatcher',
      ),
    ),
    onEvent: z.optional(callback<NonNullable<RiskGatewayOptions['onEvent']>>()),
    metrics: withDefault(flag(), true),
  };
}

/** The default of `requestTimeoutMs`, unless `headersTimeoutMs` is longer. */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

const gatewayOptionsSchema = builtOnce(() =>
  z.pipe(
    optionsSchema(gatewayOptionShape(), { subject: 'a risk-gateway option', required: 'upstreamUrl' }),
    z.transform((options, ctx) => {
      const spotContract = options.market === 'spot' ? spotProblem(options) : undefined;
      if (spotContract !== undefined) return refuse(ctx, spotContract);
      if (options.market === 'spot' && (options.source === undefined) === (options.book === undefined)) {
        return refuse(ctx, {
          path: ['source'],
          problem:
            'and book: give exactly one, source (a refreshing RuleBookSource) or book (a fixed RuleBook)',
          value: options.source,
        });
      }
      const requestTimeoutMs =
        options.requestTimeoutMs ?? Math.max(DEFAULT_REQUEST_TIMEOUT_MS, options.headersTimeoutMs);
      if (options.headersTimeoutMs > requestTimeoutMs) {
        return refuse(ctx, {
          path: ['headersTimeoutMs'],
          problem: `must not exceed requestTimeoutMs (${requestTimeoutMs}), got ${options.headersTimeoutMs}`,
          value: options.headersTimeoutMs,
        });
      }
      const futures = options.market === 'futures';
      const skippable: readonly string[] = futures ? CONTRACT_SKIPPABLE_CHECKS : SKIPPABLE_CHECKS;
      const unknownCheck = [...options.allowUnchecked].find((check) => !skippable.includes(check));
      if (unknownCheck !== undefined) {
        return refuse(ctx, {
          path: ['allowUnchecked'],
          problem: `must name checks a ${futures ? 'contract ' : ''}verdict can skip (${skippable.join(', ')}), got ${JSON.stringify(unknownCheck)}`,
          value: unknownCheck,
        });
      }
      const marketProblem = futures ? futuresProblem(options) : undefined;
      if (marketProblem !== undefined) return refuse(ctx, marketProblem);
      const { maxConnections } = options;
      return {
        ...options,
        allowUnchecked: options.allowUnchecked as ReadonlySet<ViolationCode>,
        forward: futures ? routeTableWith(options.forward.opened, 'futures') : options.forward,
        requestTimeoutMs,
        // Three quarters of the slots: one address cannot take them all.
        maxConnectionsPerPeer:
          options.maxConnectionsPerPeer ?? maxConnections - Math.floor(maxConnections / 4),
      };
    }),
  ),
);

true satisfies DeclaresExactly<z.input<ReturnType<typeof gatewayOptionsSchema>>, RiskGatewayOptions>;

/** {@link RiskGatewayOptions} checked, every default filled in, the upstream as its origin. */
export type ResolvedGatewayOptions = Readonly<z.output<ReturnType<typeof gatewayOptionsSchema>>>;

/**
 * Reads the options of `createRiskGateway`.
 *
 * @throws {InvalidArgumentError} naming the first option at fault (`options.maxBodyBytes`), what
 *   it must be and the value it got.
 */
export function readGatewayOptions(options: RiskGatewayOptions): ResolvedGatewayOptions {
  let result: ReturnType<ReturnType<typeof gatewayOptionsSchema>['safeParse']>;
  try {
    result = gatewayOptionsSchema().safeParse(options, { reportInput: true });
  } catch (error) {
    throw new InvalidArgumentError('options', `could not be read (${describeThrown(error)})`, {
      cause: error,
    });
  }
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const option = issue?.path[0];
  throw new InvalidArgumentError(
    option === undefined ? 'options' : `options.${String(option)}`,
    issue?.message ?? 'are not valid',
  );
}

type Problem = { readonly path: readonly string[]; readonly problem: string; readonly value: unknown };

/** What `market: 'futures'` cannot start with: no contract book, a spot book, desk limits, a spot-field allowance. */
function futuresProblem(options: {
  readonly contractBook?: ContractBook | undefined;
  readonly source?: unknown;
  readonly book?: unknown;
  readonly deskLimits?: unknown;
  readonly allowFields: ReadonlySet<string>;
}): Problem | undefined {
  if (options.contractBook === undefined)
    return {
      path: ['contractBook'],
      problem: "is required with market 'futures' (a ContractBook from order-preflight/futures)",
      value: undefined,
    };
  for (const spotOnly of ['source', 'book'] as const) {
    if (options[spotOnly] !== undefined)
      return {
        path: [spotOnly],
        problem: "holds spot rules, which do not apply with market 'futures' (give contractBook)",
        value: options[spotOnly],
      };
  }
  if (options.deskLimits !== undefined)
    // Fail closed: the desk's per-symbol caps and collars are written for spot pairs; rather
    // than apply some of them to contracts and skip the rest, the gateway does not start.
    return {
      path: ['deskLimits'],
      problem:
        "do not apply with market 'futures' yet (the desk's caps and collars are written for spot orders); start without them, or use maxNotional",
      value: options.deskLimits,
    };
  const contractFields = [...CONTRACT_ORDER_FIELDS, ...contractAlgoFields()];
  for (const key of options.allowFields) {
    const field = orderFieldFoldedFrom(key, contractFields);
    if (field !== undefined && field !== key)
      return {
        path: ['allowFields'],
        problem: `cannot allow ${JSON.stringify(key)}: it folds to the contract order field ${field} (case and separators aside), and such a key is always refused as ambiguous`,
        value: key,
      };
  }
  return undefined;
}

/** What `market: 'spot'` cannot start with: a contract book. */
function spotProblem(options: { readonly contractBook?: ContractBook | undefined }): Problem | undefined {
  return options.contractBook === undefined
    ? undefined
    : {
        path: ['contractBook'],
        problem: "applies with market 'futures' only (give market: 'futures', or source or book for spot)",
        value: options.contractBook,
      };
}

function isListOfTexts(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The route table with the operator's routes, or the first entry refused. */
function openedRoutes(entries: readonly string[], ctx: Parameters<typeof refuse>[0]): RouteTable {
  const opened: RouteEntry[] = [];
  for (const text of entries) {
    const read = readForwardEntry(text);
    if (!read.ok) return refuse(ctx, { problem: read.problem, value: text });
    opened.push(read.entry);
  }
  return routeTableWith(opened);
}

/** The allowed body keys, or the first refused: empty, or folding to an order field it is not. */
function allowedFields(keys: readonly string[], ctx: Parameters<typeof refuse>[0]): ReadonlySet<string> {
  for (const key of keys) {
    if (key === '') return refuse(ctx, { problem: 'must not hold an empty key, got ""', value: key });
    const field = orderFieldFoldedFrom(key);
    if (field !== undefined && field !== key) {
      return refuse(ctx, {
        problem: `cannot allow ${JSON.stringify(key)}: it folds to the order field ${field} (case and separators aside), and such a key is always refused as ambiguous`,
        value: key,
      });
    }
  }
  return new Set(keys);
}

/** The origin of an upstream URL: paths are forwarded as received, so it must be a bare origin. */
function upstreamOrigin(value: string | URL, ctx: Parameters<typeof refuse>[0]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse(ctx, {
      problem: `must be an absolute http(s) URL such as https://api.example.com, got ${JSON.stringify(String(value))}`,
      value,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse(ctx, { problem: `must be http or https, got ${url.protocol}`, value });
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    return refuse(ctx, {
      problem: `must be an origin such as https://api.example.com (paths are forwarded as received), got ${url.href}`,
      value,
    });
  }
  return url.origin;
}

/** The longest time an option in ms may give (Node's timers take no longer), for the command's flags. */
export { MAX_TIMER_MS };
