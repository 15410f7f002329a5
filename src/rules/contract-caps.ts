import type { Dec } from '../decimal/dec.js';
import { opensPosition, SPOT_TYPE_OF } from '../order/contract-order-fields.js';
import type { ParsedContractContext, ParsedContractOrder } from '../order/read-contract-order.js';
import type { CompiledContract } from '../pair/compile-contract.js';
import { type ContractRuleOptions, highestWithin } from './contract-rule.js';

/**
 * The most an order's quantity may be under the contract's own caps, or `undefined` when none
 * holds it: on a MARKET order the open cap (`marketOpenLimitSize`), for an opening order or, under
 * `marketOpenCap: 'every-market'`, for any; on an opening order with a position given, the room
 * under `maxPositionSize`; the lower of the two when both hold.
 */
export function contractQuantityCap(
  contract: CompiledContract,
  order: ParsedContractOrder,
  context: ParsedContractContext,
  options: ContractRuleOptions,
): Dec | undefined {
  const opens = opensPosition(order.side, order.positionSide);
  let cap: Dec | undefined;
  const openCap = contract.marketOpenLimitSize;
  // Stryker disable next-line ConditionalExpression: forced true, the same: the caps' rules suggest only for an opening order, or a closing one when capClosingMarketOrders holds it
  if (order.type === 'MARKET' && openCap !== null && (opens || options.capClosingMarketOrders)) cap = openCap;
  const max = contract.maxPositionSize;
  const position = context.position;
  if (opens && max !== null && position !== undefined) {
    const room = max.minus(position.value);
    if (cap === undefined || room.lt(cap)) cap = room;
  }
  return cap;
}

/**
 * What the two caps' rules suggest: the highest quantity of the order's kind within both caps
 * and the contract's bounds, so that taking it breaks neither cap; none when no quantity is.
 */
export function highestUnderCaps(
  contract: CompiledContract,
  order: ParsedContractOrder,
  context: ParsedContractContext,
  options: ContractRuleOptions,
): string[] {
  const cap = contractQuantityCap(contract, order, context, options);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a contract's MARKET caps are maxOrderSize (compile-contract.ts), so every kind's window is the same
  const spotType = order.type === undefined ? 'LIMIT' : SPOT_TYPE_OF[order.type];
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: a guard: the caps' rules suggest only when their own cap applies, so a cap is always found here
  return cap === undefined ? [] : highestWithin(contract, order, spotType, cap);
}
