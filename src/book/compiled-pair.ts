import { Dec } from '../decimal/dec.js';
import { precisionGrid } from '../decimal/grid.js';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { compileFastPair, type FastPair } from './fast-pair.js';

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
  readonly tickSize: Dec | null;
  /** `null`: no quantity grid; quantities are held to `baseAssetPrecision` instead. */
  readonly stepSize: Dec | null;
  /** The grid used to round a price: `tickSize`, or one unit of `quoteAssetPrecision`. */
  readonly priceGrid: Dec;
  /** The grid used to round a quantity: `stepSize`, or one unit of `baseAssetPrecision`. */
  readonly quantityGrid: Dec;
  readonly minTradeAmount: Dec;
  readonly maxTradeAmount: Dec;
  readonly marketBuyLimitSize: Dec;
  readonly marketSellLimitSize: Dec;
  /** 1 + buyLimitPriceRatio: a LIMIT BUY may not be above reference × this. */
  readonly buyBandFactor: Dec;
  /** 1 − sellLimitPriceRatio: a LIMIT SELL may not be below reference × this. */
  readonly sellBandFactor: Dec;
  /** 1 + r, r the fallback ratio or, when it is 0, buyLimitPriceRatio: a MARKET BUY's worst price / reference. */
  readonly marketBuyWorstFactor: Dec;
  /** 1 − r, r the fallback ratio or, when it is 0, sellLimitPriceRatio. */
  readonly marketSellWorstFactor: Dec;
  readonly takerFeeRate: Dec;
  readonly makerFeeRate: Dec;
  /** The same rules in machine numbers for the fast path; absent when they do not fit. */
  readonly fast: FastPair | undefined;
}

/** A definition's decimal, canonicalised first, so a hand-built `'1e-3'` or `'0.010'` compiles too. */
function exact(text: string): Dec {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Dec.parse(text);
  const plain = toPlainDecimal(text);
  if (plain === undefined) throw new RangeError(`not a decimal: ${text}`);
  return Dec.parse(plain);
}

/**
 * Compiles one parsed definition.
 *
 * @throws when a decimal does not parse, which only a hand-built definition can cause; the rule
 * book sets such a pair aside.
 */
export function compilePair(definition: PairDefinition): CompiledPair {
  const d = definition;
  const tickSize = d.tickSize === null ? null : exact(d.tickSize);
  const stepSize = d.stepSize === null ? null : exact(d.stepSize);
  if (tickSize?.lte(Dec.ZERO) || stepSize?.lte(Dec.ZERO))
    throw new RangeError('tickSize and stepSize must be positive or null');
  const fallback = exact(d.marketFallbackPriceRatio);
  const buyRatio = exact(d.buyLimitPriceRatio);
  const sellRatio = exact(d.sellLimitPriceRatio);
  // One object literal, its last field filled in after: every pair then shares one V8 shape, so
  // the hot path's property loads stay cheap (objects made by spreading would not).
  const pair: { -readonly [K in keyof CompiledPair]: CompiledPair[K] } = {
    definition: d,
    symbol: d.symbol,
    isTrading: d.status === 'TRADING',
    enableTrade: d.enableTrade,
    tickSize,
    stepSize,
    priceGrid: tickSize ?? precisionGrid(d.quoteAssetPrecision),
    quantityGrid: stepSize ?? precisionGrid(d.baseAssetPrecision),
    minTradeAmount: exact(d.minTradeAmount),
    maxTradeAmount: exact(d.maxTradeAmount),
    marketBuyLimitSize: exact(d.marketBuyLimitSize),
    marketSellLimitSize: exact(d.marketSellLimitSize),
    buyBandFactor: Dec.ONE.plus(buyRatio),
    sellBandFactor: Dec.ONE.minus(sellRatio),
    marketBuyWorstFactor: Dec.ONE.plus(fallback.eq(Dec.ZERO) ? buyRatio : fallback),
    marketSellWorstFactor: Dec.ONE.minus(fallback.eq(Dec.ZERO) ? sellRatio : fallback),
    takerFeeRate: exact(d.takerFeeRate),
    makerFeeRate: exact(d.makerFeeRate),
    fast: undefined,
  };
  pair.fast = compileFastPair(pair);
  return pair;
}
