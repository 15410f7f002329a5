/**
 * `order-preflight gateway --market futures` as the real program, in front of the stand-in
 * exchange on loopback: a contract order that passes reaches the contract host signed as sent,
 * one that fails is refused with its codes, an unjudged contract path and a spot path are
 * refused, and the flags a futures gateway cannot honour stop it at start.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CONTRACT_INFO_JSON } from '../../src/gateway/fake-contract-info.js';
import { accessHeaders, type FakeExchange, startFakeExchange } from '../../src/gateway/fake-exchange.js';
import { type GatewayProcess, startGatewayProcess } from './gateway-process.js';
import { contractBody } from './weex-order.js';

const MAIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));

let exchange: FakeExchange;
let gateway: GatewayProcess;
let http: Agent;
let dir: string;
let rules: string;

async function post(path: string, body: string) {
  const response = await request(`${gateway.url}${path}`, {
    dispatcher: http,
    method: 'POST',
    headers: [...accessHeaders({ method: 'POST', path, body })],
    body,
  });
  const json = (await response.body.json()) as Record<string, unknown>;
  const reason = response.headers['x-preflight-gateway'];
  return { status: response.statusCode, reason: typeof reason === 'string' ? reason : undefined, json };
}

/** Runs the command with `flags` until it exits (it must not start), with its exit code and output. */
function runRefused(
  flags: readonly string[],
  upstream = exchange.url,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, 'gateway', '--upstream', upstream, '--port', '0', ...flags],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

beforeAll(async () => {
  exchange = await startFakeExchange();
  http = new Agent({ connections: 2 });
  dir = await mkdtemp(join(tmpdir(), 'futures-gateway-'));
  rules = join(dir, 'contracts.json');
  await writeFile(rules, FAKE_CONTRACT_INFO_JSON);
  const prices = join(dir, 'prices.json');
  await writeFile(prices, JSON.stringify({ BTCUSDT: '64000', DOGEUSDT: '0.1' }));
  gateway = await startGatewayProcess(exchange.url, [
    ...['--market', 'futures', '--rules', rules, '--reference-prices', prices],
    ...['--max-notional', '1000000', '--allow-unchecked', 'POSITION_SIZE_ABOVE_MAX'],
  ]);
}, 60_000);

afterAll(async () => {
  await gateway?.stop();
  await http?.close();
  await exchange?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('order-preflight gateway --market futures', () => {
  it('forwards a passing contract order, signed as sent', async () => {
    const before = exchange.stats.verified;
    const answer = await post('/capi/v3/order', contractBody());
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(true);
    expect(exchange.stats.verified - before).toBe(1);
    expect(exchange.stats.signatureMismatches).toBe(0);
  });

  it('refuses a failing contract order with its codes, and logs it', async () => {
    const answer = await post(
      '/capi/v3/order',
      contractBody({ symbol: 'DOGEUSDT', price: '0.1', quantity: '150' }),
    );
    expect(answer).toMatchObject({ status: 400, reason: 'order-refused' });
    expect((answer.json.violations as { code: string }[]).map((v) => v.code)).toEqual(['QUANTITY_STEP']);
    await gateway.waitForLog(/REFUSE DOGEUSDT BUY LIMIT 150/);
  });

  it('refuses an unjudged contract path and a spot order path', async () => {
    const batch = await post(
      '/capi/v3/batchOrders',
      JSON.stringify({ batchOrders: [JSON.parse(contractBody())] }),
    );
    expect(batch).toMatchObject({ status: 403, reason: 'unjudged-order-endpoint' });
    const close = await post('/capi/v3/closePositions', '{}');
    expect(close).toMatchObject({ status: 403, reason: 'unjudged-order-endpoint' });
    const spot = await post('/api/v3/order', contractBody());
    expect(spot).toMatchObject({ status: 403, reason: 'unjudged-order-endpoint' });
    expect(exchange.requests.some((r) => r.url.startsWith('/capi/v3/batchOrders'))).toBe(false);
  });

  it('without --rules, fetches the contracts from the upstream once at start', async () => {
    const before = exchange.stats.contractInfoRequests;
    const fetched = await startGatewayProcess(exchange.url, [
      ...['--market', 'futures', '--max-notional', '1000000', '--allow-unchecked', 'POSITION_SIZE_ABOVE_MAX'],
      ...['--allow-unchecked', 'PRICE_ABOVE_BUY_LIMIT'],
    ]);
    try {
      expect(exchange.stats.contractInfoRequests - before).toBe(1);
      const body = contractBody({ price: '64000.05' });
      const path = '/capi/v3/order';
      const response = await request(`${fetched.url}${path}`, {
        dispatcher: http,
        method: 'POST',
        headers: [...accessHeaders({ method: 'POST', path, body })],
        body,
      });
      const json = (await response.body.json()) as { violations: { code: string }[] };
      expect(response.statusCode).toBe(400);
      expect(json.violations.map((v) => v.code)).toEqual(['PRICE_TICK']);
    } finally {
      await fetched.stop();
    }
  }, 60_000);

  it('will not start when the contracts cannot be had, with desk limits, or with spot-only flags', async () => {
    const unreachable = await runRefused(
      ['--market', 'futures', '--max-notional', '1000'],
      'http://127.0.0.1:1',
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.output).not.toMatch(/risk gateway on/);
    const ticker = await runRefused(['--market', 'futures', '--rules', rules, '--ticker-ms', '100']);
    expect(ticker.code).toBe(2);
    expect(ticker.output).toContain('--ticker-ms');
    const limits = join(dir, 'limits.json');
    await writeFile(limits, JSON.stringify({ keys: { '*': { maxNotional: '1000' } } }));
    const desk = await runRefused(['--market', 'futures', '--rules', rules, '--limits', limits]);
    expect(desk.code).toBe(1);
    expect(desk.output).toContain('deskLimits');
    const spotRules = await runRefused(['--rules', rules, '--max-notional', '1000']);
    expect(spotRules.code).toBe(2);
  }, 120_000);
});
