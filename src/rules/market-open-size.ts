import { opensPosition } from '../order/contract-order-fields.js';
import type { ParsedContractOrder } from '../order/read-contract-order.js';
import type { CompiledContract } from '../pair/compile-contract.js';
import { contractSkip, contractViolationOf } from '../validation/contract-codes.js';
import {
  type ContractRule,
  type ContractRuleOptions,
  type ContractRuleOutcome,
  highestWithin,
} from './contract-rule.js';

const NO_CAP = contractSkip('MARKET_OPEN_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'marketOpenLimitSize');

/**
 * MARKET_OPEN_SIZE_ABOVE_MAX: a MARKET order that opens a position (BUY+LONG, SELL+SHORT) is at
 * most `marketOpenLimitSize`, base units, inclusive ("Maximum market order size for opening
 * positions"). A closing MARKET order is not held to it unless the book says so
 * (`marketOpenCap: 'every-market'`): WEEX does not say whether it is, and holding it could
 * block an order the exchange takes. The conditional market types are not held to it either
 * (WEEX does not say a triggered order is). Suggests the cap rounded down onto the size grid,
 * within the contract's bounds.
 */
export function checkMarketOpenSize(
  contract: CompiledContract,
  order: ParsedContractOrder,
  _context: unknown,
  options: ContractRuleOptions,
): ContractRuleOutcome {
  const quantity = order.quantity;
  if (order.type !== 'MARKET' || quantity === undefined) return undefined;
  if (!options.capClosingMarketOrders && !opensPosition(order.side, order.positionSide)) return undefined;
  const cap = contract.marketOpenLimitSize;
  if (cap === null) return NO_CAP;
  if (quantity.value.lte(cap)) return undefined;
  const limit = cap.toString();
  return contractViolationOf(
    'MARKET_OPEN_SIZE_ABOVE_MAX',
    'quantity',
    `quantity ${quantity.text} is above marketOpenLimitSize ${limit}`,
    limit,
    quantity.text,
    // Stryker disable next-line StringLiteral: a contract's MARKET caps are maxOrderSize (compile-contract.ts), so every kind's window is the same
    highestWithin(contract, order, 'MARKET', cap),
  );
}

/** MARKET_OPEN_SIZE_ABOVE_MAX, whole. */
export const marketOpenSize: ContractRule = Object.freeze({
  code: 'MARKET_OPEN_SIZE_ABOVE_MAX',
  check: checkMarketOpenSize,
});
