import type { Dec } from '../decimal/dec.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair } from '../pair/compiled-pair.js';
import type { SkippedCheck, Violation } from '../validation/violation-codes.js';
import type { RuleOutcome } from './rule.js';

/** The compiled pair's fields that hold one exact decimal (or nothing). */
type DecimalPairField = {
  [K in keyof CompiledPair]: CompiledPair[K] extends Dec | null ? K : never;
}[keyof CompiledPair];

/**
 * The exact check of a rule that judges one decimal of the order against one field of the pair,
 * as PRICE_TICK, QUANTITY_STEP, QUANTITY_BELOW_MIN and QUANTITY_ABOVE_MAX do: nothing to judge
 * when the order has no such decimal, the rule's `skip` when the pair has no such field, nothing
 * when the value `holds` against it, and otherwise the rule's violation (`breach`, which is given
 * the pair and the order for its suggestion). Each rule states its row once; the exact path, which
 * judges every long-digit order, makes nothing per call for it.
 */
export function againstPairField(
  decimal: 'price' | 'quantity',
  field: DecimalPairField,
  skip: SkippedCheck,
  holds: (value: Dec, limit: Dec) => boolean,
  breach: (pair: CompiledPair, order: ParsedOrder, value: OrderDecimal, limit: Dec) => Violation,
): (pair: CompiledPair, order: ParsedOrder) => RuleOutcome {
  return (pair, order) => {
    const value = order[decimal];
    if (value === undefined) return undefined;
    const limit = pair[field];
    if (limit === null) return skip;
    return holds(value.value, limit) ? undefined : breach(pair, order, value, limit);
  };
}
