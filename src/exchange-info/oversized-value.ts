import type { JsonToken } from '../json/json-text-scan.js';

/**
 * The longest string or number an exchange-info payload may hold, in characters: far above any real
 * symbol, asset or decimal (names are capped at 1 KiB, decimals at 256 characters), and small
 * enough that a hostile payload cannot make the lossless parser, which copies every value into
 * objects, amplify one huge field into gigabytes (docs/guide.md, "Reliability: hostile input").
 */
export const MAX_PAYLOAD_VALUE_LENGTH = 1024;

/**
 * The text with each of `found` (the oversized values the JSON text scanner found, in text order)
 * replaced by a small object, `{"oversized":N}`: still JSON of the same structure, so the field
 * readers refuse that one field as they refuse any value of the wrong type (a definition is set
 * aside, a display field becomes a warning), and one huge field never sinks the rest of the
 * payload, nor reaches the parser whole.
 */
export function withValuesReplaced(text: string, found: readonly JsonToken[]): string {
  if (found.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const value of found) {
    parts.push(text.slice(from, value.start), `{"oversized":${value.end - value.start}}`);
    from = value.end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}
