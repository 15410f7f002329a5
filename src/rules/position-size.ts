import type { Dec } from '../decimal/dec.js';
import { atMost, MAX_SAFE, POW10, sumAtMost } from '../decimal/safe-integers.js';
import { opensPosition } from '../order/contract-order-fields.js';
import { readDecimalInput } from '../order/decimal-input.js';
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
  options: ContractRuleOptions,
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
  // A MARKET opening order is also held to the open cap: the suggestion keeps within both.
  const suggestion = highestUnderCaps(contract, order, context, options);
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

/**
 * The same on the fast reading: position and quantity brought to the finer of their scales and
 * added in safe integers, the sum against `maxPositionSize` exactly; a sum (or a position) past
 * 2^53 is added in exact decimals here, so that the order stays on the fast way (as a spot rule's
 * exact check takes over for its own rule only).
 */
function fastCheck(
  contract: CompiledContract,
  order: FastOrder,
  own: FastContractOrder,
): ContractFastOutcome {
  if (!own.opens) return PASS;
  const max = contract.maxPositionSize;
  if (max === null) return NO_MAX;
  if (!own.hasPosition) return NO_POSITION;
  const fast = contract.fast;
  // Stryker disable next-line ConditionalExpression: forced true the sum is exact (exactSum); forced false a NaN position makes a NaN sum, handed to exactSum below
  if (Number.isNaN(own.position))
    // A position past safe integers: below 10^15, with a quantity below 10^15 (every fast-read
    // one), it sums below 2^53, within a maximum of at least 2^53.
    // Stryker disable next-line ConditionalExpression: forced false, the shortcut's PASS is worked out exactly instead, to the same answer
    return own.positionBelow1e15 && fast.maxPositionPastSafe ? PASS : longPosition(max, order, own, fast);
  const quantityScale = order.quantityScale;
  const positionScale = own.positionScale;
  let quantity = order.quantity;
  let position = own.position;
  let scale = quantityScale;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: at equal scales both ways multiply by 1; the wrong way round indexes POW10 below 0 (a NaN sum, handed to exactSum); unscaled, the position is inflated, and a fast FAIL is only handed to the exact check
  if (positionScale > quantityScale) {
    quantity *= POW10[positionScale - quantityScale] as number;
    scale = positionScale;
  } else position *= POW10[quantityScale - positionScale] as number;
  const after = quantity + position;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: handing a sum at (or below) 2^53 - 1 to the whole-and-fraction sum gives the same answer, exactly
  if (!(after <= MAX_SAFE)) return sumPastSafe(max, order, own, fast);
  // Units of at most 2^53 at a scale of 0 or more are a value below 2^53.
  // Stryker disable next-line ConditionalExpression: forced false, a maximum past 2^53 has NaN units, and the sum is handed to exactSum below (forced true is killed by test/futures/position-size-fast.test.ts)
  if (fast.maxPositionPastSafe) return PASS;
  // Stryker disable next-line ConditionalExpression: forced true the sum is exact; forced false atMost on NaN units is not 1, a fast FAIL that the exact check explains (or clears)
  if (Number.isNaN(fast.maxPositionUnits)) return exactSum(max, order, own);
  return atMost(after, scale, fast.maxPositionUnits, fast.maxPositionScale) === 1 ? PASS : FAIL;
}

/**
 * A sum whose units at the finer scale pass 2^53, by {@link sumAtMost}, or in exact decimals when
 * that cannot tell. Apart from the fast check, which stays small enough for V8 to inline.
 */
function sumPastSafe(
  max: Dec,
  order: FastOrder,
  own: FastContractOrder,
  fast: CompiledContract['fast'],
): ContractFastOutcome {
  const fits = sumAtMost(
    own.position,
    own.positionScale,
    order.quantity,
    order.quantityScale,
    fast.maxPositionUnits,
    fast.maxPositionScale,
    fast.maxPositionPastSafe,
  );
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a sum not worked out here is worked out in exact decimals, to the same answer
  if (fits === -1) return exactSum(max, order, own);
  return fits === 1 ? PASS : FAIL;
}

/**
 * A position past safe integers: below `10^a` (its whole digits), with a quantity below `10^16`
 * (a fast-read one is a safe integer of units at a scale of 0 or more), it sums below
 * `10^(max(a, 16) + 1)`, so within a maximum of at least that many whole digits and one more; the
 * exact decimals decide nearer the maximum.
 */
function longPosition(
  max: Dec,
  order: FastOrder,
  own: FastContractOrder,
  fast: CompiledContract['fast'],
): ContractFastOutcome {
  const digits = Math.max(own.positionWholeDigits, 16);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: forced false (or > for >=), the sum is worked out in exact decimals, to the same answer (this only saves time)
  if (fast.maxPositionWholeDigits >= digits + 2) return PASS;
  return exactSum(max, order, own);
}

/** Position + quantity against `maxPositionSize` in exact decimals, from the values as sent. */
function exactSum(max: Dec, order: FastOrder, own: FastContractOrder): ContractFastOutcome {
  const position = readValue(own.positionRaw);
  const quantity = readValue(order.quantityRaw);
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a guard: the fast reading read both values already, so each reads again; NOT_SURE only hands over to the general way
  if (position === undefined || quantity === undefined) return NOT_SURE;
  return position.plus(quantity).lte(max) ? PASS : FAIL;
}

// Stryker disable next-line BlockStatement: emptied, every value is undefined and exactSum is NOT_SURE, which hands the order to the general way (the same verdict)
function readValue(raw: unknown): Dec | undefined {
  const read = readDecimalInput(raw);
  return read.ok ? read.decimal.value : undefined;
}

/** POSITION_SIZE_ABOVE_MAX, whole. */
export const positionSize: ContractRule = Object.freeze({
  code: 'POSITION_SIZE_ABOVE_MAX',
  check: checkPositionSize,
  fastCheck,
});
