import { readFile } from 'node:fs/promises';
import { isSnapshotError, parseRuleBookSnapshot, type RuleBook, toPlainDecimal } from '../index.js';
import { PROGRAM } from './command.js';
import { parseJsonKeepingNumbers } from './read-json-lines.js';
import { clip, describeFsError, oneLine, printable } from './text.js';
import { UsageError } from './usage-error.js';

/**
 * Reads a file named on the command line as UTF-8 text.
 *
 * @throws {UsageError} naming `what` and the file when it cannot be read.
 */
export async function readTextFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${printable(path)}: ${describeFsError(error)}`, {
      hint: false,
    });
  }
}

/**
 * Loads a rule-book snapshot file (what `order-preflight fetch` writes).
 *
 * @throws {UsageError} when the file cannot be read or is not a snapshot this version reads,
 *   with the `SnapshotError`'s reason and first issues.
 */
export async function loadSnapshotFile(path: string, what: string): Promise<RuleBook> {
  const text = await readTextFile(path, what);
  try {
    return parseRuleBookSnapshot(text);
  } catch (error) {
    if (!isSnapshotError(error)) throw error;
    const advice =
      error.reason === 'format' || error.reason === 'json'
        ? ` (a snapshot is what '${PROGRAM} fetch --out FILE' writes)`
        : '';
    throw new UsageError(`${what} ${printable(path)}: ${clip(oneLine(error.message), 400)}${advice}`, {
      hint: false,
    });
  }
}

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
 * string or a JSON number (`{"BTCUSDT": "64000", "ETHUSDT": 3000.5}`). Numbers keep their
 * written digits.
 *
 * @throws {UsageError} when the file cannot be read, is not such an object, or holds a price
 *   that is not a positive decimal (naming the symbol).
 */
export async function loadReferencePrices(path: string): Promise<ReadonlyMap<string, string>> {
  const what = '--reference-prices';
  const text = await readTextFile(path, what);
  const fail = (problem: string) => new UsageError(`${what} ${printable(path)}: ${problem}`, { hint: false });
  let json: unknown;
  try {
    json = parseJsonKeepingNumbers(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw fail(`not JSON: ${clip(oneLine(error instanceof Error ? error.message : String(error)), 160)}`);
  }
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
