/**
 * Runs the risk gateway in front of an exchange:
 *
 *   npx tsx examples/risk-gateway/main.ts --upstream https://api.example.com --port 8080 \
 *     [--reference-prices prices.json] [--max-notional 250000] [--refresh-ms 60000] \
 *     [--max-connections 1024] [--headers-timeout-ms 10000] [--request-timeout-ms 30000]
 *
 * Orders are refused (503) until the first rule book has been fetched; the book is refetched
 * every `--refresh-ms`. One log line per verdict goes to standard output.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
// In your project: import { ... } from 'order-preflight' and 'order-preflight/node'.
import { formatRuleBookDiff } from '../../src/index.js';
import { createRuleBookSource, ExchangeInfoClient } from '../../src/node.js';
import { createRiskGateway, type GatewayEvent, isPlainPositiveDecimal } from './gateway.js';

const USAGE = `usage: npx tsx examples/risk-gateway/main.ts --upstream URL [--port N] [--host H]
                 [--reference-prices FILE] [--max-notional N] [--refresh-ms N]
                 [--max-connections N] [--headers-timeout-ms N] [--request-timeout-ms N]
                 [--upstream-timeout-ms N] [--max-body-bytes N]

  --upstream URL            the exchange's origin, e.g. https://api.example.com (required)
  --port N                  port to listen on (default 8080)
  --host H                  address to listen on (default 127.0.0.1)
  --reference-prices FILE   JSON map of symbol to last price, e.g. {"BTCUSDT": "100000.00"}
  --max-notional N          refuse orders whose (worst-case) price x quantity exceeds N quote units
  --refresh-ms N            rule-book refresh interval in ms (default 60000)
  --max-connections N       client connections served at once (default 1024); the next 64 get
                            503 (not sent), further ones are closed at once
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

async function readReferencePrices(file: string): Promise<Map<string, string | number>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    fail(`cannot read --reference-prices ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    fail(`--reference-prices ${file} must hold a JSON object of symbol to price`);
  }
  const prices = new Map<string, string | number>();
  for (const [symbol, price] of Object.entries(parsed)) {
    if (!isPlainPositiveDecimal(price)) {
      fail(
        `--reference-prices ${file}: the price of ${symbol} must be a positive decimal such as "100.5", got ${JSON.stringify(price)}`,
      );
    }
    prices.set(symbol, price as string | number);
  }
  return prices;
}

function describeEvent(event: GatewayEvent): string | undefined {
  switch (event.type) {
    case 'verdict': {
      const { symbol, side, type, quantity, price } = event.order;
      const what = `${symbol ?? '?'} ${side ?? '?'} ${type ?? '?'} ${quantity ?? '?'}${price === undefined ? '' : ` @ ${price}`}`;
      return event.result.ok
        ? `ACCEPT ${what}`
        : `REFUSE ${what}: ${event.result.violations.map((v) => v.code).join(', ')}`;
    }
    case 'answered':
      // A refused order was already logged with its verdict.
      return event.reason === 'order-refused' ? undefined : `${event.status} ${event.reason}: ${event.msg}`;
    case 'upstream-failure':
      return `UPSTREAM ${event.outcome.kind} for ${event.method} ${event.target}`;
    case 'client-gone':
      return `CLIENT GONE (${event.stage}) ${event.method} ${event.target}`;
    case 'client-error':
      return `CLIENT ERROR ${event.code}${event.status === undefined ? '' : ` answered ${event.status}`}`;
    case 'connection-dropped':
      return `CONNECTION DROPPED (${event.open} open)`;
    case 'server-error':
      return `SERVER ERROR ${event.code}`;
  }
}

let parsedArgs: ReturnType<typeof parseCommandLine>;
function parseCommandLine() {
  return parseArgs({
    options: {
      upstream: { type: 'string' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      'reference-prices': { type: 'string' },
      'max-notional': { type: 'string' },
      'refresh-ms': { type: 'string', default: '60000' },
      'max-connections': { type: 'string' },
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
  ['headers-timeout-ms', 'headersTimeoutMs'],
  ['request-timeout-ms', 'requestTimeoutMs'],
  ['upstream-timeout-ms', 'upstreamTimeoutMs'],
  ['max-body-bytes', 'maxBodyBytes'],
] as const) {
  const text = values[flag];
  if (text !== undefined) limits[option] = integerArg(flag, text);
}
const referencePrices =
  values['reference-prices'] === undefined
    ? undefined
    : await readReferencePrices(values['reference-prices']);

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
    ...(referencePrices === undefined ? {} : { referencePrices }),
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
log(`risk gateway on ${gateway.url} -> ${upstream} (orders refused until the first rule book arrives)`);

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
  await source.stop();
  await client.close();
  const { judged, accepted, refused, forwarded } = gateway.stats;
  log(
    `closed: ${judged} orders judged, ${accepted} accepted, ${refused} refused, ${forwarded} requests forwarded`,
  );
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
