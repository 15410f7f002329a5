/**
 * Every way around the judge that was measured against a logging upstream, held shut: the real
 * program (`order-preflight gateway`) in front of the fake exchange, which records every request
 * it receives (market data aside). Each attack carries an order of 9,001 BTC at 1,000,000, signed
 * over exactly what is sent; each must be answered by the gateway itself (status and
 * `x-preflight-gateway` reason) with nothing of it reaching the exchange. Then the other side:
 * what the gateway should forward still goes through, byte for byte, and its two switches
 * (`--forward`, `--allow-field`) open exactly what they name; the switches refuse to open an
 * order-placing path or a key that folds to an order field.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessHeaders, type FakeExchange, startFakeExchange } from '../../src/gateway/fake-exchange.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { type GatewayProcess, startGatewayProcess } from './gateway-process.js';
import { limitOrderBody } from './weex-order.js';

const ORDER_PATH = '/api/v3/order';
/** The order every attack tries to slip through: far over the pair's maximum and its band. */
const ATTACK = limitOrderBody({ quantity: '9001', price: '1000000.00' });
/** A batch as WEEX documents one: a symbol and a list of legs. */
const ATTACK_BATCH = JSON.stringify({
  symbol: 'BTCUSDT',
  orderList: [{ side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '9001', price: '1000000.00' }],
});

interface Sent {
  readonly method: string;
  /** Sent as it is: undici's `path` is written to the request line unparsed. */
  readonly target: string;
  readonly headers: readonly string[];
  readonly body: string;
}

interface Answer {
  readonly status: number;
  readonly reason: string | undefined;
  readonly json: Record<string, unknown>;
}

let exchange: FakeExchange;
/** The gateway as it starts: no switch given. */
let gateway: GatewayProcess;
/** The gateway with `--forward GET:/api/v3/agency/getAssert --allow-field foo`. */
let opened: GatewayProcess;
const clients: Client[] = [];

/** A request signed as a WEEX client signs it, over this exact path, query and body. */
function signed(
  method: string,
  target: string,
  body: string,
  options: { extraHeaders?: readonly string[]; contentType?: string | null } = {},
): Sent {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  const headers = accessHeaders({
    method,
    path,
    query,
    body,
    ...(options.contentType === undefined ? {} : { contentType: options.contentType }),
  });
  return { method, target, headers: [...headers, ...(options.extraHeaders ?? [])], body };
}

async function send(base: string, sent: Sent): Promise<Answer> {
  const client = new Client(base);
  clients.push(client);
  const response = await client.request({
    method: sent.method as 'POST',
    path: sent.target,
    headers: [...sent.headers],
    body: sent.body === '' ? null : sent.body,
  });
  const text = await response.body.text();
  const reason = response.headers['x-preflight-gateway'];
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the status says enough
  }
  return { status: response.statusCode, reason: typeof reason === 'string' ? reason : undefined, json };
}

/**
 * Sends `sent` to the gateway and expects it answered by the gateway itself with `status` and
 * `reason`, and nothing at all recorded by the exchange meanwhile.
 */
async function expectStopped(base: string, sent: Sent, status: number, reason: string): Promise<Answer> {
  const before = exchange.requests.length;
  const answer = await send(base, sent);
  expect(exchange.requests.slice(before)).toEqual([]);
  expect({ status: answer.status, reason: answer.reason }).toEqual({ status, reason });
  expect(answer.json.msg).toEqual(expect.any(String));
  return answer;
}

beforeAll(async () => {
  exchange = await startFakeExchange({
    exchangeInfo: exchangeInfoPayload([pairDefinition()]),
    tickerPrices: { BTCUSDT: '100000.00' },
  });
  [gateway, opened] = await Promise.all([
    startGatewayProcess(exchange.url, ['--max-notional', '1000000', '--ticker-ms', '200']),
    startGatewayProcess(exchange.url, [
      '--max-notional',
      '1000000',
      '--ticker-ms',
      '200',
      '--forward',
      'GET:/api/v3/agency/getAssert',
      '--allow-field',
      'foo',
    ]),
  ]);
  await Promise.all([gateway.waitForLog(/ticker ready/), opened.waitForLog(/ticker ready/)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all([gateway?.stop(), opened?.stop()]);
  await exchange?.close();
});

describe('a ";" or another non-canonical spelling of the order path (servlet containers route these to /api/v3/order)', () => {
  const spellings = [
    '/api;x=1/v3/order',
    '/api/v3;x=1/order',
    '/api/v3;/order',
    '/api/v3/.;/order',
    '/;/api/v3/order',
    '/api/v3/order;x=1',
    '/api/v3/order;',
    '/api/v3/order;jsessionid=1',
    '/api/./v3/order',
    '/api/v3/x/../order',
    '/api/v3//order',
    '//api/v3/order',
    '/api/v3/order/',
    '/api/v3/%6Frder',
    '/api%2Fv3%2Forder',
    '/api/v3/order%00',
    '/api\\v3\\order',
    '/API/V3/ORDER',
    '/api/v3/Order',
  ];

  it.each(spellings)('POST %s: 400 non-canonical-target, not sent', async (path) => {
    const answer = await expectStopped(
      gateway.url,
      signed('POST', path, ATTACK),
      400,
      'non-canonical-target',
    );
    expect(answer.json.code).toBe(-1000);
  });

  it.each(['/api/v3/ſrder', '/api/v3/ºrder'])(
    'POST %s as raw UTF-8 on the request line: 400 bad-request (Node takes no such byte), not sent',
    async (path) => {
      // Written as latin1 text, so the bytes on the wire are the UTF-8 ones.
      const target = Buffer.from(path).toString('latin1');
      await expectStopped(gateway.url, signed('POST', target, ATTACK), 400, 'bad-request');
    },
  );

  it.each(['/api/v3;x=1/openOrders', '/api/v3/market/./depth', '/api/v3/account//'])(
    'a read by a non-canonical spelling (GET %s): 400, not sent',
    async (path) => {
      await expectStopped(gateway.url, signed('GET', path, ''), 400, 'non-canonical-target');
    },
  );
});

describe('other endpoints that place orders: refused outright, never forwarded', () => {
  const endpoints: readonly { path: string; body: string }[] = [
    { path: '/api/v3/order/batch', body: ATTACK_BATCH },
    { path: '/api/v2/trade/orders', body: ATTACK },
    { path: '/api/v2/trade/batch-orders', body: ATTACK_BATCH },
    { path: '/api/spot/v1/trade/orders', body: ATTACK },
    { path: '/api/spot/v1/trade/batch-orders', body: ATTACK_BATCH },
    { path: '/capi/v3/order', body: ATTACK },
    { path: '/capi/v3/batchOrders', body: ATTACK_BATCH },
    { path: '/capi/v3/algoOrder', body: ATTACK },
    { path: '/capi/v3/placeTpSlOrder', body: ATTACK },
    { path: '/capi/v3/modifyTpSlOrder', body: ATTACK },
    { path: '/capi/v3/closePositions', body: ATTACK },
    { path: '/capi/v3/sim/order', body: ATTACK },
    { path: '/capi/v2/order/placeOrder', body: ATTACK },
    { path: '/capi/v2/order/plan_order', body: ATTACK },
  ];

  it.each(endpoints)('POST $path: 403 unjudged-order-endpoint (-1020), not sent', async ({ path, body }) => {
    const answer = await expectStopped(
      gateway.url,
      signed('POST', path, body),
      403,
      'unjudged-order-endpoint',
    );
    expect(answer.json.code).toBe(-1020);
  });

  const unlisted: readonly { method: string; path: string }[] = [
    { method: 'POST', path: '/api/v3/order/test' },
    { method: 'POST', path: '/api/v3/order.json' },
    { method: 'POST', path: '/api/v3/orders' },
    { method: 'PUT', path: ORDER_PATH },
    { method: 'PATCH', path: ORDER_PATH },
    { method: 'POST', path: '/api/v3/openOrders' },
    { method: 'POST', path: '/api/v3/account' },
    { method: 'POST', path: '/api/v2/trade/orderInfo' },
    { method: 'GET', path: '/api/v3/agency/getAssert' },
    { method: 'POST', path: '/api/v3/rebate/affiliate/internalWithdrawal' },
  ];

  it.each(unlisted)(
    '$method $path (not in the table): 403 route-not-allowed (-1020), not sent',
    async ({ method, path }) => {
      const answer = await expectStopped(gateway.url, signed(method, path, ATTACK), 403, 'route-not-allowed');
      expect(answer.json.code).toBe(-1020);
    },
  );
});

describe('headers some stacks read as the method or the URL', () => {
  const headers: readonly (readonly [string, string])[] = [
    ['X-HTTP-Method-Override', 'POST'],
    ['x-http-method-override', 'post'],
    ['X-Method-Override', 'POST'],
    ['X-HTTP-Method', 'POST'],
    ['X-Original-URL', ORDER_PATH],
    ['x-original-url', ''],
    ['X-Rewrite-URL', ORDER_PATH],
    ['X-REWRITE-URL', '/api/v3/order?x=1'],
    ['X-Method-Override', ''],
  ];
  /** Routes the gateway forwards (and the exchange records), each carrying the order body. */
  const routes = [
    { method: 'GET', path: '/api/v3/ping' },
    { method: 'GET', path: '/api/v3/account' },
    { method: 'POST', path: '/api/v3/account/bills' },
    { method: 'DELETE', path: '/api/v3/order?symbol=BTCUSDT&orderId=7' },
    // On the judged route too, with an order that passes: the header alone refuses it.
    { method: 'POST', path: ORDER_PATH },
  ];
  const cases = headers.flatMap(([name, value]) => routes.map((route) => ({ name, value, ...route })));

  it.each(cases)(
    '$method $path with $name: "$value": 400 override-header, not sent',
    async ({ name, value, method, path }) => {
      const body = method === 'POST' && path === ORDER_PATH ? limitOrderBody() : ATTACK;
      await expectStopped(
        gateway.url,
        signed(method, path, body, { extraHeaders: [name, value] }),
        400,
        'override-header',
      );
    },
  );
});

describe('fields the gateway does not judge', () => {
  const bodyKeys: readonly { key: string; value: unknown; reason: string }[] = [
    { key: 'quoteOrderQty', value: '9001000000', reason: 'unknown-field' },
    { key: 'size', value: '9001', reason: 'unknown-field' },
    { key: 'stopPrice', value: '1000000', reason: 'unknown-field' },
    { key: 'icebergQty', value: '9001', reason: 'unknown-field' },
    { key: 'orderList', value: [{ quantity: '9001' }], reason: 'unknown-field' },
    { key: 'foo', value: 1, reason: 'unknown-field' },
    { key: 'quan_tity', value: '9001', reason: 'ambiguous-key' },
    { key: 'Quantity', value: '9001', reason: 'ambiguous-key' },
    { key: 'QUANTITY', value: '9001', reason: 'ambiguous-key' },
    { key: 'quantity_', value: '9001', reason: 'ambiguous-key' },
    { key: 'qu-an-ti-ty', value: '9001', reason: 'ambiguous-key' },
    { key: 'PRICE', value: '1000000', reason: 'ambiguous-key' },
    { key: 'new-client-order-id', value: 'x', reason: 'ambiguous-key' },
    { key: 'new_client_order_id', value: 'x', reason: 'ambiguous-key' },
  ];

  it.each(bodyKeys)(
    'a body key $key beside a good order: 400 $reason naming it, not sent',
    async ({ key, value, reason }) => {
      const answer = await expectStopped(
        gateway.url,
        signed('POST', ORDER_PATH, limitOrderBody({ [key]: value })),
        400,
        reason,
      );
      expect(answer.json).toMatchObject({ code: -1142, fields: [key] });
    },
  );

  const queries: readonly { query: string; reason: string }[] = [
    { query: 'Quantity=9001', reason: 'query-string-order' },
    { query: 'x=1;quantity=9001', reason: 'query-string-order' },
    { query: 'QUANTITY=9001', reason: 'query-string-order' },
    { query: 'quan_tity=9001', reason: 'query-string-order' },
    { query: '%71uantity=9001', reason: 'query-string-order' },
    { query: 'quantity=9001', reason: 'query-string-order' },
    { query: 'recvWindow=5000', reason: 'query-not-allowed' },
    { query: 'x=1', reason: 'query-not-allowed' },
    { query: ';', reason: 'query-not-allowed' },
  ];

  it.each(queries)('?$query beside a good JSON order: 400 $reason, not sent', async ({ query, reason }) => {
    await expectStopped(gateway.url, signed('POST', `${ORDER_PATH}?${query}`, limitOrderBody()), 400, reason);
  });

  const encodings: readonly { headers: readonly string[]; method: string; path: string; body: string }[] = [
    { headers: ['Content-Encoding', 'gzip'], method: 'POST', path: ORDER_PATH, body: limitOrderBody() },
    { headers: ['content-encoding', 'GZIP'], method: 'POST', path: ORDER_PATH, body: ATTACK },
    { headers: ['Content-Encoding', 'deflate'], method: 'POST', path: ORDER_PATH, body: ATTACK },
    { headers: ['Content-Encoding', 'br'], method: 'POST', path: ORDER_PATH, body: ATTACK },
    { headers: ['Content-Encoding', 'identity, gzip'], method: 'POST', path: ORDER_PATH, body: ATTACK },
    { headers: ['Content-Encoding', ''], method: 'POST', path: ORDER_PATH, body: ATTACK },
    {
      headers: ['Content-Encoding', 'identity', 'Content-Encoding', 'identity'],
      method: 'POST',
      path: ORDER_PATH,
      body: limitOrderBody(),
    },
    {
      headers: ['Content-Encoding', 'gzip'],
      method: 'POST',
      path: '/api/v3/account/bills',
      body: '{"coinId":1}',
    },
    {
      headers: ['Content-Encoding', 'gzip'],
      method: 'DELETE',
      path: '/api/v3/order?symbol=BTCUSDT&orderId=7',
      body: '',
    },
  ];

  it.each(encodings)(
    '$method $path with Content-Encoding $headers: 415 content-encoding, not sent',
    async ({ headers, method, path, body }) => {
      await expectStopped(
        gateway.url,
        signed(method, path, body, { extraHeaders: headers }),
        415,
        'content-encoding',
      );
    },
  );
});

describe('what the gateway should forward still goes through', () => {
  it('a good signed order: byte for byte, its signature verified by the exchange', async () => {
    const sent = signed(
      'POST',
      ORDER_PATH,
      '{ "price": 100000.00, "symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","quantity":0.010,"newClientOrderId":"attacks-1"}',
      { extraHeaders: ['Content-Encoding', 'identity'] },
    );
    const verified = exchange.stats.verified;
    const before = exchange.requests.length;
    const answer = await send(gateway.url, sent);
    const arrived = exchange.requests.slice(before);
    expect(answer.status).toBe(200);
    expect(answer.reason).toBeUndefined();
    expect(answer.json.clientOrderId).toBe('attacks-1');
    expect(exchange.stats.verified).toBe(verified + 1);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.method).toBe('POST');
    expect(arrived[0]!.url).toBe(ORDER_PATH);
    expect(arrived[0]!.body.equals(Buffer.from(sent.body))).toBe(true);
  });

  it('a cancel, DELETE /api/v3/order?symbol=...&orderId=...: forwarded, signature verified', async () => {
    const sent = signed('DELETE', '/api/v3/order?symbol=BTCUSDT&orderId=7', '');
    const verified = exchange.stats.verified;
    const before = exchange.requests.length;
    const answer = await send(gateway.url, sent);
    expect(answer.status).toBe(200);
    expect(answer.reason).toBeUndefined();
    expect(answer.json).toMatchObject({ symbol: 'BTCUSDT', orderId: 7, status: 'CANCELED' });
    expect(exchange.stats.verified).toBe(verified + 1);
    expect(exchange.requests.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/v3/order?symbol=BTCUSDT&orderId=7',
    ]);
  });

  it('market data: GET /api/v3/market/depth and /api/v3/market/ticker/price are forwarded', async () => {
    const before = exchange.requests.length;
    const depth = await send(gateway.url, signed('GET', '/api/v3/market/depth?symbol=BTCUSDT&limit=5', ''));
    // The fake exchange has no order book: its own 404 is relayed, which proves the request went out.
    expect({ status: depth.status, reason: depth.reason }).toEqual({ status: 404, reason: undefined });
    expect(exchange.requests.slice(before).map((r) => r.url)).toEqual([
      '/api/v3/market/depth?symbol=BTCUSDT&limit=5',
    ]);
    const ticker = await send(gateway.url, signed('GET', '/api/v3/market/ticker/price?symbol=BTCUSDT', ''));
    expect({ status: ticker.status, reason: ticker.reason }).toEqual({ status: 200, reason: undefined });
  });

  it('GET /api/v3/account/ (the connector spelling, with its slash) and /api/v3/account are both forwarded', async () => {
    const before = exchange.requests.length;
    const plain = await send(gateway.url, signed('GET', '/api/v3/account', ''));
    const slashed = await send(gateway.url, signed('GET', '/api/v3/account/', ''));
    expect(plain.status).toBe(200);
    expect(slashed.reason).toBeUndefined();
    expect(exchange.requests.slice(before).map((r) => r.url)).toEqual([
      '/api/v3/account',
      '/api/v3/account/',
    ]);
  });

  it('--forward GET:/api/v3/agency/getAssert opens that route, and only that one', async () => {
    const sent = signed('GET', '/api/v3/agency/getAssert?userId=1', '');
    await expectStopped(gateway.url, sent, 403, 'route-not-allowed');
    const before = exchange.requests.length;
    const answer = await send(opened.url, sent);
    expect(answer.reason).toBeUndefined(); // the fake's own 404, relayed
    expect(exchange.requests.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v3/agency/getAssert?userId=1',
    ]);
    await expectStopped(
      opened.url,
      signed('POST', '/api/v3/agency/getAssert', ATTACK),
      403,
      'route-not-allowed',
    );
    await expectStopped(
      opened.url,
      signed('GET', '/api/v3/agency/getassert', ''),
      400,
      'non-canonical-target',
    );
  });

  it('--allow-field foo lets {"foo":1,...} through with the order, byte for byte; other keys are still refused', async () => {
    const sent = signed('POST', ORDER_PATH, limitOrderBody({ foo: 1, newClientOrderId: 'attacks-foo' }));
    await expectStopped(gateway.url, sent, 400, 'unknown-field');
    const before = exchange.requests.length;
    const answer = await send(opened.url, sent);
    expect(answer.status).toBe(200);
    expect(answer.json.clientOrderId).toBe('attacks-foo');
    const arrived = exchange.requests.slice(before);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.body.equals(Buffer.from(sent.body))).toBe(true);
    await expectStopped(
      opened.url,
      signed('POST', ORDER_PATH, limitOrderBody({ size: '9001' })),
      400,
      'unknown-field',
    );
    await expectStopped(
      opened.url,
      signed('POST', ORDER_PATH, limitOrderBody({ FOO: 1, quan_tity: '1' })),
      400,
      'ambiguous-key',
    );
  });
});

describe('the switches cannot open an order-placing path or an order-field lookalike', () => {
  const MAIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));

  /** Runs `order-preflight gateway` with `flags` and resolves with its exit status and output. */
  function startFailing(flags: readonly string[]): Promise<{ code: number | null; output: string }> {
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', MAIN, 'gateway', '--upstream', exchange.url, '--port', '0'],
        ...['--max-notional', '1000000', ...flags],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A generous bound: on a loaded machine a process started through tsx can take many seconds.
    const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    return new Promise((resolve) => {
      child.once('exit', (code) => {
        clearTimeout(killer);
        resolve({ code, output });
      });
    });
  }

  const refused: readonly { flags: readonly string[]; flag: string }[] = [
    { flags: ['--forward', 'POST:/api/v3/order/batch'], flag: '--forward' },
    { flags: ['--forward', 'POST:/api/v3/order'], flag: '--forward' },
    { flags: ['--forward', 'POST:/api/v2/trade/orders'], flag: '--forward' },
    { flags: ['--forward', 'POST:/capi/v3/order'], flag: '--forward' },
    { flags: ['--forward', 'POST:/API/v3/ORDER/batch'], flag: '--forward' },
    { flags: ['--forward', 'POST:/api/v3/order.json'], flag: '--forward' },
    { flags: ['--forward', 'get:/api/v3/agency/getAssert'], flag: '--forward' },
    { flags: ['--forward', 'GET:/api;x=1/v3/agency/getAssert'], flag: '--forward' },
    { flags: ['--forward', 'GET:/api/v3/agency/getAssert?x=1'], flag: '--forward' },
    { flags: ['--allow-field', 'quan_tity'], flag: '--allow-field' },
    { flags: ['--allow-field', 'Price'], flag: '--allow-field' },
  ];

  it('each is refused at start: exit status 2, the flag named', async () => {
    // Three at a time: eleven programs started at once starve each other on a small machine.
    const results: { code: number | null; output: string }[] = [];
    for (let at = 0; at < refused.length; at += 3) {
      const batch = refused.slice(at, at + 3).map(({ flags }) => startFailing(flags));
      results.push(...(await Promise.all(batch)));
    }
    for (const [i, { code, output }] of results.entries()) {
      expect({ flags: refused[i]!.flags, code }).toEqual({ flags: refused[i]!.flags, code: 2 });
      expect(output).toContain(refused[i]!.flag);
      expect(output).not.toMatch(/risk gateway on/);
    }
  }, 400_000);
});

describe('what a lenient server behind the gateway might read as another request', () => {
  /** A whole order request, as a server that ignores a GET's or DELETE's body would read it next. */
  const SMUGGLED = `POST ${ORDER_PATH} HTTP/1.1\r\nHost: exchange\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(ATTACK)}\r\n\r\n${ATTACK}`;

  it.each([
    ['GET', '/api/v3/order?symbol=BTCUSDT&orderId=1'],
    ['GET', '/api/v3/time'],
    ['DELETE', '/api/v3/order?symbol=BTCUSDT&orderId=1'],
    ['DELETE', '/api/v3/openOrders?symbol=BTCUSDT'],
  ])('a body on %s %s: 400 unexpected-body', async (method, target) => {
    await expectStopped(gateway.url, signed(method, target, SMUGGLED), 400, 'unexpected-body');
  });

  it.each([
    ['X_Original_URL', ORDER_PATH, 'override-header'],
    ['X-HTTP_Method-Override', 'POST', 'override-header'],
    ['X-Forwarded-Prefix', '/api/v3/order', 'override-header'],
    ['X-Envoy-Original-Path', ORDER_PATH, 'override-header'],
    ['ACCESS_KEY', 'another-desk', 'ambiguous-header'],
  ])('%s: %s on a POST read route carrying an order: 400 %s', async (name, value, reason) => {
    const sent = signed('POST', '/api/v3/account/bills', ATTACK, { extraHeaders: [name, value] });
    await expectStopped(gateway.url, sent, 400, reason);
  });

  it('a Connection header naming the judged headers (a proxy would drop them): 400 connection-header', async () => {
    // Raw bytes: an HTTP client library will not send such a Connection header.
    const sent = signed('POST', ORDER_PATH, limitOrderBody(), {
      extraHeaders: ['Connection', 'keep-alive, Content-Type, ACCESS-SIGN'],
    });
    const lines = [`POST ${ORDER_PATH} HTTP/1.1`, 'Host: gateway'];
    for (let i = 0; i + 1 < sent.headers.length; i += 2)
      lines.push(`${sent.headers[i]}: ${sent.headers[i + 1]}`);
    lines.push(`Content-Length: ${Buffer.byteLength(sent.body)}`, '', sent.body);
    const before = exchange.requests.length;
    const { port } = new URL(gateway.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => socket.end(lines.join('\r\n')));
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nx-preflight-gateway: connection-header\r\n/i);
    expect(exchange.requests.slice(before)).toEqual([]);
  });

  it.each([
    '/api/v3/account/bills?_method=PUT',
    '/api/v3/account/bills?X-HTTP-Method-Override=POST',
    '/api/v3/account/bills?x=1;method=POST',
  ])('POST %s carrying an order: 400 override-query', async (target) => {
    await expectStopped(gateway.url, signed('POST', target, ATTACK), 400, 'override-query');
  });

  it('the batch cancel, whose parameters WEEX takes in a JSON body, still takes one', async () => {
    const before = exchange.requests.length;
    const body = JSON.stringify({ symbol: 'BTCUSDT', orderIds: ['1', '2'] });
    const answer = await send(gateway.url, signed('DELETE', '/api/v3/order/batch', body));
    expect(answer.reason).toBeUndefined();
    const arrived = exchange.requests.slice(before);
    expect(arrived.map((r) => `${r.method} ${r.url} ${r.body.toString()}`)).toEqual([
      `DELETE /api/v3/order/batch ${body}`,
    ]);
  });
});
