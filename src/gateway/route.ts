/**
 * Which requests the gateway judges, which it forwards untouched, and which it refuses outright.
 *
 * A pre-trade gateway that judges one door and leaves the others open is no gateway, so besides
 * `POST /api/v3/order` (and its dry-run twin `/api/v3/order/test`) it refuses, by default, the
 * other ways of placing an order that it cannot judge (order lists, cancel-replace, SOR), and any
 * spelling of an order path that is not byte for byte the canonical one (`/api/v3//order`,
 * `/api/v3/%6Frder`, `/API/V3/ORDER`, `/api/v3/order/`): the upstream's router might read such a
 * spelling as the order endpoint while the gateway would have waved it through.
 */

/** The paths whose orders the gateway validates (exact bytes). */
export const JUDGED_ORDER_PATHS: ReadonlySet<string> = new Set(['/api/v3/order', '/api/v3/order/test']);

/** Methods that create something upstream; the others (GET, DELETE, ...) are forwarded as they are. */
const PLACING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** Canonical path prefixes of endpoints that place orders in shapes this gateway cannot judge. */
const UNJUDGED_ORDER_PREFIXES = ['/api/v3/order', '/api/v3/orderlist', '/api/v3/sor'] as const;

/**
 * What to do with one request.
 *
 * @example
 * ```ts
 * routeRequest('POST', '/api/v3/order?symbol=BTCUSDT'); // { kind: 'judge', path: '/api/v3/order', query: 'symbol=BTCUSDT' }
 * routeRequest('GET', '/api/v3/account');               // { kind: 'forward' }
 * ```
 */
export type Route =
  | { readonly kind: 'judge'; readonly path: string; readonly query: string }
  | { readonly kind: 'forward' }
  | {
      readonly kind: 'refuse';
      readonly status: 400 | 403;
      readonly reason: 'bad-target' | 'non-canonical-order-path' | 'unjudged-order-endpoint';
      readonly msg: string;
    };

/**
 * Routes a request by method and raw request target (`req.url`, never decoded for forwarding).
 *
 * @example
 * ```ts
 * routeRequest('POST', '/api/v3//order').kind;       // 'refuse' (non-canonical spelling)
 * routeRequest('POST', '/api/v3/order/oco').kind;    // 'refuse' (unjudged order endpoint)
 * routeRequest('POST', '/api/v3/order/oco', { forwardUnjudgedOrderPaths: true }).kind; // 'forward'
 * ```
 */
export function routeRequest(
  method: string,
  target: string,
  options: { readonly forwardUnjudgedOrderPaths?: boolean } = {},
): Route {
  // Only origin-form targets: absolute-form (`http://host/...`) and `*` are proxy or server matters.
  if (!target.startsWith('/')) {
    return {
      kind: 'refuse',
      status: 400,
      reason: 'bad-target',
      msg: 'the request target must be a path starting with "/"',
    };
  }
  if (!PLACING_METHODS.has(method)) return { kind: 'forward' };

  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  if (method === 'POST' && JUDGED_ORDER_PATHS.has(path)) return { kind: 'judge', path, query };

  const canonical = canonicalPath(path);
  if (JUDGED_ORDER_PATHS.has(canonical)) {
    return {
      kind: 'refuse',
      status: 400,
      reason: 'non-canonical-order-path',
      msg: `${method} ${path} is a non-canonical spelling of ${canonical}; send ${method === 'POST' ? '' : 'POST '}${canonical} exactly`,
    };
  }
  const placesOrders = UNJUDGED_ORDER_PREFIXES.some((prefix) => canonical.startsWith(prefix));
  if (placesOrders && !options.forwardUnjudgedOrderPaths) {
    return {
      kind: 'refuse',
      status: 403,
      reason: 'unjudged-order-endpoint',
      msg: `this gateway only judges POST /api/v3/order; ${method} ${path} could place an order it cannot check`,
    };
  }
  return { kind: 'forward' };
}

/**
 * The path a lenient router might see: percent-decoded, repeated and trailing slashes folded,
 * dot segments resolved, lower case.
 */
function canonicalPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge the raw spelling.
  }
  const folded = decoded.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  let resolved = folded;
  try {
    resolved = new URL(folded, 'http://gateway.invalid').pathname;
  } catch {
    // Keep the folded spelling.
  }
  let end = resolved.length;
  while (end > 1 && resolved[end - 1] === '/') end--;
  const trimmed = resolved.slice(0, end);
  return trimmed.toLowerCase();
}
