import type { ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import * as z from 'zod/mini';
import { CLIENT_ORDER_ID_RULES, type RuleBook, type ValidationContext } from '../../index.js';
import { type Command, PROGRAM, runCommand } from '../command.js';
import { CommandFailure } from '../command-failure.js';
import {
  flaggedCommand,
  flagTable,
  marketFlag,
  optionalText,
  positiveDecimalValue,
  refuseFlag,
  required,
  switchFlag,
  valueFlag,
  wholeNumberIn,
} from '../flag-schema.js';
import { builtOnce, oneOf, withDefault } from '../flag-schema-parts.js';
import {
  COLOUR_STYLE,
  ECHOED_FIELDS,
  formatUnreadableRow,
  formatVerdictRows,
  type Judge,
  type Judgement,
  NO_STYLE,
  ownField,
  SPOT_COLUMNS,
  tableHeader,
  unreadableJson,
  verdictJson,
} from '../format-verdict.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, outputClosed, useColour, watchOutput, write } from '../io.js';
import {
  loadReferencePrices,
  MAX_POSITIONS_FILE_BYTES,
  MAX_REFERENCE_PRICES_FILE_BYTES,
} from '../load-files.js';
import { Progress } from '../progress.js';
import {
  DEFAULT_MAX_LINE_BYTES,
  MAX_LINE_DEPTH,
  MAX_LINE_VALUES,
  MAX_VALUE_BYTES,
  readJsonLines,
} from '../read-json-lines.js';
import { loadRulesFile, MAX_RULES_FILE_BYTES } from '../rules-file.js';
import { inCliWords } from '../skip-words.js';
import { count, describeFsError, printable } from '../text.js';
import { UsageError } from '../usage-error.js';

/**
 * The most `--max-line-bytes` allows. A line is read from its bytes, never decoded whole, so no
 * length asks V8 for a string it cannot make; a line costs one copy of its bytes, so this bounds
 * memory at about 256 MiB above the program's own (docs/cli.md).
 */
const MAX_LINE_BYTES_LIMIT = 256 * 1024 * 1024;

/** `67108864` as `64 MiB`, for the help (every limit here is a whole number of MiB). */
function mebibytes(bytes: number): string {
  return `${bytes / (1024 * 1024)} MiB`;
}

const HELP = `Usage: ${PROGRAM} check --rules FILE [options] [ORDERS.jsonl | -]
       ${PROGRAM} check --market futures --rules CONTRACTS.json [options] [ORDERS.jsonl | -]

Checks orders against the exchange's rules, one verdict per order, without
sending anything. The rules are a rule-book snapshot (what '${PROGRAM} fetch'
writes) or a raw exchangeInfo payload (the body of GET /api/v3/exchangeInfo as it
came: curl .../api/v3/exchangeInfo > info.json), told apart by content. Orders are
JSON lines, one order per line, as they would be sent to POST /api/v3/order:

  {"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","price":"64000.01","quantity":"0.001"}

Orders are read from ORDERS.jsonl, or from standard input with '-' (or when no file
is named and input is piped). Blank lines are skipped; a line that cannot be read is
reported with its line number and the others are still checked. Numbers are judged
by their written digits (1.50 is "1.50", never rounded through a float).

A line cannot be read (its "reason" with --json) when it is:
  LINE_TOO_LONG    longer than --max-line-bytes (skipped without being kept);
  NOT_UTF8         not UTF-8 text (never read with replacement characters);
  NOT_JSON         not one JSON value;
  DUPLICATE_KEY    holding a key twice in one object (which would the exchange use?);
  VALUE_TOO_LONG   holding a string or number longer than ${MAX_VALUE_BYTES} bytes as written;
  TOO_MANY_VALUES  holding over ${MAX_LINE_VALUES} values in all (an order has a dozen or so);
  TOO_DEEP         nested over ${MAX_LINE_DEPTH} levels deep.

A JSON array of orders ([{...}, {...}], on one line or many) is refused with the
command that turns it into JSON lines:  jq -c '.[]' orders.json

With --market futures, the orders are WEEX perpetual-contract orders, as they would
be sent to POST /capi/v3/order (or /capi/v3/algoOrder), checked against a saved
contract payload (the body of GET /capi/v3/market/exchangeInfo on the contract
host, as '${PROGRAM} fetch --market futures' saves it):

  {"symbol":"DOGEUSDT","side":"BUY","positionSide":"LONG","type":"LIMIT","timeInForce":"GTC","price":"0.12345","quantity":"300"}

Options:
  -r, --rules FILE             The rules (required): a snapshot, with its "format"
                               and "version", or an exchangeInfo payload, with
                               "timezone", "serverTime" and "symbols". A payload is
                               read losslessly (every digit of every number kept)
                               and compiled as a book fetched live is (a missing
                               tick taken from displayDigitMerge). A regular file of
                               at most ${mebibytes(MAX_RULES_FILE_BYTES)}.
  --reference-prices FILE      A JSON object of symbol to last traded price, such as
                               {"BTCUSDT": "64000", "ETHUSDT": 3000.5}; each order is
                               checked with its symbol's price as the reference price
                               (price bands, market worst-case price). Without it,
                               those checks are reported as not checked. A regular
                               file of at most ${mebibytes(MAX_REFERENCE_PRICES_FILE_BYTES)} (not a pipe: save it first).
  --max-notional N             Your own limit on price x quantity (quote units),
                               applied to every order.
  --market M                   spot (the default) or futures: --rules is then a
                               contract payload and the orders contract orders;
                               --reference-prices gives each contract's reference
                               price for its price band (the mark or last price,
                               your choice).
  --positions FILE             (--market futures) A JSON object of symbol to the
                               positions held on each side, in base units, such
                               as {"BTCUSDT": {"LONG": "0.5", "SHORT": "0"}}; an
                               order is checked against maxPositionSize with the
                               position on its positionSide. Without it (or for a
                               symbol and side it does not list) that check is
                               reported as not checked. A regular file of at most
                               ${mebibytes(MAX_POSITIONS_FILE_BYTES)}.
  --max-line-bytes N           The longest line read, in bytes, line ending excluded
                               (default ${DEFAULT_MAX_LINE_BYTES}, 1 MiB; at most
                               ${MAX_LINE_BYTES_LIMIT}, 256 MiB). Memory stays within
                               this plus about 100 MB, whatever the input (measured:
                               about 340 MiB on 256 MiB lines).
  --allow-empty                Exit 0 on an input with no orders (by default no orders
                               is a failure: an empty file must not pass a gate).
  --client-order-ids RULE      length (the default): a newClientOrderId is 1 to 40
                               characters of any kind, what spot documents;
                               futures-pattern: also 1 to 36 of A-Z a-z 0-9 . : / _ -,
                               the pattern WEEX documents for futures client ids
                               (not with --market futures, which holds contract
                               orders to that pattern).
  --json                       One JSON object per line instead of the table:
                               {"line":N,"ok":BOOL,"symbol":S,"side":S,"type":S,
                               "newClientOrderId":S,"violations":[...],"skipped":[...]}
                               where each of symbol, side, type and newClientOrderId
                               is there when the order holds it as a string, as
                               written (a JSON number too, as its written digits:
                               the check reads it so); left out when absent, null,
                               true/false, an object or an array (the violations
                               say what is wrong with it). A line
                               that cannot be read: {"line":N,"ok":false,"error":...,
                               "reason":...,"violations":[],"skipped":[]}, its
                               reason one of those above.
  --debug                      Show the stack trace of an unexpected error.
  -h, --help                   Show this help.

Output: verdicts on standard output (a table unless --json, whether or not it is a
terminal; colours only on a terminal, never with NO_COLOR), a summary on stderr, and
a progress line on stderr when it is a terminal and the input takes a while. When
standard output is closed early (| head), every order is still checked: the verdicts
no one reads are dropped, the summary on stderr says from which line, and the exit
status covers every order.

Exit status: 0 every order passes; 1 an order is refused, a line cannot be read, no
order was read (unless --allow-empty), or the verdicts could not be written (other
than to a closed pipe); 2 a usage error (unknown flag, missing --rules, a file that
cannot be read, is not a regular file or is over its size limit, a rules file that
is neither a snapshot nor a payload or does not hold, orders given as a JSON array).`;

/** Every flag of `check`: how it is read, its check and its default. */
export const CHECK_FLAGS = builtOnce(() =>
  flagTable(
    {
      rules: valueFlag(required(), { short: 'r' }),
      'reference-prices': valueFlag(optionalText()),
      'max-notional': valueFlag(z.optional(positiveDecimalValue<string>())),
      'max-line-bytes': valueFlag(
        withDefault(
          wholeNumberIn(1, MAX_LINE_BYTES_LIMIT, 'a whole number of bytes'),
          DEFAULT_MAX_LINE_BYTES,
        ),
      ),
      'allow-empty': switchFlag(),
      'client-order-ids': valueFlag(withDefault(oneOf(CLIENT_ORDER_ID_RULES), 'length')),
      json: switchFlag(),
      market: marketFlag(),
      positions: valueFlag(optionalText()),
    },
    {
      whenGiven(given, ctx) {
        const futures = given.market === 'futures';
        if (!futures && given.positions !== undefined)
          refuseFlag(ctx, 'positions', 'applies to --market futures only (spot orders have no positions)');
        if (futures && given['client-order-ids'] !== undefined)
          refuseFlag(
            ctx,
            'client-order-ids',
            'does not apply with --market futures (contract client ids are held to the pattern WEEX documents for them)',
          );
      },
    },
  ),
);

/** The reason the contract book gives for a position cap skipped for want of the position held. */
const NO_POSITION = 'NO_POSITION';

/** Line numbers of unreadable lines named in the summary; the rest are only counted. */
const UNREADABLE_SHOWN = 5;

interface Input {
  readonly name: string;
  /** Whether the orders come from a named file (not standard input): decides the advice given. */
  readonly isFile: boolean;
  readonly stream: NodeJS.ReadableStream;
  readonly totalBytes?: number;
  readonly bytesRead?: () => number;
  close(): Promise<void>;
}

interface Tally {
  checked: number;
  passed: number;
  refused: number;
  /** Unreadable lines: how many, the first few line numbers, and how many were too long. */
  unreadable: number;
  readonly firstUnreadable: number[];
  tooLong: number;
  /** Orders with a check skipped for want of a reference price. */
  withoutReference: number;
  /** Contract orders with the position cap skipped for want of the position held. */
  withoutPosition: number;
  /** The first line whose verdict could not be written because standard output was closed. */
  outputClosedAt: number | undefined;
}

export const checkCommand: Command = flaggedCommand(
  'check',
  HELP,
  CHECK_FLAGS,
  1,
  async ({ flags, positionals }, io) => {
    const referenceFile = flags['reference-prices'];
    const pricesGiven = referenceFile !== undefined;
    const prices = async () =>
      referenceFile === undefined ? new Map<string, string>() : await loadReferencePrices(referenceFile);
    let judge: Judge;
    if (flags.market === 'futures') {
      // The futures entry is loaded only for contracts.
      const { futuresJudge } = await import('./check-futures.js');
      judge = await futuresJudge(flags.rules, prices, pricesGiven, flags.positions, flags['max-notional']);
    } else {
      const { book } = await loadRulesFile(flags.rules, '--rules', 'snapshot or payload', {
        clientOrderIds: flags['client-order-ids'],
      });
      judge = spotJudge(book, await prices(), pricesGiven, flags['max-notional']);
    }
    const input = await openInput(positionals[0], io);
    watchOutput(io.stdout);
    try {
      const tally = await checkAll(io, input, judge, {
        maxLineBytes: flags['max-line-bytes'],
        json: flags.json,
      });
      await summarise(io, tally, pricesGiven, flags.positions !== undefined);
      const closed = outputClosed(io.stdout);
      // A reader that left (`| head`) chose to stop reading; any other failure lost verdicts.
      if (closed !== undefined && closed.code !== 'EPIPE')
        throw new CommandFailure(
          `could not write the verdicts to standard output: ${describeFsError(closed.error)}`,
        );
      if (tally.checked === 0 && tally.unreadable === 0 && !flags['allow-empty'])
        throw new CommandFailure(
          `no orders read: ${input.name} is empty or holds only blank lines (pass --allow-empty if that is expected)`,
        );
      return tally.refused > 0 || tally.unreadable > 0 ? EXIT_FAILURE : EXIT_OK;
    } finally {
      await input.close();
    }
  },
);

/** `order-preflight check ...`; resolves to the exit status. */
export function check(io: CliIo): Promise<number> {
  return runCommand(checkCommand, io);
}

async function openInput(operand: string | undefined, io: CliIo): Promise<Input> {
  if (operand === undefined && io.isTTY.stdin)
    throw new UsageError('no orders to check: name a JSON-lines file, or - to read standard input');
  if (operand === undefined || operand === '-')
    return { name: 'standard input', isFile: false, stream: io.stdin, close: async () => {} };
  const name = printable(operand);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(operand, 'r');
  } catch (error) {
    throw new UsageError(`cannot read orders ${name}: ${describeFsError(error)}`, { hint: false });
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory())
      throw new UsageError(`cannot read orders ${name}: it is a directory`, { hint: false });
    const stream: ReadStream = handle.createReadStream({ autoClose: false });
    return {
      name,
      isFile: true,
      stream,
      ...(stat.isFile() ? { totalBytes: stat.size } : {}),
      bytesRead: () => stream.bytesRead,
      close: async () => {
        stream.destroy();
        await handle.close().catch(() => {});
      },
    };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/** The spot judge: each order with its symbol's reference price and `--max-notional`. */
function spotJudge(
  book: RuleBook,
  prices: ReadonlyMap<string, string>,
  pricesGiven: boolean,
  maxNotional: string | undefined,
): Judge {
  return {
    judge: (order) =>
      inCliWords(book.validateOrder(order, contextFor(order, prices, maxNotional)), pricesGiven),
    echoed: ECHOED_FIELDS,
    columns: SPOT_COLUMNS,
  };
}

async function checkAll(
  io: CliIo,
  input: Input,
  { judge, echoed, columns }: Judge,
  options: {
    maxLineBytes: number;
    json: boolean;
  },
): Promise<Tally> {
  const tally: Tally = {
    checked: 0,
    passed: 0,
    refused: 0,
    unreadable: 0,
    firstUnreadable: [],
    tooLong: 0,
    withoutReference: 0,
    withoutPosition: 0,
    outputClosedAt: undefined,
  };
  const style = useColour(io) ? COLOUR_STYLE : NO_STYLE;
  const progress = new Progress(io.stderr, { enabled: io.isTTY.stderr });
  // On one terminal, the progress line is erased before each verdict and redrawn after.
  const sharesTerminal = io.isTTY.stdout && io.isTTY.stderr;
  let headerWritten = options.json;
  let firstLine = true;
  /** Whether verdicts are still wanted: false once the reader of standard output is gone. */
  const outputOpen = (line: number): boolean => {
    if (tally.outputClosedAt !== undefined) return false;
    if (outputClosed(io.stdout) === undefined) return true;
    tally.outputClosedAt = line;
    return false;
  };
  const emit = async (text: string) => {
    if (sharesTerminal) progress.clear();
    if (!headerWritten) {
      headerWritten = true;
      text = `${tableHeader(columns)}\n${text}`;
    }
    await write(io.stdout, text);
  };

  try {
    for await (const entry of readJsonLines(input.stream, { maxLineBytes: options.maxLineBytes })) {
      if (firstLine) {
        firstLine = false;
        if (entry.startsArray) throw jsonArrayError(input);
      }
      if (!entry.ok) {
        tally.unreadable++;
        if (tally.firstUnreadable.length < UNREADABLE_SHOWN) tally.firstUnreadable.push(entry.line);
        if (entry.reason === 'LINE_TOO_LONG') tally.tooLong++;
        if (outputOpen(entry.line))
          await emit(
            `${options.json ? unreadableJson(entry.line, entry.error, entry.reason) : formatUnreadableRow(entry.line, entry.error, style)}\n`,
          );
      } else {
        const order = entry.value;
        const result = judge(order);
        count1(tally, result);
        if (outputOpen(entry.line))
          await emit(
            options.json
              ? `${verdictJson(entry.line, order, result, echoed)}\n`
              : `${formatVerdictRows(entry.line, order, result, style, columns).join('\n')}\n`,
          );
      }
      progress.update({
        lines: entry.line,
        refused: tally.refused,
        bytesRead: input.bytesRead?.(),
        totalBytes: input.totalBytes,
      });
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && !code.startsWith('ERR_'))
      throw new UsageError(`cannot read orders ${input.name}: ${describeFsError(error)}`, { hint: false });
    throw error;
  } finally {
    progress.clear();
  }
  // The pipe may have closed on the very last verdicts.
  if (tally.outputClosedAt === undefined && outputClosed(io.stdout) !== undefined)
    tally.outputClosedAt = Number.POSITIVE_INFINITY;
  return tally;
}

/** Orders given as one JSON array: refused with the command that makes JSON lines of them. */
function jsonArrayError(input: Input): UsageError {
  const source = input.isFile ? shellWord(input.name) : 'orders.json';
  return new UsageError(
    `${input.name} holds a JSON array of orders, but check reads JSON lines (one order per line); convert it with: jq -c '.[]' ${source}`,
    { hint: false },
  );
}

/** `text` as one shell word: as is when plainly safe, else single-quoted. */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

function count1(tally: Tally, result: Judgement): void {
  tally.checked++;
  if (result.ok) tally.passed++;
  else tally.refused++;
  if (result.skipped.some((s) => s.reason === 'NO_REFERENCE_PRICE')) tally.withoutReference++;
  if (result.skipped.some((s) => s.reason === NO_POSITION)) tally.withoutPosition++;
}

/** The order's context: its symbol's reference price, if known, and the `--max-notional` limit. */
function contextFor(
  order: unknown,
  prices: ReadonlyMap<string, string>,
  maxNotional: string | undefined,
): ValidationContext | undefined {
  const symbol = ownField(order, 'symbol');
  const referencePrice = typeof symbol === 'string' ? prices.get(symbol) : undefined;
  if (referencePrice === undefined && maxNotional === undefined) return undefined;
  return {
    ...(referencePrice === undefined ? {} : { referencePrice }),
    ...(maxNotional === undefined ? {} : { maxNotional }),
  };
}

async function summarise(io: CliIo, tally: Tally, hadPrices: boolean, hadPositions: boolean): Promise<void> {
  const parts = [
    `checked ${count(tally.checked, 'order')}: ${tally.passed} passed, ${tally.refused} refused`,
  ];
  if (tally.unreadable > 0) {
    const shown = tally.firstUnreadable.join(', ');
    const more =
      tally.unreadable > tally.firstUnreadable.length
        ? ` and ${tally.unreadable - tally.firstUnreadable.length} more`
        : '';
    const tooLong = tally.tooLong > 0 ? `; ${tally.tooLong} longer than --max-line-bytes` : '';
    parts.push(
      `${count(tally.unreadable, 'unreadable line')} (${tally.unreadable === 1 ? 'line' : 'lines'} ${shown}${more}${tooLong})`,
    );
  }
  const lines = [parts.join('; ')];
  if (tally.withoutReference > 0)
    lines.push(
      `note: ${count(tally.withoutReference, 'order')} had price checks skipped for want of a reference price` +
        (hadPrices ? ' (their symbols are not in --reference-prices)' : ' (see --reference-prices)'),
    );
  if (tally.withoutPosition > 0)
    lines.push(
      `note: ${count(tally.withoutPosition, 'order')} had the position cap skipped for want of the position held` +
        (hadPositions ? ' (their symbol and side are not in --positions)' : ' (see --positions)'),
    );
  const closedAt = tally.outputClosedAt;
  if (closedAt !== undefined)
    lines.push(
      Number.isFinite(closedAt)
        ? `note: standard output was closed; verdicts from line ${closedAt} on were not written (every line was still checked)`
        : 'note: standard output was closed before the last verdicts were read',
    );
  await write(io.stderr, `${lines.join('\n')}\n`);
}
