/**
 * `order-preflight gateway --client-order-ids futures-pattern`: the gateway's rule book holds
 * client ids to the futures V3 pattern, so an id with a space is refused before it is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeExchange, startFakeExchange } from '../../src/gateway.js';
import { type GatewayProcess, startGatewayProcess } from './gateway-process.js';
import { limitOrderBody } from './weex-order.js';

let exchange: FakeExchange;
let gateway: GatewayProcess;
beforeAll(async () => {
  exchange = await startFakeExchange();
  gateway = await startGatewayProcess(exchange.url, [
    '--max-notional',
    '250000',
    '--client-order-ids',
    'futures-pattern',
  ]);
  await gateway.waitForLog(/ticker ready/);
}, 60_000);
afterAll(async () => {
  await gateway?.stop();
  await exchange?.close();
});

async function post(body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await fetch(`${gateway.url}/api/v3/order`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

describe('gateway --client-order-ids futures-pattern', () => {
  it('refuses an id outside the pattern itself, naming the field', async () => {
    const { status, json } = await post(limitOrderBody({ newClientOrderId: 'my order #1' }));
    expect(status).toBe(400);
    expect(json.violations).toEqual([
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'newClientOrderId' }),
    ]);
    expect(exchange.stats.requests).toBe(0);
  });

  it('lets an id inside the pattern through to the exchange', async () => {
    const { json } = await post(limitOrderBody({ newClientOrderId: 'bot-1:grid/42' }));
    expect(json.violations).toBeUndefined();
    expect(exchange.stats.requests).toBe(1);
  });
});
