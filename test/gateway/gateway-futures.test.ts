/**
 * The risk gateway in front of the contract host (`market: 'futures'`): contract orders judged
 * against a ContractBook before they reach the stand-in exchange on loopback; every other
 * order-placing path refused, spot ones included; the position cap (never known to the
 * gateway) and the band without a reference price fail closed unless the operator names them.
 */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractBook } from '../../src/futures.js';
import { FAKE_CONTRACT_INFO_JSON } from '../../src/gateway/fake-contract-info.js';
import { accessHeaders, type FakeExchange, startFakeExchange } from '../../src/gateway/fake-exchange.js';
import { createRiskGateway, type RiskGateway, type RiskGatewayOptions } from '../../src/gateway.js';
import { parseExchangeInfo, RuleBook } from '../../src/index.js';
import { exchangeInfoPayload, pairDefinition } from '../../test-support/payload.js';
import { contractBody, limitOrderBody } from './weex-order.js';

const BOOK = ContractBook.fromContractInfoText(FAKE_CONTRACT_INFO_JSON);

/** A STOP_MARKET SELL LONG (closing) of 100 DOGEUSDT triggered at 0.09 (5 price decimals). */
function algoBody(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    symbol: 'DOGEUSDT',
    side: 'SELL',
    positionSide: 'LONG',
    type: 'STOP_MARKET',
    quantity: '100',
    triggerPrice: '0.09',
    clientAlgoId: 'stop-1',
    ...fields,
  });
}

interface Answer {
  readonly status: number;
  readonly reason: string | undefined;
  readonly json: Record<string, unknown>;
}

let exchange: FakeExchange;
let http: Agent;
const open: RiskGateway[] = [];

const PRICES = new Map([
  ['BTCUSDT', '64000'],
  ['DOGEUSDT', '0.1'],
]);

/** A futures gateway (reference prices PRICES unless `prices` is false). */
async function start(options: Partial<RiskGatewayOptions> = {}, prices = true): Promise<RiskGateway> {
  const gateway = await createRiskGateway({
    upstreamUrl: exchange.url,
    market: 'futures',
    contractBook: BOOK,
    ...(prices ? { referencePrices: PRICES } : {}),
    allowUnchecked: ['POSITION_SIZE_ABOVE_MAX'],
    ...options,
  });
  open.push(gateway);
  return gateway;
}

async function post(base: string, path: string, body: string): Promise<Answer> {
  const response = await request(`${base}${path}`, {
    dispatcher: http,
    method: 'POST',
    headers: [...accessHeaders({ method: 'POST', path, body })],
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

const codesOf = (answer: Answer) =>
  (answer.json.violations as { code: string }[] | undefined)?.map((violation) => violation.code);
const pathOf = (url: string) => url.split('?')[0];
const sentTo = (path: string) => exchange.requests.filter((r) => pathOf(r.url) === path).length;

beforeAll(async () => {
  exchange = await startFakeExchange();
  http = new Agent({ connections: 4 });
});

afterAll(async () => {
  for (const gateway of open) await gateway.close();
  await http.close();
  await exchange.close();
});

describe('a futures gateway', () => {
  it('forwards a passing contract order and an algo order, signatures intact', async () => {
    const gateway = await start();
    const before = exchange.stats.verified;
    const order = await post(gateway.url, '/capi/v3/order', contractBody());
    expect(order.status).toBe(200);
    expect(order.json.success).toBe(true);
    const algo = await post(gateway.url, '/capi/v3/algoOrder', algoBody());
    expect(algo.status).toBe(200);
    expect(algo.json.clientAlgoId).toBe('stop-1');
    expect(exchange.stats.verified - before).toBe(2);
    expect(exchange.stats.signatureMismatches).toBe(0);
    expect(gateway.stats).toMatchObject({ judged: 2, accepted: 2, refused: 0 });
  });

  it('refuses a failing contract order with its codes and the exchange code, never sending it', async () => {
    const gateway = await start();
    const before = sentTo('/capi/v3/order');
    const tick = await post(gateway.url, '/capi/v3/order', contractBody({ price: '64000.05' }));
    expect(tick).toMatchObject({ status: 400, reason: 'order-refused' });
    expect(tick.json.code).toBe(-1160);
    expect(codesOf(tick)).toEqual(['PRICE_TICK']);
    const step = await post(
      gateway.url,
      '/capi/v3/order',
      contractBody({ symbol: 'DOGEUSDT', price: '0.1', quantity: '150' }),
    );
    expect(step.status).toBe(400);
    expect(codesOf(step)).toEqual(['QUANTITY_STEP']);
    const violation = (step.json.violations as { suggestion?: string[] }[])[0];
    expect(violation?.suggestion).toEqual(['100', '200']);
    const band = await post(gateway.url, '/capi/v3/order', contractBody({ price: '65000' }));
    expect(codesOf(band)).toEqual(['PRICE_ABOVE_BUY_LIMIT']);
    const opening = await post(
      gateway.url,
      '/capi/v3/order',
      contractBody({ type: 'MARKET', timeInForce: undefined, price: undefined, quantity: '101' }),
    );
    expect(codesOf(opening)).toEqual(['MARKET_OPEN_SIZE_ABOVE_MAX']);
    expect(opening.json.code).toBe(-3007);
    const trigger = await post(gateway.url, '/capi/v3/algoOrder', algoBody({ triggerPrice: '0.090001' }));
    expect(codesOf(trigger)).toEqual(['TRIGGER_PRICE_TICK']);
    expect(sentTo('/capi/v3/order')).toBe(before);
    expect(gateway.stats).toMatchObject({ judged: 5, refused: 5, accepted: 0 });
  });

  it('refuses a type its path does not place', async () => {
    const gateway = await start();
    const stop = await post(gateway.url, '/capi/v3/order', algoBody({ clientAlgoId: undefined }));
    expect(stop.status).toBe(400);
    expect(codesOf(stop)).toEqual(['INVALID_FIELD']);
    const limit = await post(
      gateway.url,
      '/capi/v3/algoOrder',
      algoBody({ type: 'MARKET', triggerPrice: undefined }),
    );
    expect(limit.status).toBe(400);
    expect(codesOf(limit)).toEqual(['INVALID_FIELD']);
  });

  it('refuses keys the path does not take (timeInForce on an algo order, spot-only keys)', async () => {
    const gateway = await start();
    const tif = await post(gateway.url, '/capi/v3/algoOrder', algoBody({ timeInForce: 'GTC' }));
    expect(tif).toMatchObject({ status: 400, reason: 'unknown-field' });
    const lookalike = await post(gateway.url, '/capi/v3/order', contractBody({ position_side: 'LONG' }));
    expect(lookalike).toMatchObject({ status: 400, reason: 'ambiguous-key' });
  });

  it('refuses every unjudged contract order path and every spot path', async () => {
    const gateway = await start();
    for (const path of [
      '/capi/v3/batchOrders',
      '/capi/v3/closePositions',
      '/capi/v3/placeTpSlOrder',
      '/capi/v3/modifyTpSlOrder',
      '/capi/v3/sim/order',
      '/capi/v2/order/placeOrder',
      '/capi/v2/order/plan_order',
      '/capi/v2/order/batchOrders',
      '/api/v3/order',
      '/api/v3/order/batch',
    ]) {
      const answer = await post(gateway.url, path, contractBody());
      expect({ path, status: answer.status, reason: answer.reason }).toEqual({
        path,
        status: 403,
        reason: 'unjudged-order-endpoint',
      });
    }
    const spotRead = await request(`${gateway.url}/api/v3/exchangeInfo`, { dispatcher: http });
    await spotRead.body.text();
    expect(spotRead.statusCode).toBe(403);
    const contractRead = await request(`${gateway.url}/capi/v3/market/exchangeInfo`, { dispatcher: http });
    await contractRead.body.text();
    expect(contractRead.statusCode).toBe(200);
    expect(sentTo('/capi/v3/batchOrders') + sentTo('/api/v3/order')).toBe(0);
  });

  it('refuses an opening order whose position cap is skipped unless allowed by name', async () => {
    const strict = await start({ allowUnchecked: [] });
    const opening = await post(strict.url, '/capi/v3/order', contractBody());
    expect(opening).toMatchObject({ status: 503, reason: 'rule-unchecked' });
    const unchecked = opening.json.unchecked as { check: string; reason: string }[];
    expect(unchecked.map((skip) => [skip.check, skip.reason])).toEqual([
      ['POSITION_SIZE_ABOVE_MAX', 'NO_POSITION'],
    ]);
    // A closing order has no position cap to skip.
    const closing = await post(strict.url, '/capi/v3/order', contractBody({ side: 'SELL', price: '64000' }));
    expect(closing.status).toBe(200);
  });

  it('refuses an order whose band cannot be checked unless allowed', async () => {
    const noPrices = await start({}, false);
    const missing = await post(noPrices.url, '/capi/v3/order', contractBody());
    expect(missing).toMatchObject({ status: 503, reason: 'reference-price-missing' });
    const allowed = await start(
      { allowUnchecked: ['POSITION_SIZE_ABOVE_MAX', 'PRICE_ABOVE_BUY_LIMIT'] },
      false,
    );
    expect((await post(allowed.url, '/capi/v3/order', contractBody())).status).toBe(200);
  });

  it('will not start without a contract book, with spot rules, or with desk limits', async () => {
    await expect(createRiskGateway({ upstreamUrl: exchange.url, market: 'futures' })).rejects.toMatchObject({
      argument: 'options.contractBook',
    });
    await expect(
      createRiskGateway({
        upstreamUrl: exchange.url,
        market: 'futures',
        contractBook: BOOK,
        deskLimits: { keys: { '*': { maxNotional: '1000' } } },
      }),
    ).rejects.toMatchObject({ argument: 'options.deskLimits' });
    await expect(
      createRiskGateway({
        upstreamUrl: exchange.url,
        market: 'futures',
        contractBook: BOOK,
        allowUnchecked: ['PRICE_PRECISION'] as never,
      }),
    ).rejects.toMatchObject({ argument: 'options.allowUnchecked' });
    await expect(
      createRiskGateway({ upstreamUrl: exchange.url, contractBook: BOOK } as RiskGatewayOptions),
    ).rejects.toMatchObject({
      argument: 'options.contractBook',
    });
  });

  it('halts contract orders with the kill switch, and shows its contracts on the status page', async () => {
    const gateway = await start();
    gateway.halt();
    const halted = await post(gateway.url, '/capi/v3/order', contractBody());
    expect(halted).toMatchObject({ status: 503, reason: 'halted' });
    gateway.resume();
    expect((await post(gateway.url, '/capi/v3/order', contractBody())).status).toBe(200);
    expect(() => gateway.setLimits({ keys: { '*': { maxNotional: '1' } } })).toThrow(
      expect.objectContaining({ argument: 'limits' }),
    );
    const status = await request(`${gateway.url}/preflight/status`, { dispatcher: http });
    const health = (await status.body.json()) as Record<string, unknown>;
    expect(health).toMatchObject({ market: 'futures', contractBook: { contracts: 3, rejected: 0 } });
  });

  it('leaves a spot gateway as it was: contract paths refused, spot orders judged', async () => {
    const spot = await createRiskGateway({
      upstreamUrl: exchange.url,
      book: RuleBook.fromExchangeInfo(parseExchangeInfo(exchangeInfoPayload([pairDefinition()]))),
      referencePrices: new Map([['BTCUSDT', '100000.00']]),
    });
    open.push(spot);
    expect((await post(spot.url, '/capi/v3/order', contractBody())).status).toBe(403);
    expect((await post(spot.url, '/api/v3/order', limitOrderBody())).status).toBe(200);
  });
});
