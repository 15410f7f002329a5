import { parse } from 'lossless-json';
import { clip, oneLine } from './text.js';

/** `--max-line-bytes` unless told otherwise: 1 MiB, a thousand times a real order line. */
export const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;

/**
 * The longest string or number, in bytes as written in the line (quotes excluded, escapes
 * counted as written), that an order line may hold. Far above any real symbol, decimal or
 * client order id; it exists because lossless parsing costs about 35 times a value's size in
 * memory (a 50 MB string took 1.7 GB), so a hostile value is refused before it is parsed.
 */
export const MAX_VALUE_BYTES = 1024;

/** Why a line could not be read. */
export type UnreadableReason = 'LINE_TOO_LONG' | 'VALUE_TOO_LONG' | 'NOT_JSON';

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
 * Reads JSON lines one at a time, in memory bounded by `maxLineBytes` plus one chunk of input
 * whatever the input holds (a file of millions of orders, one 600 MB line, no newline at all).
 * Line numbers count every line, blank ones included, from 1, so they match an editor's; blank
 * lines are skipped, `\r\n` endings and a leading byte-order mark are accepted, and a last line
 * without a newline is read. A line that cannot be read is yielded as `ok: false` with its
 * reason, and reading goes on:
 * - `LINE_TOO_LONG`: over `maxLineBytes`;
 * - `VALUE_TOO_LONG`: a string or number over {@link MAX_VALUE_BYTES}, refused before parsing;
 * - `NOT_JSON`: anything the JSON parser refuses.
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
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/** A line as bytes, or the fact that it was too long to keep. */
type RawLine =
  | { readonly line: number; readonly tooLong: false; readonly bytes: Buffer }
  | { readonly line: number; readonly tooLong: true; readonly firstByte: number | undefined };

/**
 * Splits a byte stream on `\n` without `readline`, which holds a whole line however long it
 * grows. Bytes of the current line are kept only up to `maxLineBytes + 1` (room for a `\r`);
 * past that the line is dropped and the rest of it is skipped chunk by chunk.
 */
async function* splitLines(input: AsyncIterable<unknown>, maxLineBytes: number): AsyncGenerator<RawLine> {
  const keepAtMost = maxLineBytes + 1;
  let parts: Buffer[] = [];
  let kept = 0;
  let skipping = false;
  let firstByte: number | undefined;
  let line = 1;
  let atStart = true;

  const finish = (): RawLine => {
    const bytes = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, kept);
    const contentLength = bytes.length > 0 && bytes[bytes.length - 1] === CARRIAGE_RETURN ? kept - 1 : kept;
    const result: RawLine =
      skipping || contentLength > maxLineBytes
        ? { line, tooLong: true, firstByte }
        : { line, tooLong: false, bytes: bytes.subarray(0, contentLength) };
    parts = [];
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
      parts = [];
      kept = 0;
      return;
    }
    // A view, not a copy: at most the chunks this one line spans are pinned, and a line that
    // fits in one chunk (nearly all of them) is decoded straight from it.
    parts.push(piece);
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

function readJsonLine(line: number, bytes: Buffer): JsonLine | undefined {
  const decoded = bytes.toString('utf8');
  // A byte-order mark split across the first chunks escapes the byte-level check.
  const text = line === 1 && decoded.startsWith('\uFEFF') ? decoded.slice(1) : decoded;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const startsArray = trimmed.startsWith('[');
  const oversized = longestValueOver(bytes, MAX_VALUE_BYTES);
  if (oversized !== undefined)
    return {
      line,
      ok: false,
      reason: 'VALUE_TOO_LONG',
      error: `a ${oversized.kind} of more than ${MAX_VALUE_BYTES} bytes (at byte ${oversized.at + 1}); not parsed`,
      startsArray,
    };
  try {
    return { line, ok: true, value: parseJsonKeepingNumbers(text), startsArray };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      line,
      ok: false,
      reason: 'NOT_JSON',
      error: `not JSON: ${clip(oneLine(detail), 160)}`,
      startsArray,
    };
  }
}

/**
 * The first string or number token longer than `max` bytes, found in one pass over the bytes
 * (UTF-8 never uses bytes below 0x80 inside a multi-byte character, so quotes and backslashes
 * are found byte by byte). Not a validator: text that is not JSON is left to the parser.
 */
function longestValueOver(
  bytes: Buffer,
  max: number,
): { readonly kind: 'string' | 'number'; readonly at: number } | undefined {
  let i = 0;
  const length = bytes.length;
  while (i < length) {
    const byte = bytes[i] as number;
    if (byte === QUOTE) {
      const start = i;
      i++;
      while (i < length) {
        const inner = bytes[i] as number;
        if (inner === QUOTE) break;
        i += inner === BACKSLASH ? 2 : 1;
        // Quotes excluded: the value's own bytes, as written.
        if (i - start - 1 > max) return { kind: 'string', at: start };
      }
      i++;
    } else if (byte === 0x2d || (byte >= 0x30 && byte <= 0x39)) {
      const start = i;
      while (i < length && isNumberByte(bytes[i] as number)) i++;
      if (i - start > max) return { kind: 'number', at: start };
    } else i++;
  }
  return undefined;
}

/** Digits, sign, point and exponent: the bytes a JSON number is written with. */
function isNumberByte(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x2d ||
    byte === 0x2b ||
    byte === 0x2e ||
    byte === 0x65 ||
    byte === 0x45
  );
}

/**
 * `JSON.parse`, except that every number is kept as its source text (`1.50` stays `'1.50'`,
 * `0.12345678901234567891` keeps all its digits) instead of being rounded to a binary double:
 * an order is judged on the decimal written in the file, as the exchange would receive it.
 * Duplicate keys are refused (which of the two would the exchange see?).
 *
 * @throws {SyntaxError} when the text is not JSON.
 */
export function parseJsonKeepingNumbers(text: string): unknown {
  return parse(text, undefined, (source) => source);
}
