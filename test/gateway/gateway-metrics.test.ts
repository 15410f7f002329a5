/**
 * The gateway's metrics and its audit events, in-process: the registry writes the Prometheus
 * text format 0.0.4 (checked by a strict reader of its grammar, escapes included); `GET /metrics`
 * is the gateway's own answer, never forwarded, and counts a refused order under its code;
 * `metrics: false` serves none; an embedder gets one `request` event per request through
 * `onEvent`, with the outcome, status, reason, codes and whether it was sent.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_HEADER } from '../../src/gateway/answers.js';
import { accessHeaders, type FakeExchange, startFakeExchange } from '../../src/gateway/fake-exchange.js';
import { createMetricRegistry } from '../../src/gateway/metrics.js';
import {
  createRiskGateway,
  type GatewayEvent,
  type GatewayRequestEvent,
  METRICS_CONTENT_TYPE,
  METRICS_PATH,
  type RiskGateway,
} from '../../src/gateway.js';
import { InvalidArgumentError, parseExchangeInfo, RuleBook } from '../../src/index.js';
import { startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { parsePrometheusText, sampleValue } from './prometheus-text.js';
import { limitOrderBody } from './weex-order.js';

const PAYLOAD = exchangeInfoPayload([pairDefinition()]);
const book = RuleBook.fromExchangeInfo(parseExchangeInfo(PAYLOAD));
const PRICES = new Map([['BTCUSDT', '100000.00']]);

let exchange: FakeExchange;
let gateway: RiskGateway;
const events: GatewayEvent[] = [];

beforeAll(async () => {
  exchange = await startFakeExchange({ exchangeInfo: PAYLOAD });
  gateway = await createRiskGateway({
    upstreamUrl: exchange.url,
    book,
    referencePrices: PRICES,
    onEvent: (event) => events.push(event),
  });
});

afterAll(async () => {
  await gateway?.close();
  await exchange?.close();
});

async function scrape(
  base: string,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const response = await request(`${base}${METRICS_PATH}`);
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

async function sendOrder(base: string, body: string): Promise<number> {
  const response = await request(`${base}/api/v3/order`, {
    method: 'POST',
    headers: accessHeaders({ method: 'POST', path: '/api/v3/order', body }),
    body,
  });
  await response.body.dump();
  return response.statusCode;
}

/** The `request` events recorded so far. */
const requestEvents = () => events.filter((e): e is GatewayRequestEvent => e.type === 'request');

/** Waits (bounded) until `count` request events have been recorded. */
async function requestEventsReach(count: number): Promise<GatewayRequestEvent[]> {
  for (let i = 0; i < 100 && requestEvents().length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return requestEvents();
}

describe('the registry writes the text exposition format 0.0.4', () => {
  it('counters, gauges, a histogram and collected values, each with HELP and TYPE, parse back', () => {
    const registry = createMetricRegistry();
    const hits = registry.counter({ name: 'hits_total', help: 'Hits.', labels: ['kind'] });
    const level = registry.gauge({ name: 'level', help: 'A level.' });
    const took = registry.histogram({ name: 'took_seconds', help: 'Time.', buckets: [0.1, 1] });
    registry.collected({ name: 'age_seconds', help: 'Age.', type: 'gauge' }, (sample) => sample({}, 2.5));
    hits.inc({ kind: 'a' });
    hits.inc({ kind: 'a' }, 2);
    hits.inc({ kind: 'b' });
    level.set({}, -3);
    took.observe(0.05);
    took.observe(0.5);
    took.observe(7);
    const families = parsePrometheusText(registry.render());
    expect([...families.keys()]).toEqual(['hits_total', 'level', 'took_seconds', 'age_seconds']);
    expect(families.get('hits_total')).toMatchObject({ type: 'counter', help: 'Hits.' });
    expect(sampleValue(families, 'hits_total', { kind: 'a' })).toBe(3);
    expect(sampleValue(families, 'hits_total', { kind: 'b' })).toBe(1);
    expect(sampleValue(families, 'level')).toBe(-3);
    expect(sampleValue(families, 'took_seconds_bucket', { le: '0.1' })).toBe(1);
    expect(sampleValue(families, 'took_seconds_bucket', { le: '1' })).toBe(2);
    expect(sampleValue(families, 'took_seconds_bucket', { le: '+Inf' })).toBe(3);
    expect(sampleValue(families, 'took_seconds_count')).toBe(3);
    expect(sampleValue(families, 'took_seconds_sum')).toBeCloseTo(7.55, 10);
    expect(sampleValue(families, 'age_seconds')).toBe(2.5);
  });

  it('label values and HELP texts with quotes, backslashes and line feeds are escaped and read back whole', () => {
    const registry = createMetricRegistry();
    const awkward = 'a "quoted" \\path\\ and\na second line';
    registry
      .counter({ name: 'odd_total', help: 'Help with \\ and\na line feed.', labels: ['v'] })
      .inc({ v: awkward });
    const text = registry.render();
    expect(text.split('\n').filter((line) => line.startsWith('odd_total'))).toHaveLength(1);
    const families = parsePrometheusText(text);
    expect(families.get('odd_total')?.samples[0]?.labels.v).toBe(awkward);
    expect(families.get('odd_total')?.help).toBe('Help with \\ and\na line feed.');
  });

  it('a collected source that throws leaves its metric without samples, the others whole', () => {
    const registry = createMetricRegistry();
    registry.collected({ name: 'broken', help: 'b', type: 'gauge' }, () => {
      throw new Error('source down');
    });
    registry.collected({ name: 'fine', help: 'f', type: 'gauge' }, (sample) => sample({}, 1));
    const families = parsePrometheusText(registry.render());
    expect(families.get('broken')?.samples).toEqual([]);
    expect(sampleValue(families, 'fine')).toBe(1);
  });

  it('refuses a bad or repeated metric name, a bad label name, and a counter going down', () => {
    const registry = createMetricRegistry();
    registry.counter({ name: 'taken_total', help: 'x' });
    expect(() => registry.counter({ name: 'taken_total', help: 'x' })).toThrow(InvalidArgumentError);
    expect(() => registry.gauge({ name: '1bad', help: 'x' })).toThrow(InvalidArgumentError);
    expect(() => registry.gauge({ name: 'ok', help: 'x', labels: ['__reserved'] })).toThrow(
      InvalidArgumentError,
    );
    expect(() => registry.histogram({ name: 'h', help: 'x', buckets: [1, 1] })).toThrow(InvalidArgumentError);
    const counter = registry.counter({ name: 'up_total', help: 'x' });
    expect(() => counter.inc({}, -1)).toThrow(InvalidArgumentError);
  });
});

describe('GET /metrics', () => {
  it("is the gateway's own answer in format 0.0.4, never forwarded, with every family parsing", async () => {
    const before = exchange.requests.length;
    const answer = await scrape(gateway.url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(METRICS_CONTENT_TYPE);
    expect(answer.headers[GATEWAY_HEADER]).toBe('metrics');
    expect(exchange.requests.length).toBe(before);
    const families = parsePrometheusText(answer.text);
    for (const name of [
      'requests_total',
      'request_duration_seconds',
      'orders_total',
      'order_violations_total',
      'upstream_responses_total',
      'upstream_failures_total',
      'client_errors_total',
      'forwarded_requests_total',
      'connections_refused_total',
      'connections_evicted_total',
      'open_connections',
      'upstream_requests_in_flight',
      'upstream_connections',
      'rule_book_age_seconds',
      'rule_book_stale',
      'rule_book_pairs',
      'reference_prices_age_seconds',
      'reference_ticker_consecutive_failures',
    ])
      expect(families.has(`order_preflight_gateway_${name}`), name).toBe(true);
    expect(sampleValue(families, 'order_preflight_gateway_rule_book_pairs')).toBe(1);
    expect(sampleValue(families, 'order_preflight_gateway_open_connections')).toBeGreaterThanOrEqual(1);
  });

  it('counts a refused order under its violation code, and a forwarded one under the upstream status', async () => {
    const refused = 'order_preflight_gateway_orders_total';
    const orderRecords = () => requestEvents().filter((e) => e.path === '/api/v3/order').length;
    const recordedBefore = orderRecords();
    const before = parsePrometheusText((await scrape(gateway.url)).text);
    expect(await sendOrder(gateway.url, limitOrderBody({ price: '100000.005' }))).toBe(400);
    expect(await sendOrder(gateway.url, limitOrderBody({ newClientOrderId: 'metrics-ok' }))).toBe(200);
    // A request's record (and its count) is given once its answer has ended on the gateway's side.
    for (let i = 0; i < 100 && orderRecords() < recordedBefore + 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const after = parsePrometheusText((await scrape(gateway.url)).text);
    const delta = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta(refused, { verdict: 'refused', code: 'PRICE_TICK' })).toBe(1);
    expect(delta(refused, { verdict: 'accepted', code: '' })).toBe(1);
    expect(delta('order_preflight_gateway_order_violations_total', { code: 'PRICE_TICK' })).toBe(1);
    expect(delta('order_preflight_gateway_upstream_responses_total', { status: '200' })).toBe(1);
    expect(delta('order_preflight_gateway_forwarded_requests_total', {})).toBe(1);
    expect(
      delta('order_preflight_gateway_requests_total', { outcome: 'refused', reason: 'order-refused' }),
    ).toBe(1);
    expect(sampleValue(after, 'order_preflight_gateway_upstream_connections', { state: 'open' })).toBe(1);
  });

  it('with metrics: false the gateway serves none: /metrics is routed like any other path (refused: not in the table)', async () => {
    const upstream = await startLoopbackServer((_req, res) => {
      res.end('upstream');
    });
    const quiet = await createRiskGateway({ upstreamUrl: upstream.baseUrl, book, metrics: false });
    const opened = await createRiskGateway({
      upstreamUrl: upstream.baseUrl,
      book,
      metrics: false,
      forward: [`GET:${METRICS_PATH}`],
    });
    try {
      const answer = await scrape(quiet.url);
      expect(answer.headers[GATEWAY_HEADER]).toBe('route-not-allowed');
      expect(upstream.requests).toEqual([]);
      const forwarded = await scrape(opened.url);
      expect(forwarded.headers[GATEWAY_HEADER]).toBeUndefined();
      expect(forwarded.text).toBe('upstream');
      expect(upstream.requests.map((r) => r.url)).toEqual([METRICS_PATH]);
    } finally {
      await quiet.close();
      await opened.close();
      await upstream.close();
    }
  });
});

describe('onEvent: one request event per request', () => {
  it('gives each request its method, path without the query, key, outcome, status, reason, codes and sent', async () => {
    const start = requestEvents().length;
    expect(await sendOrder(gateway.url, limitOrderBody({ price: '100000.005', quantity: '0.00005' }))).toBe(
      400,
    );
    const account = await request(`${gateway.url}/api/v3/account?recvWindow=5000`, {
      headers: accessHeaders({ method: 'GET', path: '/api/v3/account', query: 'recvWindow=5000' }),
    });
    await account.body.dump();
    const duplicate = '{"symbol":"BTCUSDT","symbol":"ETHUSDT"}';
    expect(await sendOrder(gateway.url, duplicate)).toBe(400);
    const recorded = (await requestEventsReach(start + 3)).slice(start);
    expect(recorded).toHaveLength(3);
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      path: '/api/v3/order',
      key: 'demo-api-key',
      outcome: 'refused',
      status: 400,
      reason: 'order-refused',
      codes: ['PRICE_TICK', 'QUANTITY_BELOW_MIN'],
      sent: false,
    });
    expect(recorded[1]).toMatchObject({
      method: 'GET',
      path: '/api/v3/account',
      outcome: 'forwarded',
      status: 200,
      reason: undefined,
      codes: [],
      sent: true,
    });
    expect(recorded[2]).toMatchObject({
      outcome: 'answered',
      status: 400,
      reason: 'duplicate-key',
      sent: false,
    });
    for (const event of recorded) expect(event.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('an upstream that is down: answered 502 upstream-unreachable, not sent; one event only', async () => {
    const gone = await startLoopbackServer(() => {});
    const deadUrl = gone.baseUrl;
    await gone.close();
    const seen: GatewayEvent[] = [];
    const orphan = await createRiskGateway({
      upstreamUrl: deadUrl,
      book,
      referencePrices: PRICES,
      onEvent: (event) => seen.push(event),
    });
    try {
      expect(await sendOrder(orphan.url, limitOrderBody())).toBe(502);
      for (let i = 0; i < 100 && !seen.some((e) => e.type === 'request'); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen.filter((e) => e.type === 'request')).toEqual([
        expect.objectContaining({
          outcome: 'answered',
          status: 502,
          reason: 'upstream-unreachable',
          sent: false,
        }),
      ]);
    } finally {
      await orphan.close();
    }
  });
});

describe('the desk controls in /metrics', () => {
  it('halted reads 1 while the kill switch is on, and a halted order counts under desk_refusals_total and orders_total', async () => {
    const desk = await createRiskGateway({ upstreamUrl: exchange.url, book, referencePrices: PRICES });
    const metricsOf = async () => parsePrometheusText((await scrape(desk.url)).text);
    try {
      const before = await metricsOf();
      expect(sampleValue(before, 'order_preflight_gateway_halted')).toBe(0);
      expect(sampleValue(before, 'order_preflight_gateway_desk_refusals_total', { control: 'halted' })).toBe(
        0,
      );
      expect(desk.halt()).toBe(true);
      expect(await sendOrder(desk.url, limitOrderBody())).toBe(503);
      const during = await metricsOf();
      expect(sampleValue(during, 'order_preflight_gateway_halted')).toBe(1);
      expect(sampleValue(during, 'order_preflight_gateway_desk_refusals_total', { control: 'halted' })).toBe(
        1,
      );
      expect(desk.resume()).toBe(true);
      expect(sampleValue(await metricsOf(), 'order_preflight_gateway_halted')).toBe(0);
    } finally {
      await desk.close();
    }
  });

  it('an order a desk control refuses counts as desk-refused under the control, never as accepted', async () => {
    const desk = await createRiskGateway({
      upstreamUrl: exchange.url,
      book,
      referencePrices: PRICES,
      deskLimits: {
        keys: { '*': { maxNotional: '1000000' } },
        symbols: { BTCUSDT: { maxQuantity: '0.0001' } },
      },
    });
    try {
      expect(await sendOrder(desk.url, limitOrderBody({ quantity: '0.001' }))).toBe(400);
      const families = parsePrometheusText((await scrape(desk.url)).text);
      expect(
        sampleValue(families, 'order_preflight_gateway_orders_total', {
          verdict: 'desk-refused',
          code: 'quantity-cap',
        }),
      ).toBe(1);
      expect(
        sampleValue(families, 'order_preflight_gateway_orders_total', { verdict: 'accepted', code: '' }),
      ).toBe(0);
      expect(
        sampleValue(families, 'order_preflight_gateway_desk_refusals_total', { control: 'quantity-cap' }),
      ).toBe(1);
      expect(
        sampleValue(families, 'order_preflight_gateway_requests_total', {
          outcome: 'refused',
          reason: 'quantity-cap',
        }),
      ).toBe(1);
    } finally {
      await desk.close();
    }
  });
});
