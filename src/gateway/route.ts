import { foldedPath, orderEndpointAt, orderPathCovering } from './order-endpoints.js';

/**
 * Which requests the gateway judges, which it forwards, and which it refuses: by allow-list.
 *
 * A pre-trade gateway that judges one door and forwards whatever else it is sent is no gateway:
 * any endpoint it does not know might place an order (WEEX documents V2, V1 and contract order
 * paths beside V3's, and a batch endpoint), and any spelling of a path it does not compare byte
 * for byte might be routed upstream to the order endpoint (`/api;x=1/v3/order`,
 * `/api/v3/.;/order`: servlet containers strip path parameters and resolve dot segments before
 * routing). So the gateway forwards only the method and path pairs in one table (the WEEX V3
 * spot endpoints that read or cancel, plus those the operator opens with `forward`), judges
 * `POST /api/v3/order`, and refuses everything else; and a path is looked up only when it is
 * already canonical: no `;`, no `%`, no dot or empty segment, no character outside the plain set.
 */

/**
 * What a route of the table is: `read` and `cancel` are forwarded as they are, `judge` is the
 * order the gateway checks before forwarding it, `opened` a pair the operator added with `forward`.
 *
 * @example
 * ```ts
 * const kind: RouteKind = 'cancel';
 * ```
 */
export type RouteKind = 'read' | 'cancel' | 'judge' | 'opened';

/**
 * One route of the table: a method, an exact path (compared byte for byte) and what it is.
 *
 * @example
 * ```ts
 * const route: RouteEntry = { method: 'GET', path: '/api/v3/openOrders', kind: 'read' };
 * ```
 */
export interface RouteEntry {
  readonly method: string;
  readonly path: string;
  readonly kind: RouteKind;
}

const route = (kind: RouteKind, method: string, paths: readonly string[]): RouteEntry[] =>
  paths.map((path) => ({ method, path, kind }));

/** Paths of the spot API (`/api/v3/`) and of the contract API (`/capi/v3/`), each prefix written once. */
const spot = (paths: readonly string[]): string[] => paths.map((path) => `/api/v3/${path}`);
const contract = (paths: readonly string[]): string[] => paths.map((path) => `/capi/v3/${path}`);

/**
 * The routes the gateway serves by default: the WEEX V3 spot endpoints of the exchange's own
 * connector that read or cancel, `GET /api/v3/account` as other clients spell it (the connector
 * writes `/api/v3/account/`), `GET /api/v3/apiTradingSymbols`, and the one it judges,
 * `POST /api/v3/order`. The affiliate and rebate endpoints are left out (`forward` opens them).
 *
 * @example
 * ```ts
 * WEEX_SPOT_ROUTES.filter((r) => r.kind === 'cancel').map((r) => `${r.method} ${r.path}`);
 * // ['DELETE /api/v3/order', 'DELETE /api/v3/openOrders', 'DELETE /api/v3/order/batch']
 * ```
 */
export const WEEX_SPOT_ROUTES: readonly RouteEntry[] = [
  ...route('read', 'GET', [
    ...spot(['ping', 'time', 'exchangeInfo', 'coins']),
    ...spot(['market/depth', 'market/trades', 'market/klines']),
    ...spot(['market/ticker/24hr', 'market/ticker/price', 'market/ticker/bookTicker']),
    ...spot(['account/', 'account', 'account/transferRecords', 'apiTradingSymbols']),
    ...spot(['order', 'openOrders', 'allOrders', 'myTrades']),
  ]),
  // Reads that WEEX serves on POST, with a JSON body of filters.
  ...route('read', 'POST', spot(['account/bills', 'account/fundingBills'])),
  ...route('cancel', 'DELETE', spot(['order', 'openOrders', 'order/batch'])),
  ...route('judge', 'POST', spot(['order'])),
];

/**
 * The routes the gateway serves by default when it fronts the contract host (`market: 'futures'`):
 * the WEEX V3 contract endpoints public material shows that read (market data, the account's
 * symbol settings, a position, the open algo orders), and the two it judges, `POST /capi/v3/order`
 * (LIMIT and MARKET) and `POST /capi/v3/algoOrder` (the conditional types). No spot route: a spot
 * order sent to a gateway in front of the contract host is refused. The contract cancels are not
 * listed (public material does not show their paths): `forward` opens them.
 *
 * @example
 * ```ts
 * WEEX_CONTRACT_ROUTES.filter((r) => r.kind === 'judge').map((r) => r.path);
 * // ['/capi/v3/order', '/capi/v3/algoOrder']
 * ```
 */
export const WEEX_CONTRACT_ROUTES: readonly RouteEntry[] = [
  ...route('read', 'GET', [
    ...contract(['market/exchangeInfo', 'market/symbolPrice', 'market/ticker/bookTicker']),
    ...contract(['market/premiumIndex', 'market/apiTradingSymbols']),
    ...contract(['account/symbolConfig', 'account/position/singlePosition', 'openAlgoOrders']),
  ]),
  ...route('judge', 'POST', contract(['order', 'algoOrder'])),
];

/** The routes without a placing method that still take a body: WEEX's batch cancel, in JSON. */
const BODY_ROUTES: ReadonlySet<string> = new Set(['DELETE /api/v3/order/batch']);

/**
 * Whether a request on `route` may carry a body: POST, PUT and PATCH, and the batch cancel. Other
 * reads and cancels take their parameters in the query string; a body on them is refused, since a
 * server that ignores it would read it as the next request.
 *
 * @example
 * ```ts
 * routeTakesBody({ method: 'GET', path: '/api/v3/time', kind: 'read' }); // false
 * ```
 */
export function routeTakesBody(route: RouteEntry): boolean {
  return (
    route.method === 'POST' ||
    route.method === 'PUT' ||
    route.method === 'PATCH' ||
    BODY_ROUTES.has(`${route.method} ${route.path}`)
  );
}

/**
 * Which exchange host the gateway fronts: `spot` (`/api/v3/...`, the default) or `futures` (the
 * contract host, `/capi/v3/...`).
 *
 * @example
 * ```ts
 * const market: GatewayMarket = 'futures';
 * ```
 */
export type GatewayMarket = 'spot' | 'futures';

/** A set of routes, looked up by exact method and path. */
export interface RouteTable {
  readonly entries: readonly RouteEntry[];
  /** The host the default routes are for. */
  readonly market: GatewayMarket;
  /** The routes the operator opened (`forward`), as read. */
  readonly opened: readonly RouteEntry[];
  /** The route at exactly this method and path. */
  find(method: string, path: string): RouteEntry | undefined;
  /** Whether any method has a route at exactly this path. */
  hasPath(path: string): boolean;
  /** `path` when listed, else the listed path it equals once both are folded (`foldedPath`), if any. */
  listedAs(path: string): string | undefined;
}

function routeTable(
  entries: readonly RouteEntry[],
  market: GatewayMarket = 'spot',
  opened: readonly RouteEntry[] = [],
): RouteTable {
  const byRoute = new Map<string, RouteEntry>();
  // The first entry for a pair wins: an operator's `forward` never turns the judged route into
  // a forwarded one.
  for (const entry of entries) {
    const key = `${entry.method} ${entry.path}`;
    if (!byRoute.has(key)) byRoute.set(key, entry);
  }
  const paths = new Set(entries.map((entry) => entry.path));
  const folded = new Map(entries.map((entry) => [foldedPath(entry.path), entry.path]));
  return {
    entries: [...byRoute.values()],
    market,
    opened,
    find: (method, path) => byRoute.get(`${method} ${path}`),
    hasPath: (path) => paths.has(path),
    listedAs: (path) => (paths.has(path) ? path : folded.get(foldedPath(path))),
  };
}

/**
 * The default table, {@link WEEX_SPOT_ROUTES}.
 */
export const DEFAULT_ROUTE_TABLE: RouteTable = routeTable(WEEX_SPOT_ROUTES);

/**
 * The default table of `market` plus the operator's routes (already read by {@link readForwardEntry}).
 */
export function routeTableWith(opened: readonly RouteEntry[], market: GatewayMarket = 'spot'): RouteTable {
  if (market === 'futures') return routeTable([...WEEX_CONTRACT_ROUTES, ...opened], market, opened);
  return opened.length === 0
    ? DEFAULT_ROUTE_TABLE
    : routeTable([...WEEX_SPOT_ROUTES, ...opened], market, opened);
}

/**
 * The characters a canonical path is made of: RFC 3986's path characters without `;` (a path
 * parameter, stripped by servlet containers before routing) and `%` (an escape, decoded by
 * routers before matching). Anything else (`\`, non-ASCII, `#`, spaces) a router may rewrite.
 */
const CANONICAL_PATH = /^[A-Za-z0-9\-._~!$&'()*+,=:@/]*$/;

/**
 * Why `path` is not canonical, or undefined when it is: it starts with `/`, has no `;`, no `%`,
 * no backslash or other character outside the plain set, no `.` or `..` segment, and no empty
 * segment (`//`, or a trailing `/` unless `trailingSlash` allows it).
 */
export function canonicalPathProblem(path: string, trailingSlash: boolean): string | undefined {
  if (!path.startsWith('/')) return 'it does not start with "/"';
  if (path.includes(';')) return 'it has a ";" (a path parameter that servers strip before routing)';
  if (path.includes('%')) return 'it has a percent-escape (decoded by routers before matching)';
  if (path.includes('\\')) return 'it has a backslash (read as "/" by some servers)';
  if (!CANONICAL_PATH.test(path)) return 'it has a character outside the plain path characters';
  const segments = path.slice(1).split('/');
  for (const [i, segment] of segments.entries()) {
    if (segment === '.' || segment === '..') return `it has a "${segment}" segment (resolved before routing)`;
    if (segment !== '') continue;
    if (i < segments.length - 1) return 'it has an empty segment ("//")';
    if (!trailingSlash) return 'it ends with "/"';
  }
  return undefined;
}

/**
 * Reads one operator route, `METHOD:PATH` (`GET:/api/v3/rebate/affiliate/getAffiliateUIDs`): the
 * method in capitals, the path canonical (a trailing `/` allowed), no query string. A path at or
 * under a known order-placing path (any method, any case) is refused: `forward` cannot open an
 * order-placing path, whose orders would then go out unjudged.
 */
export function readForwardEntry(
  text: string,
): { readonly ok: true; readonly entry: RouteEntry } | { readonly ok: false; readonly problem: string } {
  const colon = text.indexOf(':');
  const method = text.slice(0, colon);
  const path = text.slice(colon + 1);
  const shown = JSON.stringify(text);
  if (colon <= 0 || !/^[A-Z]+$/.test(method) || !path.startsWith('/')) {
    return {
      ok: false,
      problem: `must be METHOD:PATH with the method in capitals, such as GET:/api/v3/rebate/affiliate/getAffiliateUIDs, got ${shown}`,
    };
  }
  if (path.includes('?'))
    return { ok: false, problem: `must name a path without a query string, got ${shown}` };
  const why = canonicalPathProblem(path, true);
  if (why !== undefined) {
    return { ok: false, problem: `must name a canonical path, got ${shown}: ${why}` };
  }
  const order = orderPathCovering(path);
  const listed = DEFAULT_ROUTE_TABLE.find(method, path);
  if (order !== undefined && (listed === undefined || listed.kind === 'judge')) {
    return {
      ok: false,
      problem: `cannot open an order-placing path, got ${shown} (${path === order ? `${order} places orders` : `it is ${order}, which places orders, by another spelling or under it`}; the gateway judges POST /api/v3/order and refuses the rest)`,
    };
  }
  return { ok: true, entry: listed ?? { method, path, kind: 'opened' } };
}

/**
 * Why a request was refused by its route (the `x-preflight-gateway` header).
 *
 * @example
 * ```ts
 * const reason: RouteRefusalReason = 'route-not-allowed';
 * ```
 */
export type RouteRefusalReason =
  | 'bad-target'
  | 'non-canonical-target'
  | 'route-not-allowed'
  | 'unjudged-order-endpoint';

/**
 * What to do with one request.
 *
 * @example
 * ```ts
 * routeRequest('POST', '/api/v3/order');   // { kind: 'judge', path: '/api/v3/order', query: '' }
 * routeRequest('GET', '/api/v3/openOrders'); // { kind: 'forward', route: { method: 'GET', ... kind: 'read' } }
 * ```
 */
export type Route =
  | { readonly kind: 'judge'; readonly path: string; readonly query: string }
  | { readonly kind: 'forward'; readonly route: RouteEntry }
  | {
      readonly kind: 'refuse';
      readonly status: 400 | 403;
      readonly reason: RouteRefusalReason;
      readonly msg: string;
    };

/**
 * Routes a request by method and raw request target (`req.url`, never decoded for forwarding).
 * The query string is the endpoint's (the judged order takes none: parse-order-request.ts).
 *
 * @example
 * ```ts
 * routeRequest('POST', '/api/v3;x=1/order').kind;   // 'refuse' (400 non-canonical-target)
 * routeRequest('POST', '/api/v2/trade/orders').kind; // 'refuse' (403 unjudged-order-endpoint)
 * routeRequest('GET', '/api/v3/agency/getAssert').kind; // 'refuse' (403 route-not-allowed)
 * ```
 */
export function routeRequest(method: string, target: string, table: RouteTable = DEFAULT_ROUTE_TABLE): Route {
  // Only origin-form targets: absolute-form (`http://host/...`) and `*` are proxy or server matters.
  if (!target.startsWith('/')) {
    return refuse(400, 'bad-target', 'the request target must be a path starting with "/"');
  }
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);

  const found = table.find(method, path);
  if (found?.kind === 'judge') return { kind: 'judge', path, query };
  if (found !== undefined) return { kind: 'forward', route: found };

  const why = canonicalPathProblem(path, table.hasPath(path));
  if (why !== undefined) {
    return refuse(
      400,
      'non-canonical-target',
      `${method} ${path}: the path is not canonical (${why}), so the exchange's router might read it as another endpoint; send the exact path`,
    );
  }
  const listed = table.listedAs(path) ?? caseVariantOfOrderPath(path);
  if (listed !== undefined && listed !== path) {
    return refuse(
      400,
      'non-canonical-target',
      `${method} ${path}: the path differs from ${listed} only in case, and a case-insensitive router might read it as that endpoint; send the exact path`,
    );
  }
  const endpoint = orderEndpointAt(method, path);
  if (table.market === 'futures' && endpoint !== undefined) {
    return refuse(
      403,
      'unjudged-order-endpoint',
      endpoint.family === 'contract-v3'
        ? `${method} ${path} places contract orders this gateway does not judge; send each order as POST /capi/v3/order (LIMIT, MARKET) or POST /capi/v3/algoOrder (STOP, TAKE_PROFIT, STOP_MARKET, TAKE_PROFIT_MARKET)`
        : `this gateway fronts the contract host (market futures) and judges only WEEX V3 contract orders, POST /capi/v3/order and POST /capi/v3/algoOrder; ${method} ${path} would place an order it cannot check (run a spot gateway, market spot, for spot orders)`,
    );
  }
  if (endpoint?.family === 'spot-v3-batch') {
    return refuse(
      403,
      'unjudged-order-endpoint',
      `${method} ${path} places a batch of orders that this gateway does not judge (WEEX reports batch placement unavailable); send each order as POST /api/v3/order`,
    );
  }
  if (endpoint !== undefined) {
    return refuse(
      403,
      'unjudged-order-endpoint',
      `this gateway judges WEEX V3 spot orders; send them to /api/v3/order (${method} ${path} would place an order it cannot check)`,
    );
  }
  const order = orderPathCovering(path);
  return refuse(
    403,
    'route-not-allowed',
    order === undefined
      ? `${method} ${path} is not a route this gateway forwards (it forwards ${table.market === 'futures' ? 'the WEEX V3 contract endpoints that read, and judges POST /capi/v3/order and POST /capi/v3/algoOrder' : 'the WEEX V3 spot endpoints that read or cancel, and judges POST /api/v3/order'}); the operator can open it with --forward ${method}:${path} (option forward)`
      : `${method} ${path} is not a route this gateway forwards, and it sits at or under the order-placing path ${order}, which --forward cannot open`,
  );
}

/** The known order-placing path `path` equals once case folded, if any. */
function caseVariantOfOrderPath(path: string): string | undefined {
  const order = orderPathCovering(path);
  return order !== undefined && foldedPath(order) === foldedPath(path) ? order : undefined;
}

function refuse(status: 400 | 403, reason: RouteRefusalReason, msg: string): Route {
  return { kind: 'refuse', status, reason, msg };
}
