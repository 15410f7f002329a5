import { parseJsonStrictly, type StrictJsonLimits, type StrictJsonRefusalReason } from '../index.js';
import { describeStrictJsonRefusal } from './strict-json.js';

/** `--max-line-bytes` unless told otherwise: 1 MiB, a thousand times a real order line. */
export const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;

/**
 * The longest string or number, in bytes as written in the line (quotes excluded, escapes
 * counted as written), that an order line may hold: far above any real symbol, decimal or
 * client order id.
 */
export const MAX_VALUE_BYTES = 1024;

/**
 * The most JSON values an order line may hold, at any depth (each field's value counts, and so
 * does each object, array and array item). An order is one flat object of a dozen fields or so;
 * the bound keeps what one line can make the reader allocate small whatever its length (a
 * 250 MB line of `0,0,0,...` would otherwise ask for an array past V8's limit and crash).
 */
export const MAX_LINE_VALUES = 1000;

/** The deepest nesting of objects and arrays in an order line (an order is depth 1). */
export const MAX_LINE_DEPTH = 64;

const ORDER_LINE_LIMITS: StrictJsonLimits = {
  maxValueBytes: MAX_VALUE_BYTES,
  maxValues: MAX_LINE_VALUES,
  maxDepth: MAX_LINE_DEPTH,
};

/** Why a line could not be read: too long to keep, or refused by the strict JSON reader. */
export type UnreadableReason = 'LINE_TOO_LONG' | StrictJsonRefusalReason;

/** One non-blank line of a JSON-lines input: its value, or why it could not be read. */
export type JsonLine =
  | {
      readonly line: number;
      readonly ok: true;
      readonly value: unknown;
      /** The line's first non-blank character is `[`. */
      readonly startsArray: boolean;
    }
  | {
      readonly line: number;
      readonly ok: false;
      readonly reason: UnreadableReason;
      readonly error: string;
      readonly startsArray: boolean;
    };

/** Options of {@link readJsonLines}. */
export interface ReadJsonLinesOptions {
  /**
   * A line longer than this many bytes (its line ending excluded) is reported as
   * `LINE_TOO_LONG` without being kept: reading skips to the next newline.
   */
  readonly maxLineBytes: number;
}

/**
 * Reads JSON lines one at a time, in memory bounded by `maxLineBytes` plus a chunk of input
 * whatever the input holds (a file of millions of orders, one 600 MB line, no newline at all,
 * long lines one after another): a line is kept as bytes, once, and read from them without ever
 * being decoded as one string (see parseJsonStrictly).
 *
 * Line numbers count every line, blank ones included, from 1, so they match an editor's; blank
 * lines are skipped, `\r\n` endings and a leading byte-order mark are accepted, and a last line
 * without a newline is read. A line that cannot be read is yielded as `ok: false` with its
 * reason, and reading goes on:
 * - `LINE_TOO_LONG`: over `maxLineBytes`, skipped without being kept;
 * - `NOT_UTF8`: bytes that are not UTF-8 text (never read with replacement characters);
 * - `NOT_JSON`: not one JSON value;
 * - `VALUE_TOO_LONG`: a string or number over {@link MAX_VALUE_BYTES} bytes;
 * - `DUPLICATE_KEY`: a key twice in one object (which one would the exchange read?);
 * - `TOO_MANY_VALUES`: more than {@link MAX_LINE_VALUES} values;
 * - `TOO_DEEP`: nested deeper than {@link MAX_LINE_DEPTH}.
 *
 * @throws the input stream's error (a read failure), from the iteration.
 */
export async function* readJsonLines(
  input: AsyncIterable<unknown>,
  options: ReadJsonLinesOptions,
): AsyncGenerator<JsonLine> {
  for await (const raw of splitLines(input, options.maxLineBytes)) {
    if (raw.tooLong) {
      yield {
        line: raw.line,
        ok: false,
        reason: 'LINE_TOO_LONG',
        error: `line longer than ${options.maxLineBytes} bytes (--max-line-bytes); not read`,
        startsArray: raw.firstByte === OPEN_BRACKET,
      };
      continue;
    }
    const entry = readJsonLine(raw.line, raw.bytes);
    if (entry !== undefined) yield entry;
  }
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const OPEN_BRACKET = 0x5b;
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * A line as bytes, or the fact that it was too long to keep. The bytes may be a view of a buffer
 * the next line reuses: they must be read before the next line is asked for.
 */
type RawLine =
  | { readonly line: number; readonly tooLong: false; readonly bytes: Buffer }
  | { readonly line: number; readonly tooLong: true; readonly firstByte: number | undefined };

const NO_BYTES = Buffer.alloc(0);

/**
 * Splits a byte stream on `\n` without `readline`, which holds a whole line however long it
 * grows. Bytes of the current line are kept only up to `maxLineBytes + 1` (room for a `\r`);
 * past that the line is dropped and the rest of it is skipped chunk by chunk.
 *
 * A line within one chunk (nearly every line) is a view of that chunk, never copied. A line that
 * spans chunks is copied, as its pieces arrive, into one buffer of `maxLineBytes + 1` bytes,
 * made the first time a line needs it and reused by every later one: however many long lines
 * follow each other, they cost that one buffer, and no garbage of their size waits for the
 * collector. (Its pages are taken from the system as they are first written, so a 256 MiB limit
 * costs what the longest line actually used.)
 */
async function* splitLines(input: AsyncIterable<unknown>, maxLineBytes: number): AsyncGenerator<RawLine> {
  const keepAtMost = maxLineBytes + 1;
  /** The line's bytes while they lie in one chunk. */
  let view: Buffer = NO_BYTES;
  let spill: Buffer | undefined;
  let spilled = false;
  let kept = 0;
  let skipping = false;
  let firstByte: number | undefined;
  let line = 1;
  let atStart = true;

  const finish = (): RawLine => {
    const bytes = spilled ? (spill as Buffer).subarray(0, kept) : view;
    const contentLength = kept > 0 && bytes[kept - 1] === CARRIAGE_RETURN ? kept - 1 : kept;
    const result: RawLine =
      skipping || contentLength > maxLineBytes
        ? { line, tooLong: true, firstByte }
        : { line, tooLong: false, bytes: bytes.subarray(0, contentLength) };
    view = NO_BYTES;
    spilled = false;
    kept = 0;
    skipping = false;
    firstByte = undefined;
    line++;
    return result;
  };

  const take = (piece: Buffer) => {
    if (piece.length === 0) return;
    firstByte ??= firstNonBlank(piece);
    if (skipping) return;
    if (kept + piece.length > keepAtMost) {
      skipping = true;
      view = NO_BYTES;
      spilled = false;
      kept = 0;
      return;
    }
    if (kept === 0) view = piece;
    else {
      if (!spilled) {
        spill ??= Buffer.allocUnsafeSlow(keepAtMost);
        view.copy(spill, 0);
        view = NO_BYTES;
        spilled = true;
      }
      piece.copy(spill as Buffer, kept);
    }
    kept += piece.length;
  };

  for await (const chunk of input) {
    let bytes = toBuffer(chunk);
    if (atStart && bytes.length > 0) {
      atStart = false;
      if (bytes.subarray(0, 3).equals(BYTE_ORDER_MARK)) bytes = bytes.subarray(3);
    }
    let from = 0;
    for (;;) {
      const end = bytes.indexOf(NEWLINE, from);
      if (end === -1) break;
      take(bytes.subarray(from, end));
      yield finish();
      from = end + 1;
    }
    take(bytes.subarray(from));
  }
  if (kept > 0 || skipping) yield finish();
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError(`expected bytes or text from the input stream, got ${typeof chunk}`);
}

/** The first byte that is not a space, tab or carriage return, if any. */
function firstNonBlank(bytes: Buffer): number | undefined {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== CARRIAGE_RETURN) return byte;
  return undefined;
}

function readJsonLine(line: number, raw: Buffer): JsonLine | undefined {
  // A byte-order mark split across the first chunks escapes the check made on the first chunk.
  const bytes = line === 1 && raw.subarray(0, 3).equals(BYTE_ORDER_MARK) ? raw.subarray(3) : raw;
  const first = firstNonBlank(bytes);
  if (first === undefined) return undefined;
  const startsArray = first === OPEN_BRACKET;
  const read = parseJsonStrictly(bytes, ORDER_LINE_LIMITS);
  if (read.ok) return { line, ok: true, value: read.value, startsArray };
  return {
    line,
    ok: false,
    reason: read.reason,
    error: describeStrictJsonRefusal(read),
    startsArray,
  };
}
