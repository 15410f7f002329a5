/**
 * Why JSON bytes were refused:
 * - `NOT_UTF8`: the bytes are not UTF-8 text (they are never decoded with replacement
 *   characters: text that is not what was written must not pass as if it were);
 * - `NOT_JSON`: not one JSON value (RFC 8259's grammar, exactly; a leading byte-order mark is
 *   refused too, as `JSON.parse` refuses it);
 * - `VALUE_TOO_LONG`: a string or number longer than `maxValueBytes` as written;
 * - `DUPLICATE_KEY`: a key appears twice in one object, compared after unescaping;
 * - `TOO_MANY_VALUES`: more than `maxValues` values in all;
 * - `TOO_DEEP`: objects and arrays nested deeper than `maxDepth`.
 *
 * Internal: the reader of the package's CLI and risk gateway, exported from the core so that they
 * share one build; not a supported API (it may change in any release), and not in the reference.
 *
 * @internal
 * @example
 * ```ts
 * const read = parseJsonStrictly(new TextEncoder().encode('{"price":1,"price":2}'));
 * if (!read.ok && read.reason === 'DUPLICATE_KEY') console.error(`repeated: ${read.key}`); // 'price'
 * ```
 */
export type StrictJsonRefusalReason =
  | 'NOT_UTF8'
  | 'NOT_JSON'
  | 'VALUE_TOO_LONG'
  | 'DUPLICATE_KEY'
  | 'TOO_MANY_VALUES'
  | 'TOO_DEEP';

/**
 * The bounds of {@link parseJsonStrictly}, each checked as the bytes are read. Each is a whole
 * number from 0 up, or `Infinity` for no bound (where the input's own size is bound enough).
 *
 * Internal: the reader of the package's CLI and risk gateway, exported from the core so that they
 * share one build; not a supported API (it may change in any release), and not in the reference.
 *
 * @internal
 * @example
 * ```ts
 * // A request body already capped at 64 KiB: only nesting needs a bound of its own.
 * parseJsonStrictly(body, { maxValueBytes: Infinity, maxValues: Infinity, maxDepth: 16 });
 * ```
 */
export interface StrictJsonLimits {
  /** The longest string (between its quotes, escapes counted as written) or number, in bytes. */
  readonly maxValueBytes: number;
  /** The most values in all, at any depth: each object, array, string, number and literal. */
  readonly maxValues: number;
  /** The deepest nesting of objects and arrays (a flat object is depth 1). */
  readonly maxDepth: number;
}

/**
 * A JSON value as {@link parseJsonStrictly} reads it: a number as its written text (`1.50` reads
 * as `'1.50'`), so a string and a number with the same text read alike; objects are plain objects.
 *
 * Internal: the reader of the package's CLI and risk gateway, exported from the core so that they
 * share one build; not a supported API (it may change in any release), and not in the reference.
 *
 * @internal
 * @example
 * ```ts
 * const read = parseJsonStrictly(new TextEncoder().encode('[1.50, "1.50", {"a": null}]'));
 * if (read.ok) read.value; // ['1.50', '1.50', { a: null }]
 * ```
 */
export type StrictJsonValue =
  | string
  | boolean
  | null
  | StrictJsonValue[]
  | { [key: string]: StrictJsonValue };

/**
 * The value {@link parseJsonStrictly} read.
 *
 * Internal: the reader of the package's CLI and risk gateway, exported from the core so that they
 * share one build; not a supported API (it may change in any release), and not in the reference.
 *
 * @internal
 * @example
 * ```ts
 * parseJsonStrictly(new TextEncoder().encode('{"quantity":0.10}')); // { ok: true, value: { quantity: '0.10' } }
 * ```
 */
export interface StrictJsonRead {
  readonly ok: true;
  readonly value: StrictJsonValue;
}

/**
 * Why {@link parseJsonStrictly} refused the bytes, and where.
 *
 * Internal: the reader of the package's CLI and risk gateway, exported from the core so that they
 * share one build; not a supported API (it may change in any release), and not in the reference.
 *
 * @internal
 * @example
 * ```ts
 * parseJsonStrictly(new TextEncoder().encode('{"a":1,}'));
 * // { ok: false, reason: 'NOT_JSON', at: 7, detail: 'expected a key in quotes' }
 * ```
 */
export interface StrictJsonRefusal {
  readonly ok: false;
  readonly reason: StrictJsonRefusalReason;
  /** The byte offset, from 0, of the fault: the first bad byte, or the start of the value at fault. */
  readonly at: number;
  /** What was wrong, without the position: `expected ':' after a key`. */
  readonly detail: string;
  /** The repeated key, after unescaping (`DUPLICATE_KEY` only). */
  readonly key?: string;
}

/**
 * The outcome of {@link parseJsonStrictly}: test `ok` first.
 *
 * Internal: the reader of the package's CLI and risk gateway, exported from the core so that they
 * share one build; not a supported API (it may change in any release), and not in the reference.
 *
 * @internal
 * @example
 * ```ts
 * const read: StrictJsonResult = parseJsonStrictly(bytes);
 * if (!read.ok) throw new Error(`${read.reason} at byte ${read.at}: ${read.detail}`);
 * ```
 */
export type StrictJsonResult = StrictJsonRead | StrictJsonRefusal;
