/**
 * order-preflight/gateway: the risk gateway, an HTTP server that stands in front of a WEEX V3
 * spot exchange and judges every order before it is sent (`createRiskGateway`, also run by the
 * `order-preflight gateway` command), its reference-price ticker, and a stand-in exchange for
 * trying it and testing against it (`startFakeExchange`, the `order-preflight fake-exchange`
 * command). Node.js only. Every export is named here; docs/gateway.md says what the gateway
 * forwards, judges and refuses.
 *
 * @module order-preflight/gateway
 */

export { GATEWAY_HEADER, type GatewayAnswer, type GatewayReason } from './gateway/answers.js';
export type { DeskControl, DeskReason, DeskRefusal } from './gateway/desk/desk-answers.js';
export type { DeskState } from './gateway/desk/desk-controls.js';
export type { DeskKeyLimits, DeskLimits, DeskSymbolLimits } from './gateway/desk/desk-limits.js';
export { HALT_PATH, RESUME_PATH } from './gateway/desk/kill-switch.js';
export {
  accessHeaders,
  DEFAULT_TICKER_PRICES,
  DEMO_API_KEY,
  DEMO_API_SECRET,
  DEMO_PASSPHRASE,
  type FakeExchange,
  type FakeExchangeOptions,
  type FakeExchangeStats,
  type ReceivedRequest,
  signRequest,
  startFakeExchange,
} from './gateway/fake-exchange.js';
export type { ForwardOutcome } from './gateway/forward.js';
export {
  createRiskGateway,
  METRICS_PATH,
  OVERFLOW_CONNECTIONS,
  type RiskGateway,
  STATUS_PATH,
} from './gateway/gateway.js';
export type {
  GatewayEvent,
  GatewayRequestEvent,
  RequestOutcome,
  RiskGatewayStats,
} from './gateway/gateway-events.js';
export type { ReferencePrices, RiskGatewayOptions, RuleBookProvider } from './gateway/gateway-options.js';
export { METRICS_CONTENT_TYPE } from './gateway/metrics.js';
export {
  ORDER_PLACING_ENDPOINTS,
  type OrderEndpoint,
  type OrderEndpointFamily,
} from './gateway/order-endpoints.js';
export { ORDER_FIELDS, type OrderField, type OrderParams } from './gateway/parse-order-request.js';
export { DEFAULT_MAX_PRICE_JUMP } from './gateway/price-jump.js';
export {
  createReferenceTicker,
  type PriceJump,
  type PriceQuote,
  type ReferenceTicker,
  type ReferenceTickerOptions,
  TICKER_PRICE_PATH,
  type TickerEvent,
  type TickerHealth,
} from './gateway/reference-ticker.js';
export { OVERRIDE_HEADERS } from './gateway/request-headers.js';
export {
  type GatewayMarket,
  type RouteEntry,
  type RouteKind,
  WEEX_CONTRACT_ROUTES,
  WEEX_SPOT_ROUTES,
} from './gateway/route.js';
export { SKIPPABLE_CHECKS } from './gateway/unchecked-checks.js';
