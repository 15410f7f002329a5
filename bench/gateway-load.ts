/**
 * The risk gateway under load, on loopback:
 *
 *   node --import tsx bench/gateway-load.ts [--seconds 15] [--connections 256] [--direct-seconds 5]
 *                                           [--slow-clients 8] [--headers-timeout-ms 2000]
 *                                           [--pipelined-connections 10] [--pipelined-requests 2000]
 *                                           [--log none|text|json] [--no-metrics] [--scrape-ms 1000] [--desk]
 *
 * Three processes: the fake WEEX V3 exchange (src/gateway/fake-exchange.ts, which
 * verifies the `ACCESS-SIGN` of every order over the raw bytes it receives), the gateway
 * (createRiskGateway with its rule book fetched from the fake, as `order-preflight gateway` runs it, with a fixed
 * reference price), and this one, the clients.
 *
 * 1. Direct: `--connections` keep-alive connections send valid signed JSON orders straight to
 *    the exchange for `--direct-seconds`: the baseline latency.
 * 2. Through the gateway, the same connections for `--seconds`, a mix: valid orders (fields as
 *    JSON strings, or as JSON numbers in another key order), orders the gateway refuses,
 *    malformed requests (a duplicate key, a form body, a non-canonical path), oversized bodies,
 *    account queries; alongside, slow clients dribbling a request head one byte per 100 ms (cut
 *    at the headers timeout), clients sending bytes that are not HTTP, and clients that send an
 *    order and hang up at once.
 *
 * 3. Pipelining: `--pipelined-connections` raw connections each write `--pipelined-requests`
 *    signed orders at once, without waiting for an answer. The gateway takes a connection's
 *    requests in turn and never opens more than its `maxUpstreamConnections` (128) upstream; the
 *    phase reports the upstream connections at their peak (counted by the exchange), the answers
 *    (200, or 503 `upstream-busy`: not sent) and the gateway's memory.
 *
 * The gateway keeps its metrics (unless `--no-metrics`), scraped at `GET /metrics` every
 * `--scrape-ms` during the mix, and with `--log text|json` writes the log of `order-preflight
 * gateway` (one line per request and per event, src/cli/commands/gateway-log.ts) to a file in
 * the temporary folder: what the audit log and the metrics cost under load.
 *
 * It prints throughput, p50/p90/p99 of both paths and their difference, the upstream connections
 * at their peak (counted by the exchange) in each phase, the gateway's memory before, during and
 * after, its events (one `request` record per request answered), and checks that every forwarded order arrived with the
 * client's bytes (0 signature mismatches at the exchange) and that every answer belonged to its
 * request (the exchange echoes the client order id). Exits 1 if any check fails. Everything is
 * on 127.0.0.1 and bounded in time and count.
 *
 * `--desk` runs the gateway with every desk control on (docs/gateway.md, "Desk controls"), with
 * limits no order of the mix reaches, to measure what the controls cost in the hot path.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { createGatewayLog, describeRequest, type LogFormat } from '../src/cli/commands/gateway-log.js';
import { accessHeaders, type FakeExchangeStats, startFakeExchange } from '../src/gateway/fake-exchange.js';
import {
  createRiskGateway,
  type DeskLimits,
  type GatewayEvent,
  METRICS_PATH,
  type RiskGatewayStats,
} from '../src/gateway.js';
import { createRuleBookSource, ExchangeInfoClient } from '../src/node.js';
import { random as prng } from './order-mix.js';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'client' },
    upstream: { type: 'string' },
    seconds: { type: 'string', default: '15' },
    'direct-seconds': { type: 'string', default: '5' },
    connections: { type: 'string', default: '256' },
    'slow-clients': { type: 'string', default: '8' },
    'headers-timeout-ms': { type: 'string', default: '2000' },
    'max-requests': { type: 'string', default: '3000000' },
    'pipelined-connections': { type: 'string', default: '10' },
    'pipelined-requests': { type: 'string', default: '2000' },
    log: { type: 'string', default: 'none' },
    'no-metrics': { type: 'boolean', default: false },
    'scrape-ms': { type: 'string', default: '1000' },
    desk: { type: 'boolean', default: false },
  },
});

function bounded(text: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(text);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
}

const SECONDS = bounded(values.seconds, 15, 1, 600);
const DIRECT_SECONDS = bounded(values['direct-seconds'], 5, 1, 120);
const CONNECTIONS = bounded(values.connections, 256, 1, 900);
const SLOW_CLIENTS = bounded(values['slow-clients'], 8, 0, 64);
const HEADERS_TIMEOUT_MS = bounded(values['headers-timeout-ms'], 2_000, 100, 60_000);
const PIPELINED_CONNECTIONS = bounded(values['pipelined-connections'], 10, 0, 100);
const PIPELINED_REQUESTS = bounded(values['pipelined-requests'], 2_000, 1, 20_000);
/** The gateway's default upstream cap (gateway.ts), which the pipelining phase holds it to. */
const MAX_UPSTREAM_CONNECTIONS = 128;
const MAX_REQUESTS = bounded(values['max-requests'], 3_000_000, 1_000, 50_000_000);
const LOG: LogFormat | 'none' = values.log === 'text' || values.log === 'json' ? values.log : 'none';
const METRICS = values['no-metrics'] !== true;
const SCRAPE_MS = bounded(values['scrape-ms'], 1_000, 100, 60_000);
const WARM_UP_MS = 1_000;
/**
 * Every desk control on, none reached by the mix: the throttle far above its rate, the notional
 * cap above its orders, the duplicate guard over a window short enough that the mix's identical
 * orders (one price, one quantity, thousands a second) stay under its count.
 */
const DESK_LIMITS: DeskLimits = {
  keys: { '*': { maxNotional: '1000000', maxOrdersPerSecond: 1_000_000, maxDuplicateOrders: 1_000 } },
  symbols: { BTCUSDT: { maxQuantity: '10', maxDeviation: '0.05', maxNotional: '1000000' } },
  duplicateWindowMs: 100,
};
/**
 * The pace of each rude loop (one new connection per interval). A saturated Node server accepts
 * one connection per event-loop turn (libuv >= 1.45), so churn much faster than a few per second
 * would only measure the accept queue: see the README.
 */
const RUDE_INTERVAL_MS = 200;

// ---------------------------------------------------------------------------------------------
// The two server roles, each in its own process, driven over the IPC channel.

type Command =
  | { type: 'memory' }
  | { type: 'stats' }
  | { type: 'stop' }
  | { type: 'reset-delay' }
  | { type: 'reset-peak' }
  | { type: 'peak' };

/** This process's event-loop delay (ms): how long a ready callback waited for the loop. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
function delayFigures(): { p50: number; p99: number; max: number } {
  return {
    p50: loopDelay.percentile(50) / 1e6,
    p99: loopDelay.percentile(99) / 1e6,
    max: loopDelay.max / 1e6,
  };
}

function reply(message: unknown): void {
  process.send?.(message);
}

function memory(): NodeJS.MemoryUsage {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

async function runExchange(): Promise<void> {
  const exchange = await startFakeExchange({ port: 0, record: false });
  process.on('message', (command: Command) => {
    if (command.type === 'stats') reply({ type: 'stats', stats: exchange.stats });
    else if (command.type === 'reset-peak') {
      exchange.resetPeakOpenSockets();
      reply({ type: 'peak', peak: exchange.peakOpenSockets });
    } else if (command.type === 'peak') reply({ type: 'peak', peak: exchange.peakOpenSockets });
    else if (command.type === 'stop') void exchange.close().then(() => process.exit(0));
  });
  reply({ type: 'ready', url: exchange.url });
}

async function runGateway(upstream: string): Promise<void> {
  const client = new ExchangeInfoClient({ baseUrl: upstream });
  const source = createRuleBookSource({ client, intervalMs: 60_000 });
  source.start();
  await source.ready();
  const events = new Map<string, number>();
  const count = (key: string) => events.set(key, (events.get(key) ?? 0) + 1);
  // The command's own log, to a file: as `order-preflight gateway --log-format` writes it.
  const logFolder = LOG === 'none' ? undefined : mkdtempSync(join(tmpdir(), 'gateway-load-log-'));
  const logFile = logFolder === undefined ? undefined : join(logFolder, 'gateway.log');
  const logStream = logFile === undefined ? undefined : createWriteStream(logFile);
  const log =
    logStream === undefined || LOG === 'none'
      ? undefined
      : createGatewayLog(logStream, LOG, {
          onBroken: (error) => console.error(`log failed: ${error.message}`),
        });
  let logLines = 0;
  const gateway = await createRiskGateway({
    upstreamUrl: upstream,
    source,
    referencePrices: new Map([['BTCUSDT', '100000.00']]),
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: HEADERS_TIMEOUT_MS * 2,
    metrics: METRICS,
    ...(values.desk ? { deskLimits: DESK_LIMITS } : {}),
    onEvent: (event: GatewayEvent) => {
      if (log !== undefined) {
        // The command's text lines: a REQUEST line per request, a line per verdict or failure.
        const line = event.type === 'request' ? describeRequest(event) : event.type;
        log.event(event, line);
        logLines++;
      }
      if (event.type === 'request') count(`request ${event.outcome}`);
      else if (event.type === 'verdict') count(`verdict ${event.result.ok ? 'accepted' : 'refused'}`);
      else if (event.type === 'answered') count(`answered ${event.status} ${event.reason}`);
      else if (event.type === 'client-gone') count(`client-gone (${event.stage})`);
      else if (event.type === 'client-error') count(`client-error ${event.code}`);
      else if (event.type === 'upstream-failure') count(`upstream-failure ${event.outcome.kind}`);
      else count(event.type);
    },
  });
  process.on('message', (command: Command) => {
    if (command.type === 'memory') reply({ type: 'memory', memory: memory() });
    else if (command.type === 'reset-delay') loopDelay.reset();
    else if (command.type === 'stats')
      reply({
        type: 'stats',
        stats: gateway.stats,
        events: Object.fromEntries(events),
        delay: delayFigures(),
        cpu: process.cpuUsage(),
        log:
          logFile === undefined ? undefined : { format: LOG, lines: logLines, bytes: statSync(logFile).size },
      });
    else if (command.type === 'stop')
      void (async () => {
        await gateway.close(500);
        log?.flush();
        if (logStream !== undefined) await new Promise((resolve) => logStream.end(resolve));
        if (logFolder !== undefined) rmSync(logFolder, { recursive: true, force: true });
        await source.stop();
        await client.close();
        process.exit(0);
      })();
  });
  reply({ type: 'ready', url: gateway.url });
}

// ---------------------------------------------------------------------------------------------
// The client side.

interface Child {
  readonly process: ChildProcess;
  readonly url: string;
  ask<T>(command: Command, answer: string): Promise<T>;
}

async function startChild(role: string, args: readonly string[] = []): Promise<Child> {
  const child = fork(fileURLToPath(import.meta.url), ['--role', role, ...args], {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start within 30 s`)), 30_000);
    child.once('exit', (code) => reject(new Error(`${role} exited early (${code})`)));
    child.on('message', (message: { type: string; url?: string }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message.url!);
    });
  });
  const url = await ready;
  return {
    process: child,
    url,
    ask<T>(command: Command, answer: string): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${role}: no ${answer} answer`)), 10_000);
        const onMessage = (message: { type: string }) => {
          if (message.type !== answer) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message as T);
        };
        child.on('message', onMessage);
        child.send(command);
      });
    },
  };
}

async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = once(child.process, 'exit');
  child.process.send({ type: 'stop' } satisfies Command);
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

type Kind =
  | 'valid-strings'
  | 'valid-numbers'
  | 'refused'
  | 'duplicate-key'
  | 'form-body'
  | 'odd-path'
  | 'oversized'
  | 'account';

/** The gateway-phase mix: kind, weight, and the status the gateway must answer. */
const MIX: ReadonlyArray<readonly [Kind, number, number]> = [
  ['valid-strings', 36, 200],
  ['valid-numbers', 34, 200],
  ['refused', 15, 400],
  ['duplicate-key', 3, 400],
  ['form-body', 3, 415],
  ['odd-path', 3, 400],
  ['oversized', 2, 413],
  ['account', 4, 200],
];
const VALID_KINDS: readonly Kind[] = ['valid-strings', 'valid-numbers'];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

interface Planned {
  readonly kind: Kind;
  readonly expected: number;
  readonly method: 'POST' | 'GET';
  readonly path: string;
  /** Name, value, name, value, ...: the `ACCESS-*` headers and `Content-Type`. */
  readonly headers: string[];
  readonly body: Buffer | null;
  /** The client order id the exchange must echo, for valid orders. */
  readonly clientOrderId?: string;
}

const ORDER_PATH = '/api/v3/order';
const FORM = 'application/x-www-form-urlencoded';
const OVERSIZED_PAD = 'x'.repeat(100 * 1024);

/** An order's JSON body, fields as strings (`numbers`: quantity and price as JSON numbers, keys in another order). */
function orderBody(
  clientOrderId: string,
  options: { price?: string; quantity?: string; numbers?: boolean } = {},
): string {
  const price = options.price ?? '100000.00';
  const quantity = options.quantity ?? '0.01';
  if (options.numbers) {
    return `{"newClientOrderId":"${clientOrderId}","quantity":${quantity},"price":${price},"timeInForce":"GTC","type":"LIMIT","side":"BUY","symbol":"BTCUSDT"}`;
  }
  return `{"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","quantity":"${quantity}","price":"${price}","newClientOrderId":"${clientOrderId}"}`;
}

/** A request signed as a WEEX client signs it (`ACCESS-*` over timestamp, method, path, query, body). */
function signed(
  kind: Kind,
  method: 'POST' | 'GET',
  path: string,
  body: string | null,
  options: { query?: string; contentType?: string; clientOrderId?: string } = {},
): Planned {
  const query = options.query ?? '';
  const bytes = body === null ? null : Buffer.from(body);
  const headers = accessHeaders({
    method,
    path,
    query,
    ...(bytes === null ? {} : { body: bytes }),
    ...(options.contentType === undefined ? {} : { contentType: options.contentType }),
  });
  return {
    kind,
    expected: MIX.find(([k]) => k === kind)![2],
    method,
    path: query === '' ? path : `${path}?${query}`,
    headers,
    body: bytes,
    ...(options.clientOrderId === undefined ? {} : { clientOrderId: options.clientOrderId }),
  };
}

/** The raw bytes of a signed order, for the clients that write to sockets themselves. */
function rawOrder(clientOrderId: string): string {
  const body = orderBody(clientOrderId);
  const headers = accessHeaders({ method: 'POST', path: ORDER_PATH, body });
  let head = `POST ${ORDER_PATH} HTTP/1.1\r\nHost: gw\r\n`;
  for (let i = 0; i + 1 < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return `${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

let oversized: Planned | undefined;

function plan(kind: Kind, id: string): Planned {
  switch (kind) {
    case 'valid-strings':
      return signed(kind, 'POST', ORDER_PATH, orderBody(id), { clientOrderId: id });
    case 'valid-numbers':
      return signed(
        kind,
        'POST',
        ORDER_PATH,
        orderBody(id, { price: '99999.99', quantity: '0.00500', numbers: true }),
        { clientOrderId: id },
      );
    case 'refused': // off the 0.01 tick
      return signed(kind, 'POST', ORDER_PATH, orderBody(id, { price: '100000.005' }));
    case 'duplicate-key':
      return signed(kind, 'POST', ORDER_PATH, orderBody(id).replace('}', ',"price":"1.00"}'));
    case 'form-body':
      return signed(
        kind,
        'POST',
        ORDER_PATH,
        `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=100000.00&newClientOrderId=${id}`,
        { contentType: FORM },
      );
    case 'odd-path':
      return signed(kind, 'POST', '/api/v3//order', orderBody(id));
    case 'oversized': // refused before it is read: one body (and signature) serves every time
      oversized ??= signed(
        kind,
        'POST',
        ORDER_PATH,
        orderBody('big').replace('}', `,"pad":"${OVERSIZED_PAD}"}`),
      );
      return oversized;
    case 'account':
      return signed(kind, 'GET', '/api/v3/account', null);
  }
}

function pick(random: () => number): Kind {
  let roll = random() * TOTAL_WEIGHT;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'valid-strings';
}

interface Tally {
  requests: number;
  /** Latencies in ms, by kind. */
  readonly latencies: Map<Kind, number[]>;
  readonly byKind: Map<Kind, number>;
  /** `kind status` for answers other than the expected one. */
  readonly unexpected: Map<string, number>;
  /** `kind code` for requests that got no answer at all. */
  readonly errors: Map<string, number>;
  signatureRefusals: number;
  answerMismatches: number;
  validChecked: number;
}

function newTally(): Tally {
  return {
    requests: 0,
    latencies: new Map(),
    byKind: new Map(),
    unexpected: new Map(),
    errors: new Map(),
    signatureRefusals: 0,
    answerMismatches: 0,
    validChecked: 0,
  };
}

function bump<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

const CLIENT_ORDER_ID = /"clientOrderId":"([^"]*)"/;

/** `CONNECTIONS` loops over one keep-alive pool until `ms` pass (or the request budget is spent). */
async function load(
  pool: Pool,
  ms: number,
  choose: (random: () => number) => Kind,
  tally: Tally | undefined,
  seed: number,
): Promise<void> {
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      const random = prng(seed + worker);
      let seq = 0;
      while (performance.now() < end && (tally === undefined || tally.requests < MAX_REQUESTS)) {
        const planned = plan(choose(random), `w${worker}s${seed}n${seq++}`);
        const started = performance.now();
        try {
          const response = await pool.request({
            method: planned.method,
            path: planned.path,
            headers: planned.headers,
            body: planned.body,
          });
          const text = await response.body.text();
          const took = performance.now() - started;
          if (tally === undefined) continue;
          tally.requests++;
          bump(tally.byKind, planned.kind);
          const samples = tally.latencies.get(planned.kind) ?? [];
          if (samples.length === 0) tally.latencies.set(planned.kind, samples);
          samples.push(took);
          if (response.statusCode !== planned.expected)
            bump(tally.unexpected, `${planned.kind} ${response.statusCode}`);
          if (text.includes('"code":-1022') || text.includes('"code":-1102')) tally.signatureRefusals++;
          if (planned.clientOrderId !== undefined && response.statusCode === 200) {
            tally.validChecked++;
            if (CLIENT_ORDER_ID.exec(text)?.[1] !== planned.clientOrderId) tally.answerMismatches++;
          }
        } catch (error) {
          if (tally === undefined) continue;
          tally.requests++;
          bump(tally.errors, `${planned.kind} ${(error as { code?: string }).code ?? String(error)}`);
        }
      }
    }),
  );
}

/**
 * A client that dribbles an order's head one byte per 100 ms until the gateway cuts it off, then
 * does it again. `cuts[0]` collects the first round (connected before the load starts, so accepted
 * at once), `cuts[1]` the later ones (connected under load: the time includes the accept queue).
 */
async function slowClient(
  port: number,
  end: number,
  cuts: [number[], number[]],
  statuses: Map<string, number>,
): Promise<void> {
  let round = 0;
  const head = rawOrder('slow');
  while (performance.now() < end) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    const opened = performance.now();
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    let next = 0;
    const writer = setInterval(() => {
      if (next < head.length && socket.writable) socket.write(head[next++]!);
    }, 100);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, end - performance.now()));
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    clearInterval(writer);
    if (socket.destroyed) {
      cuts[round === 0 ? 0 : 1].push(performance.now() - opened);
      round++;
      bump(statuses, /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 'none');
    }
    socket.destroy();
  }
}

/** Connections that send bytes that are not HTTP, or an order and hang up at once. */
async function rudeClient(
  port: number,
  end: number,
  how: 'garbage' | 'leave',
  counts: Map<string, number>,
): Promise<void> {
  let n = 0;
  while (performance.now() < end && n < 100_000) {
    n++;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    await once(socket, 'connect').catch(() => {});
    if (how === 'garbage') {
      socket.write('GET /api/v3/account HTTP/1.1\r\nHost gw\r\n\r\n'); // a header without a colon
      await Promise.race([
        once(socket, 'end'),
        once(socket, 'close'),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
      bump(counts, `garbage ${/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 'none'}`);
    } else {
      socket.write(rawOrder(`leaver${n}`));
      await new Promise((resolve) => setTimeout(resolve, n % 5));
      if (n % 2 === 0) socket.resetAndDestroy();
      else socket.destroy();
      bump(counts, 'left');
    }
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, RUDE_INTERVAL_MS));
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summarize(samples: readonly number[]): {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
} {
  const sorted = Float64Array.from(samples).sort();
  return {
    n: sorted.length,
    p50: percentile(Array.from(sorted), 50),
    p90: percentile(Array.from(sorted), 90),
    p99: percentile(Array.from(sorted), 99),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
  };
}

const ms = (value: number) => (value >= 10 ? `${value.toFixed(0)} ms` : `${value.toFixed(2)} ms`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** What one pipelining connection got back: statuses, and answers that named another order. */
interface PipelineOutcome {
  readonly statuses: Map<number, number>;
  mismatched: number;
  answered: number;
}

/**
 * Writes `count` signed orders on one connection at once and reads the answers, in order, until
 * all have come or the connection closes. Each 200 must echo its own client order id.
 */
function pipelined(port: number, connection: number, count: number): Promise<PipelineOutcome> {
  return new Promise((resolve) => {
    const outcome: PipelineOutcome = { statuses: new Map(), mismatched: 0, answered: 0 };
    const socket = connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    const finish = () => {
      socket.destroy();
      resolve(outcome);
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd === -1) break;
        const head = buffer.subarray(0, headEnd).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < headEnd + 4 + length) break;
        const body = buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
        buffer = buffer.subarray(headEnd + 4 + length);
        const status = Number(head.slice(9, 12));
        bump(outcome.statuses, status);
        if (status === 200 && !body.includes(`"clientOrderId":"p${connection}-${outcome.answered}"`))
          outcome.mismatched++;
        outcome.answered++;
        if (outcome.answered === count) return finish();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(outcome));
    const requests: string[] = [];
    for (let i = 0; i < count; i++) requests.push(rawOrder(`p${connection}-${i}`));
    socket.write(requests.join(''));
  });
}

async function runClient(): Promise<number> {
  const exchange = await startChild('exchange');
  const gateway = await startChild('gateway', [
    '--upstream',
    exchange.url,
    '--log',
    LOG,
    ...(METRICS ? [] : ['--no-metrics']),
    ...(values.desk ? ['--desk'] : []),
  ]);
  const gatewayPort = Number(new URL(gateway.url).port);
  const direct = new Pool(exchange.url, { connections: CONNECTIONS });
  const through = new Pool(gateway.url, { connections: CONNECTIONS });
  const failures: string[] = [];
  try {
    const validOnly = (random: () => number): Kind => (random() < 0.5 ? 'valid-strings' : 'valid-numbers');
    const load0 = loadavg();
    // Each path is warmed up (JIT, connection pool) right before it is measured: an idle pool
    // would lose its connections to the keep-alive timeout and then measure reconnecting.
    await load(direct, WARM_UP_MS, validOnly, undefined, 1);
    const directTally = newTally();
    const directStart = performance.now();
    await load(direct, DIRECT_SECONDS * 1_000, validOnly, directTally, 3);
    const directSeconds = (performance.now() - directStart) / 1_000;
    // Its connections would count as the exchange's during the mix: the peak is the gateway's.
    await direct.close();

    await load(through, WARM_UP_MS, pick, undefined, 2);
    const before = (await gateway.ask<{ memory: NodeJS.MemoryUsage }>({ type: 'memory' }, 'memory')).memory;
    const exchangeBefore = (await exchange.ask<{ stats: FakeExchangeStats }>({ type: 'stats' }, 'stats'))
      .stats;
    const reportBefore = await gateway.ask<{
      stats: RiskGatewayStats;
      events: Record<string, number>;
      cpu: NodeJS.CpuUsage;
    }>({ type: 'stats' }, 'stats');
    const gatewayBefore = reportBefore.stats;
    await exchange.ask({ type: 'reset-peak' }, 'peak');
    gateway.process.send({ type: 'reset-delay' } satisfies Command);
    loopDelay.reset();

    const tally = newTally();
    let reconnects = 0;
    const disconnects = new Map<string, number>();
    through.on('connect', () => {
      reconnects++;
    });
    through.on('disconnect', (_origin, _targets, error) => {
      bump(disconnects, (error as { code?: string }).code ?? error.message);
    });
    const slowCuts: [number[], number[]] = [[], []];
    const slowStatuses = new Map<string, number>();
    const rude = new Map<string, number>();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      void gateway
        .ask<{ memory: NodeJS.MemoryUsage }>({ type: 'memory' }, 'memory')
        .then(({ memory: m }) => {
          peakRss = Math.max(peakRss, m.rss);
          peakHeap = Math.max(peakHeap, m.heapUsed);
        })
        .catch(() => {});
    }, 2_000);
    // A Prometheus scraping the gateway, on a connection of its own.
    const scrapes = { done: 0, failed: 0, open: 0, busy: 0 };
    const scrapePool = new Pool(gateway.url, { connections: 1 });
    const scraper = !METRICS
      ? undefined
      : setInterval(() => {
          void scrapePool
            .request({ method: 'GET', path: METRICS_PATH })
            .then(async (response) => {
              const text = await response.body.text();
              if (response.statusCode !== 200) throw new Error(String(response.statusCode));
              scrapes.done++;
              const gauge = (state: string) =>
                Number(new RegExp(`_upstream_connections\\{state="${state}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
              scrapes.open = Math.max(scrapes.open, gauge('open'));
              scrapes.busy = Math.max(scrapes.busy, gauge('busy'));
            })
            .catch(() => {
              scrapes.failed++;
            });
        }, SCRAPE_MS);
    const start = performance.now();
    const end = start + SECONDS * 1_000;
    const slow = Array.from({ length: SLOW_CLIENTS }, () =>
      slowClient(gatewayPort, end, slowCuts, slowStatuses),
    );
    await new Promise((resolve) => setTimeout(resolve, 100)); // the first slow round is accepted
    await Promise.all([
      load(through, SECONDS * 1_000 - 100, pick, tally, 4),
      ...slow,
      rudeClient(gatewayPort, end, 'garbage', rude),
      rudeClient(gatewayPort, end, 'leave', rude),
    ]);
    const seconds = (performance.now() - start) / 1_000;
    clearInterval(sampler);
    clearInterval(scraper);
    const mixPeak = (await exchange.ask<{ peak: number }>({ type: 'peak' }, 'peak')).peak;

    await new Promise((resolve) => setTimeout(resolve, 1_000)); // let the last aborts settle
    const after = (await gateway.ask<{ memory: NodeJS.MemoryUsage }>({ type: 'memory' }, 'memory')).memory;
    const exchangeAfter = (await exchange.ask<{ stats: FakeExchangeStats }>({ type: 'stats' }, 'stats'))
      .stats;
    const clientDelay = delayFigures();
    await scrapePool.close();
    const gatewayReport = await gateway.ask<{
      stats: RiskGatewayStats;
      events: Record<string, number>;
      delay: ReturnType<typeof delayFigures>;
      cpu: NodeJS.CpuUsage;
      log?: { format: string; lines: number; bytes: number };
    }>({ type: 'stats' }, 'stats');
    // The audit records (`request` events) of the mix phase, by outcome.
    const records = new Map<string, number>();
    for (const [key, n] of Object.entries(gatewayReport.events))
      if (key.startsWith('request ')) records.set(key.slice(8), n - (reportBefore.events[key] ?? 0));
    const recordCount = [...records.values()].reduce((a, b) => a + b, 0);
    const gatewayAfter = gatewayReport.stats;

    const validDirect = summarize(VALID_KINDS.flatMap((kind) => directTally.latencies.get(kind) ?? []));
    const validVia = summarize(VALID_KINDS.flatMap((kind) => tally.latencies.get(kind) ?? []));
    const refused = summarize(tally.latencies.get('refused') ?? []);
    const all = summarize([...tally.latencies.values()].flat());
    const forwarded = gatewayAfter.forwarded - gatewayBefore.forwarded;
    const arrived = exchangeAfter.requests - exchangeBefore.requests;
    const verified = exchangeAfter.verified - exchangeBefore.verified;
    const mismatches =
      exchangeAfter.signatureMismatches -
      exchangeBefore.signatureMismatches +
      (exchangeAfter.missingSignatures - exchangeBefore.missingSignatures);
    const unexpected = [...tally.unexpected.values()].reduce((a, b) => a + b, 0);
    const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
    const firstCuts = [...slowCuts[0]].sort((a, b) => a - b);
    const laterCuts = [...slowCuts[1]].sort((a, b) => a - b);

    if (mismatches > 0 || tally.signatureRefusals > 0 || directTally.signatureRefusals > 0)
      failures.push(`${mismatches} signature mismatches at the exchange`);
    if (arrived !== forwarded) failures.push(`${forwarded} requests forwarded but ${arrived} arrived`);
    if (tally.answerMismatches > 0)
      failures.push(`${tally.answerMismatches} answers that belonged to another request`);
    if (unexpected > 0) failures.push(`${unexpected} unexpected statuses`);
    if (errors > 0) failures.push(`${errors} requests without an answer`);
    if (gateway.process.exitCode !== null) failures.push('the gateway process died');
    if (SLOW_CLIENTS > 0 && firstCuts.length < SLOW_CLIENTS) failures.push('a slow client was not cut off');
    if (recordCount < tally.requests - errors + scrapes.done)
      failures.push(
        `${recordCount} audit records for ${tally.requests - errors} answered requests and ${scrapes.done} scrapes`,
      );
    if (scrapes.failed > 0) failures.push(`${scrapes.failed} scrapes of ${METRICS_PATH} failed`);

    // 3. Pipelining: many orders written at once on few connections.
    let pipelineLine = 'pipelining: skipped (--pipelined-connections 0)';
    if (PIPELINED_CONNECTIONS > 0) {
      await exchange.ask({ type: 'reset-peak' }, 'peak');
      const rssBefore = (await gateway.ask<{ memory: NodeJS.MemoryUsage }>({ type: 'memory' }, 'memory'))
        .memory.rss;
      let rssPeak = rssBefore;
      const pipeSampler = setInterval(() => {
        void gateway
          .ask<{ memory: NodeJS.MemoryUsage }>({ type: 'memory' }, 'memory')
          .then(({ memory: m }) => {
            rssPeak = Math.max(rssPeak, m.rss);
          })
          .catch(() => {});
      }, 500);
      const pipeStart = performance.now();
      const outcomes = await Promise.all(
        Array.from({ length: PIPELINED_CONNECTIONS }, (_, c) =>
          pipelined(gatewayPort, c, PIPELINED_REQUESTS),
        ),
      );
      const pipeSeconds = (performance.now() - pipeStart) / 1_000;
      clearInterval(pipeSampler);
      const peak = (await exchange.ask<{ peak: number }>({ type: 'peak' }, 'peak')).peak;
      const statuses = new Map<number, number>();
      for (const outcome of outcomes)
        for (const [status, n] of outcome.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
      const answered = outcomes.reduce((sum, o) => sum + o.answered, 0);
      const mismatched = outcomes.reduce((sum, o) => sum + o.mismatched, 0);
      const total = PIPELINED_CONNECTIONS * PIPELINED_REQUESTS;
      // The rule-book client's own connection may be open beside the gateway's pool.
      if (peak > MAX_UPSTREAM_CONNECTIONS + 1)
        failures.push(`pipelining opened ${peak} upstream connections (cap ${MAX_UPSTREAM_CONNECTIONS})`);
      if (answered !== total)
        failures.push(`pipelining: ${total - answered} of ${total} requests unanswered`);
      if (mismatched > 0) failures.push(`pipelining: ${mismatched} answers that belonged to another request`);
      const unexpectedStatuses = [...statuses.keys()].filter((status) => status !== 200 && status !== 503);
      if (unexpectedStatuses.length > 0)
        failures.push(`pipelining: unexpected statuses ${unexpectedStatuses.join(', ')}`);
      pipelineLine = `pipelining: ${PIPELINED_CONNECTIONS} connections × ${PIPELINED_REQUESTS} orders written at once: ${answered} answered in ${pipeSeconds.toFixed(1)} s (${[...statuses.entries()].map(([status, n]) => `${status}: ${n}`).join(', ')}), ${mismatched} with another's order id; upstream connections at their peak: ${peak} (cap ${MAX_UPSTREAM_CONNECTIONS}); gateway RSS ${mib(rssBefore)} before, ${mib(rssPeak)} peak`;
    }

    const row = (name: string, rps: string, s: ReturnType<typeof summarize>) =>
      `| ${name} | ${s.n} | ${rps} | ${ms(s.p50)} | ${ms(s.p90)} | ${ms(s.p99)} | ${ms(s.max)} |`;
    const lines = [
      `node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}), load average before ${load0
        .map((l) => l.toFixed(1))
        .join(' ')}; exchange, gateway and clients in 3 processes on 127.0.0.1`,
      `${CONNECTIONS} keep-alive connections: ${DIRECT_SECONDS} s direct (valid orders), then ${SECONDS} s through the gateway (the mix), after ${WARM_UP_MS} ms warm-up each; plus ${SLOW_CLIENTS} slow clients, one new connection every ${RUDE_INTERVAL_MS} ms sending bytes that are not HTTP, and one every ${RUDE_INTERVAL_MS} ms sending an order and hanging up${values.desk ? '; desk controls on (--desk)' : ''}`,
      '',
      '| path | requests | per second | p50 | p90 | p99 | max |',
      '|---|---|---|---|---|---|---|',
      row('direct → exchange, valid orders', (validDirect.n / directSeconds).toFixed(0), validDirect),
      row('client → gateway → exchange, valid orders', (validVia.n / seconds).toFixed(0), validVia),
      `| **added by the gateway** (difference) | | | **${ms(validVia.p50 - validDirect.p50)}** | ${ms(validVia.p90 - validDirect.p90)} | **${ms(validVia.p99 - validDirect.p99)}** | |`,
      row('client → gateway, refused orders (not forwarded)', (refused.n / seconds).toFixed(0), refused),
      row('client → gateway, the whole mix', (all.n / seconds).toFixed(0), all),
      '',
      `mix through the gateway: ${[...tally.byKind.entries()].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
      `unexpected statuses: ${unexpected}${unexpected > 0 ? ` (${[...tally.unexpected.entries()].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}; requests without an answer: ${errors}${errors > 0 ? ` (${[...tally.errors.entries()].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
      `bytes: ${forwarded} requests forwarded, ${arrived} arrived at the exchange, ${verified} signatures verified over the raw bytes, ${mismatches} mismatches; ${tally.validChecked} accepted orders answered with their own client order id, ${tally.answerMismatches} with another`,
      `slow clients (one byte per 100 ms, headers timeout ${HEADERS_TIMEOUT_MS} ms): first round (accepted at once) ${firstCuts.length} cut after ${ms(percentile(firstCuts, 50))} median, ${ms(firstCuts.at(-1) ?? Number.NaN)} at most; later rounds (connected under load) ${laterCuts.length} cut ${ms(percentile(laterCuts, 50))} median, ${ms(laterCuts.at(-1) ?? Number.NaN)} at most after connecting; answers ${[...slowStatuses.entries()].map(([status, n]) => `${status}: ${n}`).join(', ')}`,
      `rude clients: ${[...rude.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`,
      `upstream connections at their peak during the mix: ${mixPeak} (counted by the exchange; cap ${MAX_UPSTREAM_CONNECTIONS})${METRICS ? `; in the gateway's metrics, scraped every ${SCRAPE_MS} ms (${scrapes.done} scrapes, ${scrapes.failed} failed): ${scrapes.open} open, ${scrapes.busy} busy at most` : ''}`,
      `audit records (request events) during the mix: ${recordCount} (${[...records.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}) for ${tally.requests - errors} answered requests of the mix, ${scrapes.done} scrapes, and the rude and slow clients' requests; metrics ${METRICS ? 'on' : 'off'}; log ${gatewayReport.log === undefined ? 'none' : `${gatewayReport.log.format}: ${gatewayReport.log.lines} lines, ${mib(gatewayReport.log.bytes)} (whole run)`}`,
      pipelineLine,
      `gateway memory: RSS ${mib(before.rss)} before, ${mib(peakRss)} peak (sampled every 2 s), ${mib(after.rss)} after; heap used ${mib(before.heapUsed)} before, ${mib(peakHeap)} peak, ${mib(after.heapUsed)} after (after a GC)`,
      `gateway CPU time during the mix (user + system, less sensitive to the machine's load than throughput): ${(
        (gatewayReport.cpu.user -
          reportBefore.cpu.user +
          gatewayReport.cpu.system -
          reportBefore.cpu.system) /
          Math.max(1, recordCount)
      ).toFixed(0)} µs per request answered`,
      `event-loop delay during the run (p50 / p99 / max): gateway ${ms(gatewayReport.delay.p50)} / ${ms(gatewayReport.delay.p99)} / ${ms(gatewayReport.delay.max)}, clients ${ms(clientDelay.p50)} / ${ms(clientDelay.p99)} / ${ms(clientDelay.max)}`,
      `gateway connections open at the end: ${gatewayReport.stats.openConnections}; the clients' pool reopened ${reconnects} during the run (closed: ${[...disconnects.entries()].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'})`,
      `gateway events during the run: ${Object.entries(gatewayReport.events)
        .filter(
          ([key]) => !key.startsWith('verdict') && !key.startsWith('answered') && !key.startsWith('request'),
        )
        .map(([key, n]) => `${key} ${n}`)
        .join(', ')}`,
      '',
      failures.length === 0 ? 'all checks passed' : `FAILED: ${failures.join('; ')}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    if (!direct.closed) await direct.close();
    await through.close();
    await stopChild(gateway);
    await stopChild(exchange);
  }
  return failures.length === 0 ? 0 : 1;
}

if (values.role === 'exchange') await runExchange();
else if (values.role === 'gateway') await runGateway(values.upstream!);
else process.exitCode = await runClient();

// A server role ends with its parent.
if (values.role !== 'client') process.on('disconnect', () => process.exit(0));
