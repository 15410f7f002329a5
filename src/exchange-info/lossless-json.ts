import { LosslessNumber, parse } from 'lossless-json';
import { firstValueOver, MAX_PAYLOAD_VALUE_LENGTH } from './oversized-value.js';

/**
 * A payload holds a string or number longer than {@link MAX_PAYLOAD_VALUE_LENGTH}: refused before
 * it is parsed (README, "Reliability").
 */
export class OversizedValueError extends RangeError {
  override readonly name = 'OversizedValueError';
}

/**
 * Parses JSON text so that no number loses digits: every JSON number arrives as a lossless
 * number carrying its source text (a 20-digit `maxTradeAmount` stays exact), which the
 * exchange-info readers accept wherever they accept a number. Text holding a string or number
 * longer than {@link MAX_PAYLOAD_VALUE_LENGTH} characters is refused first, in one linear scan:
 * the lossless parser copies every value, and one huge field would cost gigabytes.
 *
 * @throws {OversizedValueError} for such a value; {SyntaxError} when the text is not JSON.
 *   Callers wrap both in their typed errors.
 */
export function parseJsonLosslessly(text: string): unknown {
  const oversized = firstValueOver(text, MAX_PAYLOAD_VALUE_LENGTH);
  if (oversized !== undefined)
    throw new OversizedValueError(
      `a ${oversized.kind} of more than ${MAX_PAYLOAD_VALUE_LENGTH} characters at character ${oversized.at + 1}; nothing was parsed`,
    );
  return parse(text, undefined, (value) => new LosslessNumber(value));
}
