import type { Dec } from '../decimal/dec.js';
import type { PairDefinition } from '../exchange-info/schema.js';

/** The quantities a kind of order of a pair may have, on its grid (see `quantityWindow`). */
export interface QuantityWindow {
  readonly low: Dec;
  readonly high: Dec | null;
}

/** A pair's quantity windows, by kind of order (see {@link CompiledPair.quantityWindows}). */
export type QuantityWindows = readonly [
  QuantityWindow | undefined,
  QuantityWindow | undefined,
  QuantityWindow | undefined,
];

/**
 * A pair definition with every decimal parsed once, at compile time, and the derived factors of the
 * semantics (docs/exchange-semantics.md) ready, so checking an order parses nothing of the pair's.
 * A field the exchange did not send is `null` here too, and the rules that need it skip.
 */
export interface CompiledPair {
  /** The definition in force: its `tickSize` may be inferred (`tickSizeSource`). */
  readonly definition: PairDefinition;
  readonly symbol: string;
  /** `status === 'TRADING'`; `null` when the exchange sent no status. */
  readonly isTrading: boolean | null;
  readonly enableTrade: boolean | null;
  /** `null`: no price grid (PRICE_TICK is skipped). */
  readonly tickSize: Dec | null;
  /** The tick was inferred from `displayDigitMerge`, and messages say so. */
  readonly tickInferred: boolean;
  /** `null`: no quantity grid (QUANTITY_STEP is skipped). */
  readonly stepSize: Dec | null;
  readonly quotePrecision: number | null;
  readonly basePrecision: number | null;
  /**
   * The grid a price is rounded onto for suggestions and repairs: the coarsest grid that both
   * the tick and `quoteAssetPrecision` allow (one of them when the other is absent; `null` when
   * both are).
   */
  readonly priceGrid: Dec | null;
  /** The same for a quantity: `stepSize` and `baseAssetPrecision`. */
  readonly quantityGrid: Dec | null;
  readonly minTradeAmount: Dec | null;
  readonly maxTradeAmount: Dec | null;
  readonly marketBuyLimitSize: Dec | null;
  readonly marketSellLimitSize: Dec | null;
  /** 1 + buyLimitPriceRatio: a LIMIT BUY may not be above reference × this. */
  readonly buyBandFactor: Dec | null;
  /** 1 − sellLimitPriceRatio: a LIMIT SELL may not be below reference × this. */
  readonly sellBandFactor: Dec | null;
  /**
   * 1 + r, r the fallback ratio or, when it is 0 or absent, buyLimitPriceRatio: a MARKET BUY's
   * worst price / reference; `null` when neither ratio is known.
   */
  readonly marketBuyWorstFactor: Dec | null;
  /** 1 − r, r the fallback ratio or, when it is 0 or absent, sellLimitPriceRatio. */
  readonly marketSellWorstFactor: Dec | null;
  readonly takerFeeRate: Dec | null;
  readonly makerFeeRate: Dec | null;
  /**
   * The quantities each kind of order may have (see `quantityWindow`): an order that is not a
   * MARKET order with a side, a MARKET BUY, a MARKET SELL. Kept from the pair's first exact
   * quantity suggestion (`undefined` until then), so that a compiled book keeps none (the fast
   * form works them out when it is compiled, as counts, and keeps only those).
   */
  quantityWindows: QuantityWindows | undefined;
  /** The same rules in machine numbers for the fast path; absent when they do not fit. */
  readonly fast: FastPair | undefined;
}

/**
 * A compiled pair in machine numbers, for the fast path. Prices are counted in whole units of
 * `10^-priceScale` and quantities of `10^-quantityScale`; every count is a safe integer, so
 * comparisons and products that stay under 2^53 are exact. Each value is a pair of fields
 * (`…Units × 10^-…Scale`) rather than a nested object, so the hot path loads each in one step.
 * A pair whose grids do not fit (more than 15 decimals, a grid over 2^52 units) has no fast form
 * and always takes the general path.
 */
export interface FastPair {
  /** The compiled pair this is the fast form of (the rules explain with it). */
  readonly pair: CompiledPair;
  readonly trading: boolean;
  readonly enabled: boolean;
  readonly priceScale: number;
  /**
   * The price grid's step in price units (1 when the pair has no tick and only a precision; NaN,
   * at scale 0, when it has neither).
   */
  readonly priceStep: number;
  readonly hasTick: boolean;
  /**
   * The tick itself in units of `10^-tickScale` (NaN without a tick): the price grid, or finer
   * when `quoteAssetPrecision` makes the grid coarser than the tick (tick 0.001, precision 1).
   */
  readonly tickStep: number;
  readonly tickScale: number;
  /** The tick was inferred from `displayDigitMerge` (its PRICE_TICK message says so). */
  readonly tickInferred: boolean;
  readonly quantityScale: number;
  /** The quantity grid's step in quantity units (NaN, at scale 0, when the pair has no grid). */
  readonly quantityStep: number;
  readonly hasStep: boolean;
  /** The step itself in units of `10^-stepScale` (NaN without a step), as {@link tickStep}. */
  readonly stepStep: number;
  readonly stepScale: number;
  /** The step is the quantity grid itself, so a quantity's grid count decides QUANTITY_STEP. */
  readonly stepIsGrid: boolean;
  /** Most decimal places a price / quantity may be written with (NaN when not known). */
  readonly quotePrecision: number;
  readonly basePrecision: number;
  /**
   * Quantity bounds as whole counts of `10^-quantityScale`, rounded inward (the minimum up, the
   * caps down), so a quantity counted the same way compares with them exactly; `Infinity` past
   * 2^53, where no safe count reaches.
   */
  readonly minCount: number;
  readonly maxCount: number;
  readonly marketBuyCount: number;
  readonly marketSellCount: number;
  /**
   * The same bounds for a quantity with more decimals than the grid. Units are `Infinity` for a
   * bound of 10^15 or more (beyond any value the fast path reads), and a bound with more than 15
   * significant digits is rounded on its safe side, which compares with every fast value exactly
   * as the bound itself would.
   */
  readonly minUnits: number;
  readonly minScale: number;
  readonly maxUnits: number;
  readonly maxScale: number;
  readonly marketBuyUnits: number;
  readonly marketBuyScale: number;
  readonly marketSellUnits: number;
  readonly marketSellScale: number;
  /** 1 + buyLimitPriceRatio, 1 − sellLimitPriceRatio and the MARKET worst-case factors. */
  readonly buyBandUnits: number;
  readonly buyBandScale: number;
  readonly sellBandUnits: number;
  readonly sellBandScale: number;
  readonly marketBuyWorstUnits: number;
  readonly marketBuyWorstScale: number;
  readonly marketSellWorstUnits: number;
  readonly marketSellWorstScale: number;
  /**
   * The window every quantity suggestion is kept in (see `quantityWindow`), per order kind
   * (`ORDER_KINDS`), in whole units of `10^-quantityScale`: NaN low when no quantity passes, Infinity high
   * when there is no cap or it is past 2^53.
   */
  readonly windowLow: readonly [number, number, number, number];
  readonly windowHigh: readonly [number, number, number, number];
  /**
   * What each rule makes once per pair to explain its failures (limits as text, suggestions that
   * depend on the pair alone), by the rule's place in the list: made on the pair's first
   * failure of that rule, so that compiling stays cheap and later failures reuse them.
   */
  readonly parts: unknown[];
}
