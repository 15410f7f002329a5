import * as z from 'zod/mini';
import { parseJsonStrictly, type StrictJsonValue } from '../index.js';
import { nonNegativeDecimalValue, positiveDecimalValue, readWith } from './flag-schema.js';
import { builtOnce } from './flag-schema-parts.js';
import { MAX_LINE_DEPTH, MAX_VALUE_BYTES } from './read-json-lines.js';
import { readRegularFile } from './read-regular-file.js';
import { describeStrictJsonRefusal } from './strict-json.js';
import { clip, printable } from './text.js';
import { UsageError } from './usage-error.js';

/** The largest `--reference-prices` file read: 16 MiB, hundreds of thousands of symbols. */
export const MAX_REFERENCE_PRICES_FILE_BYTES = 16 * 1024 * 1024;

const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/** A refused price as the file wrote it (JSON), quoted and clipped. */
function asWritten(value: unknown): string {
  return clip(printable(JSON.stringify(value) ?? String(value)), 40);
}

/**
 * The reference-price file's one schema: an object of symbol to positive decimal (a string or a
 * JSON number, read as its written digits), each price in canonical plain notation. Read as a
 * Map, so every key counts, `__proto__` too (an object record would drop that one unchecked).
 */
const referencePricesSchema = builtOnce(() =>
  z.pipe(
    z.custom<Readonly<Record<string, unknown>>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      { error: 'expected a JSON object of symbol to last price, such as {"BTCUSDT": "64000"}' },
    ),
    z.pipe(
      z.transform((prices: Readonly<Record<string, unknown>>) => new Map(Object.entries(prices))),
      z.map(z.string(), positiveDecimalValue(asWritten)),
    ),
  ),
);

/**
 * Loads `--reference-prices`: a JSON object of symbol to last traded price, each a decimal
 * string or a JSON number (`{"BTCUSDT": "64000", "ETHUSDT": 3000.5}`), from a regular file of at
 * most {@link MAX_REFERENCE_PRICES_FILE_BYTES}. Numbers keep their written digits; a symbol given
 * twice is refused rather than one of its prices picked.
 *
 * @throws {UsageError} when the file cannot be read, is not UTF-8 JSON, is not such an object,
 *   names a symbol twice, or holds a price that is not a positive decimal (naming the symbol).
 */
export async function loadReferencePrices(path: string): Promise<ReadonlyMap<string, string>> {
  const { value, fail } = await readJsonFile(path, '--reference-prices', MAX_REFERENCE_PRICES_FILE_BYTES);
  const prices = readWith(referencePricesSchema(), value);
  if (prices.ok) return prices.value;
  const [symbol] = prices.path;
  throw fail(symbol === undefined ? prices.problem : `the price of ${asWritten(symbol)} ${prices.problem}`);
}

/** The largest `--positions` file read: 16 MiB, as `--reference-prices`. */
export const MAX_POSITIONS_FILE_BYTES = 16 * 1024 * 1024;

/** A contract's open positions: the size held on each side that is known (base units). */
export interface SidePositions {
  readonly LONG?: string | undefined;
  readonly SHORT?: string | undefined;
}

/**
 * The positions file's one schema: an object of symbol to an object of `LONG` and/or `SHORT` to
 * the size held (a decimal string or JSON number, 0 or more, base units), each in canonical plain
 * notation. Read as a Map, as the reference prices are, so every key counts.
 */
const positionsSchema = builtOnce(() =>
  z.pipe(
    z.custom<Readonly<Record<string, unknown>>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      {
        error:
          'expected a JSON object of symbol to positions, such as {"BTCUSDT": {"LONG": "0.5", "SHORT": "0"}}',
      },
    ),
    z.pipe(
      z.transform((positions: Readonly<Record<string, unknown>>) => new Map(Object.entries(positions))),
      z.map(
        z.string(),
        z.strictObject(
          {
            LONG: z.optional(nonNegativeDecimalValue(asWritten)),
            SHORT: z.optional(nonNegativeDecimalValue(asWritten)),
          },
          { error: 'must be an object of LONG and/or SHORT to the size held, such as {"LONG": "0.5"}' },
        ),
      ),
    ),
  ),
);

/**
 * Loads `--positions` (`check --market futures`): a JSON object of symbol to the positions held
 * on each side, in base units (`{"BTCUSDT": {"LONG": "0.5", "SHORT": "0"}}`), from a regular file
 * of at most {@link MAX_POSITIONS_FILE_BYTES}. Numbers keep their written digits.
 *
 * @throws {UsageError} when the file cannot be read, is not UTF-8 JSON, is not such an object,
 *   names a symbol twice, or holds a size that is not a decimal of 0 or more (naming where).
 */
export async function loadPositions(path: string): Promise<ReadonlyMap<string, SidePositions>> {
  const { value, fail } = await readJsonFile(path, '--positions', MAX_POSITIONS_FILE_BYTES);
  const positions = readWith(positionsSchema(), value);
  if (positions.ok) return positions.value;
  const [symbol, side] = positions.path;
  if (symbol === undefined) throw fail(positions.problem);
  const where = side === undefined ? '' : ` ${String(side)}`;
  throw fail(`the position of ${asWritten(symbol)}${where} ${positions.problem}`);
}

/**
 * Reads a JSON file the operator gave with the flag `what`: a regular file of at most `maxBytes`,
 * strict JSON in UTF-8 (a leading byte-order mark allowed; a key given twice refused, numbers kept
 * as written). `fail` makes the error that names the flag and the file, for what the caller finds
 * wrong with the value.
 *
 * @throws {UsageError} when the file cannot be read or is not such JSON.
 */
export async function readJsonFile(
  path: string,
  what: string,
  maxBytes: number,
): Promise<{ readonly value: StrictJsonValue; readonly fail: (problem: string) => UsageError }> {
  const file = await readRegularFile(path, what, maxBytes);
  const fail = (problem: string) => new UsageError(`${what} ${printable(path)}: ${problem}`, { hint: false });
  const read = parseJsonStrictly(file.subarray(0, 3).equals(BYTE_ORDER_MARK) ? file.subarray(3) : file, {
    maxValueBytes: MAX_VALUE_BYTES,
    // The file's size bounds how many values it holds.
    maxValues: Number.POSITIVE_INFINITY,
    maxDepth: MAX_LINE_DEPTH,
  });
  if (!read.ok) throw fail(describeStrictJsonRefusal(read));
  return { value: read.value, fail };
}
