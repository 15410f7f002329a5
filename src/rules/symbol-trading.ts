import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** SYMBOL_NOT_TRADING: the pair's `status` is not `TRADING` (skipped when the exchange sent none). */
export function checkSymbolTrading(pair: CompiledPair): RuleOutcome {
  if (pair.isTrading === null) return skippedCheck('SYMBOL_NOT_TRADING', 'NO_RULE_FIELD', 'status');
  if (pair.isTrading) return undefined;
  return violation('SYMBOL_NOT_TRADING', 'symbol', {
    detail: `${pair.symbol} (status ${pair.definition.status})`,
  });
}
