/**
 * order-preflight: check a spot order locally, before it is sent, against the exchange's own
 * trading-pair rules (`GET /api/v3/exchangeInfo`, V3 BETA). Every export is named here.
 */

export type { OrderEstimate } from './book/estimate-order.js';
export { estimateOrder, RuleBook, validateOrder } from './book/rule-book.js';
export {
  DEFAULT_CLIENT_OPTIONS,
  EXCHANGE_INFO_PATH,
  type ExchangeInfoClientOptions,
} from './client/client-options.js';
export {
  EXCHANGE_INFO_REQUEST_WEIGHT,
  ExchangeInfoClient,
  type FetchExchangeInfoOptions,
} from './client/exchange-info-client.js';
export {
  type ExchangeInfoQuery,
  SYMBOL_PATTERN,
  type SymbolsFormat,
  validateExchangeInfoQuery,
} from './client/query.js';
export { toPlainDecimal } from './decimal/plain-decimal.js';
export {
  ExchangeInfoSchemaError,
  isExchangeInfoSchemaError,
  type SchemaIssue,
} from './errors/exchange-info-schema-error.js';
export {
  ClientClosedError,
  HttpStatusError,
  InvalidQueryError,
  InvalidResponseError,
  isClientClosedError,
  isHttpStatusError,
  isInvalidQueryError,
  isInvalidResponseError,
  isNetworkError,
  isRateLimitedError,
  isRequestTimeoutError,
  isResponseTooLargeError,
  NetworkError,
  RateLimitedError,
  type RequestContext,
  RequestTimeoutError,
  ResponseTooLargeError,
} from './errors/http-errors.js';
export { isPreflightError, PreflightError } from './errors/preflight-error.js';
export { parseExchangeInfo } from './exchange-info/parse-exchange-info.js';
export { parseExchangeInfoText } from './exchange-info/parse-exchange-info-text.js';
export {
  type ExchangeInfo,
  exchangeInfoEnvelopeSchema,
  type PairDefinition,
  pairDefinitionSchema,
  type RejectedDefinition,
  type RejectionReason,
} from './exchange-info/schema.js';
export { type NormalizeResult, normalizeOrder, type OrderChange } from './repair/normalize-order.js';
export { SAMPLE_EXCHANGE_INFO_JSON, sampleExchangeInfo } from './sample/sample-exchange-info.js';
export {
  type OrderInput,
  type OrderSide,
  type OrderType,
  type SkippedCheck,
  type SkipReason,
  type TimeInForce,
  type ValidationContext,
  type ValidationResult,
  VIOLATION_CODES,
  type Violation,
  type ViolationCode,
  type ViolationField,
} from './validation/violation-codes.js';
