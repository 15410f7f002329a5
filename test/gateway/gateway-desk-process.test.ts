/**
 * The desk controls in the real program (`order-preflight gateway`): it will not start without a
 * notional limit unless told so; `--limits` applies the desk's limits and SIGHUP rereads them (a
 * file that does not parse or validate leaves the old ones in force, logged); `--admin-token-file`
 * enables the kill switch; each refusal is logged with its control, limit and value.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessHeaders, type FakeExchange, GATEWAY_HEADER, startFakeExchange } from '../../src/gateway.js';
import { type GatewayProcess, startGatewayProcess } from './gateway-process.js';
import { limitOrderBody } from './weex-order.js';

const MAIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
const TOKEN = 'process-admin-token-9876543210';

let exchange: FakeExchange;
let dir = '';
let pricesFile = '';
let limitsFile = '';
let tokenFile = '';
let http: Agent;

interface Answer {
  readonly status: number;
  readonly reason: string | undefined;
  readonly json: Record<string, unknown>;
}

async function send(
  base: string,
  method: 'POST' | 'DELETE',
  path: string,
  options: { body?: string; query?: string; authorization?: string } = {},
): Promise<Answer> {
  const query = options.query ?? '';
  const headers =
    options.authorization !== undefined
      ? ['Authorization', options.authorization]
      : accessHeaders({ method, path, query, ...(options.body === undefined ? {} : { body: options.body }) });
  const response = await request(`${base}${path}${query === '' ? '' : `?${query}`}`, {
    dispatcher: http,
    method,
    headers,
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

const order = (base: string, fields: Record<string, unknown> = {}) =>
  send(base, 'POST', '/api/v3/order', { body: limitOrderBody(fields) });

/** Runs the command to its end: its exit status and what it wrote. */
function runToEnd(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'gateway', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the gateway did not exit:\n${output}`));
    }, 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Writes the limits file with this "*" notional cap (or `text` as it is). */
async function writeLimits(maxNotional: string | undefined, text?: string): Promise<void> {
  const limits = {
    keys: { '*': maxNotional === undefined ? {} : { maxNotional } },
    symbols: { BTCUSDT: { maxDeviation: '0.01' }, ETHUSDT: { maxQuantity: '1' } },
  };
  await writeFile(limitsFile, text ?? JSON.stringify(limits));
}

beforeAll(async () => {
  exchange = await startFakeExchange();
  dir = await mkdtemp(join(tmpdir(), 'gateway-desk-'));
  pricesFile = join(dir, 'prices.json');
  limitsFile = join(dir, 'limits.json');
  tokenFile = join(dir, 'admin-token');
  await writeFile(pricesFile, JSON.stringify({ BTCUSDT: '100000.00', ETHUSDT: '3500.00' }));
  await writeFile(tokenFile, `${TOKEN}\n`);
  http = new Agent();
});

afterAll(async () => {
  await http?.close();
  await exchange?.close();
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

describe('a notional limit is required', () => {
  it('without --max-notional or a "*" cap the gateway does not start (exit 2), naming both flags', async () => {
    const { code, output } = await runToEnd(['--upstream', exchange.url, '--port', '0']);
    expect(code).toBe(2);
    expect(output).toContain('--max-notional');
    expect(output).toContain('--no-max-notional');
    expect(output).not.toContain('risk gateway on');
    await writeLimits(undefined);
    const uncapped = await runToEnd(['--upstream', exchange.url, '--port', '0', '--limits', limitsFile]);
    expect(uncapped.code).toBe(2);
    const both = await runToEnd([
      '--upstream',
      exchange.url,
      '--port',
      '0',
      '--max-notional',
      '1',
      '--no-max-notional',
    ]);
    expect(both.code).toBe(2);
  }, 60_000);

  it('a limits file that does not validate stops the start, naming the file, the path and the value', async () => {
    await writeFile(limitsFile, JSON.stringify({ keys: { '*': { maxNotional: '0' } } }));
    const { code, output } = await runToEnd([
      '--upstream',
      exchange.url,
      '--port',
      '0',
      '--limits',
      limitsFile,
    ]);
    expect(code).toBe(2);
    expect(output).toContain(limitsFile);
    expect(output).toContain('keys["*"].maxNotional');
    expect(output).toContain('"0"');
  }, 30_000);

  it('an admin token too short stops the start without being repeated', async () => {
    const shortFile = join(dir, 'short-token');
    await writeFile(shortFile, 'short-secret\n');
    const { code, output } = await runToEnd([
      ...['--upstream', exchange.url, '--port', '0', '--max-notional', '1'],
      ...['--admin-token-file', shortFile],
    ]);
    expect(code).toBe(2);
    expect(output).toContain('--admin-token-file');
    expect(output).not.toContain('short-secret');
  }, 30_000);

  it('--no-max-notional starts it without one, on purpose', async () => {
    const gateway = await startGatewayProcess(exchange.url, [
      '--no-max-notional',
      '--reference-prices',
      pricesFile,
    ]);
    try {
      expect((await order(gateway.url, { quantity: '3' })).status).toBe(200); // 300000: no cap
    } finally {
      await gateway.stop();
    }
  }, 30_000);
});

describe('--limits, SIGHUP and --admin-token-file', () => {
  let gateway: GatewayProcess;

  beforeAll(async () => {
    await writeLimits('40000');
    gateway = await startGatewayProcess(exchange.url, [
      '--reference-prices',
      pricesFile,
      '--limits',
      limitsFile,
      '--admin-token-file',
      tokenFile,
    ]);
  }, 30_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  /** Sends SIGHUP and returns the reload's log line, once written. */
  async function hangUp(): Promise<string> {
    const before = gateway.log().length;
    gateway.child.kill('SIGHUP');
    for (let i = 0; i < 200; i++) {
      const line = /SIGHUP: [^\n]*\n/.exec(gateway.log().slice(before))?.[0];
      if (line !== undefined) return line;
      await new Promise((later) => setTimeout(later, 50));
    }
    throw new Error(`no SIGHUP line in the log:\n${gateway.log()}`);
  }

  it('each refusal is answered and logged with its control, limit and value', async () => {
    const quantity = await order(gateway.url, { symbol: 'ETHUSDT', quantity: '1.2', price: '3500.00' });
    expect(quantity.reason).toBe('quantity-cap');
    const notional = await order(gateway.url, { quantity: '0.45' });
    expect(notional.reason).toBe('notional-cap');
    const collar = await order(gateway.url, { price: '101090.00' });
    expect(collar.reason).toBe('price-collar');
    await gateway.waitForLog(/@ 101090\.00: price-collar/);
    const log = gateway.log();
    expect(log).toMatch(/REFUSE ETHUSDT BUY LIMIT 1\.2 @ 3500\.00: quantity-cap \(limit 1, value 1\.2\)/);
    expect(log).toMatch(/@ 100000\.00: NOTIONAL_ABOVE_MAX \(notional-cap: limit 40000, value 45000\)/);
    expect(log).toMatch(/@ 101090\.00: price-collar \(limit 0\.01, value 101090\.00\)/);
    expect(log).toMatch(/desk limits from .*limits\.json/);
    expect((await order(gateway.url, { price: '100780.00' })).status).toBe(200);
  });

  it('SIGHUP applies a rewritten file; a malformed one keeps the limits in force and is logged', async () => {
    expect((await order(gateway.url, { quantity: '0.45' })).reason).toBe('notional-cap');
    await writeLimits('60000');
    expect(await hangUp()).toMatch(/SIGHUP: limits reloaded from .*limits\.json/);
    expect((await order(gateway.url, { quantity: '0.45' })).status).toBe(200);

    for (const [text, logged] of [
      ['{"keys": {"*": {"maxNotional": "10000"}', /not JSON/],
      ['{"keys": {"*": {"maxNotional": "lots"}}}', /keys\["\*"\]\.maxNotional/],
      ['{"keys": {"*": {"maxNotional": "1", "maxNotional": "2"}}}', /twice|duplicate/i],
    ] as const) {
      await writeLimits(undefined, text);
      const line = await hangUp();
      expect(line).toMatch(/SIGHUP: the limits in .*limits\.json were not applied/);
      expect(line).toMatch(logged);
      expect(line).toMatch(/the limits in force are kept/);
      // Still the 60000 cap: 0.45 goes out, 0.65 does not.
      expect((await order(gateway.url, { quantity: '0.45' })).status).toBe(200);
      expect((await order(gateway.url, { quantity: '0.65' })).reason).toBe('notional-cap');
    }
    // A valid file that would leave orders without a notional limit is not applied either.
    await writeLimits(undefined);
    expect(await hangUp()).toMatch(/not applied \(no notional limit/);
    expect((await order(gateway.url, { quantity: '0.65' })).reason).toBe('notional-cap');
    await writeLimits('70000');
    expect(await hangUp()).toMatch(/limits reloaded/);
    expect((await order(gateway.url, { quantity: '0.65' })).status).toBe(200);
    expect(gateway.child.exitCode).toBeNull();
  }, 60_000);

  it('the kill switch: a wrong token changes nothing; the right one halts orders, not cancels; resume', async () => {
    const wrong = await send(gateway.url, 'POST', '/preflight/halt', {
      authorization: 'Bearer not-the-token-at-all',
    });
    expect(wrong.status).toBe(401);
    expect((await order(gateway.url, { newClientOrderId: 'before' })).status).toBe(200);
    const halt = await send(gateway.url, 'POST', '/preflight/halt', { authorization: `Bearer ${TOKEN}` });
    expect(halt.status).toBe(200);
    try {
      const before = exchange.requests.length;
      const refused = await order(gateway.url, { newClientOrderId: 'during' });
      expect(refused.status).toBe(503);
      expect(refused.reason).toBe('halted');
      const cancel = await send(gateway.url, 'DELETE', '/api/v3/openOrders', { query: 'symbol=BTCUSDT' });
      expect(cancel.status).toBe(200);
      expect(exchange.requests.slice(before).map((r) => r.method)).toEqual(['DELETE']);
      const status = await request(`${gateway.url}/preflight/status`, { dispatcher: http });
      expect(((await status.body.json()) as { desk: { halted: boolean } }).desk.halted).toBe(true);
      // A reload leaves the halt in place.
      await hangUp();
      expect((await order(gateway.url)).reason).toBe('halted');
    } finally {
      expect(
        (await send(gateway.url, 'POST', '/preflight/resume', { authorization: `Bearer ${TOKEN}` })).status,
      ).toBe(200);
    }
    expect((await order(gateway.url, { newClientOrderId: 'after' })).status).toBe(200);
    expect(gateway.log()).toMatch(/401 admin-unauthorized/);
    expect(gateway.log()).toMatch(/200 admin-halted/);
    expect(gateway.log()).toMatch(/503 halted/);
    expect(gateway.log()).toMatch(/200 admin-resumed/);
  }, 30_000);
});
