import type { RuleBookDiff } from '../diff/diff-rule-books.js';
import { pairFieldsWith } from '../exchange-info/pair-fields.js';
import type { RemovedRuleFields } from './implausible-rule-book-error.js';

/** The fields that decide verdicts: a pair that loses one has a check skipped from then on. */
const RULE_FIELDS: ReadonlySet<string> = new Set(pairFieldsWith({ role: ['rule'] }));

/**
 * The rule fields each pair listed in both books lost from one book to the next (the source's
 * `keepRuleFields` guard), sorted by symbol as the diff is. A field is lost when it had a value
 * and has none (`null`). The price grid is lost twice over: when the exchange stops sending
 * `tickSize` (`tickSizeSource` leaves `'tickSize'`, even if a tick is then inferred from
 * `displayDigitMerge`), and when the pair has no grid at all any more. A
 * `marketFallbackPriceRatio` of `'0'` means "not configured", as absence does: going from `'0'`
 * to absent loses nothing. Pairs that disappear altogether are the loss guard's (`removed`).
 */
export function removedRuleFields(diff: RuleBookDiff): RemovedRuleFields[] {
  const found: RemovedRuleFields[] = [];
  for (const { symbol, changes } of diff.changed) {
    const fields: RemovedRuleFields['fields'][number][] = [];
    for (const change of changes) {
      const lost =
        change.field === 'tickSizeSource'
          ? change.before === 'tickSize' && change.after !== 'tickSize'
          : RULE_FIELDS.has(change.field) &&
            change.before !== null &&
            change.after === null &&
            !(change.field === 'marketFallbackPriceRatio' && change.before === '0');
      const field = change.field === 'tickSizeSource' ? 'tickSize' : change.field;
      if (lost && !fields.includes(field)) fields.push(field);
    }
    if (fields.length > 0) found.push({ symbol, fields });
  }
  return found;
}
