import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_HEADER } from '../../src/gateway/answers.js';
import {
  accessHeaders,
  DEMO_API_KEY,
  DEMO_API_SECRET,
  DEMO_PASSPHRASE,
  type FakeExchange,
  type ReceivedRequest,
  signRequest,
  startFakeExchange,
} from '../../src/gateway/fake-exchange.js';
import { createReferenceTicker } from '../../src/gateway/reference-ticker.js';
import { createRiskGateway, type GatewayEvent, type RiskGateway, STATUS_PATH } from '../../src/gateway.js';
import { parseExchangeInfo, RuleBook } from '../../src/index.js';
import { createRuleBookSource, ExchangeInfoClient, type RuleBookSource } from '../../src/node.js';
import { startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';

// The gateway in this process, in front of the fake WEEX V3 exchange on loopback, which checks
// ACCESS-SIGN over the raw bytes it receives: a 200 from it proves the bytes arrived unchanged.

// BTCUSDT: tick 0.01, step 0.00001, min 0.00010, precision 8, buy band +5 % (reference 100 -> at
// most 105). ETHUSDT has no reference price here: its LIMIT orders cannot have their band checked.
// PRECUSDT has no step size, only a quantity precision of 4 decimals.
const PAYLOAD = exchangeInfoPayload([
  pairDefinition(),
  pairDefinition({ symbol: 'ETHUSDT', baseAsset: 'ETH', tickSize: '0.1' }),
  pairDefinition({ symbol: 'DOGEUSDT', baseAsset: 'DOGE', enableTrade: false }),
  pairDefinition({ symbol: 'PRECUSDT', baseAsset: 'PREC', stepSize: null, baseAssetPrecision: 4 }),
]);
const REFERENCE_PRICES = new Map([
  ['BTCUSDT', '100'],
  ['DOGEUSDT', '0.2'],
]);
const ORDER_PATH = '/api/v3/order';
const FORM = 'application/x-www-form-urlencoded';
/** Framing and routing headers, which the HTTP clients on either side write for themselves. */
const FRAMING = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

interface Sent {
  readonly method: string;
  readonly target: string;
  readonly headers: readonly string[];
  readonly body: Buffer;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly json: Record<string, unknown>;
}

let exchange: FakeExchange;
let infoClient: ExchangeInfoClient;
let source: RuleBookSource;
let gateway: RiskGateway;
let http: Agent;

/** Sends `sent` to `base` over the test's own undici agent. `chunked` streams the body without a length. */
async function send(base: string, sent: Sent, chunked = false): Promise<Answer> {
  const body = sent.body.length === 0 ? null : chunked ? Readable.from([sent.body]) : sent.body;
  const response = await request(base + sent.target, {
    dispatcher: http,
    method: sent.method as 'POST',
    headers: [...sent.headers],
    body,
  });
  const text = await response.body.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON; `text` says what it was
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

/**
 * A request signed as a WEEX client signs it: the four ACCESS-* headers over timestamp, method,
 * path, `?query` and the exact body bytes, plus `Content-Type` (JSON unless told otherwise) when
 * there is a body. `headers` may rewrite the signed header list (case, order, repeats).
 */
function signed(
  method: string,
  path: string,
  options: {
    query?: string;
    body?: string | Buffer;
    contentType?: string | null;
    headers?: (signedHeaders: string[]) => string[];
  } = {},
): Sent {
  const query = options.query ?? '';
  const body =
    typeof options.body === 'string' ? Buffer.from(options.body) : (options.body ?? Buffer.alloc(0));
  const headers = accessHeaders({
    method,
    path,
    query,
    body,
    ...(options.contentType === undefined ? {} : { contentType: options.contentType }),
  });
  return {
    method,
    target: query === '' ? path : `${path}?${query}`,
    headers: options.headers === undefined ? headers : options.headers(headers),
    body,
  };
}

/** A signed `POST /api/v3/order` (or `path`) with this body. */
function signedOrder(
  body: string | Buffer,
  options: {
    path?: string;
    query?: string;
    contentType?: string | null;
    headers?: (signedHeaders: string[]) => string[];
  } = {},
): Sent {
  return signed('POST', options.path ?? ORDER_PATH, { ...options, body });
}

/** The order body as JSON text: BTCUSDT BUY LIMIT GTC 0.01 @ 100.00, fields overridden or (undefined) removed. */
function orderJson(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '0.01',
    price: '100.00',
    ...fields,
  });
}

function withoutFraming(rawHeaders: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (!FRAMING.has(rawHeaders[i]!.toLowerCase())) kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return kept;
}

/** Runs `act` and returns what reached the exchange meanwhile. */
async function arrivals(act: () => Promise<unknown>): Promise<ReceivedRequest[]> {
  const before = exchange.requests.length;
  await act();
  return exchange.requests.slice(before);
}

function expectIntact(received: ReceivedRequest | undefined, sent: Sent): void {
  expect(received).toBeDefined();
  expect(received!.method).toBe(sent.method);
  expect(received!.url).toBe(sent.target);
  expect(withoutFraming(received!.rawHeaders)).toEqual(withoutFraming(sent.headers));
  expect(received!.body.equals(sent.body)).toBe(true);
  // Host names the upstream (its virtual host and TLS name), not the gateway; no signature covers it.
  const host = received!.rawHeaders.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'host');
  expect(received!.rawHeaders[host + 1]).toBe(new URL(exchange.url).host);
}

function violationsOf(answer: Answer): { code: string; field: string; value?: unknown; message: string }[] {
  return answer.json.violations as { code: string; field: string; value?: unknown; message: string }[];
}

beforeAll(async () => {
  exchange = await startFakeExchange({
    exchangeInfo: PAYLOAD,
    tickerPrices: Object.fromEntries(REFERENCE_PRICES),
  });
  infoClient = new ExchangeInfoClient({ baseUrl: exchange.url, timeoutMs: 2_000, retries: 0 });
  source = createRuleBookSource({ client: infoClient, intervalMs: 60_000 });
  await source.ready();
  gateway = await createRiskGateway({ upstreamUrl: exchange.url, source, referencePrices: REFERENCE_PRICES });
  http = new Agent();
});

afterAll(async () => {
  await http?.close();
  await gateway?.close();
  await source?.stop();
  await infoClient?.close();
  try {
    // Every connection to the exchange (the gateway's and the rule-book client's) is gone.
    await exchange?.waitForNoOpenSockets();
  } finally {
    await exchange?.close();
  }
});

describe("refused orders: 400 with the exchange's code, the violations, and nothing reaches the exchange", () => {
  const cases: readonly { name: string; sent: Sent; code: number; violations: readonly string[] }[] = [
    {
      name: 'an off-tick price',
      sent: signedOrder(orderJson({ price: '100.005' })),
      code: -1142,
      violations: ['PRICE_TICK'],
    },
    {
      name: 'a quantity below the minimum, written as a JSON number',
      sent: signedOrder(orderJson().replace('"0.01"', '0.00001')),
      code: -1142,
      violations: ['QUANTITY_BELOW_MIN'],
    },
    {
      name: 'a quantity a float would read as a valid 0.1, judged by its written digits',
      sent: signedOrder(
        '{"symbol":"BTCUSDT","side":"SELL","type":"MARKET","quantity":0.10000000000000000555}',
      ),
      code: -1142,
      violations: ['QUANTITY_STEP', 'QUANTITY_PRECISION'],
    },
    {
      name: 'more quantity decimals than the pair’s precision, trailing zeros counted',
      sent: signedOrder('{"symbol":"PRECUSDT","side":"SELL","type":"MARKET","quantity":1.00000}'),
      code: -1160,
      violations: ['QUANTITY_PRECISION'],
    },
    {
      name: 'a pair with trading disabled',
      sent: signedOrder(orderJson({ symbol: 'DOGEUSDT', side: 'SELL', quantity: '1', price: '0.2' })),
      code: -1142,
      violations: ['TRADING_DISABLED'],
    },
    {
      name: 'an unknown symbol',
      sent: signedOrder(orderJson({ symbol: 'XYZUSDT' })),
      code: -1121,
      violations: ['UNKNOWN_SYMBOL'],
    },
    {
      name: 'a buy above the band around the reference price (100 -> at most 105)',
      sent: signedOrder(orderJson({ price: '105.01' })),
      code: -1142,
      violations: ['PRICE_ABOVE_BUY_LIMIT'],
    },
    {
      name: 'several faults at once, all reported (the code is the first one’s)',
      sent: signedOrder(orderJson({ price: '105.015', quantity: '0.000015' })),
      code: -1142,
      violations: ['PRICE_TICK', 'PRICE_ABOVE_BUY_LIMIT', 'QUANTITY_STEP', 'QUANTITY_BELOW_MIN'],
    },
    {
      name: 'a side WEEX does not take',
      sent: signedOrder(orderJson({ side: 'buy' })),
      code: -1117,
      violations: ['INVALID_FIELD'],
    },
    {
      name: 'a type the library cannot judge (fail closed)',
      sent: signedOrder('{"symbol":"BTCUSDT","side":"BUY","type":"STOP_LOSS","quantity":1}'),
      code: -1116,
      violations: ['INVALID_FIELD'],
    },
    {
      name: 'a timeInForce WEEX does not take',
      sent: signedOrder(orderJson({ timeInForce: 'GTD' })),
      code: -1115,
      violations: ['INVALID_FIELD'],
    },
    {
      name: 'a client order id of 41 characters',
      sent: signedOrder(orderJson({ newClientOrderId: 'x'.repeat(41) })),
      code: -1180,
      violations: ['INVALID_FIELD'],
    },
    {
      name: 'a price that is not a string or a number',
      sent: signedOrder(orderJson({ price: { value: '100.00' } })),
      code: -1142,
      violations: ['INVALID_FIELD'],
    },
  ];

  it.each(cases)('$name: $code', async ({ sent, code, violations }) => {
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(gateway.url, sent);
    });
    expect(reached).toEqual([]);
    expect(answer!.status).toBe(400);
    expect(answer!.headers[GATEWAY_HEADER]).toBe('order-refused');
    expect(answer!.json).toMatchObject({ code, msg: expect.any(String), skipped: expect.any(Array) });
    const found = violationsOf(answer!);
    expect([...new Set(found.map((v) => v.code))].sort()).toEqual([...violations].sort());
    for (const v of found) expect(v.message).toEqual(expect.any(String));
  });

  it("names the field in -1142's message, and reports a number by the digits it was written with", async () => {
    const answer = await send(gateway.url, signedOrder(orderJson({ price: '@' }).replace('"@"', '105.010')));
    expect(answer.json.code).toBe(-1142);
    expect(answer.json.msg).toBe("Parameter 'price' is invalid");
    expect(violationsOf(answer)).toEqual([
      expect.objectContaining({
        code: 'PRICE_ABOVE_BUY_LIMIT',
        field: 'price',
        value: '105.010',
        limit: '105',
      }),
    ]);
  });
});

describe('a request the exchange might read differently from the gateway is answered by the gateway, never forwarded', () => {
  const order = orderJson();
  const cases: readonly { name: string; sent: Sent; status: number; reason: string }[] = [
    {
      name: 'a form body',
      sent: signedOrder('symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=100.00', {
        contentType: FORM,
      }),
      status: 415,
      reason: 'unsupported-media-type',
    },
    {
      name: 'a JSON body labelled as a form',
      sent: signedOrder(order, { contentType: FORM }),
      status: 415,
      reason: 'unsupported-media-type',
    },
    {
      name: 'a JSON body labelled text/plain',
      sent: signedOrder(order, { contentType: 'text/plain' }),
      status: 415,
      reason: 'unsupported-media-type',
    },
    {
      name: 'a JSON body without a Content-Type',
      sent: signedOrder(order, { contentType: null }),
      status: 415,
      reason: 'unsupported-media-type',
    },
    {
      name: 'a charset other than UTF-8 (latin1)',
      sent: signedOrder(order, { contentType: 'application/json; charset=ISO-8859-1' }),
      status: 415,
      reason: 'unsupported-media-type',
    },
    {
      name: 'a charset other than UTF-8 (UTF-16)',
      sent: signedOrder(order, { contentType: 'application/json; charset=utf-16' }),
      status: 415,
      reason: 'unsupported-media-type',
    },
    {
      name: 'a media-type parameter other than charset',
      sent: signedOrder(order, { contentType: 'application/json; profile=x' }),
      status: 415,
      reason: 'unsupported-media-type',
    },
    {
      name: 'the whole order in the query string (empty body)',
      sent: signed('POST', ORDER_PATH, {
        query: 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=100.00',
      }),
      status: 400,
      reason: 'query-string-order',
    },
    {
      name: 'one order field in the query string beside a JSON body',
      sent: signedOrder(order, { query: 'price=1.00' }),
      status: 400,
      reason: 'query-string-order',
    },
    {
      name: 'an order field in the query string under an escaped name',
      sent: signedOrder(order, { query: '%73ymbol=ETHUSDT' }),
      status: 400,
      reason: 'query-string-order',
    },
    {
      name: 'a query string without order fields, even one covered by the signature (the order endpoint takes none)',
      sent: signedOrder(order, { query: 'recvWindow=5000&note=a+b%20c' }),
      status: 400,
      reason: 'query-not-allowed',
    },
    {
      name: 'a body key the gateway does not judge (stopPrice)',
      sent: signedOrder('{"symbol":"BTCUSDT","side":"BUY","type":"STOP_LOSS","quantity":1,"stopPrice":90}'),
      status: 400,
      reason: 'unknown-field',
    },
    {
      name: 'a body key that folds to an order field (quan_tity)',
      sent: signedOrder(orderJson({ quan_tity: '9001' })),
      status: 400,
      reason: 'ambiguous-key',
    },
    {
      name: 'a duplicate key',
      sent: signedOrder(order.replace('}', ',"price":"1.00"}')),
      status: 400,
      reason: 'duplicate-key',
    },
    {
      name: 'a duplicate key, the second spelled with an escape',
      sent: signedOrder(order.replace('}', ',"\\u0073ymbol":"ETHUSDT"}')),
      status: 400,
      reason: 'duplicate-key',
    },
    {
      name: 'a duplicate key in a nested object',
      sent: signedOrder(order.replace('}', ',"meta":{"tag":"a","tag":"b"}}')),
      status: 400,
      reason: 'duplicate-key',
    },
    {
      name: 'a duplicate key in an object inside an array',
      sent: signedOrder(order.replace('}', ',"legs":[{"n":1},{"n":2,"n":3}]}')),
      status: 400,
      reason: 'duplicate-key',
    },
    { name: 'a JSON array', sent: signedOrder(`[${order}]`), status: 400, reason: 'body-not-json-object' },
    { name: 'a JSON string', sent: signedOrder('"BTCUSDT"'), status: 400, reason: 'body-not-json-object' },
    { name: 'a JSON number', sent: signedOrder('42'), status: 400, reason: 'body-not-json-object' },
    { name: 'JSON null', sent: signedOrder('null'), status: 400, reason: 'body-not-json-object' },
    {
      name: 'an empty body',
      sent: signedOrder('', { contentType: 'application/json' }),
      status: 400,
      reason: 'body-not-json',
    },
    {
      name: 'a trailing comma',
      sent: signedOrder(order.replace('}', ',}')),
      status: 400,
      reason: 'body-not-json',
    },
    {
      name: 'two JSON objects in one body',
      sent: signedOrder(`${order}${order}`),
      status: 400,
      reason: 'body-not-json',
    },
    {
      name: 'single-quoted strings',
      sent: signedOrder(order.replaceAll('"', "'")),
      status: 400,
      reason: 'body-not-json',
    },
    {
      name: 'nesting past the depth limit',
      sent: signedOrder(order.replace('}', `,"deep":${'['.repeat(100)}${']'.repeat(100)}}`)),
      status: 400,
      reason: 'body-not-json',
    },
    {
      name: 'a UTF-8 byte-order mark',
      sent: signedOrder(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(order)])),
      status: 400,
      reason: 'body-not-json',
    },
    {
      name: 'invalid UTF-8 (a lone continuation byte in a string)',
      sent: signedOrder(Buffer.from(order.replace('}', ',"note":"@"}').replace('@', '\x80'), 'latin1')),
      status: 400,
      reason: 'body-not-utf8',
    },
    {
      name: 'invalid UTF-8 (an overlong "/")',
      sent: signedOrder(Buffer.from(order.replace('}', ',"note":"@"}').replace('@', '\xc0\xaf'), 'latin1')),
      status: 400,
      reason: 'body-not-utf8',
    },
    {
      name: 'invalid UTF-8 (an encoded surrogate)',
      sent: signedOrder(
        Buffer.from(order.replace('}', ',"note":"@"}').replace('@', '\xed\xa0\x80'), 'latin1'),
      ),
      status: 400,
      reason: 'body-not-utf8',
    },
  ];

  it.each(cases)('$name: $status $reason', async ({ sent, status, reason }) => {
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(gateway.url, sent);
    });
    expect(reached).toEqual([]);
    expect({ status: answer!.status, reason: answer!.headers[GATEWAY_HEADER] }).toEqual({ status, reason });
    expect(answer!.json).toMatchObject({ code: -1142, msg: expect.any(String) });
  });

  it('names the repeated key and the order fields found in the query string', async () => {
    const duplicate = await send(gateway.url, signedOrder(order.replace('}', ',"\\u0070rice":"1"}')));
    expect(duplicate.json.fields).toEqual(['price']);
    const inQuery = await send(
      gateway.url,
      signedOrder(order, { query: 'side=SELL&recvWindow=5000&quantity=9' }),
    );
    expect(inQuery.json.fields).toEqual(['side', 'quantity']);
  });

  it('refuses other spellings of the order path, routes it does not forward, endpoints it cannot judge, and bodies over the cap', async () => {
    const requests: readonly { sent: Sent; status: number; reason: string; code: number }[] = [
      {
        sent: signedOrder(order, { path: '/api/v3//order' }),
        status: 400,
        reason: 'non-canonical-target',
        code: -1000,
      },
      {
        sent: signedOrder(order, { path: '/api/v3/%6Frder' }),
        status: 400,
        reason: 'non-canonical-target',
        code: -1000,
      },
      {
        sent: signedOrder(order, { path: '/API/V3/ORDER/' }),
        status: 400,
        reason: 'non-canonical-target',
        code: -1000,
      },
      {
        sent: signedOrder(order, { path: '/API/V3/ORDER' }),
        status: 400,
        reason: 'non-canonical-target',
        code: -1000,
      },
      {
        sent: signed('PUT', ORDER_PATH, { body: order }),
        status: 403,
        reason: 'route-not-allowed',
        code: -1020,
      },
      {
        // WEEX documents no dry run; it is not forwarded (WEEX's connector does not have it either).
        sent: signedOrder(order, { path: '/api/v3/order/test' }),
        status: 403,
        reason: 'route-not-allowed',
        code: -1020,
      },
      {
        sent: { method: 'GET', target: '/api/v3/nothing?x=%2E', headers: [], body: Buffer.alloc(0) },
        status: 403,
        reason: 'route-not-allowed',
        code: -1020,
      },
      {
        sent: signedOrder(order, { path: '/api/v3/order/oco' }),
        status: 403,
        reason: 'unjudged-order-endpoint',
        code: -1020,
      },
      {
        sent: signedOrder(order, { path: '/api/v3/order/cancelReplace' }),
        status: 403,
        reason: 'unjudged-order-endpoint',
        code: -1020,
      },
      {
        sent: signedOrder(order.replace('}', `,"pad":"${'x'.repeat(70_000)}"}`)),
        status: 413,
        reason: 'body-too-large',
        code: -1000,
      },
    ];
    const reached = await arrivals(async () => {
      for (const { sent, status, reason, code } of requests) {
        const answer = await send(gateway.url, sent);
        expect({
          status: answer.status,
          reason: answer.headers[GATEWAY_HEADER],
          code: answer.json.code,
        }).toEqual({
          status,
          reason,
          code,
        });
        expect(answer.json.msg).toEqual(expect.any(String));
      }
    });
    expect(reached).toEqual([]);
  });
});

describe('accepted orders reach the exchange byte for byte, their signature verifies there, and its answer comes back', () => {
  const rename = (names: Record<string, string>) => (headers: string[]) =>
    headers.map((value, i) => (i % 2 === 0 ? (names[value] ?? value) : value));
  const cases: readonly { name: string; sent: Sent; chunked?: boolean; clientOrderId?: string }[] = [
    { name: 'fields as strings', sent: signedOrder(orderJson()) },
    {
      name: 'numbers as JSON numbers, by their written digits (0.010, 100.00)',
      sent: signedOrder(
        '{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","quantity":0.010,"price":100.00}',
      ),
    },
    {
      name: 'keys in another order, a client order id',
      sent: signedOrder(
        '{"newClientOrderId":"my/order:1","price":"99.99","timeInForce":"IOC","quantity":"0.50000","type":"LIMIT","side":"SELL","symbol":"BTCUSDT"}',
      ),
      clientOrderId: 'my/order:1',
    },
    {
      name: 'escaped keys and values ("\\u0073ymbol", "BTC\\u0055SDT") read as what they spell',
      sent: signedOrder(
        '{"\\u0073ymbol":"BTC\\u0055SDT","sid\\u0065":"BUY","type":"LIMIT","timeInForce":"GTC","quantity":"0.01","pric\\u0065":"100.00"}',
      ),
    },
    {
      name: 'whitespace and newlines around every token',
      sent: signedOrder(
        ' {\r\n\t"symbol" : "BTCUSDT" ,\n "side":"BUY",\n "type":"LIMIT", "timeInForce":"GTC",\n "quantity" :\t0.01 , "price": "100.00"\n}\n',
      ),
    },
    {
      name: 'a MARKET order (no price, no timeInForce)',
      sent: signedOrder('{"symbol":"BTCUSDT","side":"SELL","type":"MARKET","quantity":"0.5"}'),
    },
    {
      name: 'a charset parameter, oddly cased and quoted',
      sent: signedOrder(orderJson(), { contentType: 'Application/JSON; Charset="UTF-8"' }),
    },
    {
      name: 'charset=utf8',
      sent: signedOrder(orderJson(), { contentType: 'application/json;charset=utf8' }),
    },
    {
      name: 'non-ASCII in a client order id (multi-byte UTF-8, forwarded as sent)',
      sent: signedOrder(orderJson({ newClientOrderId: 'ordre-№7 ✓ 注文' })),
      clientOrderId: 'ordre-№7 ✓ 注文',
    },
    {
      name: 'oddly-cased and repeated headers, in an order of the client’s',
      sent: signedOrder(orderJson(), {
        headers: (headers) => [
          'User-Agent',
          'bot/1.0 (+https://example.com)',
          ...rename({
            'ACCESS-KEY': 'access-key',
            'ACCESS-SIGN': 'Access-Sign',
            'ACCESS-PASSPHRASE': 'access-PASSPHRASE',
            'Content-Type': 'CONTENT-TYPE',
          })(headers),
          'X-Trace',
          'one',
          'X-Trace',
          'two',
          'Accept',
          '*/*',
        ],
      }),
    },
    {
      name: 'a chunked body (the framing changes, the bytes do not)',
      sent: signedOrder(orderJson()),
      chunked: true,
    },
    {
      name: 'a buy exactly at the band edge (105 is inclusive)',
      sent: signedOrder(orderJson({ price: '105.00' })),
    },
    {
      name: 'a MARKET order for a pair without a reference price (no check needs one)',
      sent: signedOrder('{"symbol":"ETHUSDT","side":"BUY","type":"MARKET","quantity":"2"}'),
    },
  ];

  it.each(cases)('$name', async ({ sent, chunked, clientOrderId }) => {
    const verified = exchange.stats.verified;
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(gateway.url, sent, chunked);
    });
    expect(reached).toHaveLength(1);
    expectIntact(reached[0], sent);
    // The exchange checked ACCESS-SIGN over the raw bytes and accepted it.
    expect(exchange.stats.verified).toBe(verified + 1);
    expect(answer!.status).toBe(200);
    expect(answer!.headers[GATEWAY_HEADER]).toBeUndefined();
    expect(answer!.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(answer!.json).toEqual({
      symbol: expect.any(String),
      orderId: expect.any(Number),
      clientOrderId: expect.any(String),
      transactTime: expect.any(Number),
    });
    if (clientOrderId !== undefined) expect(answer!.json.clientOrderId).toBe(clientOrderId);
  });

  it('a body key the operator allowed (allowFields) goes out with the order, byte for byte', async () => {
    const allowing = await createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      referencePrices: REFERENCE_PRICES,
      allowFields: ['stpMode'],
    });
    try {
      const sent = signedOrder(orderJson({ stpMode: 'NONE' }));
      let answer: Answer | undefined;
      const reached = await arrivals(async () => {
        answer = await send(allowing.url, sent);
      });
      expectIntact(reached[0], sent);
      expect(answer!.status).toBe(200);
      // Allowed or not, a key that folds to an order field is refused.
      const folded = await send(allowing.url, signedOrder(orderJson({ stpMode: 'NONE', Price: '1' })));
      expect({ status: folded.status, reason: folded.headers[GATEWAY_HEADER] }).toEqual({
        status: 400,
        reason: 'ambiguous-key',
      });
      expect(folded.json.fields).toEqual(['Price']);
    } finally {
      await allowing.close();
    }
  });

  it("relays the exchange's own refusal of an order the gateway accepted, status and body", async () => {
    const sent = signedOrder(orderJson({ newClientOrderId: 'insufficient' }));
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(gateway.url, sent);
    });
    expectIntact(reached[0], sent);
    expect(answer!.status).toBe(400);
    expect(answer!.headers[GATEWAY_HEADER]).toBeUndefined();
    expect(answer!.text).toBe(
      '{"code":-2010,"msg":"Account has insufficient balance for requested action."}',
    );
  });

  it('a signature broken by the client is the exchange to refuse, not the gateway (it has no secret)', async () => {
    const good = signedOrder(orderJson());
    const at = good.headers.indexOf('ACCESS-TIMESTAMP') + 1;
    const stamp = good.headers[at]!;
    const headers = good.headers.map((value, i) => (i === at ? String(Number(stamp) + 1) : value));
    const mismatches = exchange.stats.signatureMismatches;
    const answer = await send(gateway.url, { ...good, headers });
    expect(answer.status).toBe(400);
    expect(answer.headers[GATEWAY_HEADER]).toBeUndefined();
    expect(answer.json.code).toBe(-1022);
    expect(exchange.stats.signatureMismatches).toBe(mismatches + 1);
  });

  it('missing ACCESS-* headers are the exchange to refuse too', async () => {
    const answer = await send(gateway.url, {
      method: 'POST',
      target: ORDER_PATH,
      headers: ['Content-Type', 'application/json'],
      body: Buffer.from(orderJson()),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers[GATEWAY_HEADER]).toBeUndefined();
    expect(answer.json.code).toBe(-1102);
  });

  it('the signature is the one WEEX documents: base64 HMAC-SHA256 over timestamp, METHOD, path, ?query and body', () => {
    const body = '{"symbol":"BTCUSDT"}';
    const headers = accessHeaders({
      method: 'post',
      path: ORDER_PATH,
      query: 'a=1',
      body,
      timestamp: '1764506000000',
    });
    expect(headers).toEqual([
      'ACCESS-KEY',
      DEMO_API_KEY,
      'ACCESS-SIGN',
      signRequest(DEMO_API_SECRET, '1764506000000', 'POST', ORDER_PATH, 'a=1', body),
      'ACCESS-TIMESTAMP',
      '1764506000000',
      'ACCESS-PASSPHRASE',
      DEMO_PASSPHRASE,
      'Content-Type',
      'application/json',
    ]);
    // The message is the plain concatenation; the sign is standard base64 of a 32-byte digest.
    expect(signRequest(DEMO_API_SECRET, '1', 'POST', '/p', '', 'b')).toBe(
      signRequest(DEMO_API_SECRET, '1POST/pb', '', '', '', ''),
    );
    expect(Buffer.from(headers[3]!, 'base64')).toHaveLength(32);
  });
});

describe('the routes it forwards pass through unchanged', () => {
  const cases: readonly { name: string; sent: Sent; status: number }[] = [
    { name: 'GET /api/v3/account', sent: signed('GET', '/api/v3/account'), status: 200 },
    {
      name: 'DELETE /api/v3/order (cancelling is not judged)',
      sent: signed('DELETE', ORDER_PATH, { query: 'symbol=BTCUSDT&orderId=7' }),
      status: 200,
    },
    {
      name: 'a listed read with escapes in its query string (left as sent): the 404 comes from the exchange',
      sent: {
        method: 'GET',
        target: '/api/v3/myTrades?symbol=BTCUSDT&x=%2E',
        headers: ['Accept', 'application/json'],
        body: Buffer.alloc(0),
      },
      status: 404,
    },
  ];

  it.each(cases)('$name', async ({ sent, status }) => {
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(gateway.url, sent);
    });
    expect(reached).toHaveLength(1);
    expectIntact(reached[0], sent);
    expect(answer!.status).toBe(status);
    expect(answer!.headers[GATEWAY_HEADER]).toBeUndefined();
  });

  it(`GET ${STATUS_PATH} is answered by the gateway itself: its book, its reference prices, its counters`, async () => {
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(gateway.url, {
        method: 'GET',
        target: STATUS_PATH,
        headers: [],
        body: Buffer.alloc(0),
      });
    });
    expect(reached).toEqual([]);
    expect(answer!.status).toBe(200);
    expect(answer!.headers[GATEWAY_HEADER]).toBe('status');
    expect(answer!.json).toMatchObject({
      ruleBook: { pairs: 4, stale: false },
      referencePrices: { source: 'embedder' },
      failOpen: false,
      maxReferenceAgeMs: 10_000,
      stats: { judged: expect.any(Number), accepted: expect.any(Number), refused: expect.any(Number) },
    });
  });
});

describe('fails closed', () => {
  it('an order whose band cannot be checked (no reference price for its pair): 503 reference-price-missing, nothing sent', async () => {
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(
        gateway.url,
        signedOrder(orderJson({ symbol: 'ETHUSDT', price: '9999.0', quantity: '1' })),
      );
    });
    expect(reached).toEqual([]);
    expect(answer!.status).toBe(503);
    expect(answer!.headers[GATEWAY_HEADER]).toBe('reference-price-missing');
    expect(answer!.json).toMatchObject({ code: -1001, msg: expect.any(String) });
    expect(answer!.json.skipped).toEqual([
      expect.objectContaining({ check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_REFERENCE_PRICE' }),
    ]);
    // An order refused on its own merits is still 400: the missing price does not hide its faults.
    const offTick = await send(gateway.url, signedOrder(orderJson({ symbol: 'ETHUSDT', price: '9999.05' })));
    expect(offTick.status).toBe(400);
    expect(violationsOf(offTick).map((v) => v.code)).toEqual(['PRICE_TICK']);
  });

  it('with failOpen, that order is forwarded and its verdict says the band was unchecked', async () => {
    const events: GatewayEvent[] = [];
    const open = await createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      referencePrices: REFERENCE_PRICES,
      failOpen: true,
      onEvent: (event) => events.push(event),
    });
    try {
      const sent = signedOrder(orderJson({ symbol: 'ETHUSDT', price: '9999.0', quantity: '1' }));
      let answer: Answer | undefined;
      const reached = await arrivals(async () => {
        answer = await send(open.url, sent);
      });
      expectIntact(reached[0], sent);
      expect(answer!.status).toBe(200);
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'verdict', bandUnchecked: 'missing', referencePrice: undefined }),
      );
      expect(open.stats).toMatchObject({ accepted: 1, unchecked: 0 });
    } finally {
      await open.close();
    }
  });

  it('a reference price older than maxReferenceAgeMs is not used: 503 reference-price-stale (the limit itself is still fresh)', async () => {
    let ageMs = 0;
    const feed = (symbol: string) => (symbol === 'BTCUSDT' ? { price: '100', ageMs } : undefined);
    const events: GatewayEvent[] = [];
    const gw = await createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      referencePrices: feed,
      maxReferenceAgeMs: 2_000,
      onEvent: (event) => events.push(event),
    });
    try {
      const order = orderJson({ price: '105.00' });
      ageMs = 2_000;
      expect((await send(gw.url, signedOrder(order))).status).toBe(200);
      ageMs = 2_001;
      let answer: Answer | undefined;
      const reached = await arrivals(async () => {
        answer = await send(gw.url, signedOrder(order));
      });
      expect(reached).toEqual([]);
      expect(answer!.status).toBe(503);
      expect(answer!.headers[GATEWAY_HEADER]).toBe('reference-price-stale');
      // Its skips say the gateway's own price and limit (not the library's context), reason kept.
      const skipped = answer!.json.skipped as { reason: string; message: string }[];
      expect(skipped.length).toBeGreaterThan(0);
      for (const skip of skipped) {
        expect(skip.reason).toBe('NO_REFERENCE_PRICE');
        expect(skip.message).toContain('maxReferenceAgeMs');
        expect(skip.message).toContain('2001');
        expect(skip.message).toContain('2000');
        expect(skip.message).not.toContain('context.');
      }
      // The last verdict (a `request` event may follow its answer).
      expect(events.filter((event) => event.type === 'verdict').at(-1)).toMatchObject({
        type: 'verdict',
        bandUnchecked: 'stale',
        referencePriceAgeMs: 2_001,
      });
      // An age that is not a number is not known to be fresh.
      ageMs = Number.NaN;
      expect((await send(gw.url, signedOrder(order))).headers[GATEWAY_HEADER]).toBe('reference-price-stale');
      // A stale price never lets a refusal through either: the band is unchecked, not passed.
      const offTick = await send(gw.url, signedOrder(orderJson({ price: '105.001' })));
      expect(offTick.status).toBe(400);
      // A MARKET order without maxNotional needs no price at all.
      const market = await send(
        gw.url,
        signedOrder('{"symbol":"BTCUSDT","side":"BUY","type":"MARKET","quantity":"0.01"}'),
      );
      expect(market.status).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('reads the exchange ticker as a feed ({ quote }): the band follows its price; a pair it does not price is refused 503', async () => {
    const ticker = createReferenceTicker({ upstreamUrl: exchange.url, intervalMs: 60_000 });
    const gw = await createRiskGateway({ upstreamUrl: exchange.url, source, referencePrices: ticker });
    try {
      await ticker.poll();
      expect((await send(gw.url, signedOrder(orderJson({ price: '105.00' })))).status).toBe(200);
      exchange.setTickerPrice('BTCUSDT', '90.00');
      await ticker.poll();
      const refused = await send(gw.url, signedOrder(orderJson({ price: '95.00' })));
      expect(refused.status).toBe(400);
      expect(violationsOf(refused)).toEqual([
        expect.objectContaining({ code: 'PRICE_ABOVE_BUY_LIMIT', limit: '94.5', value: '95.00' }),
      ]);
      const missing = await send(gw.url, signedOrder(orderJson({ symbol: 'ETHUSDT', price: '9999.0' })));
      expect(missing.headers[GATEWAY_HEADER]).toBe('reference-price-missing');
      const status = await send(gw.url, {
        method: 'GET',
        target: STATUS_PATH,
        headers: [],
        body: Buffer.alloc(0),
      });
      expect(status.json.referencePrices).toMatchObject({ symbols: 2, successes: 2, failures: 0 });
    } finally {
      exchange.setTickerPrice('BTCUSDT', REFERENCE_PRICES.get('BTCUSDT'));
      await gw.close();
      await ticker.stop();
    }
  });

  it('without a rule book: 503 for orders (nothing sent), other requests still pass', async () => {
    const idle = createRuleBookSource({ client: infoClient, intervalMs: 60_000 }); // never started: no book
    const blind = await createRiskGateway({
      upstreamUrl: exchange.url,
      source: idle,
      referencePrices: REFERENCE_PRICES,
    });
    try {
      let orderAnswer: Answer | undefined;
      const reached = await arrivals(async () => {
        orderAnswer = await send(blind.url, signedOrder(orderJson()));
      });
      expect(reached).toEqual([]);
      expect(orderAnswer!.status).toBe(503);
      expect(orderAnswer!.headers[GATEWAY_HEADER]).toBe('no-rule-book');
      expect(orderAnswer!.json.code).toBe(-1001);
      const account = await send(blind.url, signed('GET', '/api/v3/account'));
      expect(account.status).toBe(200);
    } finally {
      await blind.close();
      await idle.stop();
    }
  });

  it('with a stale rule book: 503 for orders', async () => {
    let clock = Date.now();
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(PAYLOAD), { fetchedAt: clock });
    const old = createRuleBookSource({
      client: infoClient,
      intervalMs: 1_000,
      initialBook: book,
      now: () => clock,
    });
    const gw = await createRiskGateway({
      upstreamUrl: exchange.url,
      source: old,
      referencePrices: REFERENCE_PRICES,
    });
    try {
      const sent = signedOrder(orderJson());
      expect((await send(gw.url, sent)).status).toBe(200);
      clock += 10_000; // older than maxAgeMs (3 × intervalMs): refreshes have been failing
      const reached = await arrivals(async () => {
        const answer = await send(gw.url, sent);
        expect(answer.status).toBe(503);
        expect(answer.headers[GATEWAY_HEADER]).toBe('stale-rule-book');
      });
      expect(reached).toEqual([]);
    } finally {
      await gw.close();
      await old.stop();
    }
  });

  it('a broken reference-price feed (it throws, or answers a price that is not a decimal): 503, nothing sent', async () => {
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(PAYLOAD));
    const feed = (symbol: string) => {
      if (symbol === 'ETHUSDT') throw new Error('feed down');
      return 'NaN';
    };
    const gw = await createRiskGateway({ upstreamUrl: exchange.url, book, referencePrices: feed });
    try {
      const reached = await arrivals(async () => {
        for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
          const answer = await send(gw.url, signedOrder(orderJson({ symbol })));
          expect(answer.status).toBe(503);
          expect(answer.headers[GATEWAY_HEADER]).toBe('reference-price-failed');
        }
      });
      expect(reached).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  it('upstream down: 502, and the request was not sent', async () => {
    const gone = await startLoopbackServer(() => {});
    const deadUrl = gone.baseUrl;
    await gone.close();
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(PAYLOAD));
    const orphan = await createRiskGateway({ upstreamUrl: deadUrl, book, referencePrices: REFERENCE_PRICES });
    try {
      const answer = await send(orphan.url, signedOrder(orderJson()));
      expect(answer.status).toBe(502);
      expect(answer.headers[GATEWAY_HEADER]).toBe('upstream-unreachable');
      expect(answer.json).toMatchObject({
        code: -1001,
        msg: expect.stringMatching(/ECONNREFUSED.*not sent/),
      });
      // Refused orders are still refused without an upstream.
      const refused = await send(orphan.url, signedOrder(orderJson({ price: '1.001' })));
      expect(refused.status).toBe(400);
    } finally {
      await orphan.close();
    }
  });

  it('upstream silent: 504 after the timeout, execution status unknown', async () => {
    const silent = await startLoopbackServer(() => {});
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(PAYLOAD));
    const waiting = await createRiskGateway({
      upstreamUrl: silent.baseUrl,
      book,
      referencePrices: REFERENCE_PRICES,
      upstreamTimeoutMs: 100,
    });
    try {
      const answer = await send(waiting.url, signedOrder(orderJson()));
      expect(answer.status).toBe(504);
      expect(answer.json).toMatchObject({
        code: -1007,
        msg: expect.stringMatching(/execution status unknown/),
      });
      expect(silent.requests).toHaveLength(1); // it did arrive: hence "unknown"
    } finally {
      await waiting.close();
      await silent.close();
    }
  });
});
