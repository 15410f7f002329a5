import { isUtf8 } from 'node:buffer';
import { clip, oneLine } from './text.js';
import { firstNonUtf8Byte } from './utf8.js';

/**
 * Why JSON bytes were refused:
 * - `NOT_UTF8`: the bytes are not UTF-8 text (they are never decoded with replacement
 *   characters: text that is not what was written must not pass as if it were);
 * - `NOT_JSON`: not one JSON value (RFC 8259's grammar, exactly);
 * - `VALUE_TOO_LONG`: a string or number longer than `maxValueBytes` as written;
 * - `DUPLICATE_KEY`: a key appears twice in one object, compared after unescaping;
 * - `TOO_MANY_VALUES`: more than `maxValues` values in all;
 * - `TOO_DEEP`: objects and arrays nested deeper than `maxDepth`.
 */
export type StrictJsonRefusal =
  | 'NOT_UTF8'
  | 'NOT_JSON'
  | 'VALUE_TOO_LONG'
  | 'DUPLICATE_KEY'
  | 'TOO_MANY_VALUES'
  | 'TOO_DEEP';

/** What {@link parseStrictJson} accepts. Each bound is checked as the bytes are read. */
export interface StrictJsonLimits {
  /** The longest string (between its quotes, escapes counted as written) or number, in bytes. */
  readonly maxValueBytes: number;
  /** The most values in all, at any depth: each object, array, string, number and literal. */
  readonly maxValues: number;
  /** The deepest nesting of objects and arrays (a flat object is depth 1). */
  readonly maxDepth: number;
}

/** The value read, or why the bytes were refused and where (`at`: a byte offset from 0). */
export type StrictJsonResult =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly reason: StrictJsonRefusal;
      readonly at: number;
      /** What was wrong, without the position: `expected ':' after a key`. */
      readonly detail: string;
    };

/**
 * Reads one JSON value from UTF-8 bytes, strictly, without ever holding the text as one string:
 * a line of hundreds of megabytes costs its own bytes and the few values it holds, nothing more.
 *
 * What it gives differs from `JSON.parse` in three ways a pre-trade check cannot do without:
 * - every number is kept as its written text (`1.50` reads as `'1.50'`, `0.12345678901234567891`
 *   keeps every digit), so an order is judged on the decimal the exchange would receive;
 * - a key that appears twice in one object is refused, even with the same value twice: the
 *   exchange might read either, so neither is guessed at;
 * - the bounds of `limits` are enforced while reading, so no input can make it allocate more
 *   than those bounds allow.
 * Otherwise it accepts exactly what `JSON.parse` accepts, and reads it to the same structure
 * (objects as plain objects, `__proto__` as an ordinary key).
 */
export function parseStrictJson(bytes: Buffer, limits: StrictJsonLimits): StrictJsonResult {
  if (!isUtf8(bytes))
    return { ok: false, reason: 'NOT_UTF8', at: firstNonUtf8Byte(bytes), detail: 'not UTF-8 text' };
  const reader = new StrictJsonReader(bytes, limits);
  try {
    return { ok: true, value: reader.readDocument() };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, reason: error.reason, at: error.at, detail: error.detail };
  }
}

/**
 * A refusal as one line for a person: `not JSON: expected ':' after a key (at byte 12)`. The
 * position counts bytes from 1, as editors' "go to byte" does.
 */
export function describeStrictJsonRefusal(refusal: Extract<StrictJsonResult, { ok: false }>): string {
  // A detail may quote a key of up to maxValueBytes: a line of output stays a line.
  const detail = clip(oneLine(refusal.detail), 160);
  const what = refusal.reason === 'NOT_JSON' ? `not JSON: ${detail}` : detail;
  return `${what} (at byte ${refusal.at + 1})`;
}

/** Thrown inside the reader only, to leave every level of nesting at once. */
class Refusal {
  constructor(
    readonly reason: StrictJsonRefusal,
    readonly at: number,
    readonly detail: string,
  ) {}
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const NULL = Buffer.from('null');

/** The one-letter escapes of RFC 8259 §7, by the byte after the backslash. */
const ESCAPED: ReadonlyMap<number, string> = new Map([
  [QUOTE, '"'],
  [BACKSLASH, '\\'],
  [0x2f, '/'],
  [0x62, '\b'],
  [0x66, '\f'],
  [0x6e, '\n'],
  [0x72, '\r'],
  [0x74, '\t'],
]);

function isDigit(byte: number | undefined): byte is number {
  return byte !== undefined && byte >= ZERO && byte <= NINE;
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= ZERO && byte <= NINE) return byte - ZERO;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

class StrictJsonReader {
  #at = 0;
  #values = 0;

  constructor(
    private readonly bytes: Buffer,
    private readonly limits: StrictJsonLimits,
  ) {}

  readDocument(): unknown {
    const value = this.#value(0);
    this.#skipWhitespace();
    if (this.#at < this.bytes.length) this.#fail('more after the value');
    return value;
  }

  #fail(detail: string, reason: StrictJsonRefusal = 'NOT_JSON', at = this.#at): never {
    throw new Refusal(reason, at, detail);
  }

  #skipWhitespace(): void {
    const bytes = this.bytes;
    let at = this.#at;
    for (;;) {
      const byte = bytes[at];
      if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
      at++;
    }
    this.#at = at;
  }

  #value(depth: number): unknown {
    this.#skipWhitespace();
    this.#values++;
    if (this.#values > this.limits.maxValues)
      this.#fail(`more than ${this.limits.maxValues} values`, 'TOO_MANY_VALUES');
    const byte = this.bytes[this.#at];
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (depth >= this.limits.maxDepth) this.#fail(`nested deeper than ${this.limits.maxDepth}`, 'TOO_DEEP');
      return byte === OPEN_BRACE ? this.#object(depth + 1) : this.#array(depth + 1);
    }
    if (byte === QUOTE) return this.#string();
    if (byte === MINUS || isDigit(byte)) return this.#number();
    if (this.#literal(TRUE)) return true;
    if (this.#literal(FALSE)) return false;
    if (this.#literal(NULL)) return null;
    return this.#fail(byte === undefined ? 'expected a value, got the end' : 'expected a value');
  }

  #literal(word: Buffer): boolean {
    const end = this.#at + word.length;
    if (end > this.bytes.length || word.compare(this.bytes, this.#at, end) !== 0) return false;
    this.#at = end;
    return true;
  }

  #object(depth: number): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.#at++;
    this.#skipWhitespace();
    if (this.bytes[this.#at] === CLOSE_BRACE) {
      this.#at++;
      return object;
    }
    for (;;) {
      this.#skipWhitespace();
      const keyAt = this.#at;
      if (this.bytes[keyAt] !== QUOTE) this.#fail('expected a key in quotes');
      const key = this.#string();
      if (Object.hasOwn(object, key))
        this.#fail(`the key ${JSON.stringify(key)} appears twice`, 'DUPLICATE_KEY', keyAt);
      this.#skipWhitespace();
      if (this.bytes[this.#at] !== COLON) this.#fail("expected ':' after a key");
      this.#at++;
      const value = this.#value(depth);
      // Plain assignment of `__proto__` would set the prototype instead (JSON.parse keeps the key).
      if (key === '__proto__')
        Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      else object[key] = value;
      this.#skipWhitespace();
      const next = this.bytes[this.#at++];
      if (next === CLOSE_BRACE) return object;
      if (next !== COMMA) this.#fail("expected ',' or '}' after a value", 'NOT_JSON', this.#at - 1);
    }
  }

  #array(depth: number): unknown[] {
    const array: unknown[] = [];
    this.#at++;
    this.#skipWhitespace();
    if (this.bytes[this.#at] === CLOSE_BRACKET) {
      this.#at++;
      return array;
    }
    for (;;) {
      array.push(this.#value(depth));
      this.#skipWhitespace();
      const next = this.bytes[this.#at++];
      if (next === CLOSE_BRACKET) return array;
      if (next !== COMMA) this.#fail("expected ',' or ']' after a value", 'NOT_JSON', this.#at - 1);
    }
  }

  /** A string from its opening quote. UTF-8 was checked, so no slice cuts a character. */
  #string(): string {
    const bytes = this.bytes;
    const start = this.#at;
    const tooLongAt = start + 1 + this.limits.maxValueBytes;
    // Checked on each step: a closing quote at `tooLongAt` ends a string of exactly the bound.
    let at = start + 1;
    let text = '';
    let runStart = at;
    for (;;) {
      if (at > tooLongAt)
        this.#fail(`a string of more than ${this.limits.maxValueBytes} bytes`, 'VALUE_TOO_LONG', start);
      const byte = bytes[at];
      if (byte === undefined) this.#fail('a string without its closing quote', 'NOT_JSON', at);
      if (byte === QUOTE) break;
      if (byte < 0x20) this.#fail('a control character in a string', 'NOT_JSON', at);
      if (byte !== BACKSLASH) {
        at++;
        continue;
      }
      if (at > runStart) text += bytes.toString('utf8', runStart, at);
      const escaped = bytes[at + 1];
      const single = escaped === undefined ? undefined : ESCAPED.get(escaped);
      if (single !== undefined) {
        text += single;
        at += 2;
      } else if (escaped === 0x75) {
        const code =
          (hexValue(bytes[at + 2]) << 12) |
          (hexValue(bytes[at + 3]) << 8) |
          (hexValue(bytes[at + 4]) << 4) |
          hexValue(bytes[at + 5]);
        // A missing digit gives -1, which sets every bit above the 16 a code unit has.
        if (code < 0 || code > 0xffff) this.#fail('a \\u escape without four hex digits', 'NOT_JSON', at);
        text += String.fromCharCode(code);
        at += 6;
      } else this.#fail('an unknown escape', 'NOT_JSON', at);
      runStart = at;
    }
    this.#at = at + 1;
    return text + bytes.toString('utf8', runStart, at);
  }

  /** A number as its written text, from its first byte (`-` or a digit). */
  #number(): string {
    const bytes = this.bytes;
    const start = this.#at;
    let at = start;
    if (bytes[at] === MINUS) at++;
    if (bytes[at] === ZERO) at++;
    else if (isDigit(bytes[at])) while (isDigit(bytes[at])) at++;
    else this.#fail('a number without digits', 'NOT_JSON', at);
    if (bytes[at] === DOT) {
      at++;
      if (!isDigit(bytes[at])) this.#fail('a number without digits after its point', 'NOT_JSON', at);
      while (isDigit(bytes[at])) at++;
    }
    const exponent = bytes[at];
    if (exponent === 0x65 || exponent === 0x45) {
      at++;
      if (bytes[at] === PLUS || bytes[at] === MINUS) at++;
      if (!isDigit(bytes[at])) this.#fail('a number without digits in its exponent', 'NOT_JSON', at);
      while (isDigit(bytes[at])) at++;
    }
    if (at - start > this.limits.maxValueBytes)
      this.#fail(`a number of more than ${this.limits.maxValueBytes} bytes`, 'VALUE_TOO_LONG', start);
    this.#at = at;
    return bytes.toString('latin1', start, at);
  }
}
