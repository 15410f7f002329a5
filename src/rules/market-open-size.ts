import { atMost } from '../decimal/safe-integers.js';
import { opensPosition } from '../order/contract-order-fields.js';
import type { FastContractOrder } from '../order/fast-contract-read.js';
import type { FastOrder } from '../order/fast-order.js';
import type { ParsedContractContext, ParsedContractOrder } from '../order/read-contract-order.js';
import type { CompiledContract } from '../pair/compile-contract.js';
import { contractSkip, contractViolationOf } from '../validation/contract-codes.js';
import { highestUnderCaps } from './contract-caps.js';
import type {
  ContractFastOutcome,
  ContractRule,
  ContractRuleOptions,
  ContractRuleOutcome,
} from './contract-rule.js';
import { FAIL, NOT_SURE, PASS } from './rule.js';

const NO_CAP = contractSkip('MARKET_OPEN_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'marketOpenLimitSize');

/**
 * MARKET_OPEN_SIZE_ABOVE_MAX: a MARKET order that opens a position (BUY+LONG, SELL+SHORT) is at
 * most `marketOpenLimitSize`, base units, inclusive ("Maximum market order size for opening
 * positions"). A closing MARKET order is not held to it unless the book says so
 * (`marketOpenCap: 'every-market'`): WEEX does not say whether it is, and holding it could
 * block an order the exchange takes. The conditional market types are not held to it either
 * (WEEX does not say a triggered order is). Suggests the cap rounded down onto the size grid,
 * within the contract's bounds (and within the room under `maxPositionSize` when a position is
 * given).
 */
export function checkMarketOpenSize(
  contract: CompiledContract,
  order: ParsedContractOrder,
  context: ParsedContractContext,
  options: ContractRuleOptions,
): ContractRuleOutcome {
  const quantity = order.quantity;
  if (order.type !== 'MARKET' || quantity === undefined) return undefined;
  if (!options.capClosingMarketOrders && !opensPosition(order.side, order.positionSide)) return undefined;
  const cap = contract.marketOpenLimitSize;
  if (cap === null) return NO_CAP;
  if (quantity.value.lte(cap)) return undefined;
  const limit = cap.toString();
  // An opening order with a position given is also held to the room under maxPositionSize: the
  // suggestion keeps within both caps, so that taking it breaks neither.
  return contractViolationOf(
    'MARKET_OPEN_SIZE_ABOVE_MAX',
    'quantity',
    `quantity ${quantity.text} is above marketOpenLimitSize ${limit}`,
    limit,
    quantity.text,
    highestUnderCaps(contract, order, context, options),
  );
}

/** The same on the fast reading: the quantity's units against the cap's, exactly, in safe integers. */
function fastCheck(
  contract: CompiledContract,
  order: FastOrder,
  own: FastContractOrder,
  options: ContractRuleOptions,
): ContractFastOutcome {
  if (order.limit) return PASS;
  if (!options.capClosingMarketOrders && !own.opens) return PASS;
  // Stryker disable next-line ConditionalExpression: forced false, a contract without the cap has NaN units, and the check is NOT_SURE below, which hands the order to the general way (the same skip)
  if (contract.marketOpenLimitSize === null) return NO_CAP;
  const fast = contract.fast;
  // A cap past safe integers (a long one, as some payloads send) holds every quantity read fast:
  // its units are below 2^53 at a scale of 0 or more.
  // Stryker disable next-line ConditionalExpression: forced false, atMost on NaN units is not 1, a fast FAIL that the exact check explains (or clears)
  if (Number.isNaN(fast.marketOpenUnits))
    // Stryker disable next-line ConditionalExpression: forced false, the order is judged the general way, to the same answer (this only saves time)
    return fast.marketOpenPastSafe ? PASS : NOT_SURE;
  return atMost(order.quantity, order.quantityScale, fast.marketOpenUnits, fast.marketOpenScale) === 1
    ? PASS
    : FAIL;
}

/** MARKET_OPEN_SIZE_ABOVE_MAX, whole. */
export const marketOpenSize: ContractRule = Object.freeze({
  code: 'MARKET_OPEN_SIZE_ABOVE_MAX',
  check: checkMarketOpenSize,
  fastCheck,
});
