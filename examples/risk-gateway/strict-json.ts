/**
 * A strict JSON reader for what the gateway judges on the wire (order bodies, ticker answers).
 *
 * `JSON.parse` would do, but for three things a pre-trade check cannot give up:
 * - **numbers keep their written digits** (`0.10` reads as the text `0.10`, never as the double
 *   0.1), so an order is judged on the decimal the exchange receives;
 * - **a key that appears twice is an error**, at any depth, compared after unescaping (`"symbol"`
 *   and `"\u0073ymbol"` are the same key): `JSON.parse` keeps the last, other parsers the first,
 *   and the gateway must never judge one value while the exchange acts on the other;
 * - **nesting is bounded** (a hostile `[[[[...` is refused, never a stack overflow).
 *
 * The grammar is RFC 8259's, exactly: whatever `JSON.parse` refuses, this refuses too, and what it
 * accepts reads to the same structure (property-tested against it). A leading byte-order mark is
 * refused: RFC 8259 lets a reader ignore it or not, so the exchange might read such a body
 * differently.
 */

/** A JSON number, as written in the text (`"1.50"` for `1.50`, `"1e-3"` for `1e-3`). */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** A JSON object read in order of its keys; a `Map`, so no key (`__proto__` either) is special. */
export type JsonObject = ReadonlyMap<string, JsonValue>;

/** Any JSON value, numbers kept as their text. */
export type JsonValue = string | JsonNumber | boolean | null | readonly JsonValue[] | JsonObject;

/**
 * The outcome of {@link readStrictJson}: the value, or why the text was refused and where
 * (`at`, a UTF-16 index into the text).
 *
 * @example
 * ```ts
 * readStrictJson('{"a":1,"a":2}'); // { ok: false, reason: 'duplicate-key', key: 'a', at: 7 }
 * ```
 */
export type StrictJsonResult =
  | { readonly ok: true; readonly value: JsonValue }
  | {
      readonly ok: false;
      readonly reason: 'not-json' | 'duplicate-key' | 'too-deep';
      readonly at: number;
      readonly detail: string;
      /** The repeated key, for `duplicate-key`. */
      readonly key?: string;
    };

/** Deeper than any order or ticker answer; deep enough for any real body. */
export const MAX_JSON_DEPTH = 64;

class Refusal {
  constructor(
    readonly reason: 'not-json' | 'duplicate-key' | 'too-deep',
    readonly at: number,
    readonly detail: string,
    readonly key?: string,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * Reads one JSON text strictly: numbers as {@link JsonNumber}s with their written digits,
 * objects as `Map`s, duplicate keys and nesting past {@link MAX_JSON_DEPTH} refused.
 *
 * @example
 * ```ts
 * const read = readStrictJson('{"quantity":0.10}');
 * if (read.ok) (read.value as JsonObject).get('quantity'); // JsonNumber { text: '0.10' }
 * ```
 */
export function readStrictJson(text: string): StrictJsonResult {
  let at = 0;

  const skipWhitespace = (): void => {
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      at++;
    }
  };

  const fail = (detail: string): never => {
    throw new Refusal('not-json', at, detail);
  };

  const readString = (): string => {
    at++; // the opening quote
    let out = '';
    let runStart = at;
    for (;;) {
      if (at >= text.length) fail('unterminated string');
      const c = text.charCodeAt(at);
      if (c === 0x22) {
        out += text.slice(runStart, at);
        at++;
        return out;
      }
      if (c < 0x20) fail('a control character in a string');
      if (c !== 0x5c) {
        at++;
        continue;
      }
      out += text.slice(runStart, at);
      const escaped = text[at + 1];
      if (escaped === 'u') {
        const hex = text.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('a bad \\u escape');
        out += String.fromCharCode(Number.parseInt(hex, 16));
        at += 6;
      } else {
        const decoded = escaped === undefined ? undefined : ESCAPES[escaped];
        if (decoded === undefined) fail('a bad escape');
        out += decoded;
        at += 2;
      }
      runStart = at;
    }
  };

  const readValue = (depth: number): JsonValue => {
    skipWhitespace();
    const c = text[at];
    if (c === '{' || c === '[') {
      if (depth >= MAX_JSON_DEPTH) throw new Refusal('too-deep', at, `nested deeper than ${MAX_JSON_DEPTH}`);
      return c === '{' ? readObject(depth + 1) : readArray(depth + 1);
    }
    if (c === '"') return readString();
    if (text.startsWith('true', at)) {
      at += 4;
      return true;
    }
    if (text.startsWith('false', at)) {
      at += 5;
      return false;
    }
    if (text.startsWith('null', at)) {
      at += 4;
      return null;
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number === null) return fail(c === undefined ? 'unexpected end' : `unexpected ${JSON.stringify(c)}`);
    at += number[0].length;
    return new JsonNumber(number[0]);
  };

  const readObject = (depth: number): JsonObject => {
    at++;
    const object = new Map<string, JsonValue>();
    skipWhitespace();
    if (text[at] === '}') {
      at++;
      return object;
    }
    for (;;) {
      skipWhitespace();
      if (text[at] !== '"') fail('expected a key');
      const keyAt = at;
      const key = readString();
      if (object.has(key))
        throw new Refusal('duplicate-key', keyAt, `the key ${JSON.stringify(key)} appears twice`, key);
      skipWhitespace();
      if (text[at] !== ':') fail('expected ":"');
      at++;
      object.set(key, readValue(depth));
      skipWhitespace();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === '}') {
        at++;
        return object;
      }
      fail('expected "," or "}"');
    }
  };

  const readArray = (depth: number): JsonValue[] => {
    at++;
    const array: JsonValue[] = [];
    skipWhitespace();
    if (text[at] === ']') {
      at++;
      return array;
    }
    for (;;) {
      array.push(readValue(depth));
      skipWhitespace();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === ']') {
        at++;
        return array;
      }
      fail('expected "," or "]"');
    }
  };

  try {
    if (text.charCodeAt(0) === 0xfeff) fail('a byte-order mark');
    const value = readValue(0);
    skipWhitespace();
    if (at !== text.length) fail('text after the value');
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return {
      ok: false,
      reason: error.reason,
      at: error.at,
      detail: error.detail,
      ...(error.key === undefined ? {} : { key: error.key }),
    };
  }
}

/** True for a JSON object as {@link readStrictJson} reads it. */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return value instanceof Map;
}
