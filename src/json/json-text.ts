import { type JsonReadingStyle, readJsonBytesAs } from './json-byte-reader.js';
import type { StrictJsonLimits, StrictJsonRefusal } from './strict-json-result.js';

/**
 * The one JSON reader (`json-byte-reader.ts`) for text already held as a string: an exchange-info
 * payload, a snapshot, a rules file. The same grammar, repeated-key rule and bounds as every
 * other reading; only the style (what a number becomes, whether an oversized value is marked or
 * refused) is the caller's.
 */

/**
 * The reading style of JSON whose numbers are small integers (a snapshot's versions and times, an
 * error answer's code): numbers as `JSON.parse` reads them.
 *
 * @internal
 */
export const NUMBERS_AS_NUMBERS = Object.freeze({ number: Number });

/** A lone surrogate: text no UTF-8 can carry (encoding would put U+FFFD in its place). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Made on first use, as the reader's decoder is; where the engine has no `TextEncoder` (a bare
 * JavaScript context), the text is encoded by hand.
 */
let encoder: { encode(text: string): Uint8Array } | undefined;

function utf8Of(text: string): Uint8Array {
  encoder ??= typeof TextEncoder === 'function' ? new TextEncoder() : { encode: encodeByHand };
  return encoder.encode(text);
}

/**
 * UTF-8 of well-formed text (lone surrogates were refused before), where no `TextEncoder` is.
 *
 * @internal
 */
export function encodeByHand(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes.push(unit);
    else if (unit < 0x800) bytes.push(0xc0 | (unit >> 6), 0x80 | (unit & 0x3f));
    else if (unit < 0xd800 || unit > 0xdbff)
      bytes.push(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f));
    else {
      const point = 0x10000 + ((unit - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
      bytes.push(
        0xf0 | (point >> 18),
        0x80 | ((point >> 12) & 0x3f),
        0x80 | ((point >> 6) & 0x3f),
        0x80 | (point & 0x3f),
      );
    }
  }
  return Uint8Array.from(bytes);
}

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
  return readJsonBytesAs(utf8Of(text), limits, style);
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
