import type { CompiledPair } from '../book/compiled-pair.js';
import { violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** TRADING_DISABLED: the pair's `enableTrade` is false. */
export function checkTradingEnabled(pair: CompiledPair): RuleOutcome {
  if (pair.enableTrade) return undefined;
  return violation('TRADING_DISABLED', 'symbol', { detail: pair.symbol });
}
