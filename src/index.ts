/**
 * order-preflight: check a spot order locally, before it is sent, against the exchange's own
 * trading-pair rules (`GET /api/v3/exchangeInfo`, V3 BETA). Every export is named here.
 *
 * This is the portable core: it imports no Node built-in and no HTTP stack, so it runs as it is
 * in a browser, an edge runtime or a worker. The HTTP client, its errors (`HttpStatusError`,
 * `NetworkError`, ...) and the refreshing source with its snapshot file are in
 * `order-preflight/node`.
 *
 * @module order-preflight
 */

export type { OrderEstimate } from './book/estimate-order.js';
export { parseRuleBookSnapshot } from './book/parse-rule-book-snapshot.js';
export type { NormalizeResult, OrderChange } from './book/repair-order.js';
export {
  checkOrder,
  estimateOrder,
  normalizeOrder,
  RuleBook,
  type RuleBookOptions,
  validateOrder,
} from './book/rule-book.js';
export { VIOLATION_CODES } from './book/violation-code-order.js';
export { isPlainPositiveDecimal } from './decimal/decimal-grammar.js';
export { toPlainDecimal } from './decimal/plain-decimal.js';
export type { DefinitionField, FieldChange } from './diff/compare-definitions.js';
export type { RejectedChanges } from './diff/diff-rejected.js';
export { diffRuleBooks, type RuleBookDiff, type SymbolChanges } from './diff/diff-rule-books.js';
export { formatRuleBookDiff } from './diff/format-rule-book-diff.js';
export {
  ExchangeAnswerError,
  type ExchangeErrorAnswer,
  isExchangeAnswerError,
} from './errors/exchange-answer-error.js';
export {
  ExchangeInfoSchemaError,
  isExchangeInfoSchemaError,
} from './errors/exchange-info-schema-error.js';
export { InvalidArgumentError, isInvalidArgumentError } from './errors/invalid-argument-error.js';
export { isPreflightError, PreflightError } from './errors/preflight-error.js';
export type { SchemaIssue } from './errors/shape-issues.js';
export { parseExchangeInfo } from './exchange-info/parse-exchange-info.js';
export { parseExchangeInfoText } from './exchange-info/parse-exchange-info-text.js';
export {
  type DefinitionWarning,
  type ExchangeInfo,
  PAIR_DEFINITION_FIELDS,
  type PairDefinition,
  type RejectedDefinition,
  type RejectionReason,
  type TickSizeSource,
} from './exchange-info/schema.js';
export {
  DEFAULT_STRICT_JSON_LIMITS,
  parseJsonStrictly,
  type StrictJsonLimits,
  type StrictJsonRead,
  type StrictJsonRefusal,
  type StrictJsonRefusalReason,
  type StrictJsonResult,
  type StrictJsonValue,
} from './json/strict-json.js';
export {
  CLIENT_ORDER_ID_RULES,
  type ClientOrderIdRule,
  FUTURES_CLIENT_ORDER_ID_PATTERN,
} from './order/client-order-id.js';
export { ORDER_FIELDS, type OrderField } from './order/order-fields.js';
export type {
  OrderArgument,
  OrderInput,
  OrderSide,
  OrderType,
  TimeInForce,
  ValidationContext,
} from './order/order-input.js';
export { SAMPLE_EXCHANGE_INFO_JSON, sampleExchangeInfo } from './sample/sample-exchange-info.js';
export { isSnapshotError, SnapshotError, type SnapshotErrorReason } from './snapshot/snapshot-error.js';
export {
  type RuleBookSnapshot,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
} from './snapshot/snapshot-schema.js';
export type {
  BoundViolation,
  CapViolation,
  OrderVerdict,
  SkippedCheck,
  SkippedField,
  SkipReason,
  Suggestions,
  ValidationResult,
  Violation,
  ViolationBase,
  ViolationCode,
  ViolationField,
} from './validation/violation-codes.js';
