import { parseJsonStrictly, toPlainDecimal } from '../index.js';
import { MAX_LINE_DEPTH, MAX_VALUE_BYTES } from './read-json-lines.js';
import { readRegularFile } from './read-regular-file.js';
import { describeStrictJsonRefusal } from './strict-json.js';
import { clip, printable } from './text.js';
import { UsageError } from './usage-error.js';

/** The largest `--reference-prices` file read: 16 MiB, hundreds of thousands of symbols. */
export const MAX_REFERENCE_PRICES_FILE_BYTES = 16 * 1024 * 1024;

const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * A positive decimal given on the command line or in a file, in canonical plain notation
 * (`6.4e4` and `64000.0` both give `'64000'`), or `undefined` when it is not one.
 */
export function positiveDecimal(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const plain = toPlainDecimal(value.trim());
  return plain === undefined || plain === '0' || plain.startsWith('-') ? undefined : plain;
}

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
  const what = '--reference-prices';
  const file = await readRegularFile(path, what, MAX_REFERENCE_PRICES_FILE_BYTES);
  const fail = (problem: string) => new UsageError(`${what} ${printable(path)}: ${problem}`, { hint: false });
  const read = parseJsonStrictly(file.subarray(0, 3).equals(BYTE_ORDER_MARK) ? file.subarray(3) : file, {
    maxValueBytes: MAX_VALUE_BYTES,
    // The file's size bounds how many values it holds.
    maxValues: Number.POSITIVE_INFINITY,
    maxDepth: MAX_LINE_DEPTH,
  });
  if (!read.ok) throw fail(describeStrictJsonRefusal(read));
  const json = read.value;
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw fail('expected a JSON object of symbol to last price, such as {"BTCUSDT": "64000"}');
  const prices = new Map<string, string>();
  for (const [symbol, value] of Object.entries(json)) {
    const price = positiveDecimal(value);
    if (price === undefined)
      throw fail(
        `the price of ${clip(printable(JSON.stringify(symbol)), 40)} must be a positive decimal, got ${clip(printable(JSON.stringify(value) ?? String(value)), 40)}`,
      );
    prices.set(symbol, price);
  }
  return prices;
}
