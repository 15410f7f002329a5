/**
 * A small, deliberately plain model of the contract (docs/exchange-semantics.md, "The contract in
 * our words", and README.md, "Semantics and codes"): what `validateOrder` should answer, written
 * straight from the contract and independent of the library's implementation. It imports types
 * only.
 *
 * Every decimal goes through big.js built from strings (JSON numbers via `String(n)`, which
 * big.js reads even in exponent form such as `1e-8`). No float arithmetic anywhere; grids are
 * rounded with `mod`, which big.js computes exactly, and the common grid of a tick and a precision
 * is a least common multiple computed on BigInt digit strings.
 *
 * Where the contract is silent, the model follows the library's documented design decisions:
 * - the order must be a plain record (`[object Object]`, not an array), else only INVALID_ORDER;
 * - only own properties are read, and `null` (or `undefined`) counts as missing;
 * - shape violations come in field order (symbol, side, type, quantity, price, timeInForce,
 *   newClientOrderId), then the context's, then the pair's rules in VIOLATION_CODES order;
 * - each pair rule runs only when the fields it needs were read fine, and a check is named in
 *   `skipped` only when it applied to the order.
 */
import Big from 'big.js';
import type {
  SkippedField,
  SkipReason,
  ViolationCode,
  ViolationField,
} from '../../src/validation/violation-codes.js';

/** A trading-pair definition as the exchange sends it (parsed JSON, nothing normalised). */
export type RawPairDefinition = Readonly<Record<string, unknown>>;

/** A check named in `skipped`, with its reason and the field it lacked. */
export interface ModelSkip {
  readonly check: ViolationCode;
  readonly reason: SkipReason;
  readonly field: SkippedField;
}

/**
 * A violation as the model expects it. `value`, `limit` and `suggestion` are given for the pair's
 * grid, precision, bound and notional rules (the ones the README fixes); for the others they are
 * `undefined`, meaning "not compared".
 */
export interface ModelViolation {
  readonly code: ViolationCode;
  readonly field: ViolationField;
  readonly value?: string;
  readonly limit?: string;
  readonly suggestion?: readonly string[];
}

/** Options of `RuleBook.fromExchangeInfo` the model follows. */
export interface ModelOptions {
  /** Infer a missing tick from `displayDigitMerge` (default true). */
  readonly inferTickSize?: boolean;
}

/** docs/exchange-semantics.md, "Judging an order": a plain positive decimal, at most 64 characters. */
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
const MAX_DECIMAL_LENGTH = 64;
/**
 * docs/exchange-semantics.md, "Judging an order": a client order id is 1 to 40 code points (the `u`
 * flag counts a surrogate pair as one), none a control character U+0000-U+001F or a lone surrogate
 * (`\p{Cs}`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the rule.
const CLIENT_ORDER_ID = /^[^\p{Cs}\u0000-\u001F]{1,40}$/u;
/** The largest precision a definition may carry (docs/exchange-semantics.md: an integer from 0 to 255). */
const MAX_PRECISION = 255;

const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;

type Side = 'BUY' | 'SELL';
type OrderType = 'LIMIT' | 'MARKET';

// ---------------------------------------------------------------------------------------------
// Reading values
// ---------------------------------------------------------------------------------------------

/** Plain record: an object, not null, not an array, tagged `[object Object]`. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.prototype.toString.call(value) === '[object Object]'
  );
}

/** An own property's value, or `undefined` when it is not own or is `null`/`undefined`. */
function ownField(record: Record<string, unknown>, key: string): unknown {
  if (!Object.hasOwn(record, key)) return undefined;
  const value = record[key];
  return value === null ? undefined : value;
}

/** An order-side decimal (quantity, price, referencePrice, maxNotional) with its wire text. */
interface OrderDecimal {
  readonly value: Big;
  readonly text: string;
}

/**
 * The decimal rule of docs/exchange-semantics.md ("Judging an order"); `undefined` when the value
 * is malformed.
 */
function readOrderDecimal(raw: unknown): OrderDecimal | undefined {
  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (typeof raw === 'number' && Number.isFinite(raw)) text = String(raw);
  else return undefined;
  if (text.length > MAX_DECIMAL_LENGTH) return undefined;
  if (!PLAIN_DECIMAL.test(text)) return undefined;
  const value = new Big(text);
  if (!value.gt(0)) return undefined;
  return { value, text };
}

/** Decimal places of plain decimal text as written, trailing zeros included (`"1.10"` has 2). */
export function writtenDecimals(text: string): number {
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

/** Canonical plain text of a value: no exponent, no trailing zeros, no `-0`. */
export function canonical(value: Big): string {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
}

/** What reading one rule field of a definition gave. */
type Read<T> = { readonly kind: 'value'; readonly value: T } | { readonly kind: 'absent' | 'wrong' };

const ABSENT = { kind: 'absent' } as const;
const WRONG = { kind: 'wrong' } as const;
const value = <T>(v: T): Read<T> => ({ kind: 'value', value: v });

/** docs/exchange-semantics.md: absent, `null` and `""` all mean "the exchange did not say". */
function isAbsent(raw: unknown): boolean {
  return raw === undefined || raw === null || raw === '';
}

/** A definition's decimal: a JSON string holding a decimal, or a finite JSON number. */
function readWireDecimal(raw: unknown): Big | undefined {
  if (typeof raw === 'string') {
    if (!/^-?\d+(\.\d+)?$/.test(raw)) return undefined;
    return new Big(raw);
  }
  if (typeof raw === 'number' && Number.isFinite(raw)) return new Big(String(raw));
  return undefined;
}

/** A non-negative rule decimal: bounds, sizes, ratios. */
function readBound(raw: unknown): Read<Big> {
  if (isAbsent(raw)) return ABSENT;
  const v = readWireDecimal(raw);
  return v === undefined || v.lt(0) ? WRONG : value(v);
}

/** `tickSize` / `stepSize`: a non-negative decimal, `0` meaning no grid. */
function readGrid(raw: unknown): Read<Big> {
  const read = readBound(raw);
  return read.kind === 'value' && read.value.eq(0) ? ABSENT : read;
}

/** A precision: an integer from 0 to 255, as a JSON number or a string of digits. */
function readPrecision(raw: unknown): Read<number> {
  if (isAbsent(raw)) return ABSENT;
  let n: number | undefined;
  if (typeof raw === 'number' && Number.isInteger(raw)) n = raw;
  else if (typeof raw === 'string' && /^\d{1,6}$/.test(raw)) n = Number(raw);
  return n === undefined || n < 0 || n > MAX_PRECISION ? WRONG : value(n);
}

/** `enableTrade`: a boolean, or the strings `"true"` / `"false"`. */
function readFlag(raw: unknown): Read<boolean> {
  if (isAbsent(raw)) return ABSENT;
  if (raw === true || raw === 'true') return value(true);
  if (raw === false || raw === 'false') return value(false);
  return WRONG;
}

/** `status`: any string. */
function readStatus(raw: unknown): Read<string> {
  if (isAbsent(raw)) return ABSENT;
  return typeof raw === 'string' ? value(raw) : WRONG;
}

/**
 * The smallest positive step of `displayDigitMerge` (a comma-separated list; empty and unreadable
 * entries are ignored), or `undefined` when it names none.
 */
export function smallestMergeStep(raw: unknown): Big | undefined {
  if (typeof raw !== 'string') return undefined;
  let smallest: Big | undefined;
  for (const entry of raw.split(',')) {
    if (!/^\d+(\.\d+)?$/.test(entry)) continue;
    const step = new Big(entry);
    if (step.gt(0) && (smallest === undefined || step.lt(smallest))) smallest = step;
  }
  return smallest;
}

// ---------------------------------------------------------------------------------------------
// Grids
// ---------------------------------------------------------------------------------------------

/** 10^-places. */
function unit(places: number): Big {
  return new Big(`1e-${places}`);
}

/** `value` as an integer count of 10^-scale (value has at most `scale` decimals). */
function unitsAt(value: Big, scale: number): bigint {
  const text = value.toFixed(scale); // exact: value has at most `scale` decimals
  return BigInt(text.replace('.', ''));
}

function decimalsOf(value: Big): number {
  return writtenDecimals(canonical(value));
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The least common multiple of two positive decimals: every multiple of it is a multiple of both. */
export function leastCommonMultiple(a: Big, b: Big): Big {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const x = unitsAt(a, scale);
  const y = unitsAt(b, scale);
  const lcm = (x / gcd(x, y)) * y;
  return new Big(`${lcm}e-${scale}`);
}

/**
 * The grid a value is rounded onto: the least common multiple of the tick (or step) and
 * 10^-precision, or just one of them when the other is absent; `undefined` when both are.
 */
function commonGrid(grid: Big | undefined, precision: number | undefined): Big | undefined {
  const precisionUnit = precision === undefined ? undefined : unit(precision);
  if (grid === undefined) return precisionUnit;
  if (precisionUnit === undefined) return grid;
  return leastCommonMultiple(grid, precisionUnit);
}

/** Is `value` an integer multiple of `grid` (grid > 0)? Exact: big.js `mod` is exact. */
function onGrid(value: Big, grid: Big): boolean {
  return value.mod(grid).eq(0);
}

/** The largest multiple of `grid` ≤ `value` (value ≥ 0). */
function floorTo(value: Big, grid: Big): Big {
  return value.minus(value.mod(grid));
}

/** The smallest multiple of `grid` ≥ `value` (value ≥ 0). */
function ceilTo(value: Big, grid: Big): Big {
  const below = floorTo(value, grid);
  return below.eq(value) ? below : below.plus(grid);
}

// ---------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------

/** A usable definition, read into exact decimals; `undefined` is a field the exchange left out. */
export interface ModelPair {
  readonly status: string | undefined;
  readonly enableTrade: boolean | undefined;
  /** The price grid in force (sent, or inferred from `displayDigitMerge`); `undefined`: none. */
  readonly tickSize: Big | undefined;
  readonly tickInferred: boolean;
  readonly stepSize: Big | undefined;
  readonly baseAssetPrecision: number | undefined;
  readonly quoteAssetPrecision: number | undefined;
  readonly minTradeAmount: Big | undefined;
  readonly maxTradeAmount: Big | undefined;
  readonly buyLimitPriceRatio: Big | undefined;
  readonly sellLimitPriceRatio: Big | undefined;
  readonly marketBuyLimitSize: Big | undefined;
  readonly marketSellLimitSize: Big | undefined;
  readonly marketFallbackPriceRatio: Big | undefined;
  /** The price's common grid (tick and quote precision); `undefined`: neither. */
  readonly priceGrid: Big | undefined;
  /** The quantity's common grid (step and base precision); `undefined`: neither. */
  readonly quantityGrid: Big | undefined;
}

const BOUND_FIELDS = [
  'minTradeAmount',
  'maxTradeAmount',
  'buyLimitPriceRatio',
  'sellLimitPriceRatio',
  'marketBuyLimitSize',
  'marketSellLimitSize',
  'marketFallbackPriceRatio',
] as const;

const orUndefined = <T>(read: Read<T>): T | undefined => (read.kind === 'value' ? read.value : undefined);

/**
 * Reads one definition, or says it is malformed (and so set aside). Display and fee fields
 * (`baseAsset`, `quoteAsset`, fee rates, `enableDisplay`, `displayDigitMerge`, `displayNew`,
 * `displayHot`) are never read here: whatever they hold, they cannot set a pair aside.
 */
export function readPairDefinition(
  raw: RawPairDefinition,
  options: ModelOptions = {},
): ModelPair | 'malformed' {
  if (typeof raw.symbol !== 'string' || raw.symbol === '') return 'malformed';
  const status = readStatus(raw.status);
  const enableTrade = readFlag(raw.enableTrade);
  const base = readPrecision(raw.baseAssetPrecision);
  const quote = readPrecision(raw.quoteAssetPrecision);
  const tick = readGrid(raw.tickSize);
  const step = readGrid(raw.stepSize);
  const bounds = BOUND_FIELDS.map((key) => readBound(raw[key]));
  if ([status, enableTrade, base, quote, tick, step, ...bounds].some((r) => r.kind === 'wrong'))
    return 'malformed';
  const [min, max, buyRatio, sellRatio, buySize, sellSize, fallback] = bounds.map(orUndefined);

  let tickSize = orUndefined(tick);
  let tickInferred = false;
  if (tickSize === undefined && options.inferTickSize !== false) {
    tickSize = smallestMergeStep(raw.displayDigitMerge);
    tickInferred = tickSize !== undefined;
  }
  const stepSize = orUndefined(step);
  const baseAssetPrecision = orUndefined(base);
  const quoteAssetPrecision = orUndefined(quote);
  return {
    status: orUndefined(status),
    enableTrade: orUndefined(enableTrade),
    tickSize,
    tickInferred,
    stepSize,
    baseAssetPrecision,
    quoteAssetPrecision,
    minTradeAmount: min,
    maxTradeAmount: max,
    buyLimitPriceRatio: buyRatio,
    sellLimitPriceRatio: sellRatio,
    marketBuyLimitSize: buySize,
    marketSellLimitSize: sellSize,
    marketFallbackPriceRatio: fallback,
    priceGrid: commonGrid(tickSize, quoteAssetPrecision),
    quantityGrid: commonGrid(stepSize, baseAssetPrecision),
  };
}

/** What the book holds for a symbol: nothing, a set-aside definition, or a usable one. */
export function lookUpPair(
  definitions: readonly RawPairDefinition[],
  symbol: string,
  options: ModelOptions = {},
): ModelPair | 'malformed' | undefined {
  const copies = definitions.filter((d) => d.symbol === symbol);
  if (copies.length === 0) return undefined;
  if (copies.length > 1) return 'malformed'; // every copy of a duplicated symbol is set aside
  return readCached(copies[0]!, options);
}

/** Read definitions, per definition object and inference setting (definitions are not mutated). */
const readCache = new WeakMap<RawPairDefinition, Map<boolean, ModelPair | 'malformed'>>();

function readCached(raw: RawPairDefinition, options: ModelOptions): ModelPair | 'malformed' {
  const infer = options.inferTickSize !== false;
  const byOption = readCache.get(raw) ?? new Map<boolean, ModelPair | 'malformed'>();
  readCache.set(raw, byOption);
  const read = byOption.get(infer) ?? readPairDefinition(raw, options);
  byOption.set(infer, read);
  return read;
}

/** The symbols whose definitions the model sets aside (for comparison with `book.rejected`). */
export function modelRejectedSymbols(definitions: readonly RawPairDefinition[]): string[] {
  const symbols = new Set<string>();
  for (const d of definitions)
    if (typeof d.symbol === 'string' && lookUpPair(definitions, d.symbol) === 'malformed')
      symbols.add(d.symbol);
  return [...symbols].sort();
}

// ---------------------------------------------------------------------------------------------
// The verdict
// ---------------------------------------------------------------------------------------------

interface ReadContext {
  readonly violations: ModelViolation[];
  readonly referencePrice: OrderDecimal | undefined;
  readonly maxNotional: OrderDecimal | undefined;
}

function readContext(context: unknown): ReadContext {
  if (context === undefined || context === null)
    return { violations: [], referencePrice: undefined, maxNotional: undefined };
  if (!isPlainRecord(context))
    return {
      violations: [{ code: 'INVALID_FIELD', field: 'context' }],
      referencePrice: undefined,
      maxNotional: undefined,
    };
  const violations: ModelViolation[] = [];
  const read = (key: 'referencePrice' | 'maxNotional'): OrderDecimal | undefined => {
    const raw = ownField(context, key);
    if (raw === undefined) return undefined;
    const decimal = readOrderDecimal(raw);
    if (decimal === undefined) violations.push({ code: 'INVALID_FIELD', field: key });
    return decimal;
  };
  const referencePrice = read('referencePrice');
  const maxNotional = read('maxNotional');
  return { violations, referencePrice, maxNotional };
}

/** The order's fields as read, each `undefined` unless it was read fine. */
interface ReadOrder {
  readonly violations: ModelViolation[];
  readonly symbol: string | undefined;
  readonly side: Side | undefined;
  readonly type: OrderType | undefined;
  readonly quantity: OrderDecimal | undefined;
  /** The price the price checks judge (never a MARKET order's price). */
  readonly price: OrderDecimal | undefined;
}

function readOrder(order: Record<string, unknown>): ReadOrder {
  const violations: ModelViolation[] = [];
  const missing = (field: ViolationField) => violations.push({ code: 'MISSING_FIELD', field });
  const invalid = (field: ViolationField) => violations.push({ code: 'INVALID_FIELD', field });

  let symbol: string | undefined;
  const rawSymbol = ownField(order, 'symbol');
  if (rawSymbol === undefined) missing('symbol');
  else if (typeof rawSymbol !== 'string' || rawSymbol === '') invalid('symbol');
  else symbol = rawSymbol;

  let side: Side | undefined;
  const rawSide = ownField(order, 'side');
  if (rawSide === undefined) missing('side');
  else if (rawSide === 'BUY' || rawSide === 'SELL') side = rawSide;
  else invalid('side');

  let type: OrderType | undefined;
  const rawType = ownField(order, 'type');
  if (rawType === undefined) missing('type');
  else if (rawType === 'LIMIT' || rawType === 'MARKET') type = rawType;
  else invalid('type');

  const rawQuantity = ownField(order, 'quantity');
  const quantity = rawQuantity === undefined ? undefined : readOrderDecimal(rawQuantity);
  if (rawQuantity === undefined) missing('quantity');
  else if (quantity === undefined) invalid('quantity');

  let price: OrderDecimal | undefined;
  const rawPrice = ownField(order, 'price');
  if (type === 'MARKET') {
    if (rawPrice !== undefined) violations.push({ code: 'UNEXPECTED_FIELD', field: 'price' });
  } else if (rawPrice === undefined) {
    if (type === 'LIMIT') missing('price');
  } else {
    price = readOrderDecimal(rawPrice);
    if (price === undefined) invalid('price');
  }

  const rawTimeInForce = ownField(order, 'timeInForce');
  if (rawTimeInForce === undefined) {
    if (type === 'LIMIT') missing('timeInForce');
  } else if (!(TIME_IN_FORCE as readonly unknown[]).includes(rawTimeInForce)) {
    invalid('timeInForce');
  }

  const rawClientOrderId = ownField(order, 'newClientOrderId');
  if (
    rawClientOrderId !== undefined &&
    !(typeof rawClientOrderId === 'string' && CLIENT_ORDER_ID.test(rawClientOrderId))
  )
    invalid('newClientOrderId');

  return { violations, symbol, side, type, quantity, price };
}

const ONE = new Big('1');

/**
 * docs/exchange-semantics.md, "Fallback ratio": the ratio bounding a MARKET order's fill.
 * `marketFallbackPriceRatio` when it is configured (present and not 0), else the side's limit-price
 * ratio; `undefined` when neither is known.
 */
function worstCaseRatio(pair: ModelPair, side: Side): Big | undefined {
  const fallback = pair.marketFallbackPriceRatio;
  if (fallback !== undefined && !fallback.eq(0)) return fallback;
  return side === 'BUY' ? pair.buyLimitPriceRatio : pair.sellLimitPriceRatio;
}

/**
 * docs/exchange-semantics.md, "Judging an order" (fallback ratio): the worst price a MARKET order
 * can fill at, when it is known.
 */
export function worstCasePrice(pair: ModelPair, side: Side, referencePrice: Big): Big | undefined {
  const ratio = worstCaseRatio(pair, side);
  if (ratio === undefined) return undefined;
  return side === 'BUY' ? referencePrice.times(ONE.plus(ratio)) : referencePrice.times(ONE.minus(ratio));
}

/** One value as a suggestion list: none when it is not positive. */
function positive(value: Big): string[] {
  return value.gt(0) ? [canonical(value)] : [];
}

/** The pair's rules, in VIOLATION_CODES order; pushes violations and skipped checks. */
function judgePair(
  pair: ModelPair,
  read: ReadOrder,
  ctx: ReadContext,
  violations: ModelViolation[],
  skipped: ModelSkip[],
): void {
  const { side, type, quantity, price } = read;
  const { referencePrice, maxNotional } = ctx;
  const skip = (check: ViolationCode, reason: SkipReason, field: SkippedField) =>
    skipped.push({ check, reason, field });

  // Pair state.
  if (pair.status === undefined) skip('SYMBOL_NOT_TRADING', 'NO_RULE_FIELD', 'status');
  else if (pair.status !== 'TRADING') violations.push({ code: 'SYMBOL_NOT_TRADING', field: 'symbol' });
  if (pair.enableTrade === undefined) skip('TRADING_DISABLED', 'NO_RULE_FIELD', 'enableTrade');
  else if (!pair.enableTrade) violations.push({ code: 'TRADING_DISABLED', field: 'symbol' });

  // The price: grid, precision, bands.
  const priceGrid = pair.priceGrid;
  if (price !== undefined) {
    const tick = pair.tickSize;
    if (tick === undefined) skip('PRICE_TICK', 'NO_TICK_SIZE', 'tickSize');
    else if (!onGrid(price.value, tick)) {
      const grid = priceGrid ?? tick;
      const below = floorTo(price.value, grid);
      violations.push({
        code: 'PRICE_TICK',
        field: 'price',
        value: price.text,
        limit: canonical(tick),
        suggestion: [...positive(below), canonical(below.plus(grid))],
      });
    }

    const precision = pair.quoteAssetPrecision;
    if (precision === undefined) skip('PRICE_PRECISION', 'NO_RULE_FIELD', 'quoteAssetPrecision');
    else if (writtenDecimals(price.text) > precision) {
      const grid = priceGrid!; // a precision always makes a grid
      const down = floorTo(price.value, grid);
      const fitting = side === 'SELL' || !down.gt(0) ? ceilTo(price.value, grid) : down;
      violations.push({
        code: 'PRICE_PRECISION',
        field: 'price',
        value: price.text,
        limit: String(precision),
        suggestion: [canonical(fitting)],
      });
    }
  }

  if (type === 'LIMIT' && price !== undefined && side === 'BUY') {
    const ratio = pair.buyLimitPriceRatio;
    if (ratio === undefined) skip('PRICE_ABOVE_BUY_LIMIT', 'NO_RULE_FIELD', 'buyLimitPriceRatio');
    else if (referencePrice === undefined)
      skip('PRICE_ABOVE_BUY_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice');
    else {
      const ceiling = referencePrice.value.times(ONE.plus(ratio));
      if (price.value.gt(ceiling))
        violations.push({
          code: 'PRICE_ABOVE_BUY_LIMIT',
          field: 'price',
          value: price.text,
          limit: canonical(ceiling),
          suggestion: positive(priceGrid === undefined ? ceiling : floorTo(ceiling, priceGrid)),
        });
    }
  }
  if (type === 'LIMIT' && price !== undefined && side === 'SELL') {
    const ratio = pair.sellLimitPriceRatio;
    if (ratio === undefined) skip('PRICE_BELOW_SELL_LIMIT', 'NO_RULE_FIELD', 'sellLimitPriceRatio');
    else if (referencePrice === undefined)
      skip('PRICE_BELOW_SELL_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice');
    else {
      const floor = referencePrice.value.times(ONE.minus(ratio));
      if (price.value.lt(floor))
        violations.push({
          code: 'PRICE_BELOW_SELL_LIMIT',
          field: 'price',
          value: price.text,
          limit: canonical(floor),
          suggestion: [canonical(priceGrid === undefined ? floor : ceilTo(floor, priceGrid))],
        });
    }
  }

  // The quantity: grid, precision, bounds, market size.
  const quantityGrid = pair.quantityGrid;
  // Every quantity suggestion stays in the window of quantities the pair's bounds allow: from the
  // minimum rounded up onto the grid to the tightest cap (the maximum, and a MARKET order's side
  // cap) rounded down; no window when none passes, and then suggestions are left as they are.
  const windowLow = (() => {
    const min = pair.minTradeAmount;
    if (min?.gt(0)) return quantityGrid === undefined ? min : ceilTo(min, quantityGrid);
    return quantityGrid ?? new Big(0);
  })();
  const windowHigh = (() => {
    const caps: Big[] = [];
    if (pair.maxTradeAmount !== undefined) caps.push(pair.maxTradeAmount);
    if (type === 'MARKET' && side !== undefined) {
      const cap = side === 'BUY' ? pair.marketBuyLimitSize : pair.marketSellLimitSize;
      if (cap !== undefined) caps.push(cap);
    }
    if (caps.length === 0) return undefined;
    const tightest = caps.reduce((a, b) => (b.lt(a) ? b : a));
    return quantityGrid === undefined ? tightest : floorTo(tightest, quantityGrid);
  })();
  const hasWindow = windowHigh === undefined || (windowHigh.gte(windowLow) && windowHigh.gt(0));
  const inWindow = (q: Big) => {
    if (!hasWindow) return q;
    if (q.lt(windowLow)) return windowLow;
    if (windowHigh !== undefined && q.gt(windowHigh)) return windowHigh;
    return q;
  };
  /** A cap rounded down onto the quantity grid, kept in the window; none when that leaves nothing. */
  const under = (cap: Big) =>
    positive(inWindow(quantityGrid === undefined ? cap : floorTo(cap, quantityGrid)));
  /** The quantity rounded down onto the grid, or the grid's first point when that is zero, kept in the window. */
  const downOrFirst = (q: Big, grid: Big) => {
    const below = floorTo(q, grid);
    return [canonical(inWindow(below.gt(0) ? below : grid))];
  };
  if (quantity !== undefined) {
    const step = pair.stepSize;
    if (step === undefined) skip('QUANTITY_STEP', 'NO_STEP_SIZE', 'stepSize');
    else if (!onGrid(quantity.value, step))
      violations.push({
        code: 'QUANTITY_STEP',
        field: 'quantity',
        value: quantity.text,
        limit: canonical(step),
        suggestion: downOrFirst(quantity.value, quantityGrid ?? step),
      });

    const precision = pair.baseAssetPrecision;
    if (precision === undefined) skip('QUANTITY_PRECISION', 'NO_RULE_FIELD', 'baseAssetPrecision');
    else if (writtenDecimals(quantity.text) > precision)
      violations.push({
        code: 'QUANTITY_PRECISION',
        field: 'quantity',
        value: quantity.text,
        limit: String(precision),
        suggestion: downOrFirst(quantity.value, quantityGrid!),
      });

    const min = pair.minTradeAmount;
    if (min === undefined) skip('QUANTITY_BELOW_MIN', 'NO_RULE_FIELD', 'minTradeAmount');
    else if (quantity.value.lt(min))
      violations.push({
        code: 'QUANTITY_BELOW_MIN',
        field: 'quantity',
        value: quantity.text,
        limit: canonical(min),
        suggestion: [canonical(quantityGrid === undefined ? min : ceilTo(min, quantityGrid))],
      });

    const max = pair.maxTradeAmount;
    if (max === undefined) skip('QUANTITY_ABOVE_MAX', 'NO_RULE_FIELD', 'maxTradeAmount');
    else if (quantity.value.gt(max))
      violations.push({
        code: 'QUANTITY_ABOVE_MAX',
        field: 'quantity',
        value: quantity.text,
        limit: canonical(max),
        suggestion: under(max),
      });
  }

  if (type === 'MARKET' && side !== undefined && quantity !== undefined) {
    const field = side === 'BUY' ? 'marketBuyLimitSize' : 'marketSellLimitSize';
    const size = pair[field];
    if (size === undefined) skip('MARKET_SIZE_ABOVE_MAX', 'NO_RULE_FIELD', field);
    else if (quantity.value.gt(size))
      violations.push({
        code: 'MARKET_SIZE_ABOVE_MAX',
        field: 'quantity',
        value: quantity.text,
        limit: canonical(size),
        suggestion: under(size),
      });
  }

  // The caller's notional limit.
  if (maxNotional !== undefined && quantity !== undefined) {
    let notional: Big | undefined;
    if (type === 'LIMIT' && price !== undefined) notional = price.value.times(quantity.value);
    else if (type === 'MARKET' && side !== undefined) {
      const ratio = worstCaseRatio(pair, side);
      if (ratio === undefined)
        skip(
          'NOTIONAL_ABOVE_MAX',
          'NO_RULE_FIELD',
          side === 'BUY' ? 'buyLimitPriceRatio' : 'sellLimitPriceRatio',
        );
      else if (referencePrice === undefined)
        skip('NOTIONAL_ABOVE_MAX', 'NO_REFERENCE_PRICE', 'referencePrice');
      else notional = worstCasePrice(pair, side, referencePrice.value)!.times(quantity.value);
    }
    if (notional?.gt(maxNotional.value))
      violations.push({
        code: 'NOTIONAL_ABOVE_MAX',
        field: 'notional',
        value: canonical(notional),
        // The caller's own limit, echoed as written (the README fixes no other spelling).
        limit: maxNotional.text,
      });
  }
}

/** The full model answer: violations in the library's order, and the skipped checks in theirs. */
export function modelValidate(
  definitions: readonly RawPairDefinition[],
  order: unknown,
  context?: unknown,
  options: ModelOptions = {},
): { codes: ViolationCode[]; violations: ModelViolation[]; skipped: ModelSkip[] } {
  const ctx = readContext(context);
  const done = (violations: ModelViolation[], skipped: ModelSkip[] = []) => ({
    codes: violations.map((v) => v.code),
    violations,
    skipped,
  });
  if (!isPlainRecord(order)) return done([{ code: 'INVALID_ORDER', field: 'order' }, ...ctx.violations]);

  const read = readOrder(order);
  const violations: ModelViolation[] = [...read.violations, ...ctx.violations];
  const skipped: ModelSkip[] = [];

  if (read.symbol === undefined) return done(violations);
  const pair = lookUpPair(definitions, read.symbol, options);
  if (pair === undefined) return done([...violations, { code: 'UNKNOWN_SYMBOL', field: 'symbol' }]);
  if (pair === 'malformed')
    return done([...violations, { code: 'SYMBOL_DEFINITION_INVALID', field: 'symbol' }]);

  judgePair(pair, read, ctx, violations, skipped);
  return done(violations, skipped);
}

/** The model's violation codes, in the order the library reports them. */
export function modelVerdict(
  definitions: readonly RawPairDefinition[],
  order: unknown,
  context?: unknown,
  options: ModelOptions = {},
): ViolationCode[] {
  return modelValidate(definitions, order, context, options).codes;
}
