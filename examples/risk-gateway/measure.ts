/**
 * What the gateway adds per request, on loopback:
 *
 *   npx tsx examples/risk-gateway/measure.ts [--requests 2000] [--concurrency 16]
 *
 * A fake exchange (signature checked on every order) and the gateway (`main.ts`, rule book
 * fetched from the fake) run in their own processes; this process is the client. The exchange
 * is called directly and through the gateway, with the same signed order bytes over a keep-alive
 * undici agent: sequential latency
 * (p50 / p90 / p99 over `--requests` requests, after a warm-up) and throughput with
 * `--concurrency` requests in flight. Also the gateway's own refusals (no upstream hop) and the
 * bare `validateOrder` call. Everything is bounded; nothing leaves 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
// In your project: import { ... } from 'order-preflight';
import { RuleBook, sampleExchangeInfo } from '../../src/index.js';
import { DEMO_API_KEY, DEMO_API_SECRET, signParams } from './fake-exchange.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '16' },
  },
});
const REQUESTS = Math.min(100_000, Math.max(100, Number(values.requests) || 2_000));
const CONCURRENCY = Math.min(256, Math.max(1, Number(values.concurrency) || 16));
const WARM_UP = Math.min(500, Math.ceil(REQUESTS / 4));
const STARTUP_TIMEOUT_MS = 20_000;

const children: ChildProcess[] = [];

/**
 * Starts `file` (a TypeScript entry point) in its own Node process, with the same loader as this
 * one (tsx), and resolves with the first match of `ready` in its standard output.
 */
function startProcess(file: string, args: readonly string[], ready: RegExp): Promise<RegExpExecArray> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL(file, import.meta.url)), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${file} did not start within ${STARTUP_TIMEOUT_MS} ms`)),
      STARTUP_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`${file} exited early (${code})`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = ready.exec(line);
      if (match === null) return;
      clearTimeout(timer);
      lines.removeAllListeners('line');
      child.stdout!.resume(); // keep draining its (per-verdict) log
      resolve(match);
    });
  });
}

async function stopProcesses(): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

const http = new Agent({ connections: CONCURRENCY });

async function once(base: string, target: string, expected: number): Promise<void> {
  const response = await request(base + target, {
    dispatcher: http,
    method: 'POST',
    headers: { 'x-mbx-apikey': DEMO_API_KEY },
  });
  await response.body.dump();
  if (response.statusCode !== expected)
    throw new Error(`${target}: ${response.statusCode}, expected ${expected}`);
}

async function sequential(base: string, target: string, expected: number, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await once(base, target, expected);
    times.push(performance.now() - start);
  }
  return times;
}

async function throughput(base: string, target: string, expected: number, count: number): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++;
        await once(base, target, expected);
      }
    }),
  );
  return count / ((performance.now() - start) / 1_000);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(times: readonly number[]): { p50: number; p90: number; p99: number; mean: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), mean };
}

const us = (ms: number) => `${Math.round(ms * 1_000)} µs`;

const query =
  'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=100000.00&timestamp=1700000000000';
const accepted = `/api/v3/order?${query}&signature=${signParams(query, '', DEMO_API_SECRET)}`;
const refusedQuery = query.replace('100000.00', '100000.005');
const refused = `/api/v3/order?${refusedQuery}&signature=${signParams(refusedQuery, '', DEMO_API_SECRET)}`;

try {
  // Three processes, as in production: the exchange, the gateway (main.ts), this client.
  const [, exchangeUrl] = await startProcess('./fake-exchange.ts', ['--port', '0'], /fake exchange on (\S+)/);
  const gatewayStarted = startProcess(
    './main.ts',
    ['--upstream', exchangeUrl!, '--port', '0', '--max-notional', '1000000'],
    /risk gateway on (\S+)/,
  );
  const [, gatewayUrl] = await gatewayStarted;
  // Wait for the first rule book: until then orders get 503.
  for (let i = 0; ; i++) {
    const response = await request(gatewayUrl + accepted, {
      dispatcher: http,
      method: 'POST',
      headers: { 'x-mbx-apikey': DEMO_API_KEY },
    });
    await response.body.dump();
    if (response.statusCode === 200) break;
    if (i > 200) throw new Error(`the gateway answers ${response.statusCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // Warm up both paths (JIT, connection pools).
  await sequential(exchangeUrl!, accepted, 200, WARM_UP);
  await sequential(gatewayUrl!, accepted, 200, WARM_UP);
  await sequential(gatewayUrl!, refused, 400, WARM_UP);

  // Alternate halves so drift of the machine hits both sides alike.
  const half = Math.ceil(REQUESTS / 2);
  const direct = await sequential(exchangeUrl!, accepted, 200, half);
  const via = await sequential(gatewayUrl!, accepted, 200, half);
  direct.push(...(await sequential(exchangeUrl!, accepted, 200, REQUESTS - half)));
  via.push(...(await sequential(gatewayUrl!, accepted, 200, REQUESTS - half)));
  const refusals = await sequential(gatewayUrl!, refused, 400, REQUESTS);

  const total = Math.max(REQUESTS * 2, 1_000);
  const directRps = await throughput(exchangeUrl!, accepted, 200, total);
  const viaRps = await throughput(gatewayUrl!, accepted, 200, total);
  const refusedRps = await throughput(gatewayUrl!, refused, 400, total);

  // The library's share, in this process: the same order, as the gateway reads it.
  const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
  const order = Object.fromEntries(new URLSearchParams(query));
  const context = { referencePrice: '100000.00', maxNotional: '1000000' };
  const validations = 100_000;
  const validateStart = performance.now();
  for (let i = 0; i < validations; i++) book.validateOrder(order, context);
  const validateNs = ((performance.now() - validateStart) / validations) * 1e6;

  const d = summary(direct);
  const g = summary(via);
  const r = summary(refusals);
  const row = (name: string, s: ReturnType<typeof summary>) =>
    `| ${name} | ${us(s.p50)} | ${us(s.p90)} | ${us(s.p99)} | ${us(s.mean)} |`;
  const lines = [
    `node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}); client, gateway and exchange in 3 processes on loopback`,
    `${REQUESTS} sequential requests per row after ${WARM_UP} warm-up; throughput: ${total} requests, ${CONCURRENCY} in flight`,
    '',
    '| sequential, per request | p50 | p90 | p99 | mean |',
    '|---|---|---|---|---|',
    row('client → exchange (direct)', d),
    row('client → gateway → exchange (accepted order)', g),
    `| added by the gateway (difference) | **${us(g.p50 - d.p50)}** | ${us(g.p90 - d.p90)} | ${us(g.p99 - d.p99)} | **${us(g.mean - d.mean)}** |`,
    row('client → gateway, refused (never forwarded)', r),
    '',
    '| throughput | requests/s |',
    '|---|---|',
    `| direct | ${Math.round(directRps)} |`,
    `| through the gateway, accepted | ${Math.round(viaRps)} |`,
    `| through the gateway, refused | ${Math.round(refusedRps)} |`,
    '',
    `validateOrder alone (LIMIT, reference price and maxNotional): ${Math.round(validateNs)} ns per order (${validations} calls)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await http.close();
  await stopProcesses();
}
