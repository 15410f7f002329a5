import { type JsonReadingStyle, readJsonBytesAs } from './json-byte-reader.js';
import type { StrictJsonLimits, StrictJsonRefusal } from './strict-json-result.js';

/**
 * The one JSON reader (`json-byte-reader.ts`) for text already held as a string: an exchange-info
 * payload, a snapshot, a rules file. The same grammar, repeated-key rule and bounds as every
 * other reading; only the style (what a number becomes, whether an oversized value is marked or
 * refused) is the caller's.
 */

/** A lone surrogate: text no UTF-8 can carry (encoding would put U+FFFD in its place). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Made on first use, as the reader's decoder is: a bare JavaScript context can still load the core. */
let encoder: { encode(text: string): Uint8Array } | undefined;

/**
 * Reads one JSON value from `text`, never throwing for any text.
 *
 * @internal
 * @example
 * ```ts
 * readJsonText('{"a":1}', DEFAULT_STRICT_JSON_LIMITS, { number: Number }); // { ok: true, value: { a: 1 } }
 * ```
 */
export function readJsonText(
  text: string,
  limits: StrictJsonLimits,
  style: JsonReadingStyle,
): { readonly ok: true; readonly value: unknown } | StrictJsonRefusal {
  // Never read with a replacement character: text that is not what was written must not pass.
  const lone = LONE_SURROGATE.exec(text);
  if (lone !== null)
    return {
      ok: false,
      reason: 'NOT_JSON',
      at: lone.index,
      detail: 'a lone surrogate, which is not Unicode text',
    };
  encoder ??= new TextEncoder();
  return readJsonBytesAs(encoder.encode(text), limits, style);
}

/**
 * A refusal as one line for a person: `expected ':' after a key (at byte 12)`. Positions count
 * bytes from 1, as editors' "go to byte" does.
 *
 * @internal
 */
export function describeJsonRefusal(refusal: StrictJsonRefusal): string {
  return `${refusal.detail} (at byte ${refusal.at + 1})`;
}
