import {
  isExchangeInfoSchemaError,
  isSnapshotError,
  parseExchangeInfoText,
  parseJsonStrictly,
  parseRuleBookSnapshot,
  RuleBook,
  type RuleBookOptions,
} from '../index.js';
import { PROGRAM } from './command.js';
import { readRegularFileStamped } from './read-regular-file.js';
import { describeStrictJsonRefusal } from './strict-json.js';
import { clip, oneLine, printable } from './text.js';
import { UsageError } from './usage-error.js';

/**
 * The largest rules file read (`check --rules`, `diff`'s OLD and NEW, `fetch --from-file`):
 * 64 MiB. A snapshot takes about 600 bytes a pair and a payload about 700, so this is over
 * 90,000 pairs; WEEX lists a few thousand.
 */
export const MAX_RULES_FILE_BYTES = 64 * 1024 * 1024;

/** What a rules file holds, told by its content. */
export type RulesFileKind = 'snapshot' | 'payload';

/** What a command takes: either kind, or (`fetch --from-file`) only a payload. */
export type RulesFileAccepted = 'snapshot or payload' | 'payload';

/** A rules file read into a book, and which kind it was. */
export interface LoadedRules {
  readonly book: RuleBook;
  readonly kind: RulesFileKind;
}

const SNAPSHOT_DESCRIPTION = `a rule-book snapshot ("format" and "version", as '${PROGRAM} fetch' writes it)`;
const PAYLOAD_DESCRIPTION =
  'an exchangeInfo payload ("timezone", "serverTime" and "symbols": the body of GET /api/v3/exchangeInfo)';

const PAYLOAD_FIELDS = ['timezone', 'serverTime', 'symbols'] as const;
const FIELDS_SHOWN = 5;

/**
 * Tells a decoded rules file apart by its top level: a `format` field makes a snapshot (the
 * snapshot reader then checks its value), else any of `timezone`, `serverTime` or `symbols` makes
 * a payload (the payload reader then says which is missing or wrong), else a `version` field makes
 * a snapshot that lost its `format`. A snapshot carries the payload's three fields too, so
 * `format` is asked first. Anything else is neither: `got` says what it is instead.
 */
export function rulesFileKind(json: unknown): RulesFileKind | { readonly got: string } {
  if (Array.isArray(json)) return { got: `it is a JSON array${looksLikeDefinitions(json)}` };
  if (json === null) return { got: 'it is JSON null' };
  if (typeof json !== 'object') return { got: `it is a JSON ${typeof json}` };
  const has = (field: string) => Object.hasOwn(json, field);
  if (has('format')) return 'snapshot';
  if (PAYLOAD_FIELDS.some(has)) return 'payload';
  if (has('version')) return 'snapshot';
  const fields = Object.keys(json);
  if (fields.length === 0) return { got: 'it is an empty JSON object' };
  const shown = fields.slice(0, FIELDS_SHOWN).map((field) => clip(JSON.stringify(field), 40));
  const more = fields.length > FIELDS_SHOWN ? ` and ${fields.length - FIELDS_SHOWN} more` : '';
  return { got: `it is a JSON object with none of those fields (its fields: ${shown.join(', ')}${more})` };
}

/** A saved `symbols` list on its own is a common near miss: say what it lacks. */
function looksLikeDefinitions(list: readonly unknown[]): string {
  const first: unknown = list[0];
  return typeof first === 'object' && first !== null && Object.hasOwn(first, 'symbol')
    ? " of pair definitions, without the payload's object around them"
    : '';
}

/**
 * Reads a rules file named by `what` (a flag, or `diff`'s OLD and NEW): a regular UTF-8 file of
 * at most {@link MAX_RULES_FILE_BYTES} (a leading byte-order mark dropped), holding a snapshot or,
 * as `accepted` allows, an exchangeInfo payload. A payload is read losslessly (a 20-digit
 * `maxTradeAmount` keeps every digit) and compiled as a book fetched from the wire is, a missing
 * tick inferred from `displayDigitMerge`; its `fetchedAt` is the file's modification time.
 *
 * @throws {UsageError} naming `what` and the file: it cannot be read (as `readRegularFile`), is
 *   not UTF-8 or not JSON, is neither kind (saying what it is and what was expected), or is a
 *   snapshot or payload that does not hold (with the reader's reason and first issues).
 */
export async function loadRulesFile(
  path: string,
  what: string,
  accepted: RulesFileAccepted,
  bookOptions: Pick<RuleBookOptions, 'clientOrderIds'> = {},
): Promise<LoadedRules> {
  const { bytes, modifiedMs } = await readRegularFileStamped(path, what, MAX_RULES_FILE_BYTES);
  const fail = (problem: string) => new UsageError(`${what} ${printable(path)}: ${problem}`, { hint: false });
  const expected =
    accepted === 'payload' ? PAYLOAD_DESCRIPTION : `${SNAPSHOT_DESCRIPTION} or ${PAYLOAD_DESCRIPTION}`;
  const { text, value } = readRulesJson(bytes, fail, expected);
  const kind = rulesFileKind(value);
  if (typeof kind === 'object') throw fail(`expected ${expected}, but ${kind.got}`);
  if (kind === 'snapshot') {
    if (accepted === 'payload')
      throw fail(
        `it is a rule-book snapshot already (check and diff read it as it is); expected ${expected}`,
      );
    return { book: snapshotBook(text, fail, bookOptions), kind };
  }
  return { book: payloadBook(text, modifiedMs, fail, bookOptions), kind };
}

/**
 * A rules file's text and its JSON value, for every market: UTF-8 (one leading byte-order mark
 * dropped, as editors write it), not blank, and read by the library's one JSON reader (so a file
 * that is not JSON is refused by the rules every reading has); each kind is then read by its own
 * parser, whose numbers are what that kind needs. The file's size bounds every value.
 *
 * @throws what `fail` makes, saying the file was not `expected`.
 */
export function readRulesJson(
  bytes: Uint8Array,
  fail: (problem: string) => UsageError,
  expected: string,
): { readonly text: string; readonly value: unknown } {
  let text: string;
  try {
    // ignoreBOM false (the default) drops one leading byte-order mark, as editors write it.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fail(`not UTF-8 text; expected ${expected}`);
  }
  if (text.trim() === '') throw fail(`it is empty; expected ${expected}`);
  const read = parseJsonStrictly(withoutByteOrderMark(bytes), UNBOUNDED_VALUES);
  if (!read.ok) throw fail(`not JSON (${describeStrictJsonRefusal(read)}); expected ${expected}`);
  return { text, value: read.value };
}

const UNBOUNDED_VALUES = Object.freeze({
  maxValueBytes: Number.POSITIVE_INFINITY,
  maxValues: Number.POSITIVE_INFINITY,
});

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf] as const;

/** The bytes without one leading byte-order mark, as editors write it (and as the text was decoded). */
function withoutByteOrderMark(bytes: Uint8Array): Uint8Array {
  return BYTE_ORDER_MARK.every((byte, i) => bytes[i] === byte) ? bytes.subarray(3) : bytes;
}

function snapshotBook(
  text: string,
  fail: (problem: string) => UsageError,
  bookOptions: Pick<RuleBookOptions, 'clientOrderIds'>,
): RuleBook {
  try {
    // A snapshot does not keep the client-id rule: the command's is applied to it.
    return parseRuleBookSnapshot(text).withClientOrderIds(bookOptions.clientOrderIds ?? 'length');
  } catch (error) {
    if (!isSnapshotError(error)) throw error;
    const advice =
      error.reason === 'format' ? ` (a snapshot is what '${PROGRAM} fetch --out FILE' writes)` : '';
    throw fail(`${clip(oneLine(error.message), 400)}${advice}`);
  }
}

function payloadBook(
  text: string,
  modifiedMs: number,
  fail: (problem: string) => UsageError,
  bookOptions: Pick<RuleBookOptions, 'clientOrderIds'>,
): RuleBook {
  try {
    // Tick inference left at its default: the book a client builds from the same body on the wire.
    return RuleBook.fromExchangeInfo(parseExchangeInfoText(text), {
      ...bookOptions,
      fetchedAt: fetchedAtOf(modifiedMs),
    });
  } catch (error) {
    if (!isExchangeInfoSchemaError(error)) throw error;
    throw fail(`exchangeInfo payload refused: ${clip(oneLine(error.message), 400)}`);
  }
}

/** The file's time when it is one a book can carry (not before 1970), else now. */
function fetchedAtOf(modifiedMs: number): number {
  return Number.isFinite(modifiedMs) && modifiedMs >= 0 && modifiedMs <= Number.MAX_SAFE_INTEGER
    ? modifiedMs
    : Date.now();
}
