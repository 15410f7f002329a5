/**
 * `allowUnchecked` and `failOpen` in the gateway itself (in this process, a fixed book, a loopback
 * upstream that counts the orders reaching it): which skipped checks keep an order back, which
 * answer it gets, what the verdict event, the counters and the status page say, and the option's
 * closed list of names.
 */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_HEADER } from '../../src/gateway/answers.js';
import { skipKind } from '../../src/gateway/unchecked-checks.js';
import {
  createRiskGateway,
  type GatewayEvent,
  type RiskGatewayOptions,
  SKIPPABLE_CHECKS,
  STATUS_PATH,
} from '../../src/gateway.js';
import { isInvalidArgumentError, parseExchangeInfo, RuleBook, type ViolationCode } from '../../src/index.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { type LoopbackServer, startLoopbackServer } from '../../test-support/loopback-server.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';

// FULLUSDT has every rule field; BAREUSDT lacks maxTradeAmount and both ratios; NOGRIDUSDT has no
// stepSize (a real shape: the exchange documents that stepSize may be left out).
const BOOK = RuleBook.fromExchangeInfo(
  parseExchangeInfo(
    exchangeInfoPayload([
      pairDefinition({ symbol: 'FULLUSDT' }),
      pairDefinition({
        symbol: 'BAREUSDT',
        maxTradeAmount: undefined,
        buyLimitPriceRatio: undefined,
        sellLimitPriceRatio: undefined,
      }),
      pairDefinition({ symbol: 'NOGRIDUSDT', stepSize: undefined, baseAssetPrecision: 4 }),
    ]),
  ),
);
const PRICES = new Map([
  ['FULLUSDT', '100'],
  ['BAREUSDT', '100'],
  ['NOGRIDUSDT', '100'],
]);

let upstream: LoopbackServer;
let orders = 0;
let http: Agent;

beforeAll(async () => {
  upstream = await startLoopbackServer((req, res) => {
    if (req.method === 'POST') orders++;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"orderId":1}');
  });
  http = new Agent();
});

afterAll(async () => {
  await http?.close();
  await upstream?.close();
});

const order = (fields: Record<string, string>) =>
  JSON.stringify({
    symbol: 'FULLUSDT',
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '1',
    price: '100',
    ...fields,
  });

/** A gateway with these options; `use` gets it and the events; closed afterwards. */
async function withGateway(
  options: Partial<RiskGatewayOptions>,
  use: (send: (body: string) => Promise<Sent>, events: GatewayEvent[], url: string) => Promise<void>,
): Promise<void> {
  const events: GatewayEvent[] = [];
  const gateway = await createRiskGateway({
    upstreamUrl: upstream.baseUrl,
    book: BOOK,
    referencePrices: PRICES,
    onEvent: (event) => events.push(event),
    ...options,
  });
  const send = async (body: string): Promise<Sent> => {
    const before = orders;
    const response = await request(`${gateway.url}/api/v3/order`, {
      dispatcher: http,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const json = (await response.body.json()) as Record<string, unknown>;
    const reason = response.headers[GATEWAY_HEADER];
    return { status: response.statusCode, reason, json, forwarded: orders - before };
  };
  try {
    await use(send, events, gateway.url);
  } finally {
    await gateway.close();
  }
}

interface Sent {
  readonly status: number;
  readonly reason: unknown;
  readonly json: Record<string, unknown>;
  readonly forwarded: number;
}

const checksOf = (list: unknown) => (list as { check: string }[]).map((s) => s.check);

describe('the checks allowUnchecked names', () => {
  it('are the codes of the rules about a pair: the checks a verdict can skip', () => {
    expect(SKIPPABLE_CHECKS).toEqual(PAIR_RULES.map((rule) => rule.code));
    expect(SKIPPABLE_CHECKS).toEqual([
      'SYMBOL_NOT_TRADING',
      'TRADING_DISABLED',
      'PRICE_TICK',
      'PRICE_PRECISION',
      'PRICE_ABOVE_BUY_LIMIT',
      'PRICE_BELOW_SELL_LIMIT',
      'QUANTITY_STEP',
      'QUANTITY_PRECISION',
      'QUANTITY_BELOW_MIN',
      'QUANTITY_ABOVE_MAX',
      'MARKET_SIZE_ABOVE_MAX',
      'NOTIONAL_ABOVE_MAX',
    ]);
  });

  it('every skip reason is placed: three for a field the pair lacks, one for a reference price', () => {
    expect(skipKind('NO_RULE_FIELD')).toBe('rule-field');
    expect(skipKind('NO_TICK_SIZE')).toBe('rule-field');
    expect(skipKind('NO_STEP_SIZE')).toBe('rule-field');
    expect(skipKind('NO_REFERENCE_PRICE')).toBe('reference-price');
  });

  it('an unknown name, or a value that is not a list of names, is refused naming options.allowUnchecked', async () => {
    for (const allowUnchecked of [['QUANTITY_TOO_BIG'], ['UNKNOWN_SYMBOL'], 'PRICE_TICK', [1]]) {
      let thrown: unknown;
      try {
        await createRiskGateway({
          upstreamUrl: upstream.baseUrl,
          book: BOOK,
          allowUnchecked: allowUnchecked as unknown as ViolationCode[],
        });
      } catch (error) {
        thrown = error;
      }
      expect(isInvalidArgumentError(thrown), JSON.stringify(allowUnchecked)).toBe(true);
      expect((thrown as { argument: string }).argument).toBe('options.allowUnchecked');
    }
  });
});

describe('an order whose verdict skips checks', () => {
  it('for rule fields the pair lacks: 503 rule-unchecked, -1001, each skip named; not sent; counted', async () => {
    await withGateway({}, async (send, events, url) => {
      const answer = await send(order({ symbol: 'BAREUSDT', quantity: '1000000' }));
      expect(answer).toMatchObject({ status: 503, reason: 'rule-unchecked', forwarded: 0 });
      expect(answer.json.code).toBe(-1001);
      expect(answer.json.unchecked).toEqual([
        expect.objectContaining({
          check: 'PRICE_ABOVE_BUY_LIMIT',
          reason: 'NO_RULE_FIELD',
          field: 'buyLimitPriceRatio',
        }),
        expect.objectContaining({
          check: 'QUANTITY_ABOVE_MAX',
          reason: 'NO_RULE_FIELD',
          field: 'maxTradeAmount',
        }),
      ]);
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'verdict',
          unchecked: [
            expect.objectContaining({ check: 'PRICE_ABOVE_BUY_LIMIT' }),
            expect.objectContaining({ check: 'QUANTITY_ABOVE_MAX' }),
          ],
        }),
      );
      const status = (await (await request(url + STATUS_PATH, { dispatcher: http })).body.json()) as {
        stats: Record<string, number>;
        allowUnchecked: string[];
      };
      expect(status.stats).toMatchObject({ judged: 1, ruleUnchecked: 1, unchecked: 0, accepted: 0 });
      expect(status.allowUnchecked).toEqual([]);

      // A pair with every field: sent, and its verdict has nothing unchecked.
      const full = await send(order({}));
      expect(full).toMatchObject({ status: 200, forwarded: 1 });
      expect(events.filter((e) => e.type === 'verdict').at(-1)).toMatchObject({ unchecked: [] });
    });
  });

  it('a missing stepSize keeps the order back too (NO_STEP_SIZE), until QUANTITY_STEP is allowed', async () => {
    await withGateway({}, async (send) => {
      const answer = await send(order({ symbol: 'NOGRIDUSDT' }));
      expect(answer).toMatchObject({ status: 503, reason: 'rule-unchecked', forwarded: 0 });
      expect(answer.json.unchecked).toEqual([
        expect.objectContaining({ check: 'QUANTITY_STEP', reason: 'NO_STEP_SIZE', field: 'stepSize' }),
      ]);
    });
    await withGateway({ allowUnchecked: ['QUANTITY_STEP'] }, async (send) => {
      expect(await send(order({ symbol: 'NOGRIDUSDT' }))).toMatchObject({ status: 200, forwarded: 1 });
    });
  });

  it('checks that do not apply are not skipped: a MARKET order needs no band, a SELL no buy ratio', async () => {
    await withGateway({}, async (send) => {
      // BAREUSDT lacks the buy and sell ratios and maxTradeAmount; a MARKET BUY needs none of the
      // ratios without maxNotional, but every order type is held to maxTradeAmount.
      const market = await send(
        JSON.stringify({ symbol: 'BAREUSDT', side: 'BUY', type: 'MARKET', quantity: '1' }),
      );
      expect(market).toMatchObject({ status: 503, reason: 'rule-unchecked' });
      expect(checksOf(market.json.unchecked)).toEqual(['QUANTITY_ABOVE_MAX']);
    });
    await withGateway({ allowUnchecked: ['QUANTITY_ABOVE_MAX'] }, async (send) => {
      const market = await send(
        JSON.stringify({ symbol: 'BAREUSDT', side: 'BUY', type: 'MARKET', quantity: '1' }),
      );
      expect(market).toMatchObject({ status: 200, forwarded: 1 });
      const sell = await send(order({ symbol: 'BAREUSDT', side: 'SELL' }));
      expect(sell).toMatchObject({ status: 503, reason: 'rule-unchecked' });
      expect(checksOf(sell.json.unchecked)).toEqual(['PRICE_BELOW_SELL_LIMIT']);
    });
  });

  it('only the checks not named stay unchecked; naming them all sends it, and its verdict still lists the skips', async () => {
    await withGateway({ allowUnchecked: ['QUANTITY_ABOVE_MAX'] }, async (send) => {
      const answer = await send(order({ symbol: 'BAREUSDT' }));
      expect(answer).toMatchObject({ status: 503, reason: 'rule-unchecked', forwarded: 0 });
      expect(checksOf(answer.json.unchecked)).toEqual(['PRICE_ABOVE_BUY_LIMIT']);
      expect(checksOf(answer.json.skipped)).toEqual(['PRICE_ABOVE_BUY_LIMIT', 'QUANTITY_ABOVE_MAX']);
    });
    await withGateway(
      { allowUnchecked: ['QUANTITY_ABOVE_MAX', 'PRICE_ABOVE_BUY_LIMIT'] },
      async (send, events) => {
        expect(await send(order({ symbol: 'BAREUSDT' }))).toMatchObject({ status: 200, forwarded: 1 });
        const verdict = events.find((e) => e.type === 'verdict');
        expect(verdict).toMatchObject({ unchecked: [] });
        expect(verdict?.type === 'verdict' && checksOf(verdict.result.skipped)).toEqual([
          'PRICE_ABOVE_BUY_LIMIT',
          'QUANTITY_ABOVE_MAX',
        ]);
      },
    );
  });

  it('failOpen lets the reference-price skips through, never the rule-field ones', async () => {
    await withGateway({ failOpen: true, referencePrices: new Map() }, async (send) => {
      expect(await send(order({}))).toMatchObject({ status: 200, forwarded: 1 });
      const bare = await send(order({ symbol: 'BAREUSDT' }));
      expect(bare).toMatchObject({ status: 503, reason: 'rule-unchecked', forwarded: 0 });
      // Its band lacks the ratio before it lacks a price: a rule field, which failOpen does not cover.
      expect(bare.json.unchecked).toEqual([
        expect.objectContaining({ check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_RULE_FIELD' }),
        expect.objectContaining({ check: 'QUANTITY_ABOVE_MAX', reason: 'NO_RULE_FIELD' }),
      ]);
    });
  });

  it('failOpen never lets the notional cap go unchecked: a MARKET order without a reference price is kept back, unless NOTIONAL_ABOVE_MAX is named', async () => {
    const market = JSON.stringify({ symbol: 'FULLUSDT', side: 'BUY', type: 'MARKET', quantity: '5' });
    await withGateway({ failOpen: true, referencePrices: new Map(), maxNotional: '250000' }, async (send) => {
      const answer = await send(market);
      expect(answer).toMatchObject({ status: 503, reason: 'reference-price-missing', forwarded: 0 });
      expect(checksOf(answer.json.skipped)).toContain('NOTIONAL_ABOVE_MAX');
      // A LIMIT order's notional needs no reference price: failOpen forwards it past its band.
      expect(await send(order({}))).toMatchObject({ status: 200, forwarded: 1 });
    });
    await withGateway(
      {
        failOpen: true,
        referencePrices: new Map(),
        maxNotional: '250000',
        allowUnchecked: ['NOTIONAL_ABOVE_MAX'],
      },
      async (send) => {
        expect(await send(market)).toMatchObject({ status: 200, forwarded: 1 });
      },
    );
  });

  it('without a reference price: 503 reference-price-missing as before, unless the band check is named', async () => {
    await withGateway({ referencePrices: new Map() }, async (send) => {
      const answer = await send(order({}));
      expect(answer).toMatchObject({ status: 503, reason: 'reference-price-missing', forwarded: 0 });
      // A pair lacking fields as well: the rule fields are the answer, listing every skip held back.
      const bare = await send(order({ symbol: 'BAREUSDT' }));
      expect(bare).toMatchObject({ status: 503, reason: 'rule-unchecked' });
      expect(bare.json.unchecked).toEqual([
        expect.objectContaining({ check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_RULE_FIELD' }),
        expect.objectContaining({ check: 'QUANTITY_ABOVE_MAX', reason: 'NO_RULE_FIELD' }),
      ]);
    });
    await withGateway(
      { referencePrices: new Map(), allowUnchecked: ['PRICE_ABOVE_BUY_LIMIT'] },
      async (send, events) => {
        expect(await send(order({}))).toMatchObject({ status: 200, forwarded: 1 });
        expect(events.find((e) => e.type === 'verdict')).toMatchObject({
          bandUnchecked: 'missing',
          unchecked: [],
        });
      },
    );
  });

  it('an order with violations is refused 400 whatever was skipped', async () => {
    await withGateway({}, async (send) => {
      const answer = await send(order({ symbol: 'BAREUSDT', price: '100.001' }));
      expect(answer).toMatchObject({ status: 400, reason: 'order-refused', forwarded: 0 });
      expect(checksOf(answer.json.skipped)).toEqual(['PRICE_ABOVE_BUY_LIMIT', 'QUANTITY_ABOVE_MAX']);
    });
  });
});
