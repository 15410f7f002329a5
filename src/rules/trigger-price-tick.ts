import { gridNeighbours } from '../decimal/grid.js';
import type { ParsedContractOrder } from '../order/read-contract-order.js';
import type { CompiledContract } from '../pair/compile-contract.js';
import { contractSkip, contractViolationOf } from '../validation/contract-codes.js';
import type { ContractRule, ContractRuleOutcome } from './contract-rule.js';

const NO_TICK = contractSkip('TRIGGER_PRICE_TICK', 'NO_TICK_SIZE', 'pricePrecision');

type TriggerField = 'triggerPrice' | 'tpTriggerPrice' | 'slTriggerPrice';

/**
 * TRIGGER_PRICE_TICK: a trigger price (`triggerPrice` of an algo order, `tpTriggerPrice` and
 * `slTriggerPrice` of an order with take-profit and stop-loss) is on the price grid
 * 10^-pricePrecision, as a price is (the exchange checks "precision" of prices; it says nothing
 * of triggers apart, so they are held to the grid prices are held to). No direction is checked:
 * WEEX documents none (a take-profit above the entry of a long, say), so none is guessed.
 * Suggests the grid points either side.
 */
function triggerTick(field: TriggerField): ContractRule {
  return Object.freeze({
    code: 'TRIGGER_PRICE_TICK',
    check(contract: CompiledContract, order: ParsedContractOrder): ContractRuleOutcome {
      const trigger = order[field];
      if (trigger === undefined) return undefined;
      const tick = contract.pair.tickSize;
      if (tick === null) return NO_TICK;
      if (trigger.value.isMultipleOf(tick)) return undefined;
      const limit = tick.toString();
      return contractViolationOf(
        'TRIGGER_PRICE_TICK',
        field,
        `${field} ${trigger.text} is not a multiple of the price grid ${limit} (pricePrecision ${contract.definition.pricePrecision})`,
        limit,
        trigger.text,
        gridNeighbours(trigger.value, tick),
      );
    },
    // No fast check: the fast reading takes no order with a trigger price
    // (order/fast-contract-read.ts), so on it this rule has nothing to check.
  });
}

/** TRIGGER_PRICE_TICK of each trigger field, in field order. */
export const triggerPriceTicks: readonly ContractRule[] = Object.freeze([
  triggerTick('triggerPrice'),
  triggerTick('tpTriggerPrice'),
  triggerTick('slTriggerPrice'),
]);
