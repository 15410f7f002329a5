import { Dec } from '../decimal/dec.js';
import { PLAIN_SIGNED, scanDecimal } from '../decimal/decimal-grammar.js';
import { commonGrid, precisionGrid } from '../decimal/grid.js';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import type { CompiledPair } from './compiled-pair.js';
import { compileFastPair } from './fast-pair.js';

/** A definition's decimal, canonicalised first, so a hand-built `'1e-3'` or `'0.010'` compiles too. */
function exact(text: string): Dec {
  if (scanDecimal(text, PLAIN_SIGNED) !== undefined) return Dec.parse(text);
  const plain = toPlainDecimal(text);
  if (plain === undefined) throw new RangeError(`not a decimal: ${text}`);
  return Dec.parse(plain);
}

function exactOrNull(text: string | null): Dec | null {
  return text === null ? null : exact(text);
}

function gridOf(grid: Dec | null, precision: number | null): Dec | null {
  const unit = precision === null ? null : precisionGrid(precision);
  if (grid === null) return unit;
  return unit === null ? grid : commonGrid(grid, unit);
}

/**
 * Compiles one definition (the one in force, its tick already inferred where it is).
 *
 * @throws when a decimal does not parse, which only a hand-built definition can cause; the rule
 * book sets such a pair aside.
 */
export function compilePair(definition: PairDefinition): CompiledPair {
  const d = definition;
  const tickSize = exactOrNull(d.tickSize);
  const stepSize = exactOrNull(d.stepSize);
  if (tickSize?.lte(Dec.ZERO) || stepSize?.lte(Dec.ZERO))
    throw new RangeError('tickSize and stepSize must be positive or null');
  const fallback = exactOrNull(d.marketFallbackPriceRatio);
  const buyRatio = exactOrNull(d.buyLimitPriceRatio);
  const sellRatio = exactOrNull(d.sellLimitPriceRatio);
  // "0" means not configured, and an absent ratio counts as "0".
  const configured = fallback !== null && !fallback.isZero() ? fallback : null;
  const buyWorst = configured ?? buyRatio;
  const sellWorst = configured ?? sellRatio;
  // One object literal, its last field filled in after: every pair then shares one V8 shape, so
  // the hot path's property loads stay cheap (objects made by spreading would not).
  const pair: { -readonly [K in keyof CompiledPair]: CompiledPair[K] } = {
    definition: d,
    symbol: d.symbol,
    isTrading: d.status === null ? null : d.status === 'TRADING',
    enableTrade: d.enableTrade,
    tickSize,
    tickInferred: d.tickSizeSource === 'displayDigitMerge',
    stepSize,
    quotePrecision: d.quoteAssetPrecision,
    basePrecision: d.baseAssetPrecision,
    priceGrid: gridOf(tickSize, d.quoteAssetPrecision),
    quantityGrid: gridOf(stepSize, d.baseAssetPrecision),
    minTradeAmount: exactOrNull(d.minTradeAmount),
    maxTradeAmount: exactOrNull(d.maxTradeAmount),
    marketBuyLimitSize: exactOrNull(d.marketBuyLimitSize),
    marketSellLimitSize: exactOrNull(d.marketSellLimitSize),
    buyBandFactor: buyRatio === null ? null : Dec.ONE.plus(buyRatio),
    sellBandFactor: sellRatio === null ? null : Dec.ONE.minus(sellRatio),
    marketBuyWorstFactor: buyWorst === null ? null : Dec.ONE.plus(buyWorst),
    marketSellWorstFactor: sellWorst === null ? null : Dec.ONE.minus(sellWorst),
    takerFeeRate: exactOrNull(d.takerFeeRate),
    makerFeeRate: exactOrNull(d.makerFeeRate),
    quantityWindows: undefined,
    fast: undefined,
  };
  pair.fast = compileFastPair(pair);
  return pair;
}

/**
 * The definition with its price grid inferred when the exchange sent none
 * (docs/exchange-semantics.md, "Reading the exchange's definitions"): the smallest positive step of
 * `displayDigitMerge`. Unchanged when there is a tick, or no step to infer it from. An assumption
 * (docs/exchange-semantics.md): the smallest step can be finer than the real tick, so the inferred
 * grid may miss an off-tick price, but it refuses no price on the real tick while that tick is a
 * whole multiple of the step.
 */
export function withInferredTick(definition: PairDefinition): PairDefinition {
  if (definition.tickSize !== null) return definition;
  let smallest: Dec | undefined;
  let text: string | undefined;
  for (const step of definition.displayDigitMerge ?? []) {
    const plain = toPlainDecimal(step);
    if (plain === undefined || plain.startsWith('-') || plain === '0') continue;
    const value = Dec.parse(plain);
    if (smallest === undefined || value.lt(smallest)) {
      smallest = value;
      text = plain;
    }
  }
  if (text === undefined) return definition;
  return { ...definition, tickSize: text, tickSizeSource: 'displayDigitMerge' };
}
