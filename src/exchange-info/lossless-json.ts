import { LosslessNumber, parse } from 'lossless-json';
import { MAX_JSON_DEPTH, nestingDepthOver } from './json-depth.js';
import { MAX_PAYLOAD_VALUE_LENGTH, withoutOversizedValues } from './oversized-value.js';

/**
 * Parses JSON text so that no number loses digits: every JSON number arrives as a lossless number
 * carrying its source text (a 20-digit `maxTradeAmount` stays exact), which the exchange-info
 * readers accept wherever they accept a number. A string or number longer than {@link
 * MAX_PAYLOAD_VALUE_LENGTH} characters is replaced, in one linear scan before parsing, by a small
 * object the readers refuse as that field's value: the lossless parser copies every value, and one
 * huge field would otherwise cost gigabytes (docs/guide.md, "Reliability: hostile input").
 *
 * Text nested more than {@link MAX_JSON_DEPTH} levels deep is refused before parsing, and so is
 * an object naming a member twice with two different values (the parser's rule): neither can be
 * read as one JSON value. `enclosingDepth` is for a part of a larger text, parsed on its own (the
 * rule-book source parses a body a part at a time): the levels around the part count too, so a
 * part is refused exactly when the whole text would be.
 *
 * @throws {SyntaxError} when the text is not JSON or cannot be read as such; callers wrap it in
 *   a typed error.
 */
export function parseJsonLosslessly(text: string, enclosingDepth = 0): unknown {
  const parsed = withoutOversizedValues(text, MAX_PAYLOAD_VALUE_LENGTH);
  if (nestingDepthOver(parsed, MAX_JSON_DEPTH - enclosingDepth))
    throw new SyntaxError(`JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
  return parse(parsed, undefined, (value) => new LosslessNumber(value));
}
