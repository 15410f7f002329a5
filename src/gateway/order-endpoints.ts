/**
 * Every path public material shows that places (or changes) an order on WEEX, as data: the router
 * refuses these outright unless it judges them, and `forward` cannot open one. Kept in one place
 * so that the two cannot disagree.
 *
 * Sources, read 2026: WEEX's own connector (weex-connector-python, its spot client), WEEX's API
 * documentation (V3, V2 and V1 spot; V3 and V2 contract), ccxt's WEEX implementation, Weex.Net,
 * and WEEX's agent-skills endpoint catalogues (docs/exchange-semantics.md, "Endpoints that place
 * orders"). The futures paths live on another host in that material; a gateway fronting the spot
 * host still never forwards them, in case one host serves both.
 */

/**
 * Where an order-placing endpoint belongs, which decides how it is refused: a batch of V3 spot
 * orders (judged leg by leg it could be; refused instead), an order in another interface's shape
 * (V2 or V1 spot, contract: the client is told to send a V3 spot order), or an order shape other
 * exchanges' V3-style APIs use (order lists, cancel-replace, smart order routing), which WEEX does
 * not document but a lenient router might still map.
 *
 * @example
 * ```ts
 * const family: OrderEndpointFamily = 'spot-v3-batch';
 * ```
 */
export type OrderEndpointFamily =
  | 'spot-v3'
  | 'spot-v3-batch'
  | 'spot-v2'
  | 'spot-v1'
  | 'contract-v3'
  | 'contract-v2'
  | 'other-exchanges';

/**
 * One order-placing endpoint: method, exact path, family.
 *
 * @example
 * ```ts
 * const batch: OrderEndpoint = { method: 'POST', path: '/api/v3/order/batch', family: 'spot-v3-batch' };
 * ```
 */
export interface OrderEndpoint {
  readonly method: string;
  readonly path: string;
  readonly family: OrderEndpointFamily;
}

const endpoints = (family: OrderEndpointFamily, paths: readonly string[]): OrderEndpoint[] =>
  paths.map((path) => ({ method: 'POST', path, family }));

/**
 * The order-placing endpoints the gateway knows. Only `POST /api/v3/order` is judged; every other
 * one is refused 403 `unjudged-order-endpoint`, and `forward` refuses to open any of them.
 *
 * @example
 * ```ts
 * ORDER_PLACING_ENDPOINTS.some((e) => e.path === '/api/v2/trade/orders'); // true
 * ```
 */
export const ORDER_PLACING_ENDPOINTS: readonly OrderEndpoint[] = [
  ...endpoints('spot-v3', ['/api/v3/order']),
  // Documented; WEEX's own connector leaves it out and a recorded answer says POST is not
  // supported there. Not judged leg by leg: refused.
  ...endpoints('spot-v3-batch', ['/api/v3/order/batch']),
  // The same host serves V2 in the documentation; V2 also POSTs its reads, so routing must be on
  // exact method and path, never "any POST".
  ...endpoints('spot-v2', ['/api/v2/trade/orders', '/api/v2/trade/batch-orders']),
  ...endpoints('spot-v1', ['/api/spot/v1/trade/orders', '/api/spot/v1/trade/batch-orders']),
  ...endpoints('contract-v3', [
    '/capi/v3/order',
    '/capi/v3/batchOrders',
    '/capi/v3/algoOrder',
    '/capi/v3/placeTpSlOrder',
    '/capi/v3/modifyTpSlOrder',
    '/capi/v3/closePositions',
    '/capi/v3/sim/order',
  ]),
  ...endpoints('contract-v2', [
    '/capi/v2/order/placeOrder',
    '/capi/v2/order/plan_order',
    '/capi/v2/order/batchOrders',
  ]),
  // Not WEEX's (no catalogue shows them), but the shapes Binance-style V3 clients send and the
  // gateway refused before it routed by allow-list: kept so that `forward` cannot open them.
  ...endpoints('other-exchanges', [
    '/api/v3/order/oco',
    '/api/v3/order/cancelReplace',
    '/api/v3/orderList/oco',
    '/api/v3/orderList/oto',
    '/api/v3/orderList/otoco',
    '/api/v3/sor/order',
  ]),
];

const BY_ROUTE: ReadonlyMap<string, OrderEndpoint> = new Map(
  ORDER_PLACING_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]),
);

/** The known order-placing endpoint at exactly this method and path, if any. */
export function orderEndpointAt(method: string, path: string): OrderEndpoint | undefined {
  return BY_ROUTE.get(`${method} ${path}`);
}

/**
 * A path as a lenient router might compare it: case folded (Unicode simple folding, so `ſ` is
 * `s` and the Kelvin sign `k`), one trailing slash dropped.
 */
export function foldedPath(path: string): string {
  const folded = path.toUpperCase().toLowerCase();
  return folded.length > 1 && folded.endsWith('/') ? folded.slice(0, -1) : folded;
}

/** The order-placing paths, folded, longest first: the most specific one covering a path wins. */
const FOLDED_ORDER_PATHS: readonly (readonly [folded: string, path: string])[] = ORDER_PLACING_ENDPOINTS.map(
  (endpoint) => [foldedPath(endpoint.path), endpoint.path] as const,
).sort(([a], [b]) => b.length - a.length);

/**
 * The known order-placing path that `path` is, sits under, or extends with a suffix (`.json`:
 * the suffix matching some routers still do), compared as a lenient router compares; any method.
 * Undefined when it is none of these.
 */
export function orderPathCovering(path: string): string | undefined {
  const folded = foldedPath(path);
  return FOLDED_ORDER_PATHS.find(
    ([order]) => folded === order || folded.startsWith(`${order}/`) || folded.startsWith(`${order}.`),
  )?.[1];
}
