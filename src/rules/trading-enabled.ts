import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** TRADING_DISABLED: the pair's `enableTrade` is false (skipped when the exchange sent none). */
export function checkTradingEnabled(pair: CompiledPair): RuleOutcome {
  if (pair.enableTrade === null) return skippedCheck('TRADING_DISABLED', 'NO_RULE_FIELD', 'enableTrade');
  if (pair.enableTrade) return undefined;
  return violation('TRADING_DISABLED', 'symbol', { detail: pair.symbol });
}
