import type { CompiledPair } from '../book/compiled-pair.js';
import { violation } from '../validation/violation.js';
import type { RuleOutcome } from './rule.js';

/** SYMBOL_NOT_TRADING: the pair's `status` is not `TRADING`. */
export function checkSymbolTrading(pair: CompiledPair): RuleOutcome {
  if (pair.isTrading) return undefined;
  return violation('SYMBOL_NOT_TRADING', 'symbol', {
    detail: `${pair.symbol} (status ${pair.definition.status})`,
  });
}
