import fc from 'fast-check';
import type { PairDefinition } from '../exchange-info/schema.js';
import type { ViolationCode } from '../validation/violation-codes.js';
import { ArbitraryConfigurationError } from './arbitrary-configuration-error.js';
import { Big, type BigValue } from './big.js';
import { filterOrExplain } from './bounded-filter.js';
import { commonGrid, decimalsOf, floorIndex, isMultiple, powerOfTen, unitOf } from './grid-math.js';
import { mapInvertibly } from './invertible.js';
import { canBreak, type OrderArbOptions, unbreakableAnywhere } from './order-arbs.js';

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
  /**
   * Only pairs on which `code` can be broken alone: those for which
   * {@link invalidOrderArb}`(pair, code, orderOptions)` makes orders rather than throwing (see
   * {@link canBreak}). A code no pair of these options can break (SYMBOL_DEFINITION_INVALID,
   * SYMBOL_NOT_TRADING with `tradingOnly`, a band code without `orderOptions.referencePrice`)
   * is an {@link ArbitraryConfigurationError} at once.
   */
  readonly canBreak?: ViolationCode | undefined;
  /** The options the orders will be asked for with, which `canBreak` is worked out under. */
  readonly orderOptions?: OrderArbOptions | undefined;
}

/**
 * Grid sizes as exchanges use them, as canonical text: powers of ten (`0.000001`, `1`, `10`),
 * 2/5/25 × 10^-k (`0.5`, `0.25`), and odd ones that trap floats (`0.00000012`, `110`, `0.03`).
 * Each kind is a map with its inverse, so a grid met without its context still shrinks.
 */
const powerOfTenArb = mapInvertibly(
  fc.integer({ min: -3, max: 10 }),
  (k) => powerOfTen(-k).toFixed(),
  (text) => {
    const places = typeof text === 'string' ? decimalsOf(new Big(text)) : 0;
    // 1 - length, not -(length - 1): fc.integer refuses -0
    return places > 0 ? places : 1 - String(text).length;
  },
);
const MULTIPLIERS = ['2', '5', '25'] as const;
const multipleArb = mapInvertibly(
  fc.tuple(fc.constantFrom(...MULTIPLIERS), fc.integer({ min: 1, max: 9 })),
  ([m, k]) => new Big(m).times(unitOf(k)).toFixed(),
  (text): [(typeof MULTIPLIERS)[number], number] => {
    for (const m of MULTIPLIERS)
      for (let k = 1; k <= 9; k++) if (new Big(m).times(unitOf(k)).toFixed() === text) return [m, k];
    throw new TypeError('not 2, 5 or 25 times a power of ten');
  },
);
const gridSizeArb: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { arbitrary: powerOfTenArb, weight: 4 },
  { arbitrary: multipleArb, weight: 2 },
  { arbitrary: fc.constantFrom('0.00000012', '110', '0.5', '0.2', '0.0002', '0.03'), weight: 2 },
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

/** The order a depth-merge list is sent in: mostly sorted, sometimes not (as sent). */
type MergeOrder = 'sorted' | 'reversed' | 'rotated';

/** A depth-merge list, apart from its tick: which pattern, in which order. */
interface MergePlan {
  readonly pattern: number;
  readonly order: MergeOrder;
}

const mergePlanArb: fc.Arbitrary<MergePlan> = fc.record({
  pattern: fc.integer({ min: 0, max: MERGE_PATTERNS.length - 1 }),
  order: fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant<MergeOrder>('sorted'), weight: 3 },
    fc.constantFrom<MergeOrder>('reversed', 'rotated'),
  ),
});

function mergeList(tick: BigValue, plan: MergePlan): string[] {
  const steps = (MERGE_PATTERNS[plan.pattern] ?? MERGE_PATTERNS[0]).map((m) => tick.times(m).toFixed());
  if (plan.order === 'reversed') return steps.reverse();
  if (plan.order === 'rotated') return [...steps.slice(1), ...steps.slice(0, 1)];
  return steps;
}

/** The plan of a list sent for `tick`; the caller checks it by making the list again. */
function mergePlanOf(tick: BigValue, list: readonly string[]): MergePlan {
  const sorted = [...list].sort((a, b) => new Big(a).cmp(new Big(b)));
  const pattern = MERGE_PATTERNS.findIndex(
    (p) => p.length === sorted.length && p.every((m, i) => tick.times(m).toFixed() === sorted[i]),
  );
  if (pattern === -1) throw new TypeError('not a depth-merge pattern of this tick');
  const orders: readonly MergeOrder[] = ['sorted', 'reversed', 'rotated'];
  const order = orders.find((o) => mergeList(tick, { pattern, order: o }).join() === list.join());
  if (order === undefined) throw new TypeError('not an order this arbitrary sends a list in');
  return { pattern, order };
}

/**
 * The price grid of a pair and how the exchange tells it: `tickSize` sent (with a depth-merge
 * list starting at it, an empty one, or none), only the list, or no grid at all.
 */
type PriceGridPlan =
  | { readonly kind: 'sent'; readonly tick: string; readonly merge: MergePlan | 'empty' | 'none' }
  | { readonly kind: 'merge'; readonly tick: string; readonly merge: MergePlan }
  | { readonly kind: 'none'; readonly merge: 'empty' | 'none' };

const priceGridPlanArb: fc.Arbitrary<PriceGridPlan> = fc.oneof(
  { withCrossShrink: true },
  // tickSize sent, and (as in the three published definitions with both) the merge list starting
  // at it, or none.
  {
    arbitrary: fc.record({
      kind: fc.constant('sent' as const),
      tick: gridSizeArb,
      merge: fc.oneof(
        { withCrossShrink: true },
        { arbitrary: mergePlanArb, weight: 3 },
        fc.constantFrom<'empty' | 'none'>('empty', 'none'),
      ),
    }),
    weight: 5,
  },
  // no tickSize: the smallest merge step is the grid (the published WEEX V3 shape).
  {
    arbitrary: fc.record({ kind: fc.constant('merge' as const), tick: gridSizeArb, merge: mergePlanArb }),
    weight: 3,
  },
  // no grid at all.
  {
    arbitrary: fc.record({
      kind: fc.constant('none' as const),
      merge: fc.constantFrom<'empty' | 'none'>('none', 'empty'),
    }),
    weight: 1,
  },
);

/** The tick in force once a book has read the definition (sent or inferred), if any. */
function tickOfPlan(plan: PriceGridPlan): BigValue | null {
  return plan.kind === 'none' ? null : new Big(plan.tick);
}

function mergeOfPlan(plan: PriceGridPlan): string[] | null {
  if (plan.merge === 'none') return null;
  if (plan.merge === 'empty') return [];
  return mergeList(new Big((plan as { tick: string }).tick), plan.merge);
}

function priceGridPlanOf(tickSize: string | null, merge: readonly string[] | null): PriceGridPlan {
  const emptyOrNone = merge === null ? 'none' : merge.length === 0 ? 'empty' : undefined;
  if (tickSize !== null)
    return {
      kind: 'sent',
      tick: tickSize,
      merge: emptyOrNone ?? mergePlanOf(new Big(tickSize), merge ?? []),
    };
  if (emptyOrNone !== undefined) return { kind: 'none', merge: emptyOrNone };
  const list = merge ?? [];
  const smallest = [...list].sort((a, b) => new Big(a).cmp(new Big(b)))[0] ?? '0';
  return { kind: 'merge', tick: smallest, merge: mergePlanOf(new Big(smallest), list) };
}

/**
 * A precision, apart from its grid: `extra` places beyond the grid's own (0 to 4; a grid of none
 * spreads them 0, 3, ..., 12), or `'eight'`, at least 8 (every published definition has 8).
 * Never fewer places than the grid has, so every grid multiple can be written within it.
 */
type PrecisionPlan = number | 'eight';

const precisionPlanArb: fc.Arbitrary<PrecisionPlan> = fc.oneof(
  { withCrossShrink: true },
  { arbitrary: fc.integer({ min: 0, max: 4 }), weight: 2 },
  { arbitrary: fc.constant<PrecisionPlan>('eight'), weight: 1 },
);

function precisionOf(plan: PrecisionPlan, grid: BigValue | null): number {
  const places = grid === null ? 0 : decimalsOf(grid);
  if (plan === 'eight') return Math.max(8, places);
  return places + (grid === null ? 3 * plan : plan);
}

function precisionPlanOf(precision: number, grid: BigValue | null): PrecisionPlan {
  for (let extra = 0; extra <= 4; extra++) if (precisionOf(extra, grid) === precision) return extra;
  return 'eight';
}

const ratioArb = fc.constantFrom('0.001', '0.01', '0.02', '0.05', '0.1', '0.2', '0.3', '0.5');
const feeArb = fc.option(fc.constantFrom('0.001', '0.0008', '0.002', '0.00075', '0', '-0.0001'), {
  freq: 8,
  nil: null,
});
const flagArb = fc.option(fc.boolean(), { freq: 8, nil: null });
const QUOTES = ['USDT', 'BTC', 'ETH', 'USDC', 'TRY'];

interface Names {
  readonly symbol: string;
  readonly baseAsset: string;
  readonly quoteAsset: string;
}

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const DIGITS = [...'0123456789'];

/**
 * A base asset: a letter, then 1 to 6 letters or digits (`/^[A-Z][A-Z0-9]{1,6}$/`), made from
 * single characters rather than `fc.stringMatching`, whose strings cannot shrink without context.
 */
const baseAssetArb: fc.Arbitrary<string> = mapInvertibly(
  fc.tuple(
    fc.constantFrom(...LETTERS),
    fc.array(fc.constantFrom(...LETTERS, ...DIGITS), { minLength: 1, maxLength: 6 }),
  ),
  ([first, rest]) => `${first}${rest.join('')}`,
  (text): [string, string[]] => {
    const [first = '', ...rest] = [...String(text)];
    return [first, rest];
  },
);

const symbolArb: fc.Arbitrary<Names> = mapInvertibly(
  fc.tuple(baseAssetArb, fc.constantFrom(...QUOTES)),
  ([base, quote]) => ({ symbol: `${base}${quote}`, baseAsset: base, quoteAsset: quote }),
  (names) => {
    const { baseAsset, quoteAsset } = names as Names;
    return [baseAsset, quoteAsset] as [string, (typeof QUOTES)[number]];
  },
);

/** Every choice a generated pair is made from, each drawn apart from the others. */
interface PairPlan {
  readonly names: Names;
  readonly state: { readonly status: string | null; readonly enableTrade: boolean | null };
  readonly price: PriceGridPlan;
  readonly step: string | null;
  readonly quotePrecision: PrecisionPlan | null;
  readonly basePrecision: PrecisionPlan | null;
  readonly minSteps: bigint | null;
  readonly spanSteps: bigint | null;
  readonly marketBuySteps: bigint | null;
  readonly marketSellSteps: bigint | null;
  readonly buyRatio: string | null;
  readonly sellRatio: string | null;
  readonly fallback: string | null;
  readonly taker: string | null;
  readonly maker: string | null;
  readonly display: {
    readonly enableDisplay: boolean | null;
    readonly displayNew: boolean | null;
    readonly displayHot: boolean | null;
  };
}

/** The grid a valid quantity lives on (the step and the precision at once), which bounds are counted in. */
function quantityGridOf(step: BigValue | null, basePrecision: number | null): BigValue {
  const unit = basePrecision === null ? null : unitOf(basePrecision);
  if (step === null) return unit ?? unitOf(8);
  return unit === null ? step : commonGrid(step, unit);
}

function definitionOf(r: PairPlan): PairDefinition {
  const tick = tickOfPlan(r.price);
  const step = r.step === null ? null : new Big(r.step);
  const quotePrecision = r.quotePrecision === null ? null : precisionOf(r.quotePrecision, tick);
  const basePrecision = r.basePrecision === null ? null : precisionOf(r.basePrecision, step);
  // Bounds on the grid a valid quantity lives on, so that the minimum is reachable.
  const quantityGrid = quantityGridOf(step, basePrecision);
  const at = (steps: bigint | null) => (steps === null ? null : quantityGrid.times(steps.toString()));
  const min = at(r.minSteps);
  const span = at(r.spanSteps);
  const max = span === null ? null : (min ?? new Big('0')).plus(span);
  const text = (v: BigValue | null) => (v === null ? null : v.toFixed());
  const sentTick = r.price.kind === 'sent' ? r.price.tick : null;
  return {
    symbol: r.names.symbol,
    status: r.state.status,
    baseAsset: r.names.baseAsset,
    baseAssetPrecision: basePrecision,
    quoteAsset: r.names.quoteAsset,
    quoteAssetPrecision: quotePrecision,
    tickSize: sentTick,
    tickSizeSource: sentTick === null ? 'none' : 'tickSize',
    stepSize: r.step,
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
    displayDigitMerge: mergeOfPlan(r.price),
    displayNew: r.display.displayNew,
    displayHot: r.display.displayHot,
  };
}

/** The choices behind a definition; {@link mapInvertibly} checks them by making it again. */
function planOf(value: unknown): PairPlan {
  const d = value as PairDefinition;
  const price = priceGridPlanOf(d.tickSize, d.displayDigitMerge);
  const tick = tickOfPlan(price);
  const step = d.stepSize === null ? null : new Big(d.stepSize);
  const grid = quantityGridOf(step, d.baseAssetPrecision);
  const steps = (text: string | null) => {
    if (text === null) return null;
    const amount = new Big(text);
    if (!isMultiple(amount, grid)) throw new TypeError('a bound off the quantity grid');
    return floorIndex(amount, grid);
  };
  const min = steps(d.minTradeAmount);
  const max = steps(d.maxTradeAmount);
  return {
    names: { symbol: d.symbol, baseAsset: d.baseAsset ?? '', quoteAsset: d.quoteAsset ?? '' },
    state: { status: d.status, enableTrade: d.enableTrade },
    price,
    step: d.stepSize,
    quotePrecision: d.quoteAssetPrecision === null ? null : precisionPlanOf(d.quoteAssetPrecision, tick),
    basePrecision: d.baseAssetPrecision === null ? null : precisionPlanOf(d.baseAssetPrecision, step),
    minSteps: min,
    spanSteps: max === null ? null : max - (min ?? 0n),
    marketBuySteps: steps(d.marketBuyLimitSize),
    marketSellSteps: steps(d.marketSellLimitSize),
    buyRatio: d.buyLimitPriceRatio,
    sellRatio: d.sellLimitPriceRatio,
    fallback: d.marketFallbackPriceRatio,
    taker: d.takerFeeRate,
    maker: d.makerFeeRate,
    display: { enableDisplay: d.enableDisplay, displayNew: d.displayNew, displayHot: d.displayHot },
  };
}

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
 * - with `absentRuleFields: true`, rule fields left out now and then (off by default);
 * - with `canBreak: code`, only pairs that can break that rule alone.
 *
 * `tickSizeSource` is `'tickSize'` or `'none'`, never `'displayDigitMerge'`: that is the book's
 * view of the pair, which {@link validOrderArb} and {@link invalidOrderArb} also accept. To judge
 * orders as an exchange would, read the pairs into a book with {@link ruleBookOf}, which infers
 * the tick as a book parsed from the wire does.
 *
 * Every field is drawn apart from the others and the definition made from them with `map` (no
 * `chain`): a failing pair shrinks field by field towards the simplest (tick `1`, the first
 * symbol, the smallest bounds), and a definition it did not make itself (one given in
 * `examples`) shrinks too, when it is one this arbitrary could make. The same seed gives the
 * same pairs.
 *
 * @throws {ArbitraryConfigurationError} when `canBreak` names a code no pair of these options
 * can break (and, while generating, if a thousand pairs in a row cannot).
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { invalidOrderArb, pairDefinitionArb, ruleBookOf } from 'order-preflight/testing';
 * const offTick = pairDefinitionArb({ tradingOnly: true, canBreak: 'PRICE_TICK' }).chain((pair) =>
 *   fc.tuple(fc.constant(pair), invalidOrderArb(pair, 'PRICE_TICK')));
 * fc.assert(fc.property(offTick, ([pair, order]) => !ruleBookOf([pair]).validateOrder(order).ok));
 * ```
 */
export function pairDefinitionArb(options: PairDefinitionArbOptions = {}): fc.Arbitrary<PairDefinition> {
  const absent = options.absentRuleFields === true;
  const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
    absent ? fc.option(arb, { freq: 5, nil: null }) : arb;
  const stateArb = options.tradingOnly
    ? fc.record({
        status: fc.constant<string | null>('TRADING'),
        enableTrade: fc.constant<boolean | null>(true),
      })
    : fc.record({
        status: maybe(
          fc.oneof(
            { withCrossShrink: true },
            { arbitrary: fc.constant('TRADING'), weight: 6 },
            fc.constantFrom('HALT', 'BREAK', 'PRE_TRADING'),
          ),
        ),
        enableTrade: maybe(
          fc.oneof(
            { withCrossShrink: true },
            { arbitrary: fc.constant(true), weight: 6 },
            fc.constant(false),
          ),
        ),
      });
  const names =
    options.symbol === undefined
      ? symbolArb
      : fc.record({
          symbol: fc.constant(options.symbol),
          baseAsset: fc.constant(options.symbol),
          quoteAsset: fc.constant('USDT'),
        });
  const plans: fc.Arbitrary<PairPlan> = fc.record({
    names,
    state: stateArb,
    price: priceGridPlanArb,
    step: fc.option(gridSizeArb, { freq: 4, nil: null }),
    quotePrecision: maybe(precisionPlanArb),
    basePrecision: maybe(precisionPlanArb),
    minSteps: maybe(
      fc.oneof({ withCrossShrink: true }, fc.constant(0n), fc.bigInt({ min: 1n, max: 1_000n })),
    ),
    spanSteps: maybe(
      fc.oneof(
        { withCrossShrink: true },
        fc.bigInt({ min: 1n, max: 1_000_000_000n }),
        fc.constant(10n ** 20n),
      ),
    ),
    marketBuySteps: maybe(fc.bigInt({ min: 1n, max: 2_000_000_000n })),
    marketSellSteps: maybe(fc.bigInt({ min: 1n, max: 2_000_000_000n })),
    buyRatio: maybe(ratioArb),
    sellRatio: maybe(ratioArb),
    fallback: maybe(fc.oneof({ withCrossShrink: true }, fc.constant('0'), ratioArb)),
    taker: feeArb,
    maker: feeArb,
    display: fc.record({ enableDisplay: flagArb, displayNew: flagArb, displayHot: flagArb }),
  });
  const pairs = mapInvertibly(plans, definitionOf, planOf);
  const code = options.canBreak;
  if (code === undefined) return pairs;
  const orderOptions = options.orderOptions ?? {};
  const never =
    unbreakableAnywhere(code, orderOptions) ?? (options.tradingOnly ? notWhileTrading(code) : undefined);
  if (never !== undefined)
    throw new ArbitraryConfigurationError(`pairDefinitionArb({ canBreak: '${code}' }): ${never}`);
  return filterOrExplain(
    pairs,
    (pair) => canBreak(pair, code, orderOptions),
    `pairDefinitionArb({ canBreak: '${code}' }) drew a thousand pairs in a row that cannot break ${code} alone with these options`,
  );
}

/** Why a trading pair can never break `code`, if it cannot. */
function notWhileTrading(code: ViolationCode): string | undefined {
  return code === 'SYMBOL_NOT_TRADING' || code === 'TRADING_DISABLED'
    ? `${code} needs a pair that does not take orders, and tradingOnly generates only pairs that do`
    : undefined;
}
