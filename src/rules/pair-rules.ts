import { marketSize } from './market-size.js';
import { maxNotional } from './max-notional.js';
import { buyPriceBand, sellPriceBand } from './price-band.js';
import { pricePrecision } from './price-precision.js';
import { priceTick } from './price-tick.js';
import { quantityMax } from './quantity-max.js';
import { quantityMin } from './quantity-min.js';
import { quantityPrecision } from './quantity-precision.js';
import { quantityStep } from './quantity-step.js';
import type { PairRule } from './rule.js';
import { symbolTrading } from './symbol-trading.js';
import { tradingEnabled } from './trading-enabled.js';

/**
 * Every rule about a known pair, in the order their violations and skips are reported (README,
 * "Semantics and codes"): the one place a rule's position is written. Both paths run this list, the
 * fast path numbers its failures by it, and `VIOLATION_CODES` lists its codes in this order.
 */
export const PAIR_RULES: readonly PairRule[] = Object.freeze([
  symbolTrading,
  tradingEnabled,
  priceTick,
  pricePrecision,
  buyPriceBand,
  sellPriceBand,
  quantityStep,
  quantityPrecision,
  quantityMin,
  quantityMax,
  marketSize,
  maxNotional,
]);
