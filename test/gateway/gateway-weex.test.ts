/**
 * The risk gateway speaks WEEX V3 (examples/risk-gateway, docs/exchange-semantics.md): the real
 * program (`main.ts`) in front of the fake exchange on loopback, reference prices polled from the
 * fake's ticker. A signed JSON order that passes reaches the exchange byte for byte and its
 * `ACCESS-SIGN` verifies there; what the exchange might read differently never reaches it; the
 * band is computed from the polled price; with the ticker down, orders fail closed, and are
 * forwarded only with `--fail-open`.
 */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessHeaders,
  type FakeExchange,
  type ReceivedRequest,
  startFakeExchange,
} from '../../src/gateway/fake-exchange.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { type GatewayProcess, startGatewayProcess } from './gateway-process.js';
import { limitOrderBody } from './weex-order.js';

// BTCUSDT: tick 0.01, step 0.00001, min 0.00010, band ±5 %; PRECUSDT: no step, 4 quantity decimals.
const PAYLOAD = exchangeInfoPayload([
  pairDefinition(),
  pairDefinition({ symbol: 'PRECUSDT', baseAsset: 'PREC', stepSize: null, baseAssetPrecision: 4 }),
  pairDefinition({ symbol: 'HALTUSDT', baseAsset: 'HALT', status: 'HALT' }),
  pairDefinition({ symbol: 'NOPRICEUSDT', baseAsset: 'NOPRICE' }),
]);
const TICKER = { BTCUSDT: '100000.00', PRECUSDT: '10.00', HALTUSDT: '1.00' };
const TICKER_MS = 100;
const MAX_PRICE_AGE_MS = 1_000;

interface Answer {
  readonly status: number;
  readonly reason: string | undefined;
  readonly json: Record<string, unknown>;
}

let exchange: FakeExchange;
let gateway: GatewayProcess;
let http: Agent;

/** Sends an order body (signed over exactly these bytes) with the given headers to `base`. */
async function post(
  base: string,
  body: Buffer | string,
  options: { query?: string; headers?: readonly string[]; path?: string } = {},
): Promise<Answer> {
  const path = options.path ?? '/api/v3/order';
  const query = options.query ?? '';
  const headers = options.headers ?? accessHeaders({ method: 'POST', path, query, body });
  const response = await request(`${base}${path}${query === '' ? '' : `?${query}`}`, {
    dispatcher: http,
    method: 'POST',
    headers: [...headers],
    body,
  });
  const text = await response.body.text();
  const reason = response.headers['x-preflight-gateway'];
  return {
    status: response.statusCode,
    reason: typeof reason === 'string' ? reason : undefined,
    json: JSON.parse(text) as Record<string, unknown>,
  };
}

/** Runs `act` and returns what reached the exchange meanwhile. */
async function arrivals(act: () => Promise<unknown>): Promise<ReceivedRequest[]> {
  const before = exchange.requests.length;
  await act();
  return exchange.requests.slice(before);
}

/** Resolves after the gateway's ticker has polled the exchange at least `polls` more times. */
async function tickerPolls(polls: number): Promise<void> {
  const target = exchange.stats.tickerRequests + polls;
  const deadline = Date.now() + 10_000;
  while (exchange.stats.tickerRequests < target) {
    if (Date.now() > deadline) throw new Error('the ticker did not poll');
    await new Promise((later) => setTimeout(later, 20));
  }
  // The answer of the last poll counted may still be on its way to the gateway.
  await new Promise((later) => setTimeout(later, 50));
}

/** Waits (10 s at most) until the gateway's last successful poll was asked under half the age limit ago. */
async function freshPrices(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await request(`${gateway.url}/preflight/status`, { dispatcher: http });
    const health = (await status.body.json()) as { referencePrices: { lastSuccessAgeMs?: number } };
    const age = health.referencePrices.lastSuccessAgeMs;
    if (age !== undefined && age < MAX_PRICE_AGE_MS / 2) return;
    if (Date.now() > deadline) throw new Error(`the gateway's prices stayed old (${age} ms)`);
    await new Promise((later) => setTimeout(later, 20));
  }
}

const limitOrder = limitOrderBody;

beforeAll(async () => {
  exchange = await startFakeExchange({ exchangeInfo: PAYLOAD, tickerPrices: TICKER });
  // No notional limit, on purpose: a MARKET order below needs no reference price without one.
  gateway = await startGatewayProcess(exchange.url, [
    '--no-max-notional',
    '--ticker-ms',
    String(TICKER_MS),
    '--max-price-age-ms',
    String(MAX_PRICE_AGE_MS),
  ]);
  await gateway.waitForLog(/ticker ready/);
  http = new Agent();
}, 30_000);

afterAll(async () => {
  await http?.close();
  await gateway?.stop();
  await exchange?.close();
});

describe('a signed JSON order that passes', () => {
  it('reaches the exchange byte for byte, with its ACCESS-* headers, and its signature verifies there', async () => {
    // Numbers by their written digits, a key order of the client's, whitespace: all forwarded as sent.
    const body = Buffer.from(
      '{ "price": 100000.00, "symbol":"BTCUSDT","side":"BUY","type":"LIMIT",\n"timeInForce":"GTC","quantity":0.010,"newClientOrderId":"weex-1"}',
    );
    const headers = accessHeaders({
      method: 'POST',
      path: '/api/v3/order',
      body,
      contentType: 'application/json; charset=UTF-8',
    });
    const verified = exchange.stats.verified;
    let answer: Answer | undefined;
    const received = await arrivals(async () => {
      answer = await post(gateway.url, body, { headers });
    });
    expect(answer!.status).toBe(200);
    expect(answer!.reason).toBeUndefined();
    expect(answer!.json).toMatchObject({ symbol: 'BTCUSDT', clientOrderId: 'weex-1' });
    expect(exchange.stats.verified).toBe(verified + 1);
    expect(exchange.stats.signatureMismatches).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]!.body.equals(body)).toBe(true);
    expect(received[0]!.url).toBe('/api/v3/order');
    for (let i = 0; i < headers.length; i += 2) {
      const at = received[0]!.rawHeaders.indexOf(headers[i]!);
      expect(at, headers[i]).toBeGreaterThanOrEqual(0);
      expect(received[0]!.rawHeaders[at + 1]).toBe(headers[i + 1]);
    }
  });

  it('a 40-character client order id of any characters is forwarded; the exchange echoes it', async () => {
    const id = 'ü€ order/№ 7 · with spaces and ✓ marks!!'.padEnd(40, '.').slice(0, 40);
    expect([...id]).toHaveLength(40);
    const answer = await post(gateway.url, limitOrder({ newClientOrderId: id }));
    expect(answer.status).toBe(200);
    expect(answer.json.clientOrderId).toBe(id);
  });
});

describe('what the exchange might read differently never reaches it', () => {
  const cases: ReadonlyArray<{
    name: string;
    body: Buffer | string;
    headers?: readonly string[];
    query?: string;
    status: number;
    reason: string;
    code: number;
  }> = [
    {
      name: 'an off-tick price',
      body: limitOrder({ price: '100000.005' }),
      status: 400,
      reason: 'order-refused',
      code: -1142,
    },
    {
      name: 'a duplicate key (the second spelled with an escape)',
      body: '{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","quantity":"0.01","price":"100000.00","\\u0070rice":"1"}',
      status: 400,
      reason: 'duplicate-key',
      code: -1142,
    },
    {
      name: 'a form body',
      body: 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=100000.00',
      headers: accessHeaders({
        method: 'POST',
        path: '/api/v3/order',
        body: 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=100000.00',
        contentType: 'application/x-www-form-urlencoded',
      }),
      status: 415,
      reason: 'unsupported-media-type',
      code: -1142,
    },
    {
      name: 'invalid UTF-8',
      body: Buffer.concat([
        Buffer.from(limitOrder().slice(0, -1)),
        Buffer.from(',"note":"\xff\xfe"}', 'latin1'),
      ]),
      status: 400,
      reason: 'body-not-utf8',
      code: -1142,
    },
    {
      name: 'an order in the query string',
      body: '{}',
      query: 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.01',
      status: 400,
      reason: 'query-string-order',
      code: -1142,
    },
    {
      name: 'a key that differs from an order field only in case (a case-insensitive reader would take it)',
      body: limitOrder({ SYMBOL: 'ETHUSDT' }),
      status: 400,
      reason: 'ambiguous-key',
      code: -1142,
    },
    {
      name: 'a key that folds to an order field (ſ folds to s)',
      body: limitOrder({ ſymbol: 'ETHUSDT' }),
      status: 400,
      reason: 'ambiguous-key',
      code: -1142,
    },
    {
      name: 'two Content-Type headers',
      body: limitOrder(),
      headers: [
        ...accessHeaders({ method: 'POST', path: '/api/v3/order', body: limitOrder() }),
        'Content-Type',
        'application/x-www-form-urlencoded',
      ],
      status: 415,
      reason: 'unsupported-media-type',
      code: -1142,
    },
    {
      name: 'a body that is not one JSON object',
      body: `[${limitOrder()}]`,
      status: 400,
      reason: 'body-not-json-object',
      code: -1142,
    },
  ];

  it.each(cases)('$name: $status $reason', async ({ body, headers, query, status, reason, code }) => {
    let answer: Answer | undefined;
    const received = await arrivals(async () => {
      answer = await post(gateway.url, body, {
        ...(headers === undefined ? {} : { headers }),
        ...(query === undefined ? {} : { query }),
      });
    });
    expect(received).toEqual([]);
    expect(answer!.status).toBe(status);
    expect(answer!.reason).toBe(reason);
    expect(answer!.json.code).toBe(code);
  });

  it('refusals carry WEEX codes: -1160 for precision, -1121 for an unknown symbol, -1180 for a 41-character id', async () => {
    const precision = await post(
      gateway.url,
      JSON.stringify({
        symbol: 'PRECUSDT',
        side: 'SELL',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '1.00000',
        price: '10.00',
      }),
    );
    expect(precision.status).toBe(400);
    expect(precision.json.code).toBe(-1160);
    expect((precision.json.violations as { code: string }[]).map((v) => v.code)).toEqual([
      'QUANTITY_PRECISION',
    ]);

    const unknown = await post(gateway.url, limitOrder({ symbol: 'NOSUCHUSDT' }));
    expect(unknown.json.code).toBe(-1121);

    const longId = await post(gateway.url, limitOrder({ newClientOrderId: 'x'.repeat(41) }));
    expect(longId.status).toBe(400);
    expect(longId.json.code).toBe(-1180);
    expect((longId.json.violations as { field: string }[])[0]!.field).toBe('newClientOrderId');

    // 31 code points (61 UTF-16 units), refused for its control character, not its length.
    const controlId = await post(gateway.url, limitOrder({ newClientOrderId: `${'😀'.repeat(30)}\u0001` }));
    expect(controlId.status).toBe(400);
    expect(controlId.json.code).toBe(-1142);
  });

  it('a pair whose status is HALT is refused as not trading', async () => {
    const answer = await post(gateway.url, limitOrder({ symbol: 'HALTUSDT', price: '1.00' }));
    expect(answer.status).toBe(400);
    expect((answer.json.violations as { code: string }[]).map((v) => v.code)).toContain('SYMBOL_NOT_TRADING');
  });
});

describe('the band is computed from the polled ticker', () => {
  it('a buy above the last price plus 5 % is refused, and accepted once the ticker moves', async () => {
    exchange.setTickerPrice('BTCUSDT', '90000.00');
    await tickerPolls(2);
    const refused = await arrivals(async () => {
      const answer = await post(gateway.url, limitOrder({ price: '95000.00' }));
      expect(answer.status).toBe(400);
      expect(answer.json.violations).toEqual([
        expect.objectContaining({ code: 'PRICE_ABOVE_BUY_LIMIT', limit: '94500', value: '95000.00' }),
      ]);
    });
    expect(refused).toEqual([]);

    exchange.setTickerPrice('BTCUSDT', '100000.00');
    await tickerPolls(2);
    const answer = await post(gateway.url, limitOrder({ price: '95000.00' }));
    expect(answer.status).toBe(200);
  });

  it('a symbol the ticker has never priced: refused 503 reference-price-missing, not sent', async () => {
    const received = await arrivals(async () => {
      const answer = await post(gateway.url, limitOrder({ symbol: 'NOPRICEUSDT', price: '1.00' }));
      expect(answer.status).toBe(503);
      expect(answer.reason).toBe('reference-price-missing');
    });
    expect(received).toEqual([]);
    // The log is written at the end of the gateway's event-loop turn, maybe after the answer.
    await gateway.waitForLog(
      /UNCHECKED NOPRICEUSDT BUY LIMIT 0\.01 @ 1\.00: not sent, band unchecked \(no reference price\)/,
      5_000,
    );
  });
});

describe('with the ticker down', () => {
  it('orders fail closed once the last prices are older than --max-price-age-ms; the status endpoint and the log say why', async () => {
    exchange.setTickerFault(503);
    try {
      await new Promise((later) => setTimeout(later, MAX_PRICE_AGE_MS + 300));
      const received = await arrivals(async () => {
        const answer = await post(gateway.url, limitOrder());
        expect(answer.status).toBe(503);
        expect(answer.reason).toBe('reference-price-stale');
      });
      expect(received).toEqual([]);
      const status = await request(`${gateway.url}/preflight/status`, { dispatcher: http });
      const health = (await status.body.json()) as {
        referencePrices: { consecutiveFailures: number; lastError: string };
      };
      expect(health.referencePrices.consecutiveFailures).toBeGreaterThan(1);
      expect(health.referencePrices.lastError).toMatch(/503/);
      await gateway.waitForLog(/ticker failed \(1 in a row\): HTTP 503/, 5_000);
      // A MARKET order without --max-notional needs no price: it is judged and sent as usual.
      const market = await post(
        gateway.url,
        JSON.stringify({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' }),
      );
      expect(market.status).toBe(200);
    } finally {
      exchange.setTickerFault(undefined);
    }
    await gateway.waitForLog(/ticker recovered after \d+ failed polls/);
    await tickerPolls(1);
    // On a loaded machine the poll that recovered may have been asked long before its answer came:
    // the order is sent once the gateway's own status shows a price well within the age limit.
    await freshPrices();
    expect((await post(gateway.url, limitOrder())).status).toBe(200);
  });

  it('with --fail-open they are forwarded and logged "band unchecked"', async () => {
    const open = await startGatewayProcess(exchange.url, [
      '--max-notional',
      '250000',
      '--ticker-ms',
      String(TICKER_MS),
      '--max-price-age-ms',
      String(MAX_PRICE_AGE_MS),
      '--fail-open',
    ]);
    await open.waitForLog(/ticker ready/);
    exchange.setTickerFault('reset');
    try {
      await new Promise((later) => setTimeout(later, MAX_PRICE_AGE_MS + 300));
      const received = await arrivals(async () => {
        const answer = await post(open.url, limitOrder({ newClientOrderId: 'fail-open-1' }));
        expect(answer.status).toBe(200);
        expect(answer.json.clientOrderId).toBe('fail-open-1');
      });
      expect(received).toHaveLength(1);
      await open.waitForLog(
        /ACCEPT BTCUSDT BUY LIMIT 0\.01 @ 100000\.00 \(band unchecked: reference price too old\)/,
        5_000,
      );
    } finally {
      exchange.setTickerFault(undefined);
      await open.stop();
    }
  }, 30_000);
});
