import { Big, type BigValue, ONE, ZERO } from '../decimal/big.js';
import { precisionGrid } from '../decimal/grid.js';
import type { PairDefinition } from '../exchange-info/schema.js';

/**
 * A pair definition with every decimal parsed once, at compile time, and the derived factors of
 * SPEC section 5 ready, so checking an order parses nothing of the pair's.
 */
export interface CompiledPair {
  readonly definition: PairDefinition;
  readonly symbol: string;
  readonly isTrading: boolean;
  readonly enableTrade: boolean;
  /** `null`: no price grid; prices are held to `quoteAssetPrecision` instead. */
  readonly tickSize: BigValue | null;
  /** `null`: no quantity grid; quantities are held to `baseAssetPrecision` instead. */
  readonly stepSize: BigValue | null;
  /** The grid used to round a price: `tickSize`, or one unit of `quoteAssetPrecision`. */
  readonly priceGrid: BigValue;
  /** The grid used to round a quantity: `stepSize`, or one unit of `baseAssetPrecision`. */
  readonly quantityGrid: BigValue;
  readonly minTradeAmount: BigValue;
  readonly maxTradeAmount: BigValue;
  readonly marketBuyLimitSize: BigValue;
  readonly marketSellLimitSize: BigValue;
  /** 1 + buyLimitPriceRatio: a LIMIT BUY may not be above reference × this. */
  readonly buyBandFactor: BigValue;
  /** 1 − sellLimitPriceRatio: a LIMIT SELL may not be below reference × this. */
  readonly sellBandFactor: BigValue;
  /** 1 + r, r the fallback ratio or, when it is 0, buyLimitPriceRatio: a MARKET BUY's worst price / reference. */
  readonly marketBuyWorstFactor: BigValue;
  /** 1 − r, r the fallback ratio or, when it is 0, sellLimitPriceRatio. */
  readonly marketSellWorstFactor: BigValue;
  readonly takerFeeRate: BigValue;
  readonly makerFeeRate: BigValue;
}

/**
 * Compiles one parsed definition.
 *
 * @throws when a decimal does not parse, which only a hand-built definition can cause; the rule
 * book sets such a pair aside.
 */
export function compilePair(definition: PairDefinition): CompiledPair {
  const d = definition;
  const tickSize = d.tickSize === null ? null : new Big(d.tickSize);
  const stepSize = d.stepSize === null ? null : new Big(d.stepSize);
  if (tickSize?.lte(ZERO) || stepSize?.lte(ZERO))
    throw new RangeError('tickSize and stepSize must be positive or null');
  const fallback = new Big(d.marketFallbackPriceRatio);
  const buyRatio = new Big(d.buyLimitPriceRatio);
  const sellRatio = new Big(d.sellLimitPriceRatio);
  return {
    definition: d,
    symbol: d.symbol,
    isTrading: d.status === 'TRADING',
    enableTrade: d.enableTrade,
    tickSize,
    stepSize,
    priceGrid: tickSize ?? precisionGrid(d.quoteAssetPrecision),
    quantityGrid: stepSize ?? precisionGrid(d.baseAssetPrecision),
    minTradeAmount: new Big(d.minTradeAmount),
    maxTradeAmount: new Big(d.maxTradeAmount),
    marketBuyLimitSize: new Big(d.marketBuyLimitSize),
    marketSellLimitSize: new Big(d.marketSellLimitSize),
    buyBandFactor: ONE.plus(buyRatio),
    sellBandFactor: ONE.minus(sellRatio),
    marketBuyWorstFactor: ONE.plus(fallback.eq(ZERO) ? buyRatio : fallback),
    marketSellWorstFactor: ONE.minus(fallback.eq(ZERO) ? sellRatio : fallback),
    takerFeeRate: new Big(d.takerFeeRate),
    makerFeeRate: new Big(d.makerFeeRate),
  };
}
