/**
 * The longest string or number an exchange-info payload may hold, in characters: far above any real
 * symbol, asset or decimal (names are capped at 1 KiB, decimals at 256 characters), and small
 * enough that a hostile payload cannot make the lossless parser, which copies every value into
 * objects, amplify one huge field into gigabytes (docs/guide.md, "Reliability: hostile input").
 */
export const MAX_PAYLOAD_VALUE_LENGTH = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where an oversized value lies in the text: `[start, end)`, quotes included for a string. */
export interface OversizedValue {
  readonly kind: 'string' | 'number';
  readonly start: number;
  readonly end: number;
}

/**
 * Every string or number token longer than `max` characters, found in one linear pass over the
 * text before anything is parsed. Not a validator: text that is not JSON is left to the parser.
 */
export function valuesOver(text: string, max: number): OversizedValue[] {
  const found: OversizedValue[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      i++;
      while (i < length && text.charCodeAt(i) !== QUOTE) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
      i++;
      // Quotes excluded: the value's own characters, as written.
      if (i - start - 2 > max) found.push({ kind: 'string', start, end: Math.min(i, length) });
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      while (i < length && isNumberChar(text.charCodeAt(i))) i++;
      if (i - start > max) found.push({ kind: 'number', start, end: i });
    } else i++;
  }
  return found;
}

/**
 * The text with each oversized value replaced by a small object, `{"oversized":N}`: still JSON
 * of the same structure, so the field readers refuse that one field as they refuse any value of
 * the wrong type (a definition is set aside, a display field becomes a warning), and one huge
 * field never sinks the rest of the payload, nor reaches the parser whole.
 */
export function withoutOversizedValues(text: string, max: number): string {
  const found = valuesOver(text, max);
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

/** Digits, sign, point and exponent: what a JSON number is written with. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}
