import { LosslessNumber, parse } from 'lossless-json';
import { MAX_PAYLOAD_VALUE_LENGTH, withoutOversizedValues } from './oversized-value.js';

/**
 * Parses JSON text so that no number loses digits: every JSON number arrives as a lossless
 * number carrying its source text (a 20-digit `maxTradeAmount` stays exact), which the
 * exchange-info readers accept wherever they accept a number. A string or number longer than
 * {@link MAX_PAYLOAD_VALUE_LENGTH} characters is replaced, in one linear scan before parsing, by
 * a small object the readers refuse as that field's value: the lossless parser copies every
 * value, and one huge field would otherwise cost gigabytes (README, "Reliability").
 *
 * @throws {SyntaxError} when the text is not JSON; callers wrap it in a typed error.
 */
export function parseJsonLosslessly(text: string): unknown {
  return parse(
    withoutOversizedValues(text, MAX_PAYLOAD_VALUE_LENGTH),
    undefined,
    (value) => new LosslessNumber(value),
  );
}
