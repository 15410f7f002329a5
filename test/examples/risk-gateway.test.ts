import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_HEADER } from '../../examples/risk-gateway/answers.js';
import {
  DEMO_API_KEY,
  DEMO_API_SECRET,
  type FakeExchange,
  type ReceivedRequest,
  signParams,
  startFakeExchange,
} from '../../examples/risk-gateway/fake-exchange.js';
import { createRiskGateway, type RiskGateway } from '../../examples/risk-gateway/gateway.js';
import { parseExchangeInfo, RuleBook } from '../../src/index.js';
import { createRuleBookSource, ExchangeInfoClient, type RuleBookSource } from '../../src/node.js';
import { startLoopbackServer } from '../helpers/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../helpers/payload.js';

// BTCUSDT: tick 0.01, step 0.00001, min 0.00010, buy band +5 % (reference 100 -> at most 105).
const PAYLOAD = exchangeInfoPayload([
  pairDefinition(),
  pairDefinition({ symbol: 'ETHUSDT', baseAsset: 'ETH', tickSize: '0.1' }),
  pairDefinition({ symbol: 'DOGEUSDT', baseAsset: 'DOGE', enableTrade: false }),
]);
const REFERENCE_PRICES = new Map([
  ['BTCUSDT', '100'],
  ['DOGEUSDT', '0.2'],
]);
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

/** A signed request, signature appended to the query string or to the body, as the exchange allows. */
function signed(
  method: string,
  path: string,
  query: string,
  body: string,
  options: { signIn?: 'query' | 'body'; headers?: readonly string[] } = {},
): Sent {
  const signature = signParams(query, body, DEMO_API_SECRET);
  const signIn = options.signIn ?? (body === '' ? 'query' : 'body');
  const q = signIn === 'query' ? `${query}${query === '' ? '' : '&'}signature=${signature}` : query;
  const b = signIn === 'body' ? `${body}${body === '' ? '' : '&'}signature=${signature}` : body;
  const headers = options.headers ?? [
    'X-MBX-APIKEY',
    DEMO_API_KEY,
    ...(b === '' ? [] : ['Content-Type', FORM]),
  ];
  return { method, target: q === '' ? path : `${path}?${q}`, headers, body: Buffer.from(b, 'latin1') };
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

beforeAll(async () => {
  exchange = await startFakeExchange({ exchangeInfo: PAYLOAD });
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

const order = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=100.00';
const stamp = 'recvWindow=5000&timestamp=1700000000000';

describe('refused orders: 400 with the violations, and nothing reaches the exchange', () => {
  const cases: readonly { name: string; sent: Sent; codes: readonly string[] }[] = [
    {
      name: 'an off-tick price (query string)',
      sent: signed('POST', '/api/v3/order', `${order.replace('100.00', '100.005')}&${stamp}`, ''),
      codes: ['PRICE_TICK'],
    },
    {
      name: 'a quantity below the minimum (form body)',
      sent: signed('POST', '/api/v3/order', '', `${order.replace('0.01', '0.00001')}&${stamp}`),
      codes: ['QUANTITY_BELOW_MIN'],
    },
    {
      name: 'a pair with trading disabled (mixed)',
      sent: signed(
        'POST',
        '/api/v3/order',
        'symbol=DOGEUSDT&timestamp=1',
        'side=SELL&type=LIMIT&timeInForce=GTC&quantity=1&price=0.2',
      ),
      codes: ['TRADING_DISABLED'],
    },
    {
      name: 'an unknown symbol',
      sent: signed('POST', '/api/v3/order', `${order.replace('BTCUSDT', 'XYZUSDT')}&${stamp}`, ''),
      codes: ['UNKNOWN_SYMBOL'],
    },
    {
      name: 'a buy above the band around the reference price (100 -> at most 105)',
      sent: signed('POST', '/api/v3/order', '', `${order.replace('100.00', '105.01')}&${stamp}`),
      codes: ['PRICE_ABOVE_BUY_LIMIT'],
    },
    {
      name: 'several faults at once, all reported',
      sent: signed(
        'POST',
        '/api/v3/order',
        `${order.replace('100.00', '105.015').replace('0.01', '0.000015')}`,
        '',
      ),
      codes: ['PRICE_TICK', 'PRICE_ABOVE_BUY_LIMIT', 'QUANTITY_STEP', 'QUANTITY_BELOW_MIN'],
    },
    {
      name: 'a dry run on /api/v3/order/test is judged too',
      sent: signed('POST', '/api/v3/order/test', `${order.replace('100.00', '100.001')}`, ''),
      codes: ['PRICE_TICK'],
    },
    {
      name: 'a type the library cannot judge (fail closed)',
      sent: signed(
        'POST',
        '/api/v3/order',
        'symbol=BTCUSDT&side=BUY&type=STOP_LOSS&quantity=1&stopPrice=90',
        '',
      ),
      codes: ['INVALID_FIELD'],
    },
  ];

  it.each(cases)('$name', async ({ sent, codes }) => {
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(gateway.url, sent);
    });
    expect(reached).toEqual([]);
    expect(answer!.status).toBe(400);
    expect(answer!.headers[GATEWAY_HEADER]).toBe('order-refused');
    expect(answer!.json.code).toBe(-1013);
    const violations = answer!.json.violations as { code: string; field: string; message: string }[];
    expect([...new Set(violations.map((v) => v.code))].sort()).toEqual([...codes].sort());
    for (const v of violations) expect(v.message).toEqual(expect.any(String));
  });

  it('answers ambiguous or unreadable requests itself, before the exchange can read them otherwise', async () => {
    const requests: readonly { sent: Sent; status: number; reason: string }[] = [
      // The same field twice (query and body): which one would the exchange act on?
      {
        sent: signed('POST', '/api/v3/order', order, 'price=999'),
        status: 400,
        reason: 'duplicate-parameter',
      },
      {
        sent: signed('POST', '/api/v3/order', `${order}&symbol=ETHUSDT`, ''),
        status: 400,
        reason: 'duplicate-parameter',
      },
      {
        sent: {
          method: 'POST',
          target: '/api/v3/order',
          headers: ['Content-Type', 'application/json'],
          body: Buffer.from('{"symbol":"BTCUSDT"}'),
        },
        status: 415,
        reason: 'unsupported-media-type',
      },
      {
        sent: signed('POST', '/api/v3//order', order, ''),
        status: 400,
        reason: 'non-canonical-order-path',
      },
      { sent: signed('POST', '/api/v3/%6Frder', order, ''), status: 400, reason: 'non-canonical-order-path' },
      { sent: signed('POST', '/API/V3/ORDER/', order, ''), status: 400, reason: 'non-canonical-order-path' },
      {
        sent: signed('POST', '/api/v3/order/oco', order, ''),
        status: 403,
        reason: 'unjudged-order-endpoint',
      },
      {
        sent: signed('POST', '/api/v3/order/cancelReplace', order, ''),
        status: 403,
        reason: 'unjudged-order-endpoint',
      },
      {
        sent: {
          method: 'POST',
          target: '/api/v3/order',
          headers: ['Content-Type', FORM],
          body: Buffer.from(`${order}&pad=${'x'.repeat(70_000)}`),
        },
        status: 413,
        reason: 'body-too-large',
      },
    ];
    const reached = await arrivals(async () => {
      for (const { sent, status, reason } of requests) {
        const answer = await send(gateway.url, sent);
        expect({ status: answer.status, reason: answer.headers[GATEWAY_HEADER] }).toEqual({ status, reason });
        expect(answer.json).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
      }
    });
    expect(reached).toEqual([]);
  });
});

describe('accepted orders reach the exchange byte for byte, and its answer comes back', () => {
  const cases: readonly { name: string; sent: Sent; chunked?: boolean }[] = [
    { name: 'query-string style', sent: signed('POST', '/api/v3/order', `${order}&${stamp}`, '') },
    { name: 'form-body style', sent: signed('POST', '/api/v3/order', '', `${order}&${stamp}`) },
    {
      name: 'mixed: some fields in the query, the rest and the signature in the body',
      sent: signed('POST', '/api/v3/order', `symbol=BTCUSDT&${stamp}`, 'side=SELL&type=MARKET&quantity=0.5'),
    },
    {
      name: 'mixed, signed in the query string',
      sent: signed(
        'POST',
        '/api/v3/order',
        `symbol=ETHUSDT&${stamp}`,
        'side=BUY&type=LIMIT&timeInForce=IOC&quantity=2&price=99.9',
        {
          signIn: 'query',
        },
      ),
    },
    {
      name: 'odd but legal bytes: %2E escapes, encoded names, +, reordered params, charset, header case and repeats',
      sent: signed(
        'POST',
        '/api/v3/order',
        `timestamp=1700000000000&price=100%2E00&quantity=0%2e01000&%73ymbol=BTCUSDT`,
        `note=a+b%20c&newClientOrderId=my%2Forder%3A1&timeInForce=GTC&type=LIMIT&side=BUY`,
        {
          headers: [
            'x-mbx-apikey',
            DEMO_API_KEY,
            'Content-Type',
            'application/x-www-form-urlencoded; charset=UTF-8',
            'X-Trace',
            'one',
            'X-Trace',
            'two',
            'User-Agent',
            'bot/1.0 (+https://example.com)',
            'Accept',
            '*/*',
          ],
        },
      ),
    },
    {
      name: 'a chunked body (the framing changes, the bytes do not)',
      sent: signed('POST', '/api/v3/order', '', `${order}&${stamp}`),
      chunked: true,
    },
    {
      name: 'a dry run on /api/v3/order/test',
      sent: signed('POST', '/api/v3/order/test', `${order}&${stamp}`, ''),
    },
    {
      name: 'a buy exactly at the band edge (105 is inclusive)',
      sent: signed('POST', '/api/v3/order', `${order.replace('100.00', '105.00')}&${stamp}`, ''),
    },
  ];

  it.each(cases)('$name', async ({ sent, chunked }) => {
    let answer: Answer | undefined;
    const reached = await arrivals(async () => {
      answer = await send(gateway.url, sent, chunked);
    });
    expect(reached).toHaveLength(1);
    expectIntact(reached[0], sent);
    // The exchange checked the signature over the raw bytes and accepted it.
    expect(answer!.status).toBe(200);
    expect(answer!.headers[GATEWAY_HEADER]).toBeUndefined();
    expect(answer!.headers['x-mbx-used-weight-1m']).toBe('1');
    expect(answer!.headers['content-type']).toBe('application/json;charset=UTF-8');
    if (sent.target.startsWith('/api/v3/order/test')) expect(answer!.json).toEqual({});
    else expect(answer!.json).toMatchObject({ status: 'NEW', orderId: expect.any(Number) });
  });

  it('keeps the client order id the client chose', async () => {
    const sent = signed('POST', '/api/v3/order', '', `${order}&newClientOrderId=my%2Forder%3A1&${stamp}`);
    const answer = await send(gateway.url, sent);
    expect(answer.json.clientOrderId).toBe('my/order:1');
  });

  it("relays the exchange's own refusal of an order the gateway accepted, status and body", async () => {
    const sent = signed('POST', '/api/v3/order', `${order}&newClientOrderId=insufficient&${stamp}`, '');
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
    const good = signed('POST', '/api/v3/order', `${order}&${stamp}`, '');
    const sent = {
      ...good,
      target: good.target.replace('timestamp=1700000000000', 'timestamp=1700000000001'),
    };
    const answer = await send(gateway.url, sent);
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe(-1022);
  });
});

describe('other requests pass through unchanged', () => {
  const cases: readonly { name: string; sent: Sent; status: number }[] = [
    { name: 'GET /api/v3/account', sent: signed('GET', '/api/v3/account', stamp, ''), status: 200 },
    {
      name: 'DELETE /api/v3/order (cancelling is not judged)',
      sent: signed('DELETE', '/api/v3/order', `symbol=BTCUSDT&orderId=7&${stamp}`, ''),
      status: 200,
    },
    {
      name: 'an unknown path: the 404 comes from the exchange',
      sent: {
        method: 'GET',
        target: '/api/v3/nothing?x=%2E',
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
});

describe('fails closed', () => {
  it('without a rule book: 503 for orders (nothing sent), other requests still pass', async () => {
    const idle = createRuleBookSource({ client: infoClient, intervalMs: 60_000 }); // never started: no book
    const blind = await createRiskGateway({ upstreamUrl: exchange.url, source: idle });
    try {
      let orderAnswer: Answer | undefined;
      const reached = await arrivals(async () => {
        orderAnswer = await send(blind.url, signed('POST', '/api/v3/order', `${order}&${stamp}`, ''));
      });
      expect(reached).toEqual([]);
      expect(orderAnswer!.status).toBe(503);
      expect(orderAnswer!.headers[GATEWAY_HEADER]).toBe('no-rule-book');
      expect(orderAnswer!.json.msg).toMatch(/no rule book yet/);
      const account = await send(blind.url, signed('GET', '/api/v3/account', stamp, ''));
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
    const gw = await createRiskGateway({ upstreamUrl: exchange.url, source: old });
    try {
      const sent = signed('POST', '/api/v3/order/test', `${order}&${stamp}`, '');
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

  it('a broken reference-price feed: 503, nothing sent', async () => {
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(PAYLOAD));
    const feed = (symbol: string) => {
      if (symbol === 'ETHUSDT') throw new Error('feed down');
      return 'NaN';
    };
    const gw = await createRiskGateway({ upstreamUrl: exchange.url, book, referencePrices: feed });
    try {
      const reached = await arrivals(async () => {
        for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
          const answer = await send(
            gw.url,
            signed('POST', '/api/v3/order', order.replace('BTCUSDT', symbol), ''),
          );
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
    const orphan = await createRiskGateway({ upstreamUrl: deadUrl, book });
    try {
      const answer = await send(orphan.url, signed('POST', '/api/v3/order', `${order}&${stamp}`, ''));
      expect(answer.status).toBe(502);
      expect(answer.headers[GATEWAY_HEADER]).toBe('upstream-unreachable');
      expect(answer.json).toMatchObject({
        code: -1001,
        msg: expect.stringMatching(/ECONNREFUSED.*not sent/),
      });
      // Refused orders are still refused without an upstream.
      const refused = await send(
        orphan.url,
        signed('POST', '/api/v3/order', order.replace('100.00', '1.001'), ''),
      );
      expect(refused.status).toBe(400);
    } finally {
      await orphan.close();
    }
  });

  it('upstream silent: 504 after the timeout, execution status unknown', async () => {
    const silent = await startLoopbackServer(() => {});
    const book = RuleBook.fromExchangeInfo(parseExchangeInfo(PAYLOAD));
    const waiting = await createRiskGateway({ upstreamUrl: silent.baseUrl, book, upstreamTimeoutMs: 100 });
    try {
      const answer = await send(waiting.url, signed('POST', '/api/v3/order', `${order}&${stamp}`, ''));
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
