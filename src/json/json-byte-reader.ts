import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isJsonWhitespace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './json-text-scan.js';
import type { StrictJsonLimits, StrictJsonResult } from './strict-json-result.js';

/**
 * How a reading differs from the strict one, for a reader of payloads (the exchange's answers,
 * which keep every number's digits and set aside one oversized field instead of the whole
 * document). The grammar, the repeated-key rule and the bounds are the same for every reading:
 * there is one JSON reader.
 */
export interface JsonReadingStyle {
  /** What a number becomes, from its text as written; left out, the text itself. */
  readonly number?: ((text: string) => unknown) | undefined;
  /**
   * When true, a string or number longer than `maxValueBytes` reads as `{ oversized: N }` (N its
   * length in bytes, quotes included for a string), which no field reader accepts, instead of
   * refusing the document; a key that long is refused all the same.
   */
  readonly markOversized?: boolean | undefined;
}

/**
 * Reads one JSON value from bytes already known to be UTF-8, within `limits` (see
 * parseJsonStrictly in strict-json.ts, which checks both before calling).
 */
export function readJsonBytes(bytes: Uint8Array, limits: StrictJsonLimits): StrictJsonResult {
  return readJsonBytesAs(bytes, limits, STRICT) as StrictJsonResult;
}

/** The strict reading: numbers as their text, an oversized value refuses the document. */
const STRICT: JsonReadingStyle = Object.freeze({});

/**
 * {@link readJsonBytes} in another style: the value's type follows the style (unknown here).
 */
export function readJsonBytesAs(
  bytes: Uint8Array,
  limits: StrictJsonLimits,
  style: JsonReadingStyle,
): { readonly ok: true; readonly value: unknown } | Exclude<StrictJsonResult, { ok: true }> {
  const reader = new JsonByteReader(bytes, limits, style);
  try {
    return { ok: true, value: reader.readDocument() };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const { reason, at, detail, key } = error;
    return key === undefined ? { ok: false, reason, at, detail } : { ok: false, reason, at, detail, key };
  }
}

type RefusalReason = Exclude<StrictJsonResult, { ok: true }>['reason'];

/** Thrown inside the reader only, to leave every level of nesting at once. */
class Refusal {
  constructor(
    readonly reason: RefusalReason,
    readonly at: number,
    readonly detail: string,
    readonly key?: string,
  ) {}
}

const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

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

/** Whether `word` is written at `at`. */
function startsWith(bytes: Uint8Array, at: number, word: readonly number[]): boolean {
  if (at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word[i]) return false;
  return true;
}

/**
 * Made on first use, not at load: a bare JavaScript context (no TextDecoder) can still load the
 * core. `ignoreBOM`: a U+FEFF that opens a string is part of it, not a mark to drop. Not fatal:
 * every byte was checked before reading began.
 */
let decoder: { decode(input: Uint8Array): string } | undefined;

/** The text of `bytes[from, to)`, which starts and ends on character boundaries. */
function decode(bytes: Uint8Array, from: number, to: number): string {
  // Where the engine has no TextDecoder (a bare JavaScript context), every text is spelt out.
  if (to - from > SHORT_TEXT_BYTES && HAS_TEXT_DECODER) {
    decoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
    return decoder.decode(bytes.subarray(from, to));
  }
  // Most strings and every number are short: spelt out here, they cost no call into the decoder.
  // The bytes are well-formed UTF-8, so each lead byte says how many follow.
  let text = '';
  let at = from;
  while (at < to) {
    const lead = bytes[at] as number;
    if (lead < 0x80) {
      text += String.fromCharCode(lead);
      at++;
    } else if (lead < 0xe0) {
      text += String.fromCharCode(((lead & 0x1f) << 6) | ((bytes[at + 1] as number) & 0x3f));
      at += 2;
    } else if (lead < 0xf0) {
      text += String.fromCharCode(
        ((lead & 0x0f) << 12) |
          (((bytes[at + 1] as number) & 0x3f) << 6) |
          ((bytes[at + 2] as number) & 0x3f),
      );
      at += 3;
    } else {
      text += String.fromCodePoint(
        ((lead & 0x07) << 18) |
          (((bytes[at + 1] as number) & 0x3f) << 12) |
          (((bytes[at + 2] as number) & 0x3f) << 6) |
          ((bytes[at + 3] as number) & 0x3f),
      );
      at += 4;
    }
  }
  return text;
}

const HAS_TEXT_DECODER = typeof TextDecoder === 'function';

/** Up to this many bytes, decoding by hand is faster than a call into TextDecoder. */
const SHORT_TEXT_BYTES = 32;

class JsonByteReader {
  #at = 0;
  #values = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: StrictJsonLimits,
    private readonly style: JsonReadingStyle,
  ) {}

  readDocument(): unknown {
    const value = this.#value(0);
    this.#skipWhitespace();
    if (this.#at < this.bytes.length) this.#fail('more after the value');
    return value;
  }

  #fail(detail: string, reason: RefusalReason = 'NOT_JSON', at = this.#at): never {
    throw new Refusal(reason, at, detail);
  }

  #skipWhitespace(): void {
    const bytes = this.bytes;
    let at = this.#at;
    for (;;) {
      const byte = bytes[at];
      if (byte === undefined || !isJsonWhitespace(byte)) break;
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
    if (byte === QUOTE) return this.#string(this.style.markOversized === true);
    if (byte === MINUS || isDigit(byte)) return this.#number();
    if (this.#literal(TRUE)) return true;
    if (this.#literal(FALSE)) return false;
    if (this.#literal(NULL)) return null;
    if (startsWith(this.bytes, this.#at, BYTE_ORDER_MARK))
      return this.#fail('a byte-order mark (EF BB BF) where a value belongs');
    return this.#fail(byte === undefined ? 'expected a value, got the end' : 'expected a value');
  }

  #literal(word: readonly number[]): boolean {
    if (!startsWith(this.bytes, this.#at, word)) return false;
    this.#at += word.length;
    return true;
  }

  /**
   * Steps past an object's or array's opening byte and the white space after it; true when
   * `close` follows at once (the container is empty), and then past that too.
   */
  #opensEmpty(close: number): boolean {
    this.#at++;
    this.#skipWhitespace();
    if (this.bytes[this.#at] !== close) return false;
    this.#at++;
    return true;
  }

  #object(depth: number): { [key: string]: unknown } {
    const object: { [key: string]: unknown } = {};
    if (this.#opensEmpty(CLOSE_BRACE)) return object;
    for (;;) {
      this.#skipWhitespace();
      const keyAt = this.#at;
      if (this.bytes[keyAt] !== QUOTE) this.#fail('expected a key in quotes');
      const key = this.#string(false) as string;
      if (Object.hasOwn(object, key))
        throw new Refusal('DUPLICATE_KEY', keyAt, `the key ${JSON.stringify(key)} appears twice`, key);
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
    if (this.#opensEmpty(CLOSE_BRACKET)) return array;
    for (;;) {
      array.push(this.#value(depth));
      this.#skipWhitespace();
      const next = this.bytes[this.#at++];
      if (next === CLOSE_BRACKET) return array;
      if (next !== COMMA) this.#fail("expected ',' or ']' after a value", 'NOT_JSON', this.#at - 1);
    }
  }

  /**
   * A string from its opening quote. UTF-8 was checked, so no run cuts a character. Past the
   * bound it is refused, or (`mark`) passed over, unread, and marked.
   */
  #string(mark: boolean): string | { oversized: number } {
    const bytes = this.bytes;
    const start = this.#at;
    const tooLongAt = start + 1 + this.limits.maxValueBytes;
    // Checked on each step: a closing quote at `tooLongAt` ends a string of exactly the bound.
    let at = start + 1;
    let text = '';
    let runStart = at;
    for (;;) {
      if (at > tooLongAt) {
        if (mark) return this.#passOverString(start);
        this.#fail(`a string of more than ${this.limits.maxValueBytes} bytes`, 'VALUE_TOO_LONG', start);
      }
      const byte = bytes[at];
      if (byte === undefined) this.#fail('a string without its closing quote', 'NOT_JSON', at);
      if (byte === QUOTE) break;
      if (byte < 0x20) this.#fail('a control character in a string', 'NOT_JSON', at);
      if (byte !== BACKSLASH) {
        at++;
        continue;
      }
      if (at > runStart) text += decode(bytes, runStart, at);
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
    return at > runStart ? text + decode(bytes, runStart, at) : text;
  }

  /**
   * An oversized string passed over to its closing quote (a quote after an even run of
   * backslashes), found by the engine's own search: its text is never read, only its length is
   * kept, so a 20 MB value costs a scan and no copy.
   */
  #passOverString(start: number): { oversized: number } {
    const bytes = this.bytes;
    let quote = start;
    for (;;) {
      quote = bytes.indexOf(QUOTE, quote + 1);
      if (quote === -1) this.#fail('a string without its closing quote', 'NOT_JSON', bytes.length);
      let backslashes = 0;
      for (let b = quote - 1; b > start && bytes[b] === BACKSLASH; b--) backslashes++;
      if ((backslashes & 1) === 0) break;
    }
    this.#at = quote + 1;
    return { oversized: quote + 1 - start };
  }

  /** A number from its first byte (`-` or a digit): its text as written, or the style's value of it. */
  #number(): unknown {
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
    this.#at = at;
    if (at - start > this.limits.maxValueBytes) {
      if (this.style.markOversized === true) return { oversized: at - start };
      this.#fail(`a number of more than ${this.limits.maxValueBytes} bytes`, 'VALUE_TOO_LONG', start);
    }
    const text = decode(bytes, start, at);
    return this.style.number === undefined ? text : this.style.number(text);
  }
}
