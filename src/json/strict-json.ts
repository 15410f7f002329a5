import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeValue } from '../errors/preflight-error.js';
import { readJsonBytes } from './json-byte-reader.js';
import { MAX_JSON_DEPTH } from './json-depth.js';
import type { StrictJsonLimits, StrictJsonResult } from './strict-json-result.js';
import { firstNonUtf8Byte } from './utf8.js';

export type {
  StrictJsonLimits,
  StrictJsonRead,
  StrictJsonRefusal,
  StrictJsonRefusalReason,
  StrictJsonResult,
  StrictJsonValue,
} from './strict-json-result.js';

/**
 * The limits {@link parseJsonStrictly} uses where none are given: far above any order body or
 * ticker answer (a WEEX order is one flat object of a dozen fields), small enough that no input
 * makes the reader allocate much more than the input itself.
 *
 * Internal: the reader of the package's CLI and risk gateway, exported from the core so that they
 * share one build; not a supported API (it may change in any release), and not in the reference.
 *
 * @internal
 * @example
 * ```ts
 * DEFAULT_STRICT_JSON_LIMITS; // { maxValueBytes: 65536, maxValues: 100000, maxDepth: 64 }
 * ```
 */
export const DEFAULT_STRICT_JSON_LIMITS: StrictJsonLimits = Object.freeze({
  maxValueBytes: 64 * 1024,
  maxValues: 100_000,
  maxDepth: MAX_JSON_DEPTH,
});

/**
 * Reads one JSON value from UTF-8 bytes (a request body, a line of a file, an exchange's answer)
 * strictly, as a pre-trade check must read what goes on the wire. It never holds the input as one
 * string: a line of hundreds of megabytes costs its own bytes and the few values it holds.
 *
 * What it gives differs from `JSON.parse` in three ways a pre-trade check cannot do without:
 * - every number is kept as its written text (`1.50` reads as `'1.50'`, `0.12345678901234567891`
 *   keeps every digit), so an order is judged on the decimal the exchange would receive;
 * - a key that appears twice in one object, at any depth and however it is escaped
 *   (`"price"`, `"pri\u0063e"`), is refused, even with the same value twice: the exchange might
 *   read either, so neither is guessed at;
 * - the bounds of `limits` are enforced while reading, so no input can make it allocate more
 *   than those bounds allow.
 * Otherwise it accepts exactly what `JSON.parse` accepts (so a leading byte-order mark is
 * refused: strip it first where a source may write one), and reads it to the same structure
 * (objects as plain objects, `__proto__` as an ordinary key). Bytes that are not UTF-8 are
 * refused, never read with replacement characters.
 *
 * @param bytes - the JSON text as UTF-8 bytes (a `Buffer` is a `Uint8Array`).
 * @param limits - bounds on the input; each one left out is taken from
 *   {@link DEFAULT_STRICT_JSON_LIMITS}.
 * @returns the value, or why it was refused and at which byte; never throws for any bytes.
 * @throws {@link InvalidArgumentError} when `bytes` is not a `Uint8Array` or a limit is not a
 *   whole number from 0 up (nor `Infinity`).
 *
 * Internal: the reader of the package's CLI and risk gateway, exported from the core so that they
 * share one build; not a supported API (it may change in any release), and not in the reference.
 *
 * @internal
 * @example
 * ```ts
 * const body = new TextEncoder().encode('{"symbol":"BTCUSDT","quantity":0.10,"quantity":1}');
 * const read = parseJsonStrictly(body);
 * // { ok: false, reason: 'DUPLICATE_KEY', at: 36, key: 'quantity', detail: 'the key "quantity" appears twice' }
 * const fine = parseJsonStrictly(new TextEncoder().encode('{"quantity":0.10}'), { maxDepth: 1 });
 * // { ok: true, value: { quantity: '0.10' } }
 * ```
 */
export function parseJsonStrictly(bytes: Uint8Array, limits?: Partial<StrictJsonLimits>): StrictJsonResult {
  if (!(bytes instanceof Uint8Array))
    throw new InvalidArgumentError('bytes', `must be a Uint8Array of UTF-8, got ${describeValue(bytes)}`);
  const bounds = resolveLimits(limits);
  const notUtf8At = firstNonUtf8Byte(bytes);
  if (notUtf8At !== -1) return { ok: false, reason: 'NOT_UTF8', at: notUtf8At, detail: 'not UTF-8 text' };
  return readJsonBytes(bytes, bounds);
}

const LIMIT_NAMES = ['maxValueBytes', 'maxValues', 'maxDepth'] as const;

function resolveLimits(limits: Partial<StrictJsonLimits> | undefined): StrictJsonLimits {
  if (limits === undefined) return DEFAULT_STRICT_JSON_LIMITS;
  if (typeof limits !== 'object' || limits === null)
    throw new InvalidArgumentError('limits', `must be an object, got ${describeValue(limits)}`);
  const resolved = { ...DEFAULT_STRICT_JSON_LIMITS };
  for (const name of LIMIT_NAMES) {
    const value: unknown = limits[name];
    if (value === undefined) continue;
    if (
      typeof value !== 'number' ||
      !(value === Number.POSITIVE_INFINITY || Number.isInteger(value)) ||
      value < 0
    )
      throw new InvalidArgumentError(
        'limits',
        `.${name} must be a whole number from 0 up, or Infinity, got ${describeValue(value)}`,
      );
    resolved[name] = value;
  }
  return resolved;
}
