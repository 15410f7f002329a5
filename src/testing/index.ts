/**
 * order-preflight/testing: fast-check arbitraries for property tests of trading strategies and
 * of the library itself (README, "Property tests of your own strategy"). `fast-check` and `big.js`
 * (the arbitraries' exact arithmetic) are optional peer dependencies, needed only by this entry
 * point (`npm install -D fast-check big.js`), so a risk gateway importing `order-preflight` or
 * `order-preflight/node` never loads them.
 *
 * @module order-preflight/testing
 */
export {
  ArbitraryConfigurationError,
  isArbitraryConfigurationError,
} from './arbitrary-configuration-error.js';
export { assertAccepted, OrderNotAcceptedError } from './assert-accepted.js';
export {
  type ContractDefinitionArbOptions,
  type ContractOrderArbOptions,
  contractDefinitionArb,
  contractOrderArb,
  type GeneratedContractOrder,
} from './contract-arbs.js';
export type { DecimalEncoding } from './decimal-encoding-arb.js';
export { type ExchangeInfoArbOptions, exchangeInfoArb } from './exchange-info-arb.js';
export { canBreak, invalidOrderArb, type OrderArbOptions, validOrderArb } from './order-arbs.js';
export { type PairDefinitionArbOptions, pairDefinitionArb } from './pair-definition-arb.js';
export { ruleBookOf } from './rule-book-of.js';
