import { LosslessNumber, parse } from 'lossless-json';

/**
 * Parses JSON text so that no number loses digits: every JSON number arrives as a lossless
 * number carrying its source text (a 20-digit `maxTradeAmount` stays exact), which the
 * exchange-info schemas accept wherever they accept a number.
 *
 * @throws {SyntaxError} when the text is not JSON; callers wrap it in a typed error.
 */
export function parseJsonLosslessly(text: string): unknown {
  return parse(text, undefined, (value) => new LosslessNumber(value));
}
