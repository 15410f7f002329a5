import { checkBuyPriceBand } from './buy-price-band.js';
import { checkMarketSize } from './market-size.js';
import { checkMaxNotional } from './max-notional.js';
import { checkPricePrecision } from './price-precision.js';
import { checkPriceTick } from './price-tick.js';
import { checkQuantityMax } from './quantity-max.js';
import { checkQuantityMin } from './quantity-min.js';
import { checkQuantityPrecision } from './quantity-precision.js';
import { checkQuantityStep } from './quantity-step.js';
import type { PairRule } from './rule.js';
import { checkSellPriceBand } from './sell-price-band.js';
import { checkSymbolTrading } from './symbol-trading.js';
import { checkTradingEnabled } from './trading-enabled.js';

/** Every rule about a known pair, in the order their violations are reported. */
export const PAIR_RULES: readonly PairRule[] = [
  checkSymbolTrading,
  checkTradingEnabled,
  checkPriceTick,
  checkPricePrecision,
  checkBuyPriceBand,
  checkSellPriceBand,
  checkQuantityStep,
  checkQuantityPrecision,
  checkQuantityMin,
  checkQuantityMax,
  checkMarketSize,
  checkMaxNotional,
];
