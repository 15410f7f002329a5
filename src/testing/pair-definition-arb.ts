import fc from 'fast-check';
import type { PairDefinition } from '../exchange-info/schema.js';
import { Big, type BigValue } from './big.js';
import { commonGrid, decimalsOf, powerOfTen, unitOf } from './grid-math.js';

/**
 * Options of {@link pairDefinitionArb}.
 *
 * @example
 * ```ts
 * const options: PairDefinitionArbOptions = { tradingOnly: true, absentRuleFields: true };
 * ```
 */
export interface PairDefinitionArbOptions {
  /** Only pairs with status TRADING and enableTrade true (default false: some are halted or disabled). */
  readonly tradingOnly?: boolean | undefined;
  /** A fixed symbol instead of a generated one. */
  readonly symbol?: string | undefined;
  /**
   * Leave rule fields out now and then, as the BETA wire may (default `false`). When `true`, each
   * of `minTradeAmount`, `maxTradeAmount`, the two precisions, the two limit-price ratios, the two
   * market sizes and `marketFallbackPriceRatio` (and, unless `tradingOnly`, `status` and
   * `enableTrade`) is `null` in about one pair in five, and the checks that need it are skipped.
   * Off by default because most strategies read those fields, and a test of rounding logic should
   * not fail on a pair without a maximum; turn it on to test how your code copes with one.
   * (Absent grids are always generated: real responses often carry no `tickSize` or `stepSize`.)
   */
  readonly absentRuleFields?: boolean | undefined;
}

/**
 * Grid sizes as exchanges use them: powers of ten (`0.00000100`, `1.00000000`, `10`), 2/5/25 ×
 * 10^-k (`0.5`, `0.25`), and odd ones that trap floats (`0.00000012`, `110`, `0.03`).
 */
const gridSizeArb: fc.Arbitrary<BigValue> = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 10 }).map((k) => powerOfTen(-k)), weight: 4 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('2', '5', '25'), fc.integer({ min: 1, max: 9 }))
      .map(([m, k]) => new Big(m).times(unitOf(k))),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom('0.00000012', '110', '0.5', '0.2', '0.0002', '0.03').map((t) => new Big(t)),
    weight: 2,
  },
);

/** Depth-merge lists as multiples of the tick: BTCUSDT `0.1,1,10,100,1000`, ETHUSDT `0.01,0.1,0.5,1,5`. */
const MERGE_PATTERNS = [
  ['1', '10', '100', '1000', '10000'],
  ['1', '10', '50', '100', '500'],
  ['1', '10', '100'],
  ['1', '5', '10', '50'],
  ['1', '10'],
  ['1'],
] as const;

/** A `displayDigitMerge` list whose smallest step is `tick`; sometimes unsorted, as sent. */
function mergeListArb(tick: BigValue): fc.Arbitrary<string[]> {
  return fc.constantFrom(...MERGE_PATTERNS).chain((pattern) => {
    const steps = pattern.map((m) => tick.times(m).toFixed());
    return fc.oneof(
      { arbitrary: fc.constant(steps), weight: 3 },
      {
        arbitrary: fc.shuffledSubarray(steps, { minLength: steps.length, maxLength: steps.length }),
        weight: 1,
      },
    );
  });
}

/** The price grid of a pair and how the exchange tells it. */
interface PriceGridPlan {
  /** The tick in force once the book has read the definition (sent or inferred), if any. */
  readonly tick: BigValue | null;
  /** Whether the exchange sends it as `tickSize` (else only `displayDigitMerge` says it). */
  readonly sent: boolean;
  readonly merge: readonly string[] | null;
}

const priceGridPlanArb: fc.Arbitrary<PriceGridPlan> = fc.oneof(
  // tickSize sent, and (as in the three published definitions with both) the merge list starting
  // at it, or none.
  {
    arbitrary: gridSizeArb.chain((tick) =>
      fc.record({
        tick: fc.constant(tick),
        sent: fc.constant(true),
        merge: fc.oneof(
          { arbitrary: mergeListArb(tick), weight: 3 },
          fc.constantFrom<string[] | null>([], null),
        ),
      }),
    ),
    weight: 5,
  },
  // no tickSize: the smallest merge step is the grid (the published WEEX V3 shape).
  {
    arbitrary: gridSizeArb.chain((tick) =>
      fc.record({ tick: fc.constant(tick), sent: fc.constant(false), merge: mergeListArb(tick) }),
    ),
    weight: 3,
  },
  // no grid at all.
  {
    arbitrary: fc.constantFrom<PriceGridPlan>(
      { tick: null, sent: false, merge: null },
      { tick: null, sent: false, merge: [] },
    ),
    weight: 1,
  },
);

/** `null` (no quantity grid) now and then: there is nothing to infer one from. */
const stepArb = fc.option(gridSizeArb, { freq: 4, nil: null });

/**
 * A precision for a grid of `grid`: never fewer places than the grid has (in every published
 * definition the precision, 8, is at least the tick's and the step's decimals), often 8.
 */
function precisionArb(grid: BigValue | null): fc.Arbitrary<number> {
  if (grid === null) return fc.oneof(fc.constant(8), fc.integer({ min: 0, max: 12 }));
  const places = decimalsOf(grid);
  return fc.oneof(
    { arbitrary: fc.integer({ min: places, max: places + 4 }), weight: 2 },
    { arbitrary: fc.constant(Math.max(8, places)), weight: 1 },
  );
}

const ratioArb = fc.constantFrom('0.001', '0.01', '0.02', '0.05', '0.1', '0.2', '0.3', '0.5');
const feeArb = fc.option(fc.constantFrom('0.001', '0.0008', '0.002', '0.00075', '0', '-0.0001'), {
  freq: 8,
  nil: null,
});
const flagArb = fc.option(fc.boolean(), { freq: 8, nil: null });
const symbolArb = fc
  .tuple(fc.stringMatching(/^[A-Z][A-Z0-9]{1,6}$/), fc.constantFrom('USDT', 'BTC', 'ETH', 'USDC', 'TRY'))
  .map(([base, quote]) => ({ symbol: `${base}${quote}`, baseAsset: base, quoteAsset: quote }));

/**
 * Parsed pair definitions, exactly as `parseExchangeInfo` returns them for what real exchanges
 * publish (v2 wire shapes; {@link exchangeInfoArb} spells them as the wire does):
 *
 * - ticks and steps that are powers of ten and that are not (`0.5`, `110`, `0.00000012`);
 * - pairs whose `tickSize` is not sent (`tickSize: null`, `tickSizeSource: 'none'`) but whose
 *   `displayDigitMerge` (sometimes unsorted) starts at the tick, which a book infers
 *   (`book.definition(symbol).tickSizeSource === 'displayDigitMerge'`); a few with no grid at all;
 * - pairs without `stepSize`; precisions never fewer places than the grid's (often 8, as
 *   published), so every tick or step multiple can be written within the precision;
 * - bounds from tiny to 20 digits, zero fallback ratios, negative maker fees, `null` fee rates and
 *   display flags; unless `tradingOnly`, halted or disabled pairs;
 * - with `absentRuleFields: true`, rule fields left out now and then (off by default).
 *
 * `tickSizeSource` is `'tickSize'` or `'none'`, never `'displayDigitMerge'`: that is the book's
 * view of the pair, which {@link validOrderArb} and {@link invalidOrderArb} also accept.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { pairDefinitionArb, validOrderArb } from 'order-preflight/testing';
 * fc.assert(fc.property(
 *   pairDefinitionArb({ tradingOnly: true }).chain((d) => fc.tuple(fc.constant(d), validOrderArb(d))),
 *   ([definition, order]) => myStrategyAccepts(definition, order),
 * ));
 * ```
 */
export function pairDefinitionArb(options: PairDefinitionArbOptions = {}): fc.Arbitrary<PairDefinition> {
  const absent = options.absentRuleFields === true;
  const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
    absent ? fc.option(arb, { freq: 5, nil: null }) : arb;
  const stateArb = options.tradingOnly
    ? fc.constant({ status: 'TRADING' as string | null, enableTrade: true as boolean | null })
    : fc.record({
        status: maybe(
          fc.oneof(
            { arbitrary: fc.constant('TRADING'), weight: 6 },
            fc.constantFrom('HALT', 'BREAK', 'PRE_TRADING'),
          ),
        ),
        enableTrade: maybe(fc.oneof({ arbitrary: fc.constant(true), weight: 6 }, fc.constant(false))),
      });
  const names =
    options.symbol === undefined
      ? symbolArb
      : fc.constant({ symbol: options.symbol, baseAsset: options.symbol, quoteAsset: 'USDT' });
  const gridsArb = fc.record({ price: priceGridPlanArb, step: stepArb }).chain((grids) =>
    fc.record({
      grids: fc.constant(grids),
      quotePrecision: maybe(precisionArb(grids.price.tick)),
      basePrecision: maybe(precisionArb(grids.step)),
    }),
  );
  return fc
    .record({
      names,
      state: stateArb,
      g: gridsArb,
      minSteps: maybe(fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 1_000n }))),
      spanSteps: maybe(fc.oneof(fc.bigInt({ min: 1n, max: 1_000_000_000n }), fc.constant(10n ** 20n))),
      marketBuySteps: maybe(fc.bigInt({ min: 1n, max: 2_000_000_000n })),
      marketSellSteps: maybe(fc.bigInt({ min: 1n, max: 2_000_000_000n })),
      buyRatio: maybe(ratioArb),
      sellRatio: maybe(ratioArb),
      fallback: maybe(fc.oneof(fc.constant('0'), ratioArb)),
      taker: feeArb,
      maker: feeArb,
      display: fc.record({ enableDisplay: flagArb, displayNew: flagArb, displayHot: flagArb }),
    })
    .map((r): PairDefinition => {
      const { grids, quotePrecision, basePrecision } = r.g;
      // Bounds on the grid a valid quantity lives on, so that the minimum is reachable.
      const unit = basePrecision === null ? null : unitOf(basePrecision);
      const quantityGrid =
        grids.step === null ? (unit ?? unitOf(8)) : unit === null ? grids.step : commonGrid(grids.step, unit);
      const at = (steps: bigint | null) => (steps === null ? null : quantityGrid.times(steps.toString()));
      const min = at(r.minSteps);
      const span = at(r.spanSteps);
      const max = span === null ? null : (min ?? new Big('0')).plus(span);
      const text = (v: BigValue | null) => (v === null ? null : v.toFixed());
      const sentTick = grids.price.sent ? grids.price.tick : null;
      return {
        symbol: r.names.symbol,
        status: r.state.status,
        baseAsset: r.names.baseAsset,
        baseAssetPrecision: basePrecision,
        quoteAsset: r.names.quoteAsset,
        quoteAssetPrecision: quotePrecision,
        tickSize: text(sentTick),
        tickSizeSource: sentTick === null ? 'none' : 'tickSize',
        stepSize: text(grids.step),
        minTradeAmount: text(min),
        maxTradeAmount: text(max),
        takerFeeRate: r.taker,
        makerFeeRate: r.maker,
        buyLimitPriceRatio: r.buyRatio,
        sellLimitPriceRatio: r.sellRatio,
        marketBuyLimitSize: text(at(r.marketBuySteps)),
        marketSellLimitSize: text(at(r.marketSellSteps)),
        marketFallbackPriceRatio: r.fallback,
        enableTrade: r.state.enableTrade,
        enableDisplay: r.display.enableDisplay,
        displayDigitMerge: grids.price.merge,
        displayNew: r.display.displayNew,
        displayHot: r.display.displayHot,
      };
    });
}
