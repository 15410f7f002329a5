import { type JsonToken, scanJsonText } from '../json/json-text-scan.js';

/**
 * The longest string or number an exchange-info payload may hold, in characters: far above any real
 * symbol, asset or decimal (names are capped at 1 KiB, decimals at 256 characters), and small
 * enough that a hostile payload cannot make the lossless parser, which copies every value into
 * objects, amplify one huge field into gigabytes (docs/guide.md, "Reliability: hostile input").
 */
export const MAX_PAYLOAD_VALUE_LENGTH = 1024;

/** Where an oversized value lies in the text: `[start, end)`, quotes included for a string. */
export type OversizedValue = JsonToken;

/**
 * Every string or number token longer than `max` characters, found in one linear pass over the
 * text before anything is parsed (the JSON text scanner's). Not a validator: text that is not
 * JSON is left to the parser.
 */
export function valuesOver(text: string, max: number): readonly OversizedValue[] {
  return scanJsonText(text, max, Number.POSITIVE_INFINITY).overLong;
}

/**
 * The text with each oversized value replaced by a small object, `{"oversized":N}`: still JSON
 * of the same structure, so the field readers refuse that one field as they refuse any value of
 * the wrong type (a definition is set aside, a display field becomes a warning), and one huge
 * field never sinks the rest of the payload, nor reaches the parser whole.
 */
export function withoutOversizedValues(text: string, max: number): string {
  return withValuesReplaced(text, valuesOver(text, max));
}

/**
 * The text with each of `found` (oversized values, in text order) replaced by `{"oversized":N}`,
 * as {@link withoutOversizedValues} replaces them.
 */
export function withValuesReplaced(text: string, found: readonly OversizedValue[]): string {
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
