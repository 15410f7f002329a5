import * as z from 'zod/mini';
import { ContractBook } from '../../futures.js';
import { CONTRACT_SKIPPABLE_CHECKS } from '../../gateway/contract-orders.js';
import { MAX_TIMER_MS } from '../../gateway/gateway-options.js';
import { describeSkips } from '../../gateway/unchecked-checks.js';
import {
  createReferenceTicker,
  createRiskGateway,
  DEFAULT_MAX_PRICE_JUMP,
  type GatewayEvent,
  METRICS_PATH,
  type PriceJump,
  type ReferencePrices,
  type ReferenceTicker,
  type RiskGateway,
  SKIPPABLE_CHECKS,
  STATUS_PATH,
  type TickerEvent,
} from '../../gateway.js';
import {
  CLIENT_ORDER_ID_RULES,
  formatRuleBookDiff,
  isInvalidArgumentError,
  type ViolationCode,
} from '../../index.js';
import { createRuleBookSource, ExchangeInfoClient } from '../../node.js';
import { CliError } from '../cli-error.js';
import { type Command, PROGRAM } from '../command.js';
import {
  flaggedCommand,
  flagTable,
  marketFlag,
  optionalText,
  positiveDecimalValue,
  refuseFlag,
  repeatedFlag,
  required,
  shown as shownFlagValue,
  switchFlag,
  valueFlag,
  wholeNumberIn,
} from '../flag-schema.js';
import { oneOf, withDefault } from '../flag-schema-parts.js';
import {
  DESK_HELP,
  DESK_VERDICT_REASONS,
  describeDeskRefusal,
  describeViolations,
  deskFlags,
  setUpDesk,
} from '../gateway-desk.js';
import { type CliIo, EXIT_OK, EXIT_USAGE, watchOutput } from '../io.js';
import { loadReferencePrices } from '../load-files.js';
import { waitForStopSignal } from '../stop-signal.js';
import { describeError } from '../text.js';
import { loadContractRules } from './check-futures.js';
import {
  createGatewayLog,
  describeRequest,
  type GatewayLog,
  LOG_FORMATS,
  type LogFormat,
  pathOf,
} from './gateway-log.js';

const HELP = `Usage: ${PROGRAM} gateway --upstream URL [options]

Runs the risk gateway: an HTTP server in front of a WEEX V3 spot exchange that
judges every POST /api/v3/order against the exchange's rules before it is sent,
forwards a good order byte for byte (its signature stays valid) and refuses a bad
one with the exchange's error shape. Orders are refused (503) until the first rule
book has been fetched. The log goes to standard output: one REQUEST line per
request (method, path without the query, API key, outcome, status, reason,
violation codes, latency; never a signature, passphrase or body) and one per
verdict and failure. GET /metrics serves Prometheus metrics, GET /preflight/status
the gateway's health. It runs until SIGINT or SIGTERM. See docs/gateway.md.

With --market futures it fronts the WEEX contract host instead: it judges
POST /capi/v3/order and POST /capi/v3/algoOrder against the contract payload of
--rules (as '${PROGRAM} fetch --market futures' saves it), or the contracts fetched
once at start from --upstream's GET /capi/v3/market/exchangeInfo, and refuses
every other order-placing path, spot ones included. It knows no position, so an
order that opens or adds to one is refused (503 rule-unchecked) unless
--allow-unchecked POSITION_SIZE_ABOVE_MAX; it polls no ticker, so without
--reference-prices an order with a price band is refused unless the band's checks
are allowed unchecked. Desk limits (--limits) are refused with --market futures.

Options:
  --upstream URL            the exchange's origin, e.g. https://api.example.com (required)
  --market M                spot (the default) or futures (the contract host)
  --rules FILE              (--market futures) the contract payload to judge orders against;
                            without it, the contracts are fetched once from --upstream at start
  --port N                  port to listen on (default 8080; 0 picks a free one)
  --host H                  address to listen on (default 127.0.0.1)
  --ticker-ms N             poll GET /api/v3/market/ticker/price every N ms for reference
                            prices (default 3000)
  --max-price-age-ms N      a reference price older than this is not used (default 10000)
  --fail-open               forward an order whose price band cannot be checked (no fresh
                            reference price), logging "band unchecked"; default: refuse it (503)
  --allow-unchecked CHECK   forward an order although CHECK could not be made (the pair lacks
                            the rule field it needs, or a reference price); repeatable. CHECK is
                            the code the check would produce, one of
${wrapped(SKIPPABLE_CHECKS, 28, 94)};
                            with --market futures, one of
${wrapped(CONTRACT_SKIPPABLE_CHECKS, 28, 94)}.
                            Default: none; such an order is refused 503 rule-unchecked
  --max-price-jump RATIO    a polled price more than RATIO away from the one in force (0.1 is
                            10 %) moves the band only once the next poll confirms it (default
                            ${DEFAULT_MAX_PRICE_JUMP})
  --allow-rule-field-removal
                            take a refreshed rule book in which a listed pair lost a rule field
                            (maxTradeAmount, a ratio, tickSize, status, ...); default: refuse it
                            and keep the book in force, which goes stale if refusals persist
  --client-order-ids RULE   length (default): a newClientOrderId is 1 to 40 characters of any
                            kind, what spot documents; futures-pattern: also 1 to 36 of
                            A-Z a-z 0-9 . : / _ -, the pattern WEEX documents for futures ids
  --reference-prices FILE   JSON map of symbol to last price, e.g. {"BTCUSDT": "100000.00"},
                            instead of the ticker (for tests, or your own feed)
  --max-notional N          refuse orders whose (worst-case) price x quantity exceeds N quote units
${DESK_HELP}
  --refresh-ms N            rule-book refresh interval in ms (default 60000)
  --max-connections N       client connections served at once (default 1024); the next 64 get
                            503 (not sent), further ones are closed at once
  --max-connections-per-peer N
                            connections one address may hold (default 3/4 of --max-connections)
  --max-upstream-connections N
                            connections to the exchange, at most (default 128); past them and
                            --max-upstream-queue waiting, 503 upstream-busy (not sent)
  --max-upstream-queue N    requests that may wait for an upstream connection (default 512)
  --headers-timeout-ms N    time for a client to send a request head (default 10000), then 408
  --request-timeout-ms N    time for a client to send a whole request (default 30000), then 408
  --upstream-timeout-ms N   time for the exchange to answer (default 10000), then 504/502
  --max-body-bytes N        request body cap (default 65536), then 413
  --forward METHOD:PATH     also forward this exact route, e.g.
                            --forward GET:/api/v3/rebate/affiliate/getAffiliateUIDs (repeatable).
                            Only the WEEX V3 spot routes that read or cancel are forwarded by
                            default, and POST /api/v3/order is judged; any other request is
                            refused (403 route-not-allowed). An order-placing path cannot be opened.
  --allow-field NAME        let POST /api/v3/order carry the body key NAME besides the order
                            fields (repeatable); any other key is refused (400 unknown-field)
  --log-format F            text (default) or json: JSON lines, one object per line
  --no-metrics              do not serve GET /metrics (Prometheus text format)
  -h, --help                Show this help.

Exit status: 0 after SIGINT or SIGTERM, 1 when it cannot start, 2 for a usage error.`;

/** `words` joined by ", " in lines of at most `width` characters, each indented by `indent`. */
function wrapped(words: readonly string[], indent: number, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const [i, word] of words.entries()) {
    const piece = i < words.length - 1 ? `${word},` : word;
    if (line !== '' && indent + line.length + 1 + piece.length > width) {
      lines.push(line);
      line = piece;
    } else line = line === '' ? piece : `${line} ${piece}`;
  }
  lines.push(line);
  return lines.map((text) => `${' '.repeat(indent)}${text}`).join('\n');
}

const positive = (what: string) => wholeNumberIn(1, MAX_TIMER_MS, what);
const optionalPositive = (what: string) => valueFlag(z.optional(positive(what)));

const GATEWAY_FLAGS = () =>
  flagTable(
    {
      upstream: valueFlag(required()),
      market: marketFlag(),
      rules: valueFlag(optionalText()),
      port: valueFlag(withDefault(wholeNumberIn(0, 65_535, 'a port number'), 8080)),
      host: valueFlag(withDefault(z.string(), '127.0.0.1')),
      'reference-prices': valueFlag(optionalText()),
      'ticker-ms': valueFlag(withDefault(positive('a whole number of ms'), 3_000)),
      'max-price-age-ms': valueFlag(withDefault(positive('a whole number of ms'), 10_000)),
      'fail-open': switchFlag(),
      'allow-unchecked': repeatedFlag(checkName()),
      'max-price-jump': valueFlag(z.optional(positiveDecimalValue<string>())),
      'allow-rule-field-removal': switchFlag(),
      'max-notional': valueFlag(z.optional(positiveDecimalValue<string>())),
      'refresh-ms': valueFlag(withDefault(positive('a whole number of ms'), 60_000)),
      'max-connections': optionalPositive('a whole number'),
      'max-connections-per-peer': optionalPositive('a whole number'),
      'max-upstream-connections': optionalPositive('a whole number'),
      'max-upstream-queue': optionalPositive('a whole number'),
      'headers-timeout-ms': optionalPositive('a whole number of ms'),
      'request-timeout-ms': optionalPositive('a whole number of ms'),
      'upstream-timeout-ms': optionalPositive('a whole number of ms'),
      'max-body-bytes': optionalPositive('a whole number of bytes'),
      forward: repeatedFlag(z.string()),
      'allow-field': repeatedFlag(z.string()),
      'log-format': valueFlag(withDefault(oneOf(LOG_FORMATS), 'text')),
      'client-order-ids': valueFlag(withDefault(oneOf(CLIENT_ORDER_ID_RULES), 'length')),
      'no-metrics': switchFlag(),
      ...deskFlags(),
    },
    {
      whenGiven(given, ctx) {
        const futures = given.market === 'futures';
        if (!futures) {
          if (given.rules !== undefined)
            refuseFlag(
              ctx,
              'rules',
              'applies to --market futures only (spot rules are fetched from --upstream)',
            );
          return;
        }
        // Flags of spot's machinery that a futures gateway does not run: refused, never ignored.
        for (const [flag, why] of FUTURES_IGNORED) {
          if (given[flag] !== undefined)
            refuseFlag(ctx, flag, `does not apply with --market futures (${why})`);
        }
      },
    },
  );

/** The flags a futures gateway refuses, and why. */
const FUTURES_IGNORED = [
  [
    'ticker-ms',
    'no ticker is polled on the contract host: give --reference-prices FILE, or let the band go unchecked by name',
  ],
  ['max-price-jump', 'no ticker is polled on the contract host'],
  ['refresh-ms', 'the contract book is read once from --rules'],
  ['allow-rule-field-removal', 'the contract book is read once from --rules'],
  ['client-order-ids', 'contract client ids are held to the pattern WEEX documents for them'],
] as const;

/** The checks `--allow-unchecked` may name: spot's, and a contract's (`--market futures`). */
const CHECK_NAMES: readonly string[] = [
  ...new Set<string>([...SKIPPABLE_CHECKS, ...CONTRACT_SKIPPABLE_CHECKS]),
];

/** A check `--allow-unchecked` may name: one a verdict can skip (the gateway checks it against the market). */
function checkName() {
  return z.enum(CHECK_NAMES as unknown as [ViolationCode, ...ViolationCode[]], {
    error: (issue: { readonly input?: unknown }) =>
      `must name a check a verdict can skip (${CHECK_NAMES.join(', ')}), got ${shownFlagValue(issue.input)}`,
  });
}

/**
 * The flags the gateway's options check themselves (their rules live with the option): an error
 * naming the option is reported as a usage error naming the flag.
 */
const CHECKED_BY_OPTION = [
  ['forward', 'forward'],
  ['allowFields', 'allow-field'],
  ['allowUnchecked', 'allow-unchecked'],
] as const;

/** The gateway's limits as `createRiskGateway` takes them, from the flags that were given. */
const LIMIT_FLAGS = [
  ['max-connections', 'maxConnections'],
  ['max-connections-per-peer', 'maxConnectionsPerPeer'],
  ['max-upstream-connections', 'maxUpstreamConnections'],
  ['max-upstream-queue', 'maxUpstreamQueue'],
  ['headers-timeout-ms', 'headersTimeoutMs'],
  ['request-timeout-ms', 'requestTimeoutMs'],
  ['upstream-timeout-ms', 'upstreamTimeoutMs'],
  ['max-body-bytes', 'maxBodyBytes'],
] as const;

export const gatewayCommand: Command = flaggedCommand(
  'gateway',
  HELP,
  GATEWAY_FLAGS,
  0,
  async ({ flags }, io) => {
    if (flags.market === 'futures') return runFuturesGateway(flags, io);
    const log = logTo(io, flags['log-format']);
    const upstream = flags.upstream;
    const failOpen = flags['fail-open'];
    const allowUnchecked = flags['allow-unchecked'];
    const desk = await setUpDesk(flags);

    let ticker: ReferenceTicker | undefined;
    let referencePrices: ReferencePrices;
    const pricesFile = flags['reference-prices'];
    if (pricesFile !== undefined) {
      referencePrices = await loadReferencePrices(pricesFile);
    } else {
      ticker = usage('--upstream', () =>
        createReferenceTicker({
          upstreamUrl: upstream,
          intervalMs: flags['ticker-ms'],
          ...(flags['max-price-jump'] === undefined ? {} : { maxPriceJump: flags['max-price-jump'] }),
          onEvent: (event) => log.event(event, describeTickerEvent(event)),
        }),
      );
      referencePrices = ticker;
    }
    const client = usage('--upstream', () => new ExchangeInfoClient({ baseUrl: upstream }));
    const source = createRuleBookSource({
      client,
      intervalMs: flags['refresh-ms'],
      // A refresh must not quietly turn checks that ran into skipped ones: keep the book in force.
      keepRuleFields: !flags['allow-rule-field-removal'],
      clientOrderIds: flags['client-order-ids'],
      onChange: (diff) => log(`rule book changed:\n${formatRuleBookDiff(diff)}`),
      onError: (error) => log(`rule-book refresh failed: ${describeError(error)}`),
    });

    let gateway: RiskGateway;
    try {
      gateway = await createRiskGateway({
        upstreamUrl: upstream,
        source,
        referencePrices,
        ...sharedOptions(flags, desk, log),
      });
    } catch (error) {
      await client.close();
      throw startFailure(error);
    }
    source.start();
    ticker?.start();
    const stopReloading = desk.reloadOnSighup(gateway, log);
    log(
      `risk gateway on ${gateway.url} -> ${upstream} (orders refused until the first rule book arrives; ` +
        `reference prices ${ticker === undefined ? `from ${pricesFile}` : `polled every ${flags['ticker-ms']} ms`}; ` +
        `${failOpen ? 'fail-open: orders with an unchecked band are forwarded' : 'fail closed'}` +
        `${allowUnchecked.length > 0 ? `; may go unchecked: ${allowUnchecked.join(', ')}` : ''}; status at ${gateway.url}${STATUS_PATH}${flags['no-metrics'] ? '' : `, metrics at ${gateway.url}${METRICS_PATH}`})`,
    );
    if (desk.summary !== undefined) log(desk.summary);

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

    const stop = waitForStopSignal();
    log(`${await stop.signal}: closing`);
    stopReloading();
    await gateway.close();
    await ticker?.stop();
    await source.stop();
    await client.close();
    const { judged, accepted, refused, unchecked, ruleUnchecked, forwarded, deskRefusals } = gateway.stats;
    const byDesk = Object.values(deskRefusals).reduce((sum, count) => sum + count, 0);
    log(
      `closed: ${judged} orders judged, ${accepted} accepted, ${refused} refused by the rules, ${byDesk} by the desk's controls, ${unchecked} not sent for want of a reference price, ${ruleUnchecked} for want of a rule field, ${forwarded} requests forwarded`,
    );
    log.flush();
    stop.release();
    return EXIT_OK;
  },
);

type GatewayFlags = z.output<ReturnType<typeof GATEWAY_FLAGS>['schema']>;

/** The options both markets' gateways take from the same flags, stated once. */
function sharedOptions(
  flags: GatewayFlags,
  desk: Awaited<ReturnType<typeof setUpDesk>>,
  log: ReturnType<typeof logTo>,
) {
  const limits: Record<string, number> = {};
  for (const [flag, option] of LIMIT_FLAGS) {
    const value = flags[flag];
    if (value !== undefined) limits[option] = value;
  }
  return {
    maxReferenceAgeMs: flags['max-price-age-ms'],
    failOpen: flags['fail-open'],
    allowUnchecked: flags['allow-unchecked'],
    ...(flags['max-notional'] === undefined ? {} : { maxNotional: flags['max-notional'] }),
    port: flags.port,
    host: flags.host,
    forward: flags.forward,
    allowFields: flags['allow-field'],
    ...limits,
    metrics: !flags['no-metrics'],
    ...desk.options,
    onEvent: (event: GatewayEvent) => log.event(event, describeEvent(event)),
  };
}

/**
 * `gateway --market futures`: in front of the contract host, judging contract orders against the
 * contract payload of `--rules` (read once), with the reference prices of `--reference-prices`
 * when given (none otherwise: every order with a band is then refused unless the band's checks
 * are named in `--allow-unchecked`, or `--fail-open`).
 */
async function runFuturesGateway(flags: GatewayFlags, io: CliIo): Promise<number> {
  const log = logTo(io, flags['log-format']);
  const upstream = flags.upstream;
  const contractBook =
    flags.rules === undefined ? await fetchContractBook(upstream) : await loadContractRules(flags.rules);
  const pricesFile = flags['reference-prices'];
  const referencePrices = pricesFile === undefined ? undefined : await loadReferencePrices(pricesFile);
  const desk = await setUpDesk(flags);
  let gateway: RiskGateway;
  try {
    gateway = await createRiskGateway({
      upstreamUrl: upstream,
      market: 'futures',
      contractBook,
      ...(referencePrices === undefined ? {} : { referencePrices }),
      ...sharedOptions(flags, desk, log),
    });
  } catch (error) {
    throw startFailure(error);
  }
  const stopReloading = desk.reloadOnSighup(gateway, log);
  log(
    `risk gateway on ${gateway.url} -> ${upstream} (futures: judges POST /capi/v3/order and POST /capi/v3/algoOrder; ` +
      `reference prices ${pricesFile === undefined ? 'none: orders with a band are refused unless allowed' : `from ${pricesFile}`}; ` +
      `${flags['fail-open'] ? 'fail-open: orders with an unchecked band are forwarded' : 'fail closed'}` +
      `${flags['allow-unchecked'].length > 0 ? `; may go unchecked: ${flags['allow-unchecked'].join(', ')}` : ''}; status at ${gateway.url}${STATUS_PATH})`,
  );
  log(
    `rule book ready: ${contractBook.size} contracts${contractBook.rejected.length > 0 ? `, ${contractBook.rejected.length} set aside` : ''} from ${flags.rules ?? `${upstream} (fetched once at start)`}`,
  );
  const stop = waitForStopSignal();
  log(`${await stop.signal}: closing`);
  stopReloading();
  await gateway.close();
  const { judged, accepted, refused, unchecked, ruleUnchecked, forwarded } = gateway.stats;
  log(
    `closed: ${judged} orders judged, ${accepted} accepted, ${refused} refused by the rules, ${unchecked} not sent for want of a reference price, ${ruleUnchecked} for want of a rule field or position, ${forwarded} requests forwarded`,
  );
  log.flush();
  stop.release();
  return EXIT_OK;
}

/**
 * The contract book fetched once from the upstream's `GET /capi/v3/market/exchangeInfo` (no
 * `--rules`); a failure stops the gateway at start: it never runs without rules.
 */
async function fetchContractBook(upstream: string): Promise<ContractBook> {
  const client = usage('--upstream', () => new ExchangeInfoClient({ baseUrl: upstream }));
  try {
    return ContractBook.fromContractInfoText(await client.fetchContractInfoText());
  } catch (error) {
    throw new CliError(
      `cannot start: the contracts could not be fetched from ${upstream} (${describeError(error)})`,
      1,
    );
  } finally {
    await client.close();
  }
}

/** A failure of `createRiskGateway`: a usage error naming the flag when a flag's option is at fault. */
function startFailure(error: unknown): CliError {
  for (const [option, flag] of CHECKED_BY_OPTION) {
    const argument = `options.${option}`;
    if (isInvalidArgumentError(error) && error.argument === argument) {
      return new CliError(`--${flag} ${error.message.slice(argument.length + 1)}`, EXIT_USAGE);
    }
  }
  return new CliError(`cannot start: ${describeError(error)}`, 1);
}

/** `make()`, with a thrown option error reported as a usage error of `flag`. */
function usage<T>(flag: string, make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw new CliError(`${flag}: ${describeError(error)}`, EXIT_USAGE);
  }
}

/** The command's log on standard output (a failure of it said once on stderr). */
function logTo(io: CliIo, format: LogFormat): GatewayLog {
  watchOutput(io.stdout);
  return createGatewayLog(io.stdout, format, {
    onBroken: (error) => {
      io.stderr.write(
        `${PROGRAM}: gateway: standard output failed (${error.code ?? error.message}); logging stopped\n`,
      );
    },
  });
}

/** Failures in a row that are logged: the first, the tenth, the twentieth, ... */
function isLoggedFailure(inARow: number): boolean {
  return inARow === 1 || Number.isInteger(inARow / 10);
}

function describeTickerEvent(event: TickerEvent): string | undefined {
  switch (event.type) {
    case 'ticker-ready':
      return `ticker ready: ${event.symbols} reference prices`;
    case 'ticker-recovered':
      return `ticker recovered after ${event.afterFailures} failed polls: ${event.symbols} reference prices`;
    case 'ticker-failed':
      // The first failure and then every tenth: a ticker down for an hour is not 1,200 lines.
      return isLoggedFailure(event.consecutiveFailures)
        ? `ticker failed (${event.consecutiveFailures} in a row): ${event.error}`
        : undefined;
    case 'ticker-jumps-held':
      return `ticker: price jump held until the next poll confirms it: ${describeJumps(event.jumps)}`;
    case 'ticker-jumps-confirmed':
      return `ticker: price jump confirmed: ${describeJumps(event.jumps)}`;
  }
}

/** `BTCUSDT 100000.00 -> 100000000.00, ...`, the first five. */
function describeJumps(jumps: readonly PriceJump[]): string {
  const shown = jumps.slice(0, 5).map(({ symbol, from, to }) => `${symbol} ${from} -> ${to}`);
  if (jumps.length > 5) shown.push(`and ${jumps.length - 5} more`);
  return shown.join(', ');
}

function describeEvent(event: GatewayEvent): string | undefined {
  switch (event.type) {
    case 'verdict': {
      const { symbol, side, type, quantity, price } = event.order;
      const what = `${shown(symbol)} ${shown(side)} ${shown(type)} ${shown(quantity)}${price === undefined ? '' : ` @ ${shown(price)}`}`;
      if (!event.result.ok) return `REFUSE ${what}: ${describeViolations(event.result.violations)}`;
      if (event.desk !== undefined) return `REFUSE ${what}: ${describeDeskRefusal(event.desk)}`;
      const why = event.bandUnchecked === 'stale' ? 'reference price too old' : 'no reference price';
      const unchecked = event.unchecked;
      if (unchecked.some((skip) => skip.reason !== 'NO_REFERENCE_PRICE'))
        return `UNCHECKED ${what}: not sent, rule unchecked: ${describeSkips(unchecked)}`;
      if (unchecked.length > 0) return `UNCHECKED ${what}: not sent, band unchecked (${why})`;
      // Forwarded: with the skips the operator allowed, if any, said.
      const allowed = event.result.skipped.filter((skip) => skip.reason !== 'NO_REFERENCE_PRICE');
      const band = event.bandUnchecked === undefined ? '' : ` (band unchecked: ${why})`;
      const rules = allowed.length === 0 ? '' : ` (allowed unchecked: ${describeSkips(allowed)})`;
      return `ACCEPT ${what}${band}${rules}`;
    }
    case 'answered':
      // A refused or unchecked order was already logged with its verdict.
      return event.reason === 'order-refused' ||
        event.reason === 'reference-price-missing' ||
        event.reason === 'reference-price-stale' ||
        event.reason === 'rule-unchecked' ||
        DESK_VERDICT_REASONS.has(event.reason)
        ? undefined
        : `${event.status} ${event.reason}: ${event.msg}`;
    case 'upstream-failure':
      return `UPSTREAM ${event.outcome.kind} for ${event.method} ${pathOf(event.target)}`;
    case 'client-gone':
      return `CLIENT GONE (${event.stage}) ${event.method} ${pathOf(event.target)}`;
    case 'client-error':
      return `CLIENT ERROR ${event.code}${event.status === undefined ? '' : ` answered ${event.status}`}`;
    case 'connection-dropped':
      return `CONNECTION DROPPED (${event.open} open)`;
    case 'connection-evicted':
      return event.stage === 'head'
        ? `CONNECTION EVICTED (${event.peer}: no request head at the connection cap)`
        : `CONNECTION EVICTED (${event.peer}: request body at ${event.bodyBytes} bytes in ${event.bodyMs} ms at the connection cap)`;
    case 'server-error':
      return `SERVER ERROR ${event.code}`;
    case 'request':
      return describeRequest(event);
  }
}

function shown(value: unknown): string {
  if (value === undefined) return '?';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
