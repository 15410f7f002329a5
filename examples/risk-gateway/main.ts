/**
 * Runs the risk gateway in front of a WEEX V3 exchange:
 *
 *   npx tsx examples/risk-gateway/main.ts --upstream https://api.example.com --port 8080 \
 *     [--ticker-ms 3000] [--max-price-age-ms 10000] [--fail-open] [--reference-prices prices.json] \
 *     [--max-notional 250000] [--refresh-ms 60000] [--max-connections 1024] ...
 *
 * Orders are refused (503) until the first rule book has been fetched; the book is refetched
 * every `--refresh-ms`. Reference prices come from the exchange's ticker, polled every
 * `--ticker-ms`, unless `--reference-prices` names a file. One log line per verdict goes to
 * standard output.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
// In your project: import { ... } from 'order-preflight' and 'order-preflight/node'.
import { formatRuleBookDiff, parseJsonStrictly } from '../../src/index.js';
import { createRuleBookSource, ExchangeInfoClient } from '../../src/node.js';
import { createRiskGateway, type GatewayEvent, type ReferencePrices, STATUS_PATH } from './gateway.js';
import { isJsonObject, SIZE_BOUNDED_LIMITS } from './json-values.js';
import { isPlainPositiveDecimal } from './plain-decimal.js';
import { createReferenceTicker, type ReferenceTicker, type TickerEvent } from './reference-ticker.js';

const USAGE = `usage: npx tsx examples/risk-gateway/main.ts --upstream URL [--port N] [--host H]
                 [--ticker-ms N] [--max-price-age-ms N] [--fail-open] [--reference-prices FILE]
                 [--max-notional N] [--refresh-ms N]
                 [--max-connections N] [--max-connections-per-peer N]
                 [--max-upstream-connections N] [--max-upstream-queue N]
                 [--headers-timeout-ms N] [--request-timeout-ms N]
                 [--upstream-timeout-ms N] [--max-body-bytes N]

  --upstream URL            the exchange's origin, e.g. https://api.example.com (required)
  --port N                  port to listen on (default 8080)
  --host H                  address to listen on (default 127.0.0.1)
  --ticker-ms N             poll GET /api/v3/market/ticker/price every N ms for reference
                            prices (default 3000)
  --max-price-age-ms N      a reference price older than this is not used (default 10000)
  --fail-open               forward an order whose price band cannot be checked (no fresh
                            reference price), logging "band unchecked"; default: refuse it (503)
  --reference-prices FILE   JSON map of symbol to last price, e.g. {"BTCUSDT": "100000.00"},
                            instead of the ticker (for tests, or your own feed)
  --max-notional N          refuse orders whose (worst-case) price x quantity exceeds N quote units
  --refresh-ms N            rule-book refresh interval in ms (default 60000)
  --max-connections N       client connections served at once (default 1024); the next 64 get
                            503 (not sent), further ones are closed at once
  --max-connections-per-peer N
                            connections one address may hold (default 3/4 of --max-connections)
  --max-upstream-connections N
                            connections to the exchange, at most (default 128); past them and
                            --max-upstream-queue (512) waiting, 503 upstream-busy (not sent)
  --max-upstream-queue N    requests that may wait for an upstream connection (default 512)
  --headers-timeout-ms N    time for a client to send a request head (default 10000), then 408
  --request-timeout-ms N    time for a client to send a whole request (default 30000), then 408
  --upstream-timeout-ms N   time for the exchange to answer (default 10000), then 504/502
  --max-body-bytes N        request body cap (default 65536), then 413`;

function fail(message: string): never {
  process.stderr.write(`risk-gateway: ${message}\n${USAGE}\n`);
  process.exit(2);
}

let logging = true;
function log(line: string): void {
  if (logging) process.stdout.write(`${new Date().toISOString()} ${line}\n`);
}
// Whoever reads the log may go away (a closed pipe: EPIPE). Orders matter more than log lines:
// stop logging, say so once on stderr, and keep serving.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (!logging) return;
  logging = false;
  process.stderr.write(
    `risk-gateway: standard output failed (${error.code ?? error.message}); logging stopped\n`,
  );
});

function integerArg(name: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) fail(`--${name} must be a positive integer, got "${text}"`);
  return Number(text);
}

/** The file's prices, each by its written digits (a JSON number `2650.50` stays `2650.50`). */
async function readReferencePrices(file: string): Promise<Map<string, string>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    fail(`cannot read --reference-prices ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A file of the operator's own: its size is its bound.
  const read = parseJsonStrictly(bytes, SIZE_BOUNDED_LIMITS);
  if (!read.ok) fail(`--reference-prices ${file} is not UTF-8 JSON (${read.reason}: ${read.detail})`);
  const json = read.value;
  if (!isJsonObject(json)) fail(`--reference-prices ${file} must hold a JSON object of symbol to price`);
  const prices = new Map<string, string>();
  // A JSON number reads as its written text, as a string does.
  for (const [symbol, price] of Object.entries(json)) {
    if (typeof price !== 'string' || !isPlainPositiveDecimal(price)) {
      fail(
        `--reference-prices ${file}: the price of ${symbol} must be a positive decimal such as "100.5", got ${JSON.stringify(price)}`,
      );
    }
    prices.set(symbol, price);
  }
  return prices;
}

function describeTickerEvent(event: TickerEvent): string | undefined {
  switch (event.type) {
    case 'ticker-ready':
      return `ticker ready: ${event.symbols} reference prices`;
    case 'ticker-recovered':
      return `ticker recovered after ${event.afterFailures} failed polls: ${event.symbols} reference prices`;
    case 'ticker-failed':
      // The first failure and then every tenth: a ticker down for an hour is not 1,200 lines.
      return event.consecutiveFailures === 1 || event.consecutiveFailures % 10 === 0
        ? `ticker failed (${event.consecutiveFailures} in a row): ${event.error}`
        : undefined;
  }
}

function describeEvent(event: GatewayEvent): string | undefined {
  switch (event.type) {
    case 'verdict': {
      const { symbol, side, type, quantity, price } = event.order;
      const what = `${shown(symbol)} ${shown(side)} ${shown(type)} ${shown(quantity)}${price === undefined ? '' : ` @ ${shown(price)}`}`;
      if (!event.result.ok) return `REFUSE ${what}: ${event.result.violations.map((v) => v.code).join(', ')}`;
      if (event.bandUnchecked === undefined) return `ACCEPT ${what}`;
      const why = event.bandUnchecked === 'stale' ? 'reference price too old' : 'no reference price';
      return failOpen
        ? `ACCEPT ${what} (band unchecked: ${why})`
        : `UNCHECKED ${what}: not sent, band unchecked (${why})`;
    }
    case 'answered':
      // A refused or unchecked order was already logged with its verdict.
      return event.reason === 'order-refused' ||
        event.reason === 'reference-price-missing' ||
        event.reason === 'reference-price-stale'
        ? undefined
        : `${event.status} ${event.reason}: ${event.msg}`;
    case 'upstream-failure':
      return `UPSTREAM ${event.outcome.kind} for ${event.method} ${event.target}`;
    case 'client-gone':
      return `CLIENT GONE (${event.stage}) ${event.method} ${event.target}`;
    case 'client-error':
      return `CLIENT ERROR ${event.code}${event.status === undefined ? '' : ` answered ${event.status}`}`;
    case 'connection-dropped':
      return `CONNECTION DROPPED (${event.open} open)`;
    case 'connection-evicted':
      return `CONNECTION EVICTED (${event.peer}: no request head at the connection cap)`;
    case 'server-error':
      return `SERVER ERROR ${event.code}`;
  }
}

function shown(value: unknown): string {
  if (value === undefined) return '?';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

let parsedArgs: ReturnType<typeof parseCommandLine>;
function parseCommandLine() {
  return parseArgs({
    options: {
      upstream: { type: 'string' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      'reference-prices': { type: 'string' },
      'ticker-ms': { type: 'string', default: '3000' },
      'max-price-age-ms': { type: 'string', default: '10000' },
      'fail-open': { type: 'boolean', default: false },
      'max-notional': { type: 'string' },
      'refresh-ms': { type: 'string', default: '60000' },
      'max-connections': { type: 'string' },
      'max-connections-per-peer': { type: 'string' },
      'max-upstream-connections': { type: 'string' },
      'max-upstream-queue': { type: 'string' },
      'headers-timeout-ms': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'upstream-timeout-ms': { type: 'string' },
      'max-body-bytes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
}
try {
  parsedArgs = parseCommandLine();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values } = parsedArgs;
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (values.upstream === undefined) fail('--upstream is required');
const upstream = values.upstream;
const port = Number(values.port) === 0 ? 0 : integerArg('port', values.port);
const intervalMs = integerArg('refresh-ms', values['refresh-ms']);
const limits: Record<string, number> = {};
for (const [flag, option] of [
  ['max-connections', 'maxConnections'],
  ['max-connections-per-peer', 'maxConnectionsPerPeer'],
  ['max-upstream-connections', 'maxUpstreamConnections'],
  ['max-upstream-queue', 'maxUpstreamQueue'],
  ['headers-timeout-ms', 'headersTimeoutMs'],
  ['request-timeout-ms', 'requestTimeoutMs'],
  ['upstream-timeout-ms', 'upstreamTimeoutMs'],
  ['max-body-bytes', 'maxBodyBytes'],
] as const) {
  const text = values[flag];
  if (text !== undefined) limits[option] = integerArg(flag, text);
}
const tickerMs = integerArg('ticker-ms', values['ticker-ms']);
const maxReferenceAgeMs = integerArg('max-price-age-ms', values['max-price-age-ms']);
const failOpen = values['fail-open'] === true;
let ticker: ReferenceTicker | undefined;
let referencePrices: ReferencePrices;
if (values['reference-prices'] !== undefined) {
  referencePrices = await readReferencePrices(values['reference-prices']);
} else {
  try {
    ticker = createReferenceTicker({
      upstreamUrl: upstream,
      intervalMs: tickerMs,
      onEvent: (event) => {
        const line = describeTickerEvent(event);
        if (line !== undefined) log(line);
      },
    });
  } catch (error) {
    fail(`--upstream: ${error instanceof Error ? error.message : String(error)}`);
  }
  referencePrices = ticker;
}

let client: ExchangeInfoClient;
try {
  client = new ExchangeInfoClient({ baseUrl: upstream });
} catch (error) {
  fail(`--upstream: ${error instanceof Error ? error.message : String(error)}`);
}
const source = createRuleBookSource({
  client,
  intervalMs,
  onChange: (diff) => log(`rule book changed:\n${formatRuleBookDiff(diff)}`),
  onError: (error) =>
    log(`rule-book refresh failed: ${error instanceof Error ? error.message : String(error)}`),
});

let gateway: Awaited<ReturnType<typeof createRiskGateway>>;
try {
  gateway = await createRiskGateway({
    upstreamUrl: upstream,
    source,
    referencePrices,
    maxReferenceAgeMs,
    failOpen,
    ...(values['max-notional'] === undefined ? {} : { maxNotional: values['max-notional'] }),
    port,
    host: values.host,
    ...limits,
    onEvent: (event) => {
      const line = describeEvent(event);
      if (line !== undefined) log(line);
    },
  });
} catch (error) {
  await client.close();
  fail(error instanceof Error ? error.message : String(error));
}
ticker?.start();
log(
  `risk gateway on ${gateway.url} -> ${upstream} (orders refused until the first rule book arrives; ` +
    `reference prices ${ticker === undefined ? `from ${values['reference-prices']}` : `polled every ${tickerMs} ms`}; ` +
    `${failOpen ? 'fail-open: orders with an unchecked band are forwarded' : 'fail closed'}; status at ${gateway.url}${STATUS_PATH})`,
);

// Log the first book once it arrives; each failed try is logged by onError, and ready() waits for the next.
void (async () => {
  while (source.state !== 'stopped') {
    try {
      const book = await source.ready();
      log(
        `rule book ready: ${book.size} pairs${book.rejected.length > 0 ? `, ${book.rejected.length} set aside` : ''}`,
      );
      return;
    } catch {
      if (client.closed) return;
    }
  }
})();

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${signal}: closing`);
  await gateway.close();
  await ticker?.stop();
  await source.stop();
  await client.close();
  const { judged, accepted, refused, unchecked, forwarded } = gateway.stats;
  log(
    `closed: ${judged} orders judged, ${accepted} accepted, ${refused} refused, ${unchecked} not sent for want of a reference price, ${forwarded} requests forwarded`,
  );
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
