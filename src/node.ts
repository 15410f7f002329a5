/**
 * order-preflight/node: the parts that need Node.js: `ExchangeInfoClient` (over undici) with the
 * errors only it throws (HTTP status, network, timeout, rate limit, response size, invalid
 * response or query, closed client), and the refreshing rule-book source with its snapshot file.
 * Everything else (parsing, `RuleBook`, `validateOrder`, snapshots as text, diffs, the errors
 * the core throws, `PreflightError` at their root) is in the portable core, `order-preflight`.
 * Every export is named here.
 *
 * @module order-preflight/node
 */

export type { AttemptEvent, AttemptEventBase } from './client/attempt-event.js';
export {
  type BaseUrlReading,
  CONTRACT_INFO_PATH,
  DEFAULT_CLIENT_OPTIONS,
  EXCHANGE_INFO_PATH,
  type ExchangeInfoClientOptions,
  readBaseUrl,
  validateExchangeInfoClientOptions,
} from './client/client-options.js';
export { ClientClosedError, isClientClosedError } from './client/errors/client-closed-error.js';
export { HttpStatusError, isHttpStatusError } from './client/errors/http-status-error.js';
export { InvalidQueryError, isInvalidQueryError } from './client/errors/invalid-query-error.js';
export { InvalidResponseError, isInvalidResponseError } from './client/errors/invalid-response-error.js';
export { isNetworkError, NetworkError } from './client/errors/network-error.js';
export { isRateLimitedError, RateLimitedError } from './client/errors/rate-limited-error.js';
export type { RequestContext } from './client/errors/request-context.js';
export { isRequestTimeoutError, RequestTimeoutError } from './client/errors/request-timeout-error.js';
export { isResponseTooLargeError, ResponseTooLargeError } from './client/errors/response-too-large-error.js';
export {
  CONTRACT_INFO_REQUEST_WEIGHT,
  EXCHANGE_INFO_REQUEST_WEIGHT,
  ExchangeInfoClient,
  type FetchExchangeInfoOptions,
} from './client/exchange-info-client.js';
export {
  type ContractInfoQuery,
  type ExchangeInfoQuery,
  SYMBOL_STATUSES,
  type SymbolStatus,
  type SymbolsFormat,
  validateContractInfoQuery,
  validateExchangeInfoQuery,
} from './client/query.js';
export {
  ImplausibleRuleBookError,
  type ImplausibleRuleBookReason,
  isImplausibleRuleBookError,
  type RemovedRuleFields,
} from './source/implausible-rule-book-error.js';
export { isNoRuleBookError, NoRuleBookError } from './source/no-rule-book-error.js';
export {
  createRuleBookSource,
  type RuleBookSource,
  type RuleBookSourceState,
  type RuleBookSourceStats,
} from './source/rule-book-source.js';
export {
  isRuleBookSourceCallbackError,
  RuleBookSourceCallbackError,
} from './source/rule-book-source-callback-error.js';
export {
  isRuleBookSourceStoppedError,
  RuleBookSourceStoppedError,
} from './source/rule-book-source-stopped-error.js';
export {
  readSnapshotFile,
  removeLeftoverSnapshotFiles,
  type SnapshotWriteResult,
  writeSnapshotFile,
  writeSnapshotText,
} from './source/snapshot-file.js';
export {
  isSnapshotFileError,
  SnapshotFileError,
  type SnapshotFileOperation,
  type SnapshotFileProblem,
} from './source/snapshot-file-error.js';
export type { SnapshotKeptReason } from './source/snapshot-order.js';
export {
  DEFAULT_SOURCE_OPTIONS,
  type ExchangeInfoFetcher,
  type RefreshAcceptor,
  type RuleBookChangeListener,
  type RuleBookSourceOptions,
} from './source/source-options.js';
