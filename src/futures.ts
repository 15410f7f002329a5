/**
 * order-preflight/futures: check a WEEX futures (USDT-M perpetual contract) order locally,
 * before it is sent, against the exchange's own contract rules
 * (`GET /capi/v3/market/exchangeInfo`), with the same engine as spot. Every export is named here.
 *
 * A separate entry rather than a `market` option: a contract order has its own fields
 * (`positionSide`, trigger prices) and its own codes, and separate types keep both APIs precise.
 * Portable, like the main entry: no Node built-in, no HTTP stack.
 *
 * @module order-preflight/futures
 */

export {
  ContractBook,
  type ContractBookOptions,
  type ContractNormalizeResult,
  type ContractOrderEstimate,
} from './book/contract-book.js';
export { CONTRACT_FIELD_NAMES, type ContractFieldName } from './exchange-info/contract-fields.js';
export type { ContractDefinition, ContractInfo } from './exchange-info/contract-schema.js';
export { parseContractInfo, parseContractInfoText } from './exchange-info/parse-contract-info.js';
export {
  CONTRACT_ORDER_FIELDS,
  CONTRACT_ORDER_TYPES,
  type ContractOrderField,
  type ContractOrderType,
  type ContractTimeInForce,
  type PositionSide,
  type WorkingType,
} from './order/contract-order-fields.js';
export type { ContractOrderContext, ContractOrderInput } from './order/contract-order-input.js';
export type { ContractSizeGrid } from './pair/compile-contract.js';
export {
  CONTRACT_VIOLATION_CODES,
  type ContractOrderVerdict,
  type ContractSkippedCheck,
  type ContractSkippedField,
  type ContractSkipReason,
  type ContractValidationResult,
  type ContractViolation,
  type ContractViolationCode,
  type ContractViolationField,
} from './validation/contract-codes.js';
