import { Dec } from '../decimal/dec.js';
import { floorToGrid } from '../decimal/grid.js';
import type { FastContractOrder } from '../order/fast-contract-read.js';
import type { FastOrder } from '../order/fast-order.js';
import { kindOf, ORDER_KINDS } from '../order/order-kinds.js';
import type { ParsedContractContext, ParsedContractOrder } from '../order/read-contract-order.js';
import type { CompiledContract } from '../pair/compile-contract.js';
import { quantityWindow } from '../pair/quantity-window.js';
import type {
  ContractSkippedCheck,
  ContractViolation,
  ContractViolationCode,
} from '../validation/contract-codes.js';
import type { FAIL, NOT_SURE, PASS } from './rule.js';

/** What one contract rule says of one order: a breach, a check it could not make, or nothing. */
export type ContractRuleOutcome = ContractViolation | ContractSkippedCheck | undefined;

/** The book's choices the contract rules follow (`ContractBookOptions`). */
export interface ContractRuleOptions {
  /** `marketOpenCap: 'every-market'`: the open cap also holds closing MARKET orders. */
  readonly capClosingMarketOrders: boolean;
}

/**
 * One rule only a contract has, whole: its code and its exact check on the compiled contract and
 * the contract order as read. The shared checks are the spot rules' (src/rules/pair-rules.ts),
 * run by the spot judge on the contract's pair; these run after them, in the order of
 * `CONTRACT_RULES` (contract-rules.ts), the one place a contract rule's position is written.
 */
export interface ContractRule {
  readonly code: ContractViolationCode;
  check(
    contract: CompiledContract,
    order: ParsedContractOrder,
    context: ParsedContractContext,
    options: ContractRuleOptions,
  ): ContractRuleOutcome;
  /**
   * The same decision on what the fast reading read (order/fast-contract-read.ts: the quantity as
   * a count of the fast pair's unit, the position in safe integers): PASS, FAIL, the skip `check`
   * would answer, or NOT_SURE, when the whole order is judged the general way. Absent on a rule
   * that judges only what the fast reading never takes (a trigger price): the fast way skips it.
   */
  readonly fastCheck?: (
    contract: CompiledContract,
    order: FastOrder,
    own: FastContractOrder,
    options: ContractRuleOptions,
  ) => ContractFastOutcome;
}

/** What a contract rule's fast check says: a fast verdict but SKIP, or the skip itself. */
export type ContractFastOutcome = typeof PASS | typeof FAIL | typeof NOT_SURE | ContractSkippedCheck;

/**
 * The highest quantity at most `cap` that the contract's own bounds allow, for an order of this
 * side and spot type: `cap` and the quantity window's top (the grid, `maxOrderSize`) rounded down
 * onto the grid, kept at or above the window's bottom (`minOrderSize` rounded up); none when that
 * leaves nothing.
 */
export function highestWithin(
  contract: CompiledContract,
  order: ParsedContractOrder,
  spotType: 'LIMIT' | 'MARKET',
  cap: Dec,
): string[] {
  const pair = contract.pair;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,LogicalOperator: a contract's MARKET caps are maxOrderSize (compile-contract.ts), so every kind's window is the same
  const window = quantityWindow(pair, ORDER_KINDS[kindOf(spotType, order.side ?? 'BUY')]);
  if (window === undefined) return [];
  let top = cap;
  if (window.high?.lt(top)) top = window.high;
  const grid = pair.quantityGrid;
  const highest = grid === null ? top : floorToGrid(top, grid);
  return highest.lt(window.low) || highest.lte(Dec.ZERO) ? [] : [highest.toString()];
}
