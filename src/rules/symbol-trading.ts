import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { FAIL, PASS, pairRule, type RuleOutcome } from './rule.js';

const NO_STATUS = skippedCheck('SYMBOL_NOT_TRADING', 'NO_RULE_FIELD', 'status');

/**
 * SYMBOL_NOT_TRADING: the pair's `status` is not `TRADING` (skipped when the exchange sent none).
 * HALT and BREAK are documented as not trading; an unlisted value is assumed not to trade either
 * (docs/exchange-semantics.md).
 */
export function checkSymbolTrading(pair: CompiledPair): RuleOutcome {
  if (pair.isTrading === null) return NO_STATUS;
  if (pair.isTrading) return undefined;
  const status = `${pair.symbol} (status ${pair.definition.status})`;
  return violationOf('SYMBOL_NOT_TRADING', 'symbol', `symbol ${status} is not TRADING`);
}

/** SYMBOL_NOT_TRADING, whole: a fact of the pair, so both forms read the pair alone. */
export const symbolTrading = pairRule({
  code: 'SYMBOL_NOT_TRADING',
  check: checkSymbolTrading,
  fastCheck: (pair) => (pair.trading ? PASS : FAIL),
  explainFast: (pair) => checkSymbolTrading(pair.pair) as Violation,
});
