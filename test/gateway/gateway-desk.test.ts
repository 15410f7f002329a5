/**
 * The desk's pre-trade controls (docs/gateway.md, "Desk controls"), in front of the fake WEEX V3
 * exchange on loopback, which accepts several API keys: the throttle, the notional cap, the
 * duplicate guard, the quantity cap, the price collar, the allowed symbols and the kill switch.
 * Each test uses its own API key, so their throttles and duplicate windows never meet; each
 * checks the answer (status, reason header, code, control, limit, value) and what reached the
 * exchange (nothing, for a refusal).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessHeaders,
  createRiskGateway,
  type DeskLimits,
  type FakeExchange,
  GATEWAY_HEADER,
  HALT_PATH,
  RESUME_PATH,
  type ReceivedRequest,
  type RiskGateway,
  STATUS_PATH,
  startFakeExchange,
} from '../../src/gateway.js';
import { isInvalidArgumentError } from '../../src/index.js';
import { createRuleBookSource, ExchangeInfoClient, type RuleBookSource } from '../../src/node.js';
import { limitOrderBody } from './weex-order.js';

const KEYS = [
  'flood-key',
  'calm-key',
  'capped-key',
  'loop-key',
  'btc-only-key',
  'collar-key',
  'halt-key',
] as const;
type Key = (typeof KEYS)[number] | 'demo-api-key';

/** The issue's limits, and one key per control under test. */
const LIMITS: DeskLimits = {
  keys: {
    '*': { maxNotional: '250000' },
    'flood-key': { maxOrdersPerSecond: 5 },
    'calm-key': { maxOrdersPerSecond: 5 },
    'capped-key': { maxNotional: '40000' },
    'loop-key': { maxDuplicateOrders: 3 },
    'btc-only-key': { allowedSymbols: ['BTCUSDT'] },
  },
  symbols: { BTCUSDT: { maxQuantity: '0.5', maxDeviation: '0.01' }, ETHUSDT: { maxDeviation: '0.01' } },
  // Long enough that a slow machine never sees an entry age out mid-test.
  duplicateWindowMs: 120_000,
};
const TOKEN = 'desk-admin-token-0123456789';
const ORDER_PATH = '/api/v3/order';

interface Answer {
  readonly status: number;
  readonly reason: string | undefined;
  readonly json: Record<string, unknown>;
}

let exchange: FakeExchange;
let infoClient: ExchangeInfoClient;
let source: RuleBookSource;
let gateway: RiskGateway;
let http: Agent;

/** A signed request from `key` (the fake accepts every key in KEYS, with the demo secret). */
async function send(
  key: Key,
  method: 'POST' | 'DELETE' | 'GET',
  path: string,
  options: { body?: string; query?: string; base?: string; headers?: (signed: string[]) => string[] } = {},
): Promise<Answer> {
  const query = options.query ?? '';
  const signed = accessHeaders({
    method,
    path,
    query,
    apiKey: key,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const response = await request(`${options.base ?? gateway.url}${path}${query === '' ? '' : `?${query}`}`, {
    dispatcher: http,
    method,
    headers: options.headers === undefined ? signed : options.headers(signed),
    body: options.body ?? null,
  });
  const text = await response.body.text();
  const reason = response.headers[GATEWAY_HEADER];
  return {
    status: response.statusCode,
    reason: typeof reason === 'string' ? reason : undefined,
    json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/** A signed LIMIT order (BTCUSDT BUY 0.01 @ 100000.00 unless overridden) from `key`. */
function order(key: Key, fields: Record<string, unknown> = {}, base?: string): Promise<Answer> {
  return send(key, 'POST', ORDER_PATH, {
    body: limitOrderBody(fields),
    ...(base === undefined ? {} : { base }),
  });
}

async function admin(path: string, authorization: string | undefined, base = gateway.url): Promise<Answer> {
  const response = await request(base + path, {
    dispatcher: http,
    method: 'POST',
    headers: authorization === undefined ? {} : { authorization },
  });
  const reason = response.headers[GATEWAY_HEADER];
  return {
    status: response.statusCode,
    reason: typeof reason === 'string' ? reason : undefined,
    json: (await response.body.json()) as Record<string, unknown>,
  };
}

/** Runs `act` and returns what reached the exchange meanwhile. */
async function arrivals(act: () => Promise<unknown>): Promise<ReceivedRequest[]> {
  const before = exchange.requests.length;
  await act();
  return exchange.requests.slice(before);
}

function keyOf(received: ReceivedRequest): string | undefined {
  const at = received.rawHeaders.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'access-key');
  return at === -1 ? undefined : received.rawHeaders[at + 1];
}

beforeAll(async () => {
  exchange = await startFakeExchange({ apiKeys: KEYS });
  infoClient = new ExchangeInfoClient({ baseUrl: exchange.url, timeoutMs: 2_000, retries: 0 });
  source = createRuleBookSource({ client: infoClient, intervalMs: 60_000 });
  await source.ready();
  gateway = await createRiskGateway({
    upstreamUrl: exchange.url,
    source,
    referencePrices: new Map([
      ['BTCUSDT', '100000.00'],
      ['ETHUSDT', '3500.00'],
    ]),
    deskLimits: LIMITS,
    adminToken: TOKEN,
  });
  http = new Agent({ connections: 64 });
});

afterAll(async () => {
  await http?.close();
  await gateway?.close();
  await source?.stop();
  await infoClient?.close();
  await exchange?.close();
});

describe('throttle: maxOrdersPerSecond per key', () => {
  it("a key over its rate gets 429 (not sent) while another key's orders all go out", async () => {
    let flood: Answer[] = [];
    let calm: Answer[] = [];
    const received = await arrivals(async () => {
      // Both at once: 30 orders from the flooding key, 5 (its whole burst) from the calm one.
      [flood, calm] = await Promise.all([
        Promise.all(
          Array.from({ length: 30 }, (_, i) => order('flood-key', { newClientOrderId: `flood-${i}` })),
        ),
        Promise.all(
          Array.from({ length: 5 }, (_, i) => order('calm-key', { newClientOrderId: `calm-${i}` })),
        ),
      ]);
    });
    expect(calm.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const throttled = flood.filter((answer) => answer.status === 429);
    const sent = flood.filter((answer) => answer.status === 200);
    expect(throttled.length).toBeGreaterThan(0);
    expect(sent.length + throttled.length).toBe(30);
    for (const answer of throttled) {
      expect(answer.reason).toBe('throttled');
      expect(answer.json).toMatchObject({ code: -1003, control: 'throttled', limit: '5' });
      expect(Number(answer.json.value)).toBeLessThan(1); // the tokens left: less than one order
    }
    expect(received.filter((r) => keyOf(r) === 'flood-key')).toHaveLength(sent.length);
    expect(received.filter((r) => keyOf(r) === 'calm-key')).toHaveLength(5);
    expect(gateway.stats.deskRefusals.throttled).toBeGreaterThanOrEqual(throttled.length);
  });
});

describe('notional cap: maxNotional per key', () => {
  it("an order over the key's cap is refused with the library's violation; one under it goes out", async () => {
    let over: Answer | undefined;
    let under: Answer | undefined;
    const received = await arrivals(async () => {
      over = await order('capped-key', { quantity: '0.45' }); // 45000 > 40000
      under = await order('capped-key', { quantity: '0.3', newClientOrderId: 'capped-under' }); // 30000
    });
    expect(over!.status).toBe(400);
    expect(over!.reason).toBe('notional-cap');
    expect(over!.json).toMatchObject({
      code: -1142,
      control: 'notional-cap',
      limit: '40000',
      value: '45000',
    });
    expect((over!.json.violations as { code: string }[]).map((v) => v.code)).toEqual(['NOTIONAL_ABOVE_MAX']);
    expect(under!.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.body.toString()).toContain('capped-under');
  });

  it('the "*" cap holds for keys not listed; a MARKET order is capped at its worst-case price', async () => {
    const over = await order('demo-api-key', { quantity: '2.6' }); // 260000 > 250000 ("*")
    expect(over.reason).toBe('notional-cap');
    expect(over.json).toMatchObject({ limit: '250000', value: '260000' });
    const market = (quantity: string) =>
      send('capped-key', 'POST', ORDER_PATH, {
        body: JSON.stringify({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity }),
      });
    // Worst case 100000 × 1.02 (the fallback ratio): 0.39 → 39780, 0.4 → 40800.
    expect((await market('0.39')).status).toBe(200);
    const refused = await market('0.4');
    expect(refused.reason).toBe('notional-cap');
    expect(refused.json).toMatchObject({ limit: '40000', value: '40800' });
  });
});

describe('duplicate guard: maxDuplicateOrders within duplicateWindowMs', () => {
  it('the fourth identical order is refused whatever its client id, its decimals compared exactly', async () => {
    const answers: Answer[] = [];
    const received = await arrivals(async () => {
      for (let i = 0; i < 3; i++) answers.push(await order('loop-key', { newClientOrderId: `loop-${i}` }));
      // The same order written another way: 0.010 is 0.01, 100000 is 100000.00.
      answers.push(
        await order('loop-key', { quantity: '0.010', price: '100000', newClientOrderId: 'loop-3' }),
      );
      // Another price is another order.
      answers.push(await order('loop-key', { price: '100000.01', newClientOrderId: 'loop-4' }));
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 409, 200]);
    expect(answers[3]!.reason).toBe('duplicate-order');
    expect(answers[3]!.json).toMatchObject({
      code: -1015,
      control: 'duplicate-order',
      limit: '3',
      value: '4',
    });
    expect(received.map((r) => JSON.parse(r.body.toString()).newClientOrderId)).toEqual([
      'loop-0',
      'loop-1',
      'loop-2',
      'loop-4',
    ]);
  });
});

describe('per-symbol caps and collars', () => {
  it('0.6 BTC against a 0.5 cap is refused; 0.5 goes out', async () => {
    let over: Answer | undefined;
    const received = await arrivals(async () => {
      over = await order('collar-key', { quantity: '0.6' });
    });
    expect(over!.status).toBe(400);
    expect(over!.reason).toBe('quantity-cap');
    expect(over!.json).toMatchObject({ code: -1142, control: 'quantity-cap', limit: '0.5', value: '0.6' });
    expect(received).toEqual([]);
    expect((await order('collar-key', { quantity: '0.5', newClientOrderId: 'q-at-cap' })).status).toBe(200);
  });

  it('a price 1.09 % from the reference under a 1 % collar is refused, 0.78 % goes out', async () => {
    let above: Answer | undefined;
    let below: Answer | undefined;
    const received = await arrivals(async () => {
      above = await order('collar-key', { price: '101090.00' });
      below = await order('collar-key', { side: 'SELL', price: '98910.00' });
    });
    expect(received).toEqual([]);
    for (const [answer, value] of [
      [above, '101090.00'],
      [below, '98910.00'],
    ] as const) {
      expect(answer!.status).toBe(400);
      expect(answer!.reason).toBe('price-collar');
      expect(answer!.json).toMatchObject({
        code: -1142,
        control: 'price-collar',
        limit: '0.01',
        value,
        referencePrice: '100000',
        priceRange: ['99000', '101000'],
      });
    }
    expect((await order('collar-key', { price: '100780.00' })).status).toBe(200);
    // Exactly at the edge is within it.
    expect((await order('collar-key', { price: '101000.00' })).status).toBe(200);
  });

  it('a key limited to some symbols is refused another (403), not sent', async () => {
    const received = await arrivals(async () => {
      const answer = await order('btc-only-key', { symbol: 'ETHUSDT', price: '3500.00' });
      expect(answer.status).toBe(403);
      expect(answer.reason).toBe('symbol-not-allowed');
      expect(answer.json).toMatchObject({
        control: 'symbol-not-allowed',
        limit: ['BTCUSDT'],
        value: 'ETHUSDT',
      });
    });
    expect(received).toEqual([]);
  });

  it('without a reference price the collar cannot be checked: 503, even with failOpen', async () => {
    const open = await createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      referencePrices: new Map(),
      failOpen: true,
      deskLimits: LIMITS,
    });
    try {
      const received = await arrivals(async () => {
        const answer = await order('collar-key', { symbol: 'ETHUSDT', price: '3500.00' }, open.url);
        expect(answer.status).toBe(503);
        expect(answer.reason).toBe('reference-price-missing');
        expect(answer.json).toMatchObject({ code: -1001, control: 'price-collar', limit: '0.01' });
      });
      expect(received).toEqual([]);
    } finally {
      await open.close();
    }
  });

  it('an ACCESS-KEY sent twice is refused: whose limits would apply?', async () => {
    const received = await arrivals(async () => {
      const answer = await send('capped-key', 'POST', ORDER_PATH, {
        body: limitOrderBody(),
        headers: (signed) => [...signed, 'ACCESS-KEY', 'demo-api-key'],
      });
      expect(answer.status).toBe(400);
      expect(answer.reason).toBe('ambiguous-api-key');
    });
    expect(received).toEqual([]);
  });
});

describe('kill switch: POST /preflight/halt and /preflight/resume', () => {
  it('a wrong or missing token changes nothing (401); the right one stops every order but not a cancel; resume restores flow', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const refused = await admin(HALT_PATH, authorization);
      expect(refused.status).toBe(401);
      expect(refused.reason).toBe('admin-unauthorized');
    }
    expect(gateway.desk.halted).toBe(false);
    expect((await order('halt-key', { newClientOrderId: 'before-halt' })).status).toBe(200);

    const halted = await admin(HALT_PATH, `Bearer ${TOKEN}`);
    expect(halted.status).toBe(200);
    expect(halted.reason).toBe('admin-halted');
    expect(halted.json).toMatchObject({ halted: true, changed: true });
    try {
      const received = await arrivals(async () => {
        for (const fields of [
          {},
          { side: 'SELL' },
          { type: 'MARKET', price: undefined, timeInForce: undefined },
        ]) {
          const answer = await order('halt-key', fields);
          expect(answer.status).toBe(503);
          expect(answer.reason).toBe('halted');
          expect(answer.json).toMatchObject({ code: -1001, control: 'halted' });
        }
      });
      expect(received).toEqual([]);

      // Cancels and reads go through.
      const cancels = await arrivals(async () => {
        const one = await send('halt-key', 'DELETE', ORDER_PATH, { query: 'symbol=BTCUSDT&orderId=7' });
        expect(one.status).toBe(200);
        expect(one.json).toMatchObject({ status: 'CANCELED' });
        const all = await send('halt-key', 'DELETE', '/api/v3/openOrders', { query: 'symbol=BTCUSDT' });
        expect(all.status).toBe(200);
        expect(all.reason).toBeUndefined();
      });
      const reads = await arrivals(async () => {
        expect((await send('halt-key', 'GET', '/api/v3/account')).status).toBe(200);
      });
      expect(cancels.map((r) => `${r.method} ${r.url}`)).toEqual([
        'DELETE /api/v3/order?symbol=BTCUSDT&orderId=7',
        'DELETE /api/v3/openOrders?symbol=BTCUSDT',
      ]);
      expect(reads).toHaveLength(1);

      // The status page says so; a rule-book refresh and a limits reload leave the halt in place.
      const status = await request(gateway.url + STATUS_PATH, { dispatcher: http });
      const health = (await status.body.json()) as { desk: { halted: boolean; haltedSince?: string } };
      expect(health.desk.halted).toBe(true);
      expect(typeof health.desk.haltedSince).toBe('string');
      await source.refresh();
      gateway.setLimits(LIMITS);
      expect((await order('halt-key')).reason).toBe('halted');
      expect(gateway.stats.deskRefusals.halted).toBeGreaterThanOrEqual(4);

      // A second halt changes nothing; a wrong token cannot resume.
      expect((await admin(HALT_PATH, `Bearer ${TOKEN}`)).json).toMatchObject({
        halted: true,
        changed: false,
      });
      expect((await admin(RESUME_PATH, 'Bearer wrong-token-wrong-token')).status).toBe(401);
      expect(gateway.desk.halted).toBe(true);
    } finally {
      const resumed = await admin(RESUME_PATH, `Bearer ${TOKEN}`);
      expect(resumed.status).toBe(200);
      expect(resumed.reason).toBe('admin-resumed');
    }
    expect(gateway.desk.halted).toBe(false);
    expect((await order('halt-key', { newClientOrderId: 'after-resume' })).status).toBe(200);
  });

  it('the admin paths take POST only; nothing else on them is forwarded', async () => {
    const received = await arrivals(async () => {
      const answer = await send('halt-key', 'GET', HALT_PATH);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.reason).toBeDefined();
      const query = await admin(`${HALT_PATH}?now=1`, `Bearer ${TOKEN}`);
      expect(query.status).toBeGreaterThanOrEqual(400);
    });
    expect(received).toEqual([]);
    expect(gateway.desk.halted).toBe(false);
  });

  it('without an admin token the paths answer 404 and are never forwarded', async () => {
    const plain = await createRiskGateway({ upstreamUrl: exchange.url, source, referencePrices: new Map() });
    try {
      const received = await arrivals(async () => {
        for (const path of [HALT_PATH, RESUME_PATH]) {
          const answer = await admin(path, `Bearer ${TOKEN}`, plain.url);
          expect(answer.status).toBe(404);
          expect(answer.reason).toBe('admin-disabled');
        }
      });
      expect(received).toEqual([]);
      expect(plain.desk).toMatchObject({ halted: false, adminEndpoints: false, limits: undefined });
    } finally {
      await plain.close();
    }
  });

  it('a halt also stops a placing route the operator opened, not a read one', async () => {
    const opened = await createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      referencePrices: new Map(),
      forward: ['POST:/api/v3/desk/custom', 'GET:/api/v3/desk/custom'],
    });
    try {
      opened.halt();
      const received = await arrivals(async () => {
        const post = await send('halt-key', 'POST', '/api/v3/desk/custom', { body: '{}', base: opened.url });
        expect(post.status).toBe(503);
        expect(post.reason).toBe('halted');
        const get = await send('halt-key', 'GET', '/api/v3/desk/custom', { base: opened.url });
        expect(get.reason).toBeUndefined(); // forwarded: the fake exchange's own 404
      });
      expect(received.map((r) => r.method)).toEqual(['GET']);
    } finally {
      await opened.close();
    }
  });

  it('halt() and resume() work the switch from the embedding program', async () => {
    expect(gateway.halt()).toBe(true);
    try {
      expect((await order('halt-key')).reason).toBe('halted');
    } finally {
      expect(gateway.resume()).toBe(true);
    }
    expect(gateway.resume()).toBe(false);
  });
});

describe('limits as options and through setLimits()', () => {
  it('a limit that does not validate is named by its path, with the value and what was expected', async () => {
    const attempt = createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      deskLimits: { keys: { 'desk-key': { maxNotional: '-5' } } },
    });
    await expect(attempt).rejects.toSatisfy(isInvalidArgumentError);
    await expect(attempt).rejects.toMatchObject({ argument: 'options.deskLimits' });
    await expect(attempt).rejects.toThrow(/keys\["desk-key"\]\.maxNotional .*"-5"/);
    const typo = createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      deskLimits: { symbols: { BTCUSDT: { maxQuantiy: '1' } as never } },
    });
    await expect(typo).rejects.toThrow(/symbols\["BTCUSDT"\] .*"maxQuantiy"/);
  });

  it('an admin token too short is refused without repeating it', async () => {
    const attempt = createRiskGateway({ upstreamUrl: exchange.url, source, adminToken: 'short-secret' });
    await expect(attempt).rejects.toMatchObject({ argument: 'options.adminToken' });
    await expect(attempt).rejects.not.toThrow(/short-secret/);
  });

  it('setLimits() applies a new cap at once; a bad one throws and the old stays', async () => {
    const own = await createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      referencePrices: new Map([['BTCUSDT', '100000.00']]),
      deskLimits: { keys: { '*': { maxNotional: '40000' } } },
    });
    try {
      expect((await order('demo-api-key', { quantity: '0.45' }, own.url)).reason).toBe('notional-cap');
      expect(() => own.setLimits({ keys: { '*': { maxNotional: 'lots' } } })).toThrow(
        /keys\["\*"\]\.maxNotional/,
      );
      expect((await order('demo-api-key', { quantity: '0.45' }, own.url)).reason).toBe('notional-cap');
      own.setLimits({ keys: { '*': { maxNotional: '60000' } } });
      expect((await order('demo-api-key', { quantity: '0.45' }, own.url)).status).toBe(200);
      // The smaller of the gateway's maxNotional and the key's holds.
      own.setLimits(undefined);
      expect(own.desk.limits).toBeUndefined();
    } finally {
      await own.close();
    }
  });

  it("the smallest of the gateway's maxNotional, the key's and the symbol's holds", async () => {
    const own = await createRiskGateway({
      upstreamUrl: exchange.url,
      source,
      referencePrices: new Map([['BTCUSDT', '100000.00']]),
      maxNotional: '35000',
      deskLimits: { keys: { '*': { maxNotional: '40000' } }, symbols: { BTCUSDT: { maxNotional: '50000' } } },
    });
    try {
      const answer = await order('demo-api-key', { quantity: '0.36' }, own.url);
      expect(answer.json).toMatchObject({ control: 'notional-cap', limit: '35000', value: '36000' });
      own.setLimits({
        keys: { '*': { maxNotional: '40000' } },
        symbols: { BTCUSDT: { maxNotional: '20000' } },
      });
      const symbol = await order('demo-api-key', { quantity: '0.21' }, own.url);
      expect(symbol.json).toMatchObject({ control: 'notional-cap', limit: '20000', value: '21000' });
    } finally {
      await own.close();
    }
  });
});

describe('an order not sent after all costs its key nothing', () => {
  it('resent after 502 upstream-unreachable, it is neither a duplicate nor over the rate', async () => {
    // A port nothing listens on: every order is answered 502, not sent, safe to send again.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await createRiskGateway({
      upstreamUrl: `http://127.0.0.1:${port}`,
      book: source.current()!,
      referencePrices: new Map([['BTCUSDT', '100000.00']]),
      deskLimits: { keys: { '*': { maxNotional: '1000000', maxDuplicateOrders: 1, maxOrdersPerSecond: 1 } } },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await order(KEYS[0], {}, unreachable.url);
        expect({ status: answer.status, reason: answer.reason }).toEqual({
          status: 502,
          reason: 'upstream-unreachable',
        });
      }
      expect(unreachable.stats.deskRefusals).toMatchObject({ 'duplicate-order': 0, throttled: 0 });
    } finally {
      await unreachable.close();
    }
  });
});
