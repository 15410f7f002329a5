import { Dec } from '../decimal/dec.js';
import { wholeDigits } from '../decimal/decimal-grammar.js';
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
  /**
   * The contract's own caps as safe-integer units at their scale, exact (NaN units when absent or
   * past 2^53), for the contract-only rules' fast checks.
   */
  readonly fast: {
    readonly marketOpenUnits: number;
    readonly marketOpenScale: number;
    /** `marketOpenLimitSize` is at least 2^53: every quantity the fast reading reads is within it. */
    readonly marketOpenPastSafe: boolean;
    readonly maxPositionUnits: number;
    readonly maxPositionScale: number;
    /** `maxPositionSize` is at least 2^53: any position and quantity summed in safe integers fit. */
    readonly maxPositionPastSafe: boolean;
    /** The digits before `maxPositionSize`'s point (0 below 1, or without one). */
    readonly maxPositionWholeDigits: number;
  };
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
  const pair = compilePair(pairDefinitionOf(definition, grid));
  const marketOpenLimitSize = orNull(definition.marketOpenLimitSize);
  const maxPositionSize = orNull(definition.maxPositionSize);
  return {
    definition,
    pair,
    marketOpenLimitSize,
    maxPositionSize,
    fast: {
      marketOpenUnits: exactUnits(marketOpenLimitSize),
      marketOpenScale: marketOpenLimitSize?.scale ?? 0,
      // Stryker disable next-line ConditionalExpression: forced false, a long cap's orders are judged the general way, to the same answer
      marketOpenPastSafe: marketOpenLimitSize?.gte(MAX_SAFE_DEC) === true,
      maxPositionUnits: exactUnits(maxPositionSize),
      maxPositionScale: maxPositionSize?.scale ?? 0,
      maxPositionPastSafe: maxPositionSize?.gte(MAX_SAFE_DEC) === true,
      // Stryker disable next-line ConditionalExpression: forced to 0, no long position passes without exact decimals, to the same answer
      maxPositionWholeDigits: maxPositionSize === null ? 0 : wholeDigits(maxPositionSize.toString()),
    },
  };
}

const MAX_SAFE_DEC = Dec.parse(String(Number.MAX_SAFE_INTEGER));

/** Scales the fast checks compare at (the safe-integer helpers shift by at most 10^100). */
const MAX_FAST_CAP_SCALE = 40;

/** A cap's units when they are a safe integer at a scale the fast checks take, else NaN. */
function exactUnits(cap: Dec | null): number {
  return cap === null || cap.scale < 0 || cap.scale > MAX_FAST_CAP_SCALE ? Number.NaN : cap.safeUnits;
}
