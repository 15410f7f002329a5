/**
 * What the gateway adds per request, on loopback:
 *
 *   node --import tsx bench/gateway-latency.ts [--requests 2000] [--concurrency 16]
 *
 * A fake WEEX V3 exchange (`ACCESS-SIGN` checked on every order) and the gateway (`order-preflight gateway`, rule
 * book fetched from the fake, reference prices polled from its ticker) run in their own
 * processes; this process is the client. The exchange is called directly and through the
 * gateway, with the same signed JSON order (body and `ACCESS-*` headers) over a keep-alive undici
 * agent: sequential latency (p50 / p90 / p99 over `--requests` requests, after a warm-up) and
 * throughput with `--concurrency` requests in flight. Also the gateway's own refusals (no upstream
 * hop), and in this process the gateway's reading of the body (`parseOrderRequest`) and the bare
 * `validateOrder` call. Everything is bounded; nothing leaves 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { accessHeaders } from '../src/gateway/fake-exchange.js';
import { parseOrderRequest } from '../src/gateway/parse-order-request.js';
// In your project: import { ... } from 'order-preflight';
import { RuleBook, sampleExchangeInfo } from '../src/index.js';

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
/** Starts `order-preflight COMMAND ...args` from source; resolves with the match of `ready` in its output. */
function startProcess(command: string, args: readonly string[], ready: RegExp): Promise<RegExpExecArray> {
  const file = command;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../src/cli/bin.ts', import.meta.url)), command, ...args],
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

/** A `POST /api/v3/order` as a WEEX client sends it: a JSON body, signed in `ACCESS-*` headers. */
interface SignedOrder {
  readonly name: string;
  readonly body: Buffer;
  readonly headers: readonly string[];
}

function signedOrder(name: string, order: Record<string, string>): SignedOrder {
  const body = Buffer.from(JSON.stringify(order));
  // One signature reused for every request: the fake exchange checks the signature, not a
  // timestamp window or replays, so the measured bytes stay the same.
  return { name, body, headers: accessHeaders({ method: 'POST', path: ORDER_PATH, body }) };
}

async function once(base: string, order: SignedOrder, expected: number): Promise<void> {
  const response = await request(base + ORDER_PATH, {
    dispatcher: http,
    method: 'POST',
    headers: [...order.headers],
    body: order.body,
  });
  await response.body.dump();
  if (response.statusCode !== expected)
    throw new Error(`${order.name} order: ${response.statusCode}, expected ${expected}`);
}

async function sequential(
  base: string,
  order: SignedOrder,
  expected: number,
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await once(base, order, expected);
    times.push(performance.now() - start);
  }
  return times;
}

async function throughput(
  base: string,
  order: SignedOrder,
  expected: number,
  count: number,
): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++;
        await once(base, order, expected);
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

const ORDER_PATH = '/api/v3/order';
const ORDER = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.01',
  price: '100000.00',
  newClientOrderId: 'measure-1',
};
const accepted = signedOrder('accepted', ORDER);
const refused = signedOrder('refused', { ...ORDER, price: '100000.005' }); // off the 0.01 tick

try {
  // Three processes, as in production: the exchange, the gateway (order-preflight gateway), this client.
  const [, exchangeUrl] = await startProcess('fake-exchange', ['--port', '0'], /fake exchange on (\S+)/);
  const gatewayStarted = startProcess(
    'gateway',
    ['--upstream', exchangeUrl!, '--port', '0', '--max-notional', '1000000'],
    /risk gateway on (\S+)/,
  );
  const [, gatewayUrl] = await gatewayStarted;
  // Wait for the first rule book and the first ticker prices: until then orders get 503.
  for (let i = 0; ; i++) {
    const response = await request(gatewayUrl + ORDER_PATH, {
      dispatcher: http,
      method: 'POST',
      headers: [...accepted.headers],
      body: accepted.body,
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

  // The library's share, in this process: the same order, as the gateway reads it from the body.
  const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
  const wire = { query: '', body: accepted.body, contentType: 'application/json' };
  const parsed = parseOrderRequest(wire);
  if (!parsed.ok) throw new Error(`the measured order does not parse: ${parsed.problem.msg}`);
  const context = { referencePrice: '100000.00', maxNotional: '1000000' };
  if (!book.validateOrder(parsed.order, context).ok) throw new Error('the measured order is refused');
  const validations = 100_000;
  const validateStart = performance.now();
  for (let i = 0; i < validations; i++) book.validateOrder(parsed.order, context);
  const validateNs = ((performance.now() - validateStart) / validations) * 1e6;
  const parseStart = performance.now();
  for (let i = 0; i < validations; i++) parseOrderRequest(wire);
  const parseNs = ((performance.now() - parseStart) / validations) * 1e6;

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
    `reading the JSON body (parseOrderRequest: media type, UTF-8, strict JSON, ${accepted.body.length} bytes): ${Math.round(parseNs)} ns per order (${validations} calls)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await http.close();
  await stopProcesses();
}
