/**
 * A pair's plan: what one generated definition means (its grids, bounds, ratios and flags, in
 * exact decimals) and the choices of spelling the wire will show (`./wire.ts`). Random plans draw
 * from the venue shapes' weighted tables; anchor plans take a hand-written pair as it is.
 */
import type { SeededRandom } from '../seeded-random.js';
import type { AnchorSpec } from './anchors.js';
import {
  type BigValue,
  decimal,
  isPowerOfTen,
  magnitude,
  nines,
  places,
  plain,
  pow10,
  scaled,
} from './decimals.js';
import type { CorpusEncoding, CorpusShape, CorpusStyle } from './types.js';
import {
  COARSE_STEP_EXTRA,
  COMPACT_CAPS,
  COMPACT_MARKETS,
  DEEP_STEP_EXPONENTS,
  DEEP_TICK_EXPONENTS,
  ENCODINGS,
  FALLBACK_RATIOS,
  FEES,
  HUGE_CAPS,
  LEDGER_CAPS,
  MARKET_SPAN,
  MERGE_MULTIPLES,
  MERGE_ORDERS,
  MERGE_PATTERNS,
  MERGE_TRAILING_COMMA,
  MIN_STEP_MULTIPLES,
  MIN_STEP_POWERS,
  NINES_DIGITS,
  NO_GRID,
  NULL_FEE,
  NUMERIC_DISPLAY_FLAG,
  PRECISION_AS_STRING,
  PRECISION_SLACK,
  PRICE_RATIOS,
  type QuoteClass,
  STATUSES,
  STEP_EXPONENTS,
  STEP_MANTISSAS,
  STRING_DISPLAY_FLAG,
  STYLES,
  TICK_EMPTY_STRING,
  TICK_EXPONENTS,
  TICK_MANTISSAS,
  TICK_ZERO,
  WEEX_CAPS,
  WEEX_MARKETS,
  WEEX_MIN_STEPS,
  WHOLE_UNIT_CAPS,
} from './venue-shapes.js';

/** How the wire carries a pair's grids: as decimals, not at all, or in a shape that means none. */
export type GridOnWire = 'present' | 'absent' | 'empty-string' | 'zero-number' | 'zero-string';

/** What a generated definition means and how its wire will spell it; `shapes` grows as it is spelled. */
export interface Plan {
  base: string;
  quote: string;
  style: CorpusStyle;
  encoding: CorpusEncoding;
  /** Compact venues that print small numbers as a Java BigDecimal would (`1E-8`). */
  javaNumbers: boolean;
  precisionAsString: boolean;
  tick: BigValue;
  step: BigValue;
  basePrecision: number;
  quotePrecision: number;
  /** Places a ledger venue writes amounts with (the base precision). */
  amountPlaces: number;
  min: BigValue;
  max: BigValue;
  marketBuy: BigValue;
  marketSell: BigValue;
  /** Places a ledger venue writes market caps with. */
  marketPlaces: number;
  taker: BigValue | null;
  maker: BigValue | null;
  buyRatio: BigValue;
  sellRatio: BigValue;
  fallback: BigValue;
  status: string;
  enableTrade: boolean;
  enableDisplay: boolean | string;
  displayNew: boolean | number;
  displayHot: boolean | number;
  merge: string;
  grid: GridOnWire;
  referencePrice: BigValue;
  shapes: Set<CorpusShape>;
}

/** A random value in [10^exponent, 10^(exponent+1)) with `decimals` places. */
function randomOfMagnitude(rng: SeededRandom, exponent: number, decimals: number): BigValue {
  const count = Math.max(1, exponent + 1 + decimals);
  return scaled(rng.digits(count), -decimals);
}

const LAST_RESORT_LEDGER_CAP = decimal('46116860414');
const LAST_RESORT_WEEX_CAP = decimal('99999999999');

function ledgerCap(rng: SeededRandom, min: BigValue, wholeUnits: boolean): BigValue {
  const floor = min.times(10_000n);
  for (let attempt = 0; attempt < 10; attempt++) {
    const cap = rng.pick(wholeUnits ? WHOLE_UNIT_CAPS : LEDGER_CAPS);
    if (cap.gt(floor)) return cap;
  }
  return LAST_RESORT_LEDGER_CAP;
}

function compactCap(rng: SeededRandom, min: BigValue, step: BigValue): BigValue {
  const floor = min.times(1_000n);
  for (let attempt = 0; attempt < 10; attempt++) {
    const kind = rng.pick(COMPACT_CAPS);
    let cap: BigValue;
    if (kind === 'nines') cap = nines(rng.pick(NINES_DIGITS));
    else if (kind === 'round') cap = pow10(10);
    else if (kind === 'huge') cap = rng.pick(HUGE_CAPS);
    else cap = randomOfMagnitude(rng, 5 + rng.below(5), places(step) + rng.below(3));
    if (cap.gt(floor)) return cap;
  }
  return nines(16);
}

function weexCap(rng: SeededRandom, min: BigValue): BigValue {
  const floor = min.times(1_000n);
  for (let attempt = 0; attempt < 10; attempt++) {
    const cap = rng.pick(WEEX_CAPS);
    if (cap.gt(floor)) return cap;
  }
  return LAST_RESORT_WEEX_CAP;
}

/** A market cap at least 100 minimums and at most the cap. */
function clampMarket(value: BigValue, min: BigValue, max: BigValue): BigValue {
  if (value.lt(min.times(100n)) || value.gt(max)) return max;
  return value;
}

function compactMarket(rng: SeededRandom, min: BigValue, max: BigValue, step: BigValue): BigValue {
  const kind = rng.pick(COMPACT_MARKETS);
  let value: BigValue;
  if (kind === 'million') value = pow10(6);
  else if (kind === 'nines') value = nines(6);
  else if (kind === 'cap') value = max;
  else value = randomOfMagnitude(rng, magnitude(min) + 3 + rng.below(7), places(step));
  return clampMarket(value, min, max);
}

function noteMergeOrder(steps: readonly BigValue[], shapes: Set<CorpusShape>): void {
  if (steps.some((step, i) => i > 0 && step.lt(steps[i - 1]!))) shapes.add('merge-unsorted');
}

function mergeList(rng: SeededRandom, tick: BigValue, allowEmpty: boolean, shapes: Set<CorpusShape>): string {
  let pattern = rng.pick(MERGE_PATTERNS);
  if (pattern === 'empty' && !allowEmpty) pattern = 'decades';
  if (pattern === 'empty') {
    shapes.add('merge-empty');
    return '';
  }
  const multiples = MERGE_MULTIPLES[pattern];
  const length = pattern === 'short' ? 2 : 3 + rng.below(multiples.length - 2);
  const steps = multiples.slice(0, length).map((k) => tick.times(k));
  const order = rng.pick(MERGE_ORDERS);
  if (order === 'descending') steps.reverse();
  else if (order === 'shuffled') rng.shuffle(steps);
  noteMergeOrder(steps, shapes);
  let text = steps.map(plain).join(',');
  if (rng.chance(MERGE_TRAILING_COMMA)) {
    text += ',';
    shapes.add('merge-trailing-comma');
  }
  return text;
}

/** What `randomPlan` and `anchorPlan` decide; {@link finishPlan} adds the rest. */
type PlanCore = Pick<
  Plan,
  | 'base'
  | 'quote'
  | 'style'
  | 'encoding'
  | 'javaNumbers'
  | 'precisionAsString'
  | 'tick'
  | 'step'
  | 'basePrecision'
  | 'quotePrecision'
  | 'amountPlaces'
  | 'min'
  | 'max'
  | 'marketBuy'
  | 'marketSell'
  | 'marketPlaces'
  | 'shapes'
>;

/** An anchor's fixed choices: no tolerated shapes, and optionally a published sample's values. */
interface FinishOptions {
  readonly clean?: boolean;
  readonly grid?: GridOnWire;
  readonly sample?: { readonly merge: string; readonly fallback: BigValue; readonly hot: boolean };
}

const SAMPLE_FEE = decimal('0.001');
const SAMPLE_GRIDLESS_FALLBACK = decimal('0.2');
const ZERO_RATIO = decimal('0');
const SAMPLE_RATIO = decimal('0.1');

/** The fields every style shares: flags, ratios, fees, status and the tolerated shapes. */
function finishPlan(rng: SeededRandom, core: PlanCore, options: FinishOptions = {}): Plan {
  const { shapes, tick } = core;
  const [taker, maker] = rng.pick(FEES);
  const [buyRatio, sellRatio] = rng.pick(PRICE_RATIOS);
  const fallback = rng.pick(FALLBACK_RATIOS);
  const clean = options.clean === true;
  const status = clean ? 'TRADING' : rng.pick(STATUSES);
  const trading = status === 'TRADING';
  const enableTrade = trading ? clean || !rng.chance(10) : rng.chance(300);
  if (!trading) shapes.add('not-trading');
  if (!enableTrade) shapes.add('trading-disabled');

  let grid: GridOnWire = options.grid ?? 'present';
  if (!clean) {
    if (rng.chance(NO_GRID)) grid = 'absent';
    else if (rng.chance(TICK_EMPTY_STRING)) grid = 'empty-string';
    else if (rng.chance(TICK_ZERO)) grid = rng.below(2) === 0 ? 'zero-number' : 'zero-string';
  }
  if (grid === 'absent') shapes.add('no-grid');
  if (grid === 'empty-string') shapes.add('tick-empty-string');
  if (grid === 'zero-number' || grid === 'zero-string') shapes.add('tick-zero');

  const nullFee = !clean && rng.chance(NULL_FEE);
  if (nullFee) shapes.add('null-fee');
  const numericFlag = !clean && rng.chance(NUMERIC_DISPLAY_FLAG);
  if (numericFlag) shapes.add('numeric-display-flag');
  const stringFlag = !clean && rng.chance(STRING_DISPLAY_FLAG);
  if (stringFlag) shapes.add('string-display-flag');

  const shown = trading || rng.below(2) === 0;
  const isNew = rng.chance(30);
  const isHot = rng.chance(40);
  const sample = options.sample;
  if (sample !== undefined) noteMergeOrder(sample.merge.split(',').map(decimal), shapes);
  // Without a positive tick on the wire, the merge list is where the tick lives: never empty.
  const merge = sample !== undefined ? sample.merge : mergeList(rng, tick, grid === 'present', shapes);
  const referencePrice = tick.times(BigInt(1_000 + rng.below(999_000)));
  // One literal with every field, so that all plans share one object shape.
  return {
    base: core.base,
    quote: core.quote,
    style: core.style,
    encoding: core.encoding,
    javaNumbers: core.javaNumbers,
    precisionAsString: core.precisionAsString,
    tick,
    step: core.step,
    basePrecision: core.basePrecision,
    quotePrecision: core.quotePrecision,
    amountPlaces: core.amountPlaces,
    min: core.min,
    max: core.max,
    marketBuy: core.marketBuy,
    marketSell: core.marketSell,
    marketPlaces: core.marketPlaces,
    taker: sample !== undefined ? SAMPLE_FEE : nullFee ? null : taker,
    maker: sample !== undefined ? SAMPLE_FEE : nullFee && rng.below(2) === 0 ? null : maker,
    buyRatio: sample !== undefined ? SAMPLE_RATIO : buyRatio,
    sellRatio: sample !== undefined ? SAMPLE_RATIO : sellRatio,
    fallback: sample !== undefined ? sample.fallback : fallback,
    status,
    enableTrade,
    enableDisplay: stringFlag ? String(shown) : shown,
    displayNew: numericFlag ? Number(isNew) : isNew,
    displayHot: numericFlag ? Number(isHot) : sample !== undefined ? sample.hot : isHot,
    merge,
    grid,
    referencePrice,
    shapes,
  };
}

/** One random pair of the given quote class, in a random venue style. */
export function randomPlan(rng: SeededRandom, base: string, quote: string, quoteClass: QuoteClass): Plan {
  const style = rng.pick(STYLES);
  const shapes = new Set<CorpusShape>();
  let tickExponent = rng.pick(TICK_EXPONENTS[quoteClass]);
  if (style === 'compact' && tickExponent === -8 && rng.below(2) === 0)
    tickExponent = rng.pick(DEEP_TICK_EXPONENTS);
  const stepTable =
    tickExponent < -8
      ? DEEP_STEP_EXPONENTS
      : tickExponent === -8 && style !== 'ledger'
        ? COARSE_STEP_EXTRA
        : STEP_EXPONENTS.get(tickExponent)!;
  const stepExponent = rng.pick(stepTable);
  const tickMantissa = style === 'compact' ? rng.pick(TICK_MANTISSAS) : 1n;
  const stepMantissa = style === 'compact' ? rng.pick(STEP_MANTISSAS) : 1n;
  if (tickMantissa !== 1n || stepMantissa !== 1n) shapes.add('non-power-of-ten-grid');
  const tick = scaled(tickMantissa, tickExponent);
  const step = scaled(stepMantissa, stepExponent);

  let basePrecision: number;
  let quotePrecision: number;
  let min: BigValue;
  let max: BigValue;
  let marketBuy: BigValue;
  let marketSell: BigValue;
  let amountPlaces = 8;
  let marketPlaces = 8;
  if (style === 'ledger') {
    // Coins traded in whole units are written with two decimals (`"1.00"`, `"46116860414.00"`).
    const wholeUnits = stepExponent === 0 && rng.chance(140);
    basePrecision = wholeUnits ? 2 : 8;
    quotePrecision = tickExponent >= 0 && rng.chance(100) ? 2 : 8;
    amountPlaces = basePrecision;
    marketPlaces = wholeUnits ? 2 : 8;
    min = step;
    max = ledgerCap(rng, min, wholeUnits);
    const market = randomOfMagnitude(rng, magnitude(min) + rng.pick(MARKET_SPAN), marketPlaces);
    marketBuy = clampMarket(market, min, max);
    marketSell = marketBuy;
  } else if (style === 'compact') {
    basePrecision = Math.min(18, places(step) + rng.pick(PRECISION_SLACK));
    quotePrecision = Math.min(18, places(tick) + rng.pick(PRECISION_SLACK));
    min = rng.chance(750)
      ? step.times(pow10(rng.pick(MIN_STEP_POWERS)))
      : step.times(rng.pick(MIN_STEP_MULTIPLES));
    max = compactCap(rng, min, step);
    marketBuy = compactMarket(rng, min, max, step);
    marketSell = rng.chance(800) ? marketBuy : compactMarket(rng, min, max, step);
  } else {
    basePrecision = 8;
    quotePrecision = 8;
    min = step.times(rng.pick(WEEX_MIN_STEPS));
    max = weexCap(rng, min);
    marketBuy = rng.chance(800) ? max : clampMarket(rng.pick(WEEX_MARKETS), min, max);
    marketSell = marketBuy;
  }
  const precisionAsString = rng.chance(PRECISION_AS_STRING[style]);
  if (precisionAsString) shapes.add('precision-as-string');
  return finishPlan(rng, {
    base,
    quote,
    style,
    encoding: rng.pick(ENCODINGS[style]),
    javaNumbers: style === 'compact' && rng.chance(200),
    precisionAsString,
    tick,
    step,
    basePrecision,
    quotePrecision,
    amountPlaces,
    min,
    max,
    marketBuy,
    marketSell,
    marketPlaces,
    shapes,
  });
}

/** The plan of a hand-written pair: its values as written, none of the tolerated shapes. */
export function anchorPlan(rng: SeededRandom, spec: AnchorSpec): Plan {
  const shapes = new Set<CorpusShape>();
  const tick = decimal(spec.tick);
  const step = decimal(spec.step);
  if (!isPowerOfTen(tick) || !isPowerOfTen(step)) shapes.add('non-power-of-ten-grid');
  if (spec.precisionAsString === true) shapes.add('precision-as-string');
  return finishPlan(
    rng,
    {
      base: spec.base,
      quote: spec.quote,
      style: spec.style,
      encoding: spec.encoding,
      javaNumbers: false,
      precisionAsString: spec.precisionAsString === true,
      tick,
      step,
      basePrecision: spec.basePrecision,
      quotePrecision: spec.quotePrecision,
      amountPlaces: spec.amountPlaces ?? spec.basePrecision,
      min: decimal(spec.min),
      max: decimal(spec.max),
      marketBuy: decimal(spec.market),
      marketSell: decimal(spec.market),
      marketPlaces: places(decimal(spec.market)) > 2 ? 8 : 2,
      shapes,
    },
    {
      clean: true,
      ...(spec.noGrid === true ? { grid: 'absent' } : {}),
      // The grid-less sample has a fallback ratio of 0.2 and is a hot pair; the others, 0 and not.
      ...(spec.sampleMerge === undefined
        ? {}
        : {
            sample: {
              merge: spec.sampleMerge,
              fallback: spec.noGrid === true ? SAMPLE_GRIDLESS_FALLBACK : ZERO_RATIO,
              hot: spec.noGrid === true,
            },
          }),
    },
  );
}
