/**
 * The audit log of the real program (`order-preflight gateway --log-format json`) in front of the
 * fake exchange: every request it answers or forwards gets exactly one JSON `request` line with
 * its method, path (never the query), API key, outcome, status, reason and violation codes, and
 * latency; no line carries a signature, the passphrase, the secret or an Authorization header.
 * Every line of the log is one JSON object. `GET /metrics` counts a refused order under its code.
 */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessHeaders,
  DEMO_API_KEY,
  DEMO_API_SECRET,
  DEMO_PASSPHRASE,
  type FakeExchange,
  startFakeExchange,
} from '../../src/gateway/fake-exchange.js';
import { METRICS_PATH, STATUS_PATH } from '../../src/gateway.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { type GatewayProcess, startGatewayProcess } from './gateway-process.js';
import { parsePrometheusText, sampleValue } from './prometheus-text.js';
import { limitOrderBody } from './weex-order.js';

const PAYLOAD = exchangeInfoPayload([pairDefinition()]);
const TICKER = { BTCUSDT: '100000.00' };
/** Stands for a bearer token a client might send: it must never be logged. */
const BEARER = 'Bearer audit-test-token-7f3e9a';
/** An order id in a query string: queries are never logged. */
const QUERY_ORDER_ID = '424242917';

let exchange: FakeExchange;
let gateway: GatewayProcess;
let http: Agent;

beforeAll(async () => {
  exchange = await startFakeExchange({ exchangeInfo: PAYLOAD, tickerPrices: TICKER });
  gateway = await startGatewayProcess(exchange.url, [
    '--log-format',
    'json',
    '--ticker-ms',
    '200',
    '--max-notional',
    '250000',
  ]);
  await gateway.waitForLog(/ticker ready/);
  http = new Agent();
}, 30_000);

afterAll(async () => {
  await http?.close();
  await gateway?.stop();
  await exchange?.close();
});

/** Every `ACCESS-SIGN` value sent, to look for in the log. */
const signatures: string[] = [];

/** Sends a request (signed with the demo credentials when `signed`) and returns its status. */
async function send(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { query?: string; body?: string; signed?: boolean; extra?: string[] } = {},
): Promise<number> {
  const query = options.query ?? '';
  const headers =
    options.signed === false
      ? []
      : accessHeaders({ method, path, query, ...(options.body === undefined ? {} : { body: options.body }) });
  const signAt = headers.indexOf('ACCESS-SIGN');
  if (signAt !== -1) signatures.push(headers[signAt + 1]!);
  const response = await request(`${gateway.url}${path}${query === '' ? '' : `?${query}`}`, {
    dispatcher: http,
    method,
    headers: [...headers, ...(options.extra ?? [])],
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  await response.body.dump();
  return response.statusCode;
}

/** The log's `request` lines, once there are at least `count` (bounded wait). */
async function requestLines(count: number): Promise<Record<string, unknown>[]> {
  const lines = () => gateway.jsonLines().filter((line) => line.event === 'request');
  for (let i = 0; i < 200 && lines().length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  return lines();
}

async function scrape(): Promise<ReturnType<typeof parsePrometheusText>> {
  const response = await request(`${gateway.url}${METRICS_PATH}`, { dispatcher: http });
  return parsePrometheusText(await response.body.text());
}

describe('the audit log (--log-format json)', () => {
  it('has exactly one request line per request, with the right fields, and no secret anywhere', async () => {
    const already = (await requestLines(0)).length;
    expect(already).toBe(0);
    const statuses = [
      await send('POST', '/api/v3/order', {
        body: limitOrderBody({ newClientOrderId: 'audit-good' }),
        extra: ['Authorization', BEARER],
      }),
      await send('POST', '/api/v3/order', { body: limitOrderBody({ price: '100000.005' }) }),
      await send('GET', '/api/v3/market/ticker/price', { query: 'symbol=BTCUSDT', signed: false }),
      await send('DELETE', '/api/v3/order', { query: `symbol=BTCUSDT&orderId=${QUERY_ORDER_ID}` }),
      await send('GET', '/api/v3/account', { query: 'recvWindow=5000' }),
      await send('POST', '/api/v3/order', { body: '{"symbol":"BTCUSDT","symbol":"ETHUSDT"}' }),
      await send('GET', STATUS_PATH, { signed: false }),
      await send('GET', METRICS_PATH, { signed: false }),
    ];
    expect(statuses).toEqual([200, 400, 200, 200, 200, 400, 200, 200]);
    const lines = await requestLines(statuses.length);
    // Lines of other requests would come within a few ms; give them time to show up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gateway.jsonLines().filter((line) => line.event === 'request')).toHaveLength(statuses.length);

    const key = DEMO_API_KEY;
    const expected: Record<string, unknown>[] = [
      { method: 'POST', path: '/api/v3/order', key, outcome: 'forwarded', status: 200, sent: true },
      {
        method: 'POST',
        path: '/api/v3/order',
        key,
        outcome: 'refused',
        status: 400,
        reason: 'order-refused',
        codes: ['PRICE_TICK'],
        sent: false,
      },
      { method: 'GET', path: '/api/v3/market/ticker/price', outcome: 'forwarded', status: 200, sent: true },
      { method: 'DELETE', path: '/api/v3/order', key, outcome: 'forwarded', status: 200, sent: true },
      { method: 'GET', path: '/api/v3/account', key, outcome: 'forwarded', status: 200, sent: true },
      {
        method: 'POST',
        path: '/api/v3/order',
        key,
        outcome: 'answered',
        status: 400,
        reason: 'duplicate-key',
        sent: false,
      },
      { method: 'GET', path: STATUS_PATH, outcome: 'answered', status: 200, reason: 'status', sent: false },
      { method: 'GET', path: METRICS_PATH, outcome: 'answered', status: 200, reason: 'metrics', sent: false },
    ];
    expect(lines).toEqual(
      expected.map((fields) => ({
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        event: 'request',
        ...fields,
        latencyMs: expect.any(Number),
      })),
    );
    for (const line of lines) expect(line.latencyMs as number).toBeGreaterThanOrEqual(0);

    const log = gateway.log();
    expect(signatures).toHaveLength(5);
    for (const secret of [...signatures, DEMO_PASSPHRASE, DEMO_API_SECRET, BEARER, QUERY_ORDER_ID])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/access-sign|access-passphrase|authorization/i);
  });

  it('every line of the log is one JSON object with a time and an event', () => {
    const lines = gateway.jsonLines();
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(line.time).toEqual(expect.any(String));
      expect(line.event).toEqual(expect.any(String));
    }
    expect(lines.map((line) => line.event)).toEqual(
      expect.arrayContaining(['message', 'verdict', 'request']),
    );
  });
});

describe('GET /metrics of the running program', () => {
  it('counts a refused order: its code label goes up by exactly one', async () => {
    const counter = 'order_preflight_gateway_orders_total';
    const labels = { verdict: 'refused', code: 'QUANTITY_BELOW_MIN' };
    const violations = 'order_preflight_gateway_order_violations_total';
    const code = { code: 'QUANTITY_BELOW_MIN' };
    const first = await scrape();
    expect(await send('POST', '/api/v3/order', { body: limitOrderBody({ quantity: '0.00005' }) })).toBe(400);
    const after = await scrape();
    expect(sampleValue(after, counter, labels)).toBe(sampleValue(first, counter, labels) + 1);
    expect(sampleValue(after, violations, code)).toBe(sampleValue(first, violations, code) + 1);
    expect(sampleValue(after, 'order_preflight_gateway_rule_book_pairs')).toBe(1);
    expect(sampleValue(after, 'order_preflight_gateway_reference_prices_age_seconds')).toBeLessThan(10);
    expect(exchange.requests.some((r) => r.url.startsWith(METRICS_PATH))).toBe(false);
  });
});
