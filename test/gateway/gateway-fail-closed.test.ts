/**
 * The gateway fails closed when rules or reference prices are missing or implausible, tested
 * against the real program (`order-preflight gateway`):
 *
 * - a refresh that takes rule fields away from a listed pair is refused and the book in force
 *   kept (the status page says so), so BUY 1,000,000 BTC at 1,000,000 is never forwarded;
 * - a book that lacks those fields from the start: such an order is answered 503
 *   `rule-unchecked`, naming each check and field, unless `--allow-unchecked` names the checks;
 * - a ticker answering 1000× for one poll does not move the band; a second such poll does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { accessHeaders, type FakeExchange, startFakeExchange } from '../../src/gateway/fake-exchange.js';
import { type LoopbackServer, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { fakeIo } from '../cli/harness.js';
import { type GatewayProcess, startGatewayProcess } from './gateway-process.js';
import { limitOrderBody } from './weex-order.js';

/** The rule fields a refresh drops in the measured incident (and `displayDigitMerge`, when asked). */
const STRIPPED = {
  maxTradeAmount: undefined,
  buyLimitPriceRatio: undefined,
  sellLimitPriceRatio: undefined,
  tickSize: undefined,
  status: undefined,
  enableTrade: undefined,
};
const FULL_BOOK = exchangeInfoPayload([pairDefinition()]);
const STRIPPED_BOOK = exchangeInfoPayload([pairDefinition(STRIPPED)]);
/** No tickSize and nothing to infer one from: PRICE_TICK is skipped too. */
const GRIDLESS_BOOK = exchangeInfoPayload([pairDefinition({ ...STRIPPED, displayDigitMerge: undefined })]);
const TICKER = { BTCUSDT: '100000.00' };
const HUGE_ORDER = limitOrderBody({ quantity: '1000000', price: '1000000' });
const ORDER_PATH = '/api/v3/order';

interface Answer {
  readonly status: number;
  readonly reason: string | undefined;
  readonly json: Record<string, unknown>;
}

let http: Agent;

beforeAll(() => {
  http = new Agent();
});

afterAll(async () => {
  await http?.close();
});

/** A signed `POST /api/v3/order` with this body. */
async function post(base: string, body: string): Promise<Answer> {
  const response = await request(`${base}${ORDER_PATH}`, {
    dispatcher: http,
    method: 'POST',
    headers: accessHeaders({ method: 'POST', path: ORDER_PATH, body }),
    body,
  });
  const reason = response.headers['x-preflight-gateway'];
  return {
    status: response.statusCode,
    reason: typeof reason === 'string' ? reason : undefined,
    json: (await response.body.json()) as Record<string, unknown>,
  };
}

async function statusOf(base: string): Promise<Record<string, Record<string, unknown>>> {
  const response = await request(`${base}/preflight/status`, { dispatcher: http });
  return (await response.body.json()) as Record<string, Record<string, unknown>>;
}

/** Orders the fake exchange has received. */
function ordersAt(exchange: FakeExchange): number {
  return exchange.requests.filter((r) => r.method === 'POST' && r.url.startsWith(ORDER_PATH)).length;
}

/** Resolves once `check` holds, polling every 50 ms for at most `timeoutMs`. */
async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((later) => setTimeout(later, 50));
  }
}

const codesOf = (list: unknown) => (list as { code: string }[]).map((v) => v.code);

describe('a refresh that removes rule fields from a listed pair', () => {
  let exchange: FakeExchange;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    exchange = await startFakeExchange({ exchangeInfo: FULL_BOOK, tickerPrices: TICKER });
    // Refreshes every second: the book in force goes stale 3 s after the last one taken.
    gateway = await startGatewayProcess(exchange.url, [
      '--no-max-notional',
      '--refresh-ms',
      '1000',
      '--ticker-ms',
      '100',
    ]);
    await gateway.waitForLog(/ticker ready/);
  }, 30_000);

  afterAll(async () => {
    await gateway?.stop();
    await exchange?.close();
  });

  it('is refused: the book in force is kept and still refuses BUY 1,000,000 BTC at 1,000,000; nothing is forwarded', async () => {
    const ordersBefore = ordersAt(exchange);
    exchange.setExchangeInfo(STRIPPED_BOOK);
    await gateway.waitForLog(/rule-book refresh failed: .*BTCUSDT/, 10_000);

    const answer = await post(gateway.url, HUGE_ORDER);
    expect(answer.status).toBe(400);
    expect(answer.reason).toBe('order-refused');
    expect(codesOf(answer.json.violations)).toEqual(['PRICE_ABOVE_BUY_LIMIT', 'QUANTITY_ABOVE_MAX']);

    const status = await statusOf(gateway.url);
    expect(status.ruleBook).toMatchObject({
      pairs: 1,
      refusedRefresh: {
        reason: 'rule-fields-removed',
        keptBook: true,
        removedFields: [
          {
            symbol: 'BTCUSDT',
            fields: [
              'status',
              'tickSize',
              'maxTradeAmount',
              'buyLimitPriceRatio',
              'sellLimitPriceRatio',
              'enableTrade',
            ],
          },
        ],
      },
    });
    expect(status.ruleBook?.lastRefreshError).toEqual(expect.any(String));
    expect(ordersAt(exchange)).toBe(ordersBefore);
  }, 30_000);

  it('while refusals go on, the kept book goes stale (status stale: true) and orders get 503 stale-rule-book', async () => {
    const ordersBefore = ordersAt(exchange);
    await until(async () => (await statusOf(gateway.url)).ruleBook?.stale === true, 'a stale rule book');
    const status = await statusOf(gateway.url);
    expect(status.ruleBook).toMatchObject({ stale: true, refusedRefresh: { reason: 'rule-fields-removed' } });
    const answer = await post(gateway.url, HUGE_ORDER);
    expect(answer.status).toBe(503);
    expect(answer.reason).toBe('stale-rule-book');
    expect(ordersAt(exchange)).toBe(ordersBefore);

    // The exchange sends the fields again: the next refresh is taken, and orders flow.
    exchange.setExchangeInfo(exchangeInfoPayload([pairDefinition()]));
    await until(async () => (await statusOf(gateway.url)).ruleBook?.stale === false, 'a fresh rule book');
    expect((await statusOf(gateway.url)).ruleBook?.refusedRefresh).toBeUndefined();
    expect((await post(gateway.url, limitOrderBody())).status).toBe(200);
    expect(ordersAt(exchange)).toBe(ordersBefore + 1);
  }, 30_000);
});

describe('a book that lacks rule fields from the start', () => {
  let exchange: FakeExchange;

  beforeAll(async () => {
    exchange = await startFakeExchange({ exchangeInfo: GRIDLESS_BOOK, tickerPrices: TICKER });
  });

  afterAll(async () => {
    await exchange?.close();
  });

  it('an order needing those checks gets 503 rule-unchecked naming each check and field; nothing is sent', async () => {
    const gateway = await startGatewayProcess(exchange.url, ['--no-max-notional', '--ticker-ms', '100']);
    try {
      await gateway.waitForLog(/ticker ready/);
      const ordersBefore = ordersAt(exchange);
      const answer = await post(gateway.url, HUGE_ORDER);
      expect(answer.status).toBe(503);
      expect(answer.reason).toBe('rule-unchecked');
      expect(answer.json.code).toBe(-1001);
      const unchecked = (answer.json.unchecked as { check: string; reason: string; field: string }[]).map(
        ({ check, reason, field }) => ({ check, reason, field }),
      );
      expect(unchecked).toEqual([
        { check: 'SYMBOL_NOT_TRADING', reason: 'NO_RULE_FIELD', field: 'status' },
        { check: 'TRADING_DISABLED', reason: 'NO_RULE_FIELD', field: 'enableTrade' },
        { check: 'PRICE_TICK', reason: 'NO_TICK_SIZE', field: 'tickSize' },
        { check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_RULE_FIELD', field: 'buyLimitPriceRatio' },
        { check: 'QUANTITY_ABOVE_MAX', reason: 'NO_RULE_FIELD', field: 'maxTradeAmount' },
      ]);
      expect(answer.json.skipped).toEqual(answer.json.unchecked);
      expect(ordersAt(exchange)).toBe(ordersBefore);
      await gateway.waitForLog(/UNCHECKED BTCUSDT BUY LIMIT 1000000 @ 1000000: not sent/);
      expect(gateway.log()).toMatch(/UNCHECKED .*QUANTITY_ABOVE_MAX/);
      expect((await statusOf(gateway.url)).stats).toMatchObject({ ruleUnchecked: 1, accepted: 0 });
    } finally {
      await gateway.stop();
    }
  }, 30_000);

  it('with --allow-unchecked for those checks, it goes out', async () => {
    const allowed = [
      'SYMBOL_NOT_TRADING',
      'TRADING_DISABLED',
      'PRICE_TICK',
      'PRICE_ABOVE_BUY_LIMIT',
      'QUANTITY_ABOVE_MAX',
    ];
    const gateway = await startGatewayProcess(exchange.url, [
      '--no-max-notional',
      '--ticker-ms',
      '100',
      ...allowed.flatMap((check) => ['--allow-unchecked', check]),
    ]);
    try {
      await gateway.waitForLog(/ticker ready/);
      const ordersBefore = ordersAt(exchange);
      const answer = await post(gateway.url, HUGE_ORDER);
      expect(answer.status).toBe(200);
      expect(answer.reason).toBeUndefined();
      expect(ordersAt(exchange)).toBe(ordersBefore + 1);
      expect((await statusOf(gateway.url)).allowUnchecked).toEqual(allowed);
      await gateway.waitForLog(/ACCEPT BTCUSDT BUY LIMIT 1000000 @ 1000000 \(allowed unchecked: /);
    } finally {
      await gateway.stop();
    }
  }, 30_000);

  it('an unknown --allow-unchecked name is a usage error (exit 2) before anything starts', async () => {
    const { io, stderr } = fakeIo([
      'gateway',
      '--upstream',
      exchange.url,
      '--allow-unchecked',
      'QUANTITY_TOO_BIG',
    ]);
    expect(await main(io)).toBe(2);
    expect(stderr.text).toContain('--allow-unchecked');
  });
});

describe('a ticker answering 1000× for one poll', () => {
  /** What the scripted ticker answers: the usual price, 1000× once (then HTTP 503), or 1000× always. */
  let mode: 'normal' | 'wild-once' | 'down' | 'wild' = 'normal';
  let wildAnswers = 0;
  let downAnswers = 0;
  let orders = 0;
  let upstream: LoopbackServer;
  let gateway: GatewayProcess;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/api/v3/exchangeInfo') return reply(res, 200, FULL_BOOK);
    if (path === '/api/v3/market/ticker/price') {
      if (mode === 'down') {
        downAnswers++;
        return reply(res, 503, { code: -1001, msg: 'down' });
      }
      if (mode === 'normal') return reply(res, 200, [{ symbol: 'BTCUSDT', price: '100000.00' }]);
      wildAnswers++;
      if (mode === 'wild-once') mode = 'down';
      return reply(res, 200, [{ symbol: 'BTCUSDT', price: '100000000.00' }]);
    }
    if (req.method === 'POST' && path === ORDER_PATH) {
      orders++;
      req.resume();
      return reply(res, 200, { symbol: 'BTCUSDT', orderId: orders });
    }
    return reply(res, 404, { code: -1000, msg: 'not here' });
  };

  beforeAll(async () => {
    upstream = await startLoopbackServer(serve);
    gateway = await startGatewayProcess(upstream.baseUrl, ['--no-max-notional', '--ticker-ms', '100']);
    await gateway.waitForLog(/ticker ready/);
  }, 30_000);

  afterAll(async () => {
    await gateway?.stop();
    await upstream?.close();
  });

  it('BUY at 1000× is refused against the band of the price in force; a second 1000× poll confirms the jump', async () => {
    mode = 'wild-once';
    // The poll after the wild one has been answered: the wild answer has been read.
    await until(() => wildAnswers === 1 && downAnswers >= 1, 'one wild poll, then another');
    const wildOrder = limitOrderBody({ price: '100000000.00' });
    const refused = await post(gateway.url, wildOrder);
    expect(refused.status).toBe(400);
    expect(refused.json.violations).toEqual([
      expect.objectContaining({ code: 'PRICE_ABOVE_BUY_LIMIT', limit: '105000', value: '100000000.00' }),
    ]);
    expect(orders).toBe(0);
    const status = await statusOf(gateway.url);
    expect(status.referencePrices).toMatchObject({
      heldPrices: 1,
      jumpsHeld: 1,
      jumpsConfirmed: 0,
      maxPriceJump: '0.1',
    });
    await gateway.waitForLog(/ticker: price jump held .*BTCUSDT 100000\.00 -> 100000000\.00/);

    mode = 'wild';
    await gateway.waitForLog(/ticker: price jump confirmed: BTCUSDT 100000\.00 -> 100000000\.00/);
    const accepted = await post(gateway.url, wildOrder);
    expect(accepted.status).toBe(200);
    expect(orders).toBe(1);
    expect((await statusOf(gateway.url)).referencePrices).toMatchObject({ heldPrices: 0, jumpsConfirmed: 1 });
  }, 30_000);
});
