import type { CompiledPair } from '../pair/compiled-pair.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';
import { FAIL, PASS, pairRule, type RuleOutcome } from './rule.js';

const NO_ENABLE_TRADE = skippedCheck('TRADING_DISABLED', 'NO_RULE_FIELD', 'enableTrade');

/** TRADING_DISABLED: the pair's `enableTrade` is false (skipped when the exchange sent none). */
export function checkTradingEnabled(pair: CompiledPair): RuleOutcome {
  if (pair.enableTrade === null) return NO_ENABLE_TRADE;
  if (pair.enableTrade) return undefined;
  const message = `trading is disabled for symbol ${pair.symbol} (enableTrade is false)`;
  return violationOf('TRADING_DISABLED', 'symbol', message);
}

/** TRADING_DISABLED, whole: a fact of the pair, so both forms read the pair alone. */
export const tradingEnabled = pairRule({
  code: 'TRADING_DISABLED',
  check: checkTradingEnabled,
  fastCheck: (pair) => (pair.enabled ? PASS : FAIL),
  explainFast: (pair) => checkTradingEnabled(pair.pair) as Violation,
});
