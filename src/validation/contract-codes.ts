import { violationOf } from './violation.js';
import type {
  CodedVerdict,
  ExplainedVerdict,
  SkippedCheck,
  SkipReason,
  Suggestions,
  Violation,
  ViolationCode,
  ViolationField,
} from './violation-codes.js';

/**
 * Every code a contract order can get, in the order checks run: the spot codes whose meaning is
 * the same (reading, lookup, the price grid, the band, the size grid and bounds, the caller's
 * notional cap), then the contract-only codes. Spot codes a contract cannot get are left out
 * (a contract has no status or trade switch, no written-places rule, and its MARKET cap is
 * MARKET_OPEN_SIZE_ABOVE_MAX).
 *
 * @example
 * ```ts
 * CONTRACT_VIOLATION_CODES.includes('POSITION_SIZE_ABOVE_MAX'); // true
 * ```
 */
export const CONTRACT_VIOLATION_CODES = Object.freeze([
  'INVALID_ORDER',
  'MISSING_FIELD',
  'INVALID_FIELD',
  'UNEXPECTED_FIELD',
  'UNKNOWN_SYMBOL',
  'SYMBOL_DEFINITION_INVALID',
  'PRICE_TICK',
  'PRICE_ABOVE_BUY_LIMIT',
  'PRICE_BELOW_SELL_LIMIT',
  'QUANTITY_STEP',
  'QUANTITY_BELOW_MIN',
  'QUANTITY_ABOVE_MAX',
  'NOTIONAL_ABOVE_MAX',
  'TRIGGER_PRICE_TICK',
  'MARKET_OPEN_SIZE_ABOVE_MAX',
  'POSITION_SIZE_ABOVE_MAX',
] as const);

/**
 * A closed union of the codes of a contract order (see {@link CONTRACT_VIOLATION_CODES}): stable
 * strings, to match on (never on messages).
 *
 * - `TRIGGER_PRICE_TICK`: a trigger price (`triggerPrice`, `tpTriggerPrice`, `slTriggerPrice`)
 *   off the price grid 10^-pricePrecision;
 * - `MARKET_OPEN_SIZE_ABOVE_MAX`: a MARKET order that opens (BUY+LONG, SELL+SHORT) above
 *   `marketOpenLimitSize`;
 * - `POSITION_SIZE_ABOVE_MAX`: an opening order that would take the position in the context past
 *   `maxPositionSize`.
 *
 * @example
 * ```ts
 * const code: ContractViolationCode = 'MARKET_OPEN_SIZE_ABOVE_MAX';
 * ```
 */
export type ContractViolationCode = (typeof CONTRACT_VIOLATION_CODES)[number];

/**
 * The order or context field a contract violation is about: the spot fields, and the contract's
 * own (`positionSide`, the trigger prices and their working types, the context's `position`).
 *
 * @example
 * ```ts
 * const field: ContractViolationField = 'positionSide';
 * ```
 */
export type ContractViolationField =
  | Exclude<ViolationField, never>
  | 'positionSide'
  | 'triggerPrice'
  | 'tpTriggerPrice'
  | 'slTriggerPrice'
  | 'TpWorkingType'
  | 'SlWorkingType'
  | 'position';

/**
 * One broken rule of a contract order: the code, the field, a sentence for people, and for a
 * breach of a bound or grid the `limit`, the `value` and the nearest values that pass (never
 * empty when present), as plain decimal strings.
 *
 * @example
 * ```ts
 * // { code: 'QUANTITY_STEP', field: 'quantity', value: '150', limit: '100', suggestion: ['100', '200'], message }
 * ```
 */
export interface ContractViolation {
  readonly code: ContractViolationCode;
  readonly field: ContractViolationField;
  readonly message: string;
  readonly limit?: string;
  readonly value?: string;
  readonly suggestion?: Suggestions;
}

/**
 * Why a contract check was not made: spot's reasons, or `NO_POSITION` (the context has no
 * `position`, so `maxPositionSize` cannot be checked).
 *
 * @example
 * ```ts
 * if (result.skipped.some((s) => s.reason === 'NO_POSITION')) fetchPosition();
 * ```
 */
export type ContractSkipReason = SkipReason | 'NO_POSITION';

/**
 * The field a skipped contract check needed: a rule field of the contract definition, or the
 * context's `referencePrice` or `position`.
 *
 * @example
 * ```ts
 * const field: ContractSkippedField = 'maxPositionSize';
 * ```
 */
export type ContractSkippedField =
  | 'pricePrecision'
  | 'quantityPrecision'
  | 'minOrderSize'
  | 'maxOrderSize'
  | 'buyLimitPriceRatio'
  | 'sellLimitPriceRatio'
  | 'marketOpenLimitSize'
  | 'maxPositionSize'
  | 'referencePrice'
  | 'position';

/**
 * A contract check that applied to the order but could not run, why, and what it lacked.
 *
 * @example
 * ```ts
 * // { check: 'POSITION_SIZE_ABOVE_MAX', reason: 'NO_POSITION', field: 'position', message: '...' }
 * ```
 */
export interface ContractSkippedCheck {
  readonly check: ContractViolationCode;
  readonly reason: ContractSkipReason;
  readonly field: ContractSkippedField;
  readonly message: string;
}

/**
 * The verdict on one contract order: `ok` exactly when `violations` is empty.
 *
 * @example
 * ```ts
 * const result: ContractValidationResult = book.validateOrder(order, { position: '0.5' });
 * ```
 */
export interface ContractValidationResult extends ExplainedVerdict<ContractViolation, ContractSkippedCheck> {}

/**
 * The verdict on one contract order without its explanations: `ok` and `skipped` of
 * `validateOrder`, and the codes of its violations, in the same order.
 *
 * @example
 * ```ts
 * const { ok, codes } = book.checkOrder(order);
 * ```
 */
export interface ContractOrderVerdict extends CodedVerdict<ContractViolationCode, ContractSkippedCheck> {}

/**
 * The one builder of contract violations: spot's, so a contract violation has exactly the keys,
 * in the order, of a spot one.
 */
export function contractViolationOf(
  code: ContractViolationCode,
  field: ContractViolationField,
  message: string,
  limit?: string,
  value?: string,
  suggestion?: readonly string[],
): ContractViolation {
  return violationOf(
    code as ViolationCode,
    field as ViolationField,
    message,
    limit,
    value,
    suggestion,
  ) as unknown as ContractViolation;
}

const CONTRACT_SKIP_MESSAGES: Record<ContractSkipReason, (field: ContractSkippedField) => string> = {
  NO_TICK_SIZE: () => 'the contract has no pricePrecision',
  NO_STEP_SIZE: () => 'the contract has no contractVal and no quantityPrecision',
  NO_RULE_FIELD: (field) => `the exchange sent no ${field} for the contract`,
  NO_REFERENCE_PRICE: () => 'no usable context.referencePrice was given',
  NO_POSITION: () => 'no usable context.position was given',
};

/** The one place contract skips are made; frozen, so results can share them. */
export function contractSkip(
  check: ContractViolationCode,
  reason: ContractSkipReason,
  field: ContractSkippedField,
): ContractSkippedCheck {
  return Object.freeze({
    check,
    reason,
    field,
    message: `${check} not checked: ${CONTRACT_SKIP_MESSAGES[reason](field)}`,
  });
}

/** Spot's words for a pair's fields, and a contract's for the same (its messages are in contract terms). */
const CONTRACT_WORDS: readonly (readonly [spot: string, contract: string])[] = [
  ['minTradeAmount', 'minOrderSize'],
  ['maxTradeAmount', 'maxOrderSize'],
  ['tickSize', 'price grid (10^-pricePrecision)'],
  ['stepSize', 'size grid'],
];

/** `message` with spot's words in contract terms: found by `indexOf`, each place cut and joined. */
function reworded(message: string): string {
  let out = message;
  for (const [spot, contract] of CONTRACT_WORDS)
    for (let at = out.indexOf(spot); at !== -1; at = out.indexOf(spot, at + contract.length))
      out = out.slice(0, at) + contract + out.slice(at + spot.length);
  return out;
}

/** The skipped-field names of a pair, in contract terms. */
const SKIPPED_FIELDS: Readonly<Record<string, ContractSkippedField>> = {
  tickSize: 'pricePrecision',
  stepSize: 'quantityPrecision',
  minTradeAmount: 'minOrderSize',
  maxTradeAmount: 'maxOrderSize',
  buyLimitPriceRatio: 'buyLimitPriceRatio',
  sellLimitPriceRatio: 'sellLimitPriceRatio',
  referencePrice: 'referencePrice',
};

/**
 * A spot violation of a contract's pair, in contract terms (its message says minOrderSize, not
 * minTradeAmount), with `suggestion` in place of its own when given.
 */
export function inContractTerms(
  v: Violation,
  suggestion: readonly string[] | undefined = v.suggestion,
): ContractViolation {
  return contractViolationOf(
    v.code as ContractViolationCode,
    v.field,
    reworded(v.message),
    v.limit,
    v.value,
    suggestion,
  );
}

/** Spot skips of a contract's pair in contract terms, each made once. */
const SKIPS = new Map<SkippedCheck, ContractSkippedCheck | null>();

/**
 * A spot skip in contract terms, or `null` for one that does not apply to contracts (a check a
 * contract does not have: written places, the spot MARKET cap).
 */
export function skipInContractTerms(s: SkippedCheck): ContractSkippedCheck | null {
  let out = SKIPS.get(s);
  if (out === undefined) {
    const field = SKIPPED_FIELDS[s.field];
    out =
      field === undefined || !(CONTRACT_VIOLATION_CODES as readonly string[]).includes(s.check)
        ? null
        : contractSkip(s.check as ContractViolationCode, s.reason, field);
    SKIPS.set(s, out);
  }
  return out;
}
