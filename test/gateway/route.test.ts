/**
 * The gateway's routing, as tables: every route of the default table goes where its kind says;
 * every other request is refused with the reason that says why; `forward` reads `METHOD:PATH`
 * and never opens an order-placing path; method and URL override headers and encoded bodies are
 * refused on every route.
 */
import { describe, expect, it } from 'vitest';
import { readGatewayOptions } from '../../src/gateway/gateway-options.js';
import { ORDER_PLACING_ENDPOINTS } from '../../src/gateway/order-endpoints.js';
import { OVERRIDE_HEADERS, requestRefusal } from '../../src/gateway/request-headers.js';
import {
  DEFAULT_ROUTE_TABLE,
  type RouteEntry,
  readForwardEntry,
  routeRequest,
  routeTableWith,
  WEEX_SPOT_ROUTES,
} from '../../src/gateway/route.js';
import { parseExchangeInfo, RuleBook, SAMPLE_EXCHANGE_INFO_JSON } from '../../src/index.js';

function opened(...texts: string[]) {
  return routeTableWith(
    texts.map((text) => {
      const read = readForwardEntry(text);
      if (!read.ok) throw new Error(read.problem);
      return read.entry;
    }),
  );
}

describe('routes that pass', () => {
  it.each(WEEX_SPOT_ROUTES.map((route) => [route.method, route.path, route.kind] as const))(
    '%s %s: %s',
    (method, path, kind) => {
      const route = routeRequest(method, path);
      if (kind === 'judge') expect(route).toEqual({ kind: 'judge', path, query: '' });
      else expect(route).toEqual({ kind: 'forward', route: { method, path, kind } });
    },
  );

  const passing: readonly { method: string; target: string; kind: string }[] = [
    { method: 'GET', target: '/api/v3/market/depth?symbol=BTCUSDT&limit=5', kind: 'forward' },
    { method: 'GET', target: '/api/v3/market/ticker/price?symbols=%5B%22BTCUSDT%22%5D', kind: 'forward' },
    { method: 'DELETE', target: '/api/v3/order?symbol=BTCUSDT&orderId=7', kind: 'forward' },
    { method: 'DELETE', target: '/api/v3/order?x=1;y=2', kind: 'forward' }, // the query is the endpoint's
    { method: 'GET', target: '/api/v3/account/', kind: 'forward' },
    { method: 'GET', target: '/api/v3/account', kind: 'forward' },
    { method: 'POST', target: '/api/v3/account/bills', kind: 'forward' },
    { method: 'POST', target: '/api/v3/order', kind: 'judge' },
    // The order's query string is parse-order-request's to refuse (it names the fields).
    { method: 'POST', target: '/api/v3/order?quantity=1', kind: 'judge' },
  ];

  it.each(passing)('$method $target: $kind', ({ method, target, kind }) => {
    expect(routeRequest(method, target).kind).toBe(kind);
  });

  it('the judged route hands over the raw query string', () => {
    expect(routeRequest('POST', '/api/v3/order?x=1;quantity=9001')).toEqual({
      kind: 'judge',
      path: '/api/v3/order',
      query: 'x=1;quantity=9001',
    });
  });

  it('a route the operator opened is forwarded as "opened"; the default table is untouched', () => {
    const table = opened(
      'GET:/api/v3/agency/getAssert',
      'POST:/api/v3/rebate/affiliate/querySubChannelTransactions',
    );
    expect(routeRequest('GET', '/api/v3/agency/getAssert?userId=1', table)).toEqual({
      kind: 'forward',
      route: { method: 'GET', path: '/api/v3/agency/getAssert', kind: 'opened' },
    });
    expect(routeRequest('POST', '/api/v3/rebate/affiliate/querySubChannelTransactions', table).kind).toBe(
      'forward',
    );
    expect(routeRequest('GET', '/api/v3/agency/getAssert')).toMatchObject({ reason: 'route-not-allowed' });
  });
});

describe('requests that are refused', () => {
  const failing: readonly { method: string; target: string; status: number; reason: string }[] = [
    { method: 'POST', target: 'http://exchange/api/v3/order', status: 400, reason: 'bad-target' },
    { method: 'OPTIONS', target: '*', status: 400, reason: 'bad-target' },
    { method: 'POST', target: '/api;x=1/v3/order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3;x=1/order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3;/order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/.;/order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/;/api/v3/order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/order;', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/./v3/order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/x/../order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3//order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/order/', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/order/?a=b', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/%6Frder', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3\\order', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/order#x', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/ord er', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/ørder', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/API/V3/ORDER', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v3/ORDER/batch', status: 400, reason: 'non-canonical-target' },
    { method: 'GET', target: '/api/v3/Time', status: 400, reason: 'non-canonical-target' },
    { method: 'POST', target: '/api/v2/trade/Orders', status: 400, reason: 'non-canonical-target' },
    { method: 'GET', target: '/api/v3/time/', status: 400, reason: 'non-canonical-target' },
    { method: 'GET', target: '/api/v3/account//', status: 400, reason: 'non-canonical-target' },
    { method: 'GET', target: '/', status: 400, reason: 'non-canonical-target' },
    ...ORDER_PLACING_ENDPOINTS.filter((endpoint) => endpoint.path !== '/api/v3/order').map((endpoint) => ({
      method: endpoint.method,
      target: endpoint.path,
      status: 403,
      reason: 'unjudged-order-endpoint',
    })),
    { method: 'POST', target: '/api/v3/order/test', status: 403, reason: 'route-not-allowed' },
    { method: 'POST', target: '/api/v3/order.json', status: 403, reason: 'route-not-allowed' },
    { method: 'PUT', target: '/api/v3/order', status: 403, reason: 'route-not-allowed' },
    { method: 'HEAD', target: '/api/v3/time', status: 403, reason: 'route-not-allowed' },
    { method: 'GET', target: '/api/v3/order/batch', status: 403, reason: 'route-not-allowed' },
    { method: 'POST', target: '/api/v3/account/', status: 403, reason: 'route-not-allowed' },
    { method: 'GET', target: '/api/v3/agency/getAssert', status: 403, reason: 'route-not-allowed' },
    { method: 'GET', target: '/preflight/status', status: 403, reason: 'route-not-allowed' }, // the gateway's own: not here
  ];

  it.each(failing)('$method $target: $status $reason', ({ method, target, status, reason }) => {
    expect(routeRequest(method, target)).toMatchObject({
      kind: 'refuse',
      status,
      reason,
      msg: expect.any(String),
    });
  });

  it('the refusal of an unlisted route names the --forward switch that would open it', () => {
    const route = routeRequest('GET', '/api/v3/agency/getAssert');
    expect(route.kind === 'refuse' && route.msg).toContain('--forward GET:/api/v3/agency/getAssert');
  });
});

describe('--forward METHOD:PATH (option forward)', () => {
  const good: readonly { text: string; entry: RouteEntry }[] = [
    {
      text: 'GET:/api/v3/rebate/affiliate/getAffiliateUIDs',
      entry: { method: 'GET', path: '/api/v3/rebate/affiliate/getAffiliateUIDs', kind: 'opened' },
    },
    {
      text: 'GET:/api/v3/agency/getAssert',
      entry: { method: 'GET', path: '/api/v3/agency/getAssert', kind: 'opened' },
    },
    {
      text: 'POST:/api/v3/tax/income',
      entry: { method: 'POST', path: '/api/v3/tax/income', kind: 'opened' },
    },
    { text: 'GET:/api/v3/x/', entry: { method: 'GET', path: '/api/v3/x/', kind: 'opened' } },
    // Already in the table: harmless, and kept as the table has it.
    {
      text: 'DELETE:/api/v3/order/batch',
      entry: { method: 'DELETE', path: '/api/v3/order/batch', kind: 'cancel' },
    },
    { text: 'GET:/api/v3/order', entry: { method: 'GET', path: '/api/v3/order', kind: 'read' } },
  ];

  it.each(good)('$text is read', ({ text, entry }) => {
    expect(readForwardEntry(text)).toEqual({ ok: true, entry });
  });

  const bad: readonly string[] = [
    // Not METHOD:PATH, or not canonical.
    'GET',
    ':/api/v3/x',
    'get:/api/v3/x',
    'Get:/api/v3/x',
    'GET /api/v3/x',
    'GET:api/v3/x',
    'GET:/api/v3/x?y=1',
    'GET:/api;x=1/v3/x',
    'GET:/api/v3/%78',
    'GET:/api/./v3/x',
    'GET:/api/v3//x',
    'GET:/api\\v3',
    // Order-placing paths: any method, any case, under one or suffixed.
    'POST:/api/v3/order',
    'POST:/api/v3/order/batch',
    'GET:/api/v3/order/batch',
    'POST:/API/V3/ORDER/BATCH',
    'POST:/api/v3/order/batch/',
    'POST:/api/v3/order.json',
    'POST:/api/v3/order/anything',
    'PUT:/api/v3/order',
    ...ORDER_PLACING_ENDPOINTS.map((endpoint) => `${endpoint.method}:${endpoint.path}`),
  ];

  it.each(bad)('%s is refused', (text) => {
    expect(readForwardEntry(text)).toEqual({ ok: false, problem: expect.any(String) });
  });

  it('an operator route never displaces the judged one', () => {
    const table = routeTableWith([{ method: 'POST', path: '/api/v3/order', kind: 'opened' }]);
    expect(routeRequest('POST', '/api/v3/order', table).kind).toBe('judge');
    expect(DEFAULT_ROUTE_TABLE.find('POST', '/api/v3/order')?.kind).toBe('judge');
  });
});

describe('headers that would make the exchange read another request', () => {
  const refused: readonly { headers: string[]; status: number; reason: string }[] = [
    ...OVERRIDE_HEADERS.flatMap((name) => [
      { headers: [name, 'POST'], status: 400, reason: 'override-header' },
      { headers: [name.toUpperCase(), ''], status: 400, reason: 'override-header' },
    ]),
    { headers: ['X-Original-URL', '/api/v3/order'], status: 400, reason: 'override-header' },
    // CGI, WSGI, Rack and PHP read `_` as `-` in header names.
    { headers: ['X_Original_URL', '/api/v3/order'], status: 400, reason: 'override-header' },
    { headers: ['X-HTTP_Method-Override', 'POST'], status: 400, reason: 'override-header' },
    { headers: ['ACCESS_KEY', 'bob'], status: 400, reason: 'ambiguous-header' },
    { headers: ['Content_Type', 'text/plain'], status: 400, reason: 'ambiguous-header' },
    { headers: ['Transfer_Encoding', 'chunked'], status: 400, reason: 'ambiguous-header' },
    // A proxy drops what Connection names: the judged headers would not arrive.
    { headers: ['Connection', 'Content-Type'], status: 400, reason: 'connection-header' },
    {
      headers: ['ACCESS-SIGN', 'x', 'Connection', 'keep-alive, ACCESS-SIGN'],
      status: 400,
      reason: 'connection-header',
    },
    { headers: ['Content-Encoding', 'gzip'], status: 415, reason: 'content-encoding' },
    { headers: ['content-encoding', 'x-gzip'], status: 415, reason: 'content-encoding' },
    { headers: ['Content-Encoding', ''], status: 415, reason: 'content-encoding' },
    { headers: ['Content-Encoding', 'identity, gzip'], status: 415, reason: 'content-encoding' },
    {
      headers: ['Content-Encoding', 'identity', 'Content-Encoding', 'identity'],
      status: 415,
      reason: 'content-encoding',
    },
  ];

  it.each(refused)('$headers: $status $reason', ({ headers, status, reason }) => {
    expect(requestRefusal(['Content-Type', 'application/json', ...headers], '/api/v3/time')).toMatchObject({
      status,
      reason,
      msg: expect.any(String),
    });
  });

  it.each([
    [[]],
    [['Content-Encoding', 'identity']],
    [['Content-Encoding', ' IDENTITY ']],
    [['X-Forwarded-For', '1.2.3.4']],
    [['Connection', 'keep-alive']],
    [['Connection', 'close, TE', 'TE', 'trailers']],
    [['X_Custom_Trace', 'abc']],
  ])('%j: nothing to refuse', (headers) => {
    expect(requestRefusal(headers, '/api/v3/time')).toBeUndefined();
  });

  it.each([
    '/api/v3/order?_method=POST',
    '/api/v3/order?symbol=BTCUSDT&_METHOD=POST',
    '/api/v3/time?X-HTTP-Method-Override=POST',
    '/api/v3/time?x_http_method=POST',
    '/api/v3/time?a=1;method=POST',
    '/api/v3/time?%5Fmethod=POST',
    '/api/v3/time?_HttpMethod=POST',
  ])('%s: 400 override-query', (target) => {
    expect(requestRefusal([], target)).toMatchObject({ status: 400, reason: 'override-query' });
  });

  it.each(['/api/v3/time', '/api/v3/openOrders?symbol=BTCUSDT', '/api/v3/allOrders?symbol=BTCUSDT&limit=5'])(
    '%s: no override in the query',
    (target) => {
      expect(requestRefusal([], target)).toBeUndefined();
    },
  );
});

describe('the options forward and allowFields', () => {
  const book = RuleBook.fromExchangeInfo(parseExchangeInfo(JSON.parse(SAMPLE_EXCHANGE_INFO_JSON)));
  const base = { upstreamUrl: 'http://127.0.0.1:9', book };

  it('are read into the route table and the set of allowed keys', () => {
    const resolved = readGatewayOptions({
      ...base,
      forward: ['GET:/api/v3/agency/getAssert'],
      allowFields: ['stpMode'],
    });
    expect(resolved.forward.find('GET', '/api/v3/agency/getAssert')?.kind).toBe('opened');
    expect([...resolved.allowFields]).toEqual(['stpMode']);
    const defaults = readGatewayOptions(base);
    expect(defaults.forward).toBe(DEFAULT_ROUTE_TABLE);
    expect(defaults.allowFields.size).toBe(0);
  });

  const refused: readonly { options: Record<string, unknown>; argument: string }[] = [
    { options: { forward: ['POST:/api/v3/order/batch'] }, argument: 'options.forward' },
    { options: { forward: ['GET:/api/v3/time', 'POST:/capi/v3/order'] }, argument: 'options.forward' },
    { options: { forward: ['get:/x'] }, argument: 'options.forward' },
    { options: { forward: 'GET:/api/v3/agency/getAssert' }, argument: 'options.forward' },
    { options: { allowFields: ['quan_tity'] }, argument: 'options.allowFields' },
    { options: { allowFields: [''] }, argument: 'options.allowFields' },
    { options: { allowFields: [1] }, argument: 'options.allowFields' },
    { options: { forwardUnjudgedOrderPaths: true }, argument: 'options.forwardUnjudgedOrderPaths' },
  ];

  it.each(refused)('$options: InvalidArgumentError naming $argument', ({ options, argument }) => {
    expect(() => readGatewayOptions({ ...base, ...options } as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', argument }),
    );
  });
});
