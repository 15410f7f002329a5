import { Dec } from '../decimal/dec.js';
import { opensPosition, SPOT_TYPE_OF } from '../order/contract-order-fields.js';
import type { ParsedContractContext, ParsedContractOrder } from '../order/read-contract-order.js';
import type { CompiledContract } from '../pair/compile-contract.js';
import { contractSkip, contractViolationOf } from '../validation/contract-codes.js';
import {
  type ContractRule,
  type ContractRuleOptions,
  type ContractRuleOutcome,
  highestWithin,
} from './contract-rule.js';

const NO_MAX = contractSkip('POSITION_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', 'maxPositionSize');
const NO_POSITION = contractSkip('POSITION_SIZE_ABOVE_MAX', 'NO_POSITION', 'position');

/**
 * POSITION_SIZE_ABOVE_MAX: an order that opens (BUY+LONG, SELL+SHORT) leaves the position on its
 * side at most `maxPositionSize` (base units, inclusive): `context.position + quantity ≤
 * maxPositionSize`. The position is the caller's (the exchange's position endpoint); without it
 * the check is skipped and said so. A closing order only shrinks the position and is not held
 * to it. `limit` is `maxPositionSize`, `value` the position the order would make; the suggestion
 * is the largest quantity that fits, on the grid and within the contract's other bounds.
 */
export function checkPositionSize(
  contract: CompiledContract,
  order: ParsedContractOrder,
  context: ParsedContractContext,
  _options: ContractRuleOptions,
): ContractRuleOutcome {
  if (!opensPosition(order.side, order.positionSide)) return undefined;
  const max = contract.maxPositionSize;
  if (max === null) return NO_MAX;
  const position = context.position;
  if (position === undefined) return NO_POSITION;
  const quantity = order.quantity;
  if (quantity === undefined) return undefined;
  const after = position.value.plus(quantity.value);
  if (after.lte(max)) return undefined;
  const room = max.minus(position.value);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a contract's MARKET caps are maxOrderSize (compile-contract.ts), so every kind's window is the same
  const spotType = order.type === undefined ? 'LIMIT' : SPOT_TYPE_OF[order.type];
  let cap = room;
  // A MARKET opening order is also held to the open cap: the suggestion keeps within it.
  const openCap = contract.marketOpenLimitSize;
  if (order.type === 'MARKET' && openCap !== null && openCap.lt(cap)) cap = openCap;
  const suggestion = room.gt(Dec.ZERO) ? highestWithin(contract, order, spotType, cap) : [];
  const limit = max.toString();
  return contractViolationOf(
    'POSITION_SIZE_ABOVE_MAX',
    'quantity',
    `position ${position.text} + quantity ${quantity.text} = ${after.toString()} is above maxPositionSize ${limit}`,
    limit,
    after.toString(),
    suggestion,
  );
}

/** POSITION_SIZE_ABOVE_MAX, whole. */
export const positionSize: ContractRule = Object.freeze({
  code: 'POSITION_SIZE_ABOVE_MAX',
  check: checkPositionSize,
});
