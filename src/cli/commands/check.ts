import type { ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { RuleBook, ValidationContext, ValidationResult } from '../../index.js';
import { type Command, PROGRAM, parseCommandArgs, runCommand } from '../command.js';
import {
  COLOUR_STYLE,
  formatUnreadableRow,
  formatVerdictRows,
  NO_STYLE,
  tableHeader,
  unreadableJson,
  verdictJson,
} from '../format-verdict.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, useColour, write } from '../io.js';
import { loadReferencePrices, loadSnapshotFile, positiveDecimal } from '../load-files.js';
import { Progress } from '../progress.js';
import { readJsonLines } from '../read-json-lines.js';
import { clip, count, describeFsError, printable } from '../text.js';
import { UsageError } from '../usage-error.js';

const HELP = `Usage: ${PROGRAM} check --rules SNAPSHOT [options] [ORDERS.jsonl | -]

Checks orders against a rule-book snapshot (what '${PROGRAM} fetch' writes), one
verdict per order, without sending anything. Orders are JSON lines, one order per
line, as they would be sent to POST /api/v3/order:

  {"symbol":"BTCUSDT","side":"BUY","type":"LIMIT","timeInForce":"GTC","price":"64000.01","quantity":"0.001"}

Orders are read from ORDERS.jsonl, or from standard input with '-' (or when no file
is named and input is piped). Blank lines are skipped; a line that is not JSON is
reported with its line number and the others are still checked. Numbers are judged
by their written digits (1.50 is "1.50", never rounded through a float).

Options:
  -r, --rules FILE             The rule-book snapshot (required).
  --reference-prices FILE      A JSON object of symbol to last traded price, such as
                               {"BTCUSDT": "64000", "ETHUSDT": 3000.5}; each order is
                               checked with its symbol's price as the reference price
                               (price bands, market worst-case price). Without it,
                               those checks are reported as not checked.
  --max-notional N             Your own limit on price x quantity (quote units),
                               applied to every order.
  --json                       One JSON object per line instead of the table:
                               {"line":N,"ok":BOOL,"violations":[...],"skipped":[...]}
                               (a line that is not JSON: the same with "error").
  --debug                      Show the stack trace of an unexpected error.
  -h, --help                   Show this help.

Output: verdicts on standard output (a table unless --json, whether or not it is a
terminal; colours only on a terminal, never with NO_COLOR), a summary on stderr, and
a progress line on stderr when it is a terminal and the input takes a while.

Exit status: 0 every order passes; 1 an order is refused or a line is not JSON;
2 a usage error (unknown flag, missing --rules, a file that cannot be read, a file
that is not a snapshot).`;

const OPTIONS = {
  rules: { type: 'string', short: 'r' },
  'reference-prices': { type: 'string' },
  'max-notional': { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** Line numbers of unreadable lines named in the summary; the rest are counted. */
const UNREADABLE_SHOWN = 5;

interface Input {
  readonly name: string;
  readonly stream: NodeJS.ReadableStream;
  readonly totalBytes?: number;
  readonly bytesRead?: () => number;
  close(): Promise<void>;
}

interface Tally {
  checked: number;
  passed: number;
  refused: number;
  readonly unreadable: number[];
  /** Orders with a check skipped for want of a reference price. */
  withoutReference: number;
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'check a JSON-lines file of orders against a snapshot',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS, 1);
    if (values.rules === undefined) throw new UsageError('--rules is required');
    const maxNotional = values['max-notional'];
    const limit = maxNotional === undefined ? undefined : positiveDecimal(maxNotional);
    if (maxNotional !== undefined && limit === undefined)
      throw new UsageError(
        `--max-notional must be a positive decimal, got '${clip(printable(maxNotional), 40)}'`,
      );
    const book = await loadSnapshotFile(values.rules, '--rules');
    const referenceFile = values['reference-prices'];
    const prices =
      referenceFile === undefined ? new Map<string, string>() : await loadReferencePrices(referenceFile);
    const input = await openInput(positionals[0], io);
    try {
      const tally = await checkAll(io, input, book, {
        prices,
        maxNotional: limit,
        json: values.json === true,
      });
      await summarise(io, tally, referenceFile !== undefined);
      return tally.refused > 0 || tally.unreadable.length > 0 ? EXIT_FAILURE : EXIT_OK;
    } finally {
      await input.close();
    }
  },
};

/** `order-preflight check ...`; resolves to the exit status. */
export function check(io: CliIo): Promise<number> {
  return runCommand(checkCommand, io);
}

async function openInput(operand: string | undefined, io: CliIo): Promise<Input> {
  if (operand === undefined && io.isTTY.stdin)
    throw new UsageError('no orders to check: name a JSON-lines file, or - to read standard input');
  if (operand === undefined || operand === '-')
    return { name: 'standard input', stream: io.stdin, close: async () => {} };
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

async function checkAll(
  io: CliIo,
  input: Input,
  book: RuleBook,
  options: { prices: ReadonlyMap<string, string>; maxNotional: string | undefined; json: boolean },
): Promise<Tally> {
  const tally: Tally = { checked: 0, passed: 0, refused: 0, unreadable: [], withoutReference: 0 };
  const style = useColour(io) ? COLOUR_STYLE : NO_STYLE;
  const progress = new Progress(io.stderr, { enabled: io.isTTY.stderr });
  // On one terminal, the progress line is erased before each verdict and redrawn after.
  const sharesTerminal = io.isTTY.stdout && io.isTTY.stderr;
  let headerWritten = options.json;
  const emit = async (text: string) => {
    if (sharesTerminal) progress.clear();
    if (!headerWritten) {
      headerWritten = true;
      text = `${tableHeader()}\n${text}`;
    }
    await write(io.stdout, text);
  };

  try {
    for await (const entry of readJsonLines(input.stream)) {
      if (!entry.ok) {
        tally.unreadable.push(entry.line);
        await emit(
          `${options.json ? unreadableJson(entry.line, entry.error) : formatUnreadableRow(entry.line, entry.error, style)}\n`,
        );
      } else {
        const order = entry.value;
        const result = book.validateOrder(order, contextFor(order, options.prices, options.maxNotional));
        count1(tally, result);
        await emit(
          options.json
            ? `${verdictJson(entry.line, result)}\n`
            : `${formatVerdictRows(entry.line, order, result, style).join('\n')}\n`,
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
  return tally;
}

function count1(tally: Tally, result: ValidationResult): void {
  tally.checked++;
  if (result.ok) tally.passed++;
  else tally.refused++;
  if (result.skipped.some((s) => s.reason === 'NO_REFERENCE_PRICE')) tally.withoutReference++;
}

/** The order's context: its symbol's reference price, if known, and the `--max-notional` limit. */
function contextFor(
  order: unknown,
  prices: ReadonlyMap<string, string>,
  maxNotional: string | undefined,
): ValidationContext | undefined {
  let referencePrice: string | undefined;
  if (
    typeof order === 'object' &&
    order !== null &&
    !Array.isArray(order) &&
    Object.hasOwn(order, 'symbol')
  ) {
    const symbol = (order as { symbol?: unknown }).symbol;
    if (typeof symbol === 'string') referencePrice = prices.get(symbol);
  }
  if (referencePrice === undefined && maxNotional === undefined) return undefined;
  return {
    ...(referencePrice === undefined ? {} : { referencePrice }),
    ...(maxNotional === undefined ? {} : { maxNotional }),
  };
}

async function summarise(io: CliIo, tally: Tally, hadPrices: boolean): Promise<void> {
  const parts = [
    `checked ${count(tally.checked, 'order')}: ${tally.passed} passed, ${tally.refused} refused`,
  ];
  const unreadable = tally.unreadable;
  if (unreadable.length > 0) {
    const shown = unreadable.slice(0, UNREADABLE_SHOWN).join(', ');
    const more =
      unreadable.length > UNREADABLE_SHOWN ? ` and ${unreadable.length - UNREADABLE_SHOWN} more` : '';
    parts.push(
      `${count(unreadable.length, 'unreadable line')} (${unreadable.length === 1 ? 'line' : 'lines'} ${shown}${more})`,
    );
  }
  const lines = [parts.join('; ')];
  if (tally.withoutReference > 0)
    lines.push(
      `note: ${count(tally.withoutReference, 'order')} had price checks skipped for want of a reference price` +
        (hadPrices ? ' (their symbols are not in --reference-prices)' : ' (see --reference-prices)'),
    );
  await write(io.stderr, `${lines.join('\n')}\n`);
}
