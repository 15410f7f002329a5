import { Dec } from '../decimal/dec.js';
import { commonGrid } from '../decimal/grid.js';
import { toPlainDecimal } from '../decimal/plain-decimal.js';
import type { ContractDefinition } from '../exchange-info/contract-schema.js';
import { MAX_ASSET_PRECISION, MIN_SIGNED_PRECISION } from '../exchange-info/field-schemas.js';
import { powerOfTenText } from '../exchange-info/read-contract-definition.js';
import type { PairDefinition } from '../exchange-info/schema.js';
import { compilePair } from './compile-pair.js';
import type { CompiledPair } from './compiled-pair.js';

/**
 * A contract compiled for checking: the spot engine's compiled pair for the checks a contract
 * shares with a pair (the price grid, the size grid, the order-size bounds, the price band, the
 * notional), and the contract's own bounds, parsed once, for the contract-only rules.
 * docs/architecture.md, "Contracts", says why a contract is a pair plus these.
 */
export interface CompiledContract {
  readonly definition: ContractDefinition;
  /** The shared checks' pair: tick 10^-pricePrecision, step the size grid, bounds and ratios. */
  readonly pair: CompiledPair;
  readonly marketOpenLimitSize: Dec | null;
  readonly maxPositionSize: Dec | null;
}

/**
 * Which grid a quantity is held to (docs/exchange-semantics.md, "Futures (contracts)"):
 *
 * - `'both'` (default): the coarsest grid `contractVal` and `10^-quantityPrecision` both allow
 *   (they are equal in every recorded definition; where they differ, a quantity on it passes
 *   under either reading);
 * - `'contractVal'`: multiples of `contractVal` alone;
 * - `'quantityPrecision'`: multiples of `10^-quantityPrecision` alone.
 *
 * Either field alone is the grid when the other is absent.
 *
 * @example `ContractBook.fromContractInfo(payload, { sizeGrid: 'contractVal' })`
 */
export type ContractSizeGrid = 'both' | 'contractVal' | 'quantityPrecision';

/** A definition's decimal as canonical plain text, so a hand-built `'1e-3'` compiles too. */
function plain(text: string): string {
  const canonical = toPlainDecimal(text);
  if (canonical === undefined) throw new RangeError(`not a decimal: ${String(text)}`);
  return canonical;
}

/** A precision's grid, once the precision is known to be a whole number in range (a hand-built one may not be). */
function precisionText(places: number): string {
  if (!Number.isSafeInteger(places) || places < MIN_SIGNED_PRECISION || places > MAX_ASSET_PRECISION)
    throw new RangeError(`not a precision: ${String(places)}`);
  return powerOfTenText(places);
}

/** The size grid of a contract as plain text, or `null` when it has none. */
export function sizeGridOf(definition: ContractDefinition, choice: ContractSizeGrid): string | null {
  const value =
    choice === 'quantityPrecision' || definition.contractVal === null ? null : plain(definition.contractVal);
  const precision = choice === 'contractVal' ? null : definition.quantityPrecision;
  const unit = precision === null ? null : precisionText(precision);
  if (value === null) return unit;
  if (unit === null) return value;
  return commonGrid(Dec.parse(value), Dec.parse(unit)).toString();
}

/**
 * The pair definition a contract is checked as: the spot engine's fields in contract terms. A
 * contract has no status and no trade switch (WEEX sends none), so it is a `TRADING` pair with
 * trading enabled; no written-places rule (the precisions are grids here, not counts of written
 * digits); and its MARKET caps are `maxOrderSize` on both sides, which no order can break
 * without breaking QUANTITY_ABOVE_MAX, so the spot MARKET cap never speaks for a contract (the
 * contract's own cap, on opening orders only, is the rule `market-open-size`).
 */
export function pairDefinitionOf(definition: ContractDefinition, grid: ContractSizeGrid): PairDefinition {
  const d = definition;
  const tick = d.pricePrecision === null ? null : precisionText(d.pricePrecision);
  return {
    symbol: d.symbol,
    status: 'TRADING',
    baseAsset: d.baseAsset,
    baseAssetPrecision: null,
    quoteAsset: d.quoteAsset,
    quoteAssetPrecision: null,
    tickSize: tick,
    tickSizeSource: tick === null ? 'none' : 'tickSize',
    stepSize: sizeGridOf(d, grid),
    minTradeAmount: d.minOrderSize,
    maxTradeAmount: d.maxOrderSize,
    takerFeeRate: d.takerFeeRate,
    makerFeeRate: d.makerFeeRate,
    buyLimitPriceRatio: d.buyLimitPriceRatio,
    sellLimitPriceRatio: d.sellLimitPriceRatio,
    marketBuyLimitSize: d.maxOrderSize,
    marketSellLimitSize: d.maxOrderSize,
    marketFallbackPriceRatio: null,
    enableTrade: true,
    enableDisplay: null,
    displayDigitMerge: null,
    displayNew: null,
    displayHot: null,
  };
}

const orNull = (text: string | null): Dec | null => (text === null ? null : Dec.parse(plain(text)));

/**
 * Compiles one contract: every decimal parsed here, once.
 *
 * @throws when a decimal does not parse, which only a hand-built definition can cause; the book
 * sets such a contract aside.
 */
export function compileContract(definition: ContractDefinition, grid: ContractSizeGrid): CompiledContract {
  return {
    definition,
    pair: compilePair(pairDefinitionOf(definition, grid)),
    marketOpenLimitSize: orNull(definition.marketOpenLimitSize),
    maxPositionSize: orNull(definition.maxPositionSize),
  };
}
