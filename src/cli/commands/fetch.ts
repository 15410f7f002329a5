import * as z from 'zod/mini';
import { type ExchangeInfo, isInvalidArgumentError, isPreflightError, RuleBook } from '../../index.js';
import {
  DEFAULT_CLIENT_OPTIONS,
  EXCHANGE_INFO_PATH,
  type ExchangeInfoClient,
  type ExchangeInfoQuery,
  type InvalidQueryError,
  isInvalidQueryError,
  readBaseUrl,
  type SymbolsFormat,
  validateExchangeInfoClientOptions,
  validateExchangeInfoQuery,
} from '../../node.js';
import { type Command, PROGRAM, runCommand } from '../command.js';
import { CommandFailure } from '../command-failure.js';
import {
  type Flags,
  flagGiving,
  flaggedCommand,
  flagTable,
  marketFlag,
  optionalText,
  refuseFlag,
  valueFlag,
  wholeNumber,
} from '../flag-schema.js';
import { builtOnce, type IssueSink, refuse } from '../flag-schema-parts.js';
import { type CliIo, EXIT_OK, outputClosed, write } from '../io.js';
import { loadRulesFile, MAX_RULES_FILE_BYTES } from '../rules-file.js';
import { clip, count, printable } from '../text.js';
import { UsageError } from '../usage-error.js';
import { contractRequestOf, DEFAULT_CONTRACT_BASE_URL, refuseSpotOnlyFlags } from './fetch-futures-flags.js';
import { type SnapshotOutput, snapshotOutput } from './fetch-output.js';
import { describeFetchFailure, setAsideLines, startFetch } from './fetch-report.js';

const HELP = `Usage: ${PROGRAM} fetch --base-url URL [options]
       ${PROGRAM} fetch --from-file PAYLOAD [--out FILE]
       ${PROGRAM} fetch --market futures [--base-url URL] [--symbol S] [--out FILE]

Fetches GET /api/v3/exchangeInfo, compiles the rule book and saves it as a snapshot
(the JSON that '${PROGRAM} check --rules' and '${PROGRAM} diff' read). The snapshot
goes to standard output, or to --out FILE, written as the gateway writes its snapshot
file: atomically (a temporary file in the same directory, flushed, renamed under
FILE.lock, so a reader never sees half a file) and never back in time (when FILE
already holds a book the exchange stamped later, it is kept and stderr says so). What
was fetched (pairs, definitions set aside, request weight spent) is reported on stderr.

With --from-file, nothing is fetched: a payload saved earlier (the body of GET
/api/v3/exchangeInfo, as curl saves it) is read losslessly, compiled as a fetched
one is, and saved as a snapshot the same way; the snapshot's fetchedAt is the
file's modification time. (check and diff read such a payload directly too.)

With --market futures, the contract host's definitions are fetched instead: GET
/capi/v3/market/exchangeInfo (from ${DEFAULT_CONTRACT_BASE_URL} unless --base-url
says otherwise; only --symbol narrows it), read as '${PROGRAM} check --market
futures' reads them (an answer that is not a contract payload is refused, not
saved), and the body is saved as it came: to standard output, or atomically to
--out FILE. That file is what 'check --market futures --rules' reads.

Options:
  --market M               spot (the default) or futures (WEEX perpetual
                           contracts, from the contract host).
  --base-url URL           Where /api/v3/exchangeInfo lives (required unless
                           --from-file), e.g. https://api.example.com (a URL
                           that already ends in /api/v3/exchangeInfo is taken as
                           its base; a query there is refused: use the flags
                           below).
  --symbol S               Only this pair.
  --symbols A,B            Only these pairs (comma-separated; not with --symbol).
  --status S               Only pairs with this status: TRADING, HALT (trading
                           suspended) or BREAK (market closed).
  --symbols-format F       How --symbols is sent: comma (A,B; the default) or json
                           (["A","B"]).
  --timeout-ms N           Limit of one attempt, in ms (default 10000).
  --retries N              Retries on network errors, timeouts and 5xx (default 2).
  -o, --out FILE           Write the snapshot to FILE instead of standard output.
  --from-file PAYLOAD      Read a saved exchangeInfo payload instead of fetching:
                           a regular file of at most ${MAX_RULES_FILE_BYTES / (1024 * 1024)} MiB (not a snapshot;
                           not with --base-url or the query and request flags).
  --debug                  Show the stack trace of an unexpected error.
  -h, --help               Show this help.

Examples:
  ${PROGRAM} fetch --base-url https://api.example.com --out rules.json
  ${PROGRAM} fetch --base-url https://api.example.com --symbols BTCUSDT,ETHUSDT > rules.json
  ${PROGRAM} fetch --from-file info.json --out rules.json
  ${PROGRAM} fetch --market futures --out contracts.json

On a terminal, each attempt and its outcome are shown on stderr as they happen; a
final error says how many attempts were made.

Exit status: 0 saved (or FILE kept: it already held a later book); 1 the request failed (network, HTTP status, timeout, a body that
is not exchange info) or the snapshot could not be written (standard output closed
included); 2 a usage error (a bad flag or query, an --out path that cannot be created,
a --from-file that cannot be read or is not an exchangeInfo payload).`;

/**
 * The flags that shape a request (none applies to a payload read from a file), each checked by
 * the client's own schema for the option it gives, or by the query's check.
 */
function requestFlags() {
  return {
    'base-url': valueFlag(z.optional(z.pipe(z.string(), z.transform(baseUrlFlag))), { gives: 'baseUrl' }),
    symbol: valueFlag(optionalText(), { gives: 'symbol' }),
    symbols: valueFlag(
      z.optional(
        z.pipe(
          z.string(),
          z.transform((text) => text.split(',').map((s) => s.trim())),
        ),
      ),
      { gives: 'symbols' },
    ),
    status: valueFlag(optionalText(), { gives: 'symbolStatus' }),
    'symbols-format': valueFlag(optionalText(), { gives: 'symbolsFormat' }),
    'timeout-ms': valueFlag(z.optional(wholeNumber()), { gives: 'timeoutMs' }),
    retries: valueFlag(z.optional(wholeNumber()), { gives: 'retries' }),
  } as const satisfies Flags;
}

/**
 * Every flag of `fetch` and the rules across them: `--from-file` takes no request flag beside
 * it, and otherwise `--base-url` is required. What comes out is either the payload file to read
 * or the request to send (its query checked as the client checks it).
 */
export const FETCH_FLAGS = builtOnce(() => {
  const request = requestFlags();
  const flags = {
    ...request,
    market: marketFlag(),
    out: valueFlag(optionalText(), { short: 'o' }),
    'from-file': valueFlag(optionalText()),
  } as const satisfies Flags;
  return flagTable(flags, {
    whenGiven(given, ctx) {
      if (given.market === 'futures') {
        refuseSpotOnlyFlags(given, ctx);
        return;
      }
      if (given['from-file'] === undefined) return;
      const conflicting = Object.keys(request).find((flag) => given[flag] !== undefined);
      if (conflicting !== undefined)
        refuseFlag(
          ctx,
          'from-file',
          `reads a saved payload, so --${conflicting} does not apply (narrow the payload with jq, or fetch with --base-url)`,
        );
    },
    combine(values, ctx) {
      const { out, 'from-file': fromFile, 'base-url': base } = values;
      if (values.market === 'futures')
        return {
          out,
          fromFile: undefined,
          request: undefined,
          contracts: contractRequestOf(values, ctx, (baseUrl) =>
            clientOptionsOf(values, baseUrl, ctx, flags),
          ),
        };
      if (fromFile !== undefined) return { out, fromFile, request: undefined, contracts: undefined };
      if (base === undefined)
        return refuseFlag(ctx, 'base-url', 'is required (or --from-file, to read a saved payload)');
      const read = readBaseUrl(base.baseUrl);
      if (!read.ok) return refuseFlag(ctx, 'base-url', read.problem);
      const query = queryOf(values, ctx, flags);
      const options = clientOptionsOf(values, base.baseUrl, ctx, flags);
      return { out, fromFile, request: { ...base, query, options }, contracts: undefined };
    },
  });
});

/**
 * The client's options the flags give, defaults filled in, checked by the client's own check
 * (`validateExchangeInfoClientOptions`), so each option is declared once, in the library.
 */
function clientOptionsOf(
  values: {
    readonly 'timeout-ms'?: number | undefined;
    readonly retries?: number | undefined;
    readonly 'symbols-format'?: string | undefined;
  },
  baseUrl: string,
  ctx: IssueSink,
  flags: Flags,
): { readonly timeoutMs: number; readonly retries: number; readonly symbolsFormat: SymbolsFormat } {
  const options = {
    timeoutMs: values['timeout-ms'] ?? DEFAULT_CLIENT_OPTIONS.timeoutMs,
    retries: values.retries ?? DEFAULT_CLIENT_OPTIONS.retries,
    // Checked just below: the client refuses anything but its formats.
    symbolsFormat: (values['symbols-format'] ?? DEFAULT_CLIENT_OPTIONS.symbolsFormat) as SymbolsFormat,
  };
  try {
    validateExchangeInfoClientOptions({ baseUrl, ...options });
  } catch (error) {
    if (!isInvalidArgumentError(error)) throw error;
    const option = error.argument.startsWith('options.') ? error.argument.slice('options.'.length) : '';
    const flag = flagGiving(flags, option);
    if (flag === undefined) throw new UsageError(error.message);
    return refuseFlag(ctx, flag, error.message.slice(error.argument.length + 1));
  }
  return options;
}

/** The query the flags ask for, checked as the client checks it (naming the flag at fault). */
function queryOf(
  values: {
    readonly symbol?: string | undefined;
    readonly symbols?: string[] | undefined;
    readonly status?: string | undefined;
  },
  ctx: IssueSink,
  flags: Flags,
): ExchangeInfoQuery {
  try {
    return validateExchangeInfoQuery({
      symbol: values.symbol,
      symbols: values.symbols,
      symbolStatus: values.status,
    });
  } catch (error) {
    if (!isInvalidQueryError(error)) throw error;
    const flag = flagGiving(flags, error.parameter);
    if (flag === undefined) throw new UsageError(error.message);
    return refuseFlag(ctx, flag, reasonOf(error));
  }
}

/**
 * The library's reason without its `invalid symbols: symbols ` prefix: the flag is named
 * instead (the user typed --symbols).
 */
function reasonOf(error: InvalidQueryError): string {
  const prefix = `invalid ${error.parameter}: ${error.parameter} `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

export const fetchCommand: Command = flaggedCommand('fetch', HELP, FETCH_FLAGS, 0, async ({ flags }, io) => {
  const { request, out, contracts } = flags;
  // The futures entry is loaded only for contracts.
  if (contracts !== undefined)
    return await (await import('./fetch-futures.js')).fetchContracts(io, contracts, out);
  if (request === undefined) return await snapshotFromFile(io, flags.fromFile, out);
  const { client, output } = await startFetch(io, request, EXCHANGE_INFO_PATH, async () =>
    out === undefined ? undefined : await snapshotOutput(out),
  );
  try {
    const info = await fetchInfo(client, request.query);
    const book = RuleBook.fromExchangeInfo(info);
    const kept = await saveSnapshot(io, book, output);
    await summariseFetch(io, client, book, info, out, kept);
    return EXIT_OK;
  } finally {
    await client.close();
  }
});

/** `fetch --from-file`: a saved payload as a snapshot, written as a fetched one is. */
async function snapshotFromFile(io: CliIo, payloadFile: string, out: string | undefined): Promise<number> {
  const { book } = await loadRulesFile(payloadFile, '--from-file', 'payload');
  const output = out === undefined ? undefined : await snapshotOutput(out);
  const kept = await saveSnapshot(io, book, output);
  const lines = [
    `read ${count(book.size, 'pair')}, ${book.rejected.length} set aside (timezone ${printable(book.timezone)}) from ${printable(payloadFile)}`,
    ...setAsideLines(book.rejected, ' (see "rejected" in the snapshot)'),
  ];
  if (out !== undefined) lines.push(writtenLine(out, kept));
  await write(io.stderr, `${lines.join('\n')}\n`);
  return EXIT_OK;
}

/**
 * The book as a snapshot: to `output` through the library's `writeSnapshotFile`, or else as
 * pretty-printed text to standard output. Resolves to the reason the file was kept, when it was.
 */
async function saveSnapshot(
  io: CliIo,
  book: RuleBook,
  output: SnapshotOutput | undefined,
): Promise<string | undefined> {
  if (output !== undefined) return output.write(book);
  await write(io.stdout, `${JSON.stringify(book.toJSON(), null, 2)}\n`);
  if (outputClosed(io.stdout) !== undefined)
    throw new CommandFailure('standard output was closed before the whole snapshot was written');
  return undefined;
}

/** `wrote the snapshot to FILE`, or why FILE was left as it was. */
function writtenLine(out: string, kept: string | undefined): string {
  if (kept === undefined) return `wrote the snapshot to ${printable(out)}`;
  return `kept ${printable(out)}: ${kept}; this snapshot was not written`;
}

/** `order-preflight fetch ...`; resolves to the exit status. */
export function fetch(io: CliIo): Promise<number> {
  return runCommand(fetchCommand, io);
}

async function fetchInfo(client: ExchangeInfoClient, query: ExchangeInfoQuery): Promise<ExchangeInfo> {
  try {
    return await client.fetchExchangeInfo(query);
  } catch (error) {
    if (isPreflightError(error)) throw new CommandFailure(describeFetchFailure(error, client.requestsSent));
    throw error;
  }
}

/** Longer than any real base URL; bounds the work that URL handling can be made to do. */
const MAX_BASE_URL_LENGTH = 2048;

/**
 * `--base-url` as the client wants it, read by the client's own `readBaseUrl`: a URL that
 * already ends in `/api/v3/exchangeInfo` (copied from a browser or the exchange's docs) is taken
 * as its base (`stripped: true`). A URL over 2048 characters, or the endpoint's URL with a query
 * or fragment, is refused on `ctx` (naming the base to give and the flags that carry a query);
 * any other problem is left for the flag table's check, which names it.
 */
function baseUrlFlag(text: string, ctx: IssueSink): { readonly baseUrl: string; readonly stripped: boolean } {
  const parts = baseUrlParts(text);
  if ('problem' in parts) return refuse(ctx, { problem: parts.problem, value: text });
  return parts;
}

function baseUrlParts(
  text: string,
): { readonly baseUrl: string; readonly stripped: boolean } | { readonly problem: string } {
  if (text.length > MAX_BASE_URL_LENGTH)
    return { problem: `is longer than ${MAX_BASE_URL_LENGTH} characters` };
  const read = readBaseUrl(text);
  if (read.ok) return { baseUrl: read.base, stripped: read.endsInEndpoint };
  if (read.endpointQuery === undefined) return { baseUrl: text, stripped: false };
  const { base, query } = read.endpointQuery;
  return {
    problem: `is the endpoint's URL with a query or fragment; give the query as flags instead: --base-url ${printable(base)}${queryAsFlags(query)}`,
  };
}

/** ` --symbol BTCUSDT`: the query's parameters as this command's flags, for the advice. */
function queryAsFlags(params: URLSearchParams): string {
  const flags: string[] = [];
  for (const [name, value] of params) {
    const flag = flagGiving(FETCH_FLAGS().flags, name);
    const shown = clip(printable(name === 'symbols' ? symbolsAsList(value) : value), 200);
    flags.push(
      flag === undefined ? `(unknown parameter ${clip(printable(name), 40)})` : `--${flag} ${shown}`,
    );
  }
  return flags.length === 0 ? '' : ` ${flags.join(' ')}`;
}

/** `["BTCUSDT","ETHUSDT"]` (the JSON form) as `BTCUSDT,ETHUSDT`, the form --symbols takes. */
function symbolsAsList(value: string): string {
  try {
    const list: unknown = JSON.parse(value);
    if (Array.isArray(list) && list.every((item) => typeof item === 'string')) return list.join(',');
  } catch {
    // Already comma-separated.
  }
  return value;
}

async function summariseFetch(
  io: CliIo,
  client: ExchangeInfoClient,
  book: RuleBook,
  info: ExchangeInfo,
  out: string | undefined,
  kept: string | undefined,
): Promise<void> {
  const offset = client.clockOffsetMs;
  const clock = offset === undefined ? '' : `; server clock ${describeOffset(offset)}`;
  const lines = [
    `fetched ${count(book.size, 'pair')}, ${book.rejected.length} set aside` +
      ` (timezone ${printable(info.timezone)}); request weight spent: ${client.requestWeightSpent}${clock}`,
    ...setAsideLines(book.rejected, ' (see "rejected" in the snapshot)'),
  ];
  if (out !== undefined) lines.push(writtenLine(out, kept));
  await write(io.stderr, `${lines.join('\n')}\n`);
}

/** `12 ms ahead of ours`, `3.2 s behind ours`, `365.0 days behind ours`. */
export function describeOffset(ms: number): string {
  const size = Math.abs(ms);
  const direction = ms >= 0 ? 'ahead of ours' : 'behind ours';
  if (size < 1_000) return `${size} ms ${direction}`;
  if (size < 120_000) return `${(size / 1_000).toFixed(1)} s ${direction}`;
  if (size < 2 * 3_600_000) return `${(size / 60_000).toFixed(1)} min ${direction}`;
  if (size < 48 * 3_600_000) return `${(size / 3_600_000).toFixed(1)} h ${direction}`;
  return `${(size / 86_400_000).toFixed(1)} days ${direction}`;
}
