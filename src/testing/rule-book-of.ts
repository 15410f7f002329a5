import { RuleBook, type RuleBookOptions } from '../book/rule-book.js';
import { parseExchangeInfo } from '../exchange-info/parse-exchange-info.js';
import type { PairDefinition } from '../exchange-info/schema.js';

/**
 * One definition as the wire would send it, plainly: `displayDigitMerge` as one comma-separated
 * string, no `tickSize` where the tick was inferred from that list (the book infers it again),
 * and no `tickSizeSource`, which is a book's to say and not a field the exchange sends.
 */
function onTheWire(definition: PairDefinition): Record<string, unknown> {
  const { tickSizeSource, displayDigitMerge, ...fields } = definition;
  return {
    ...fields,
    tickSize: tickSizeSource === 'displayDigitMerge' ? null : fields.tickSize,
    displayDigitMerge: displayDigitMerge === null ? null : displayDigitMerge.join(','),
  };
}

/**
 * A rule book of these pair definitions, read exactly as a book of the same pairs parsed from
 * the wire would be (README, "Property tests of your own strategy"): a pair with no `tickSize`
 * gets its tick from `displayDigitMerge` (unless `options.inferTickSize` is `false`), and a
 * definition the wire's reading would set aside is in `book.rejected`. Takes what
 * {@link pairDefinitionArb} generates, `parseExchangeInfo(...).symbols`, or a book's own
 * `book.definition(symbol)`.
 *
 * Passing a definition back to `parseExchangeInfo` is not the same: its `displayDigitMerge` is
 * an array, not the wire's string, so the list is dropped with a warning, and with it the
 * inferred tick.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { pairDefinitionArb, ruleBookOf, validOrderArb } from 'order-preflight/testing';
 * const pairAndOrder = pairDefinitionArb({ tradingOnly: true }).chain((pair) =>
 *   fc.tuple(fc.constant(pair), validOrderArb(pair)));
 * fc.assert(fc.property(pairAndOrder, ([pair, order]) => ruleBookOf([pair]).validateOrder(order).ok));
 * ```
 */
export function ruleBookOf(definitions: readonly PairDefinition[], options?: RuleBookOptions): RuleBook {
  const info = parseExchangeInfo({ timezone: 'UTC', serverTime: 0, symbols: definitions.map(onTheWire) });
  return RuleBook.fromExchangeInfo(info, options);
}
