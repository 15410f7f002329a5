/**
 * A small, deliberately plain model of SPEC sections 2, 4, 5 and 6: what `validateOrder` should
 * answer, written straight from the contract and independent of the library's implementation.
 *
 * Every decimal goes through big.js built from strings (JSON numbers via `String(n)`, which
 * big.js reads even in exponent form such as `1e-8`). No float arithmetic anywhere.
 *
 * Where SPEC is silent, the model follows the library's documented design decisions:
 * - the order must be a plain record (`[object Object]`, not an array), else only INVALID_ORDER;
 * - only own properties are read, and `null` (or `undefined`) counts as missing;
 * - shape violations come in field order (symbol, side, type, quantity, price, timeInForce,
 *   newClientOrderId), then the context's, then the pair's rules in VIOLATION_CODES order;
 * - each pair rule runs only when the fields it needs were read fine.
 */
import Big from 'big.js';
import type { ViolationCode } from '../../src/index.js';

/** A trading-pair definition as the exchange sends it (parsed JSON, nothing normalised). */
export type RawPairDefinition = Readonly<Record<string, unknown>>;

/** A check named in `skipped`, with its reason. */
export interface ModelSkip {
  readonly check: ViolationCode;
  readonly reason: 'NO_TICK_SIZE' | 'NO_STEP_SIZE' | 'NO_REFERENCE_PRICE';
}

/** SPEC section 4: a plain positive decimal, at most 64 characters. */
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
const MAX_DECIMAL_LENGTH = 64;
/** The exchange's client-order-id alphabet and length. */
const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

const SIDES = ['BUY', 'SELL'] as const;
const TYPES = ['LIMIT', 'MARKET'] as const;
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;

type Side = (typeof SIDES)[number];
type OrderType = (typeof TYPES)[number];

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

/** SPEC section 4's decimal rule; `undefined` when the value is malformed. */
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

/** Decimal places of plain decimal text once trailing zeros are dropped (`"1.10"` has 1). */
function significantDecimals(text: string): number {
  const fraction = text.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
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

/** A definition's non-negative integer (precisions), as a JSON number or a string of digits. */
function readWireInteger(raw: unknown): number | undefined {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) return raw;
  if (typeof raw === 'string' && /^\d+$/.test(raw)) return Number(raw);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------

/** A usable definition, read into exact decimals. */
export interface ModelPair {
  readonly status: string;
  readonly enableTrade: boolean;
  /** `undefined` when the pair has no price grid (tickSize absent, null or 0). */
  readonly tickSize: Big | undefined;
  /** `undefined` when the pair has no quantity grid (stepSize absent, null or 0). */
  readonly stepSize: Big | undefined;
  readonly baseAssetPrecision: number;
  readonly quoteAssetPrecision: number;
  readonly minTradeAmount: Big;
  readonly maxTradeAmount: Big;
  readonly buyLimitPriceRatio: Big;
  readonly sellLimitPriceRatio: Big;
  readonly marketBuyLimitSize: Big;
  readonly marketSellLimitSize: Big;
  readonly marketFallbackPriceRatio: Big;
}

const NON_NEGATIVE_DECIMALS = [
  'minTradeAmount',
  'maxTradeAmount',
  'buyLimitPriceRatio',
  'sellLimitPriceRatio',
  'marketBuyLimitSize',
  'marketSellLimitSize',
  'marketFallbackPriceRatio',
] as const;

/** Fee rates may be negative (a maker rebate). */
const SIGNED_DECIMALS = ['takerFeeRate', 'makerFeeRate'] as const;

/** An optional grid: absent, null or 0 mean "no grid"; a negative or garbled one is malformed. */
function readGrid(raw: RawPairDefinition, key: 'tickSize' | 'stepSize'): Big | undefined | 'malformed' {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  const size = readWireDecimal(value);
  if (size === undefined || size.lt(0)) return 'malformed';
  return size.eq(0) ? undefined : size;
}

/** Reads one definition, or says it is malformed (and so set aside). */
export function readPairDefinition(raw: RawPairDefinition): ModelPair | 'malformed' {
  if (typeof raw.symbol !== 'string' || raw.symbol === '') return 'malformed';
  if (typeof raw.status !== 'string') return 'malformed';
  if (typeof raw.enableTrade !== 'boolean') return 'malformed';
  const baseAssetPrecision = readWireInteger(raw.baseAssetPrecision);
  const quoteAssetPrecision = readWireInteger(raw.quoteAssetPrecision);
  if (baseAssetPrecision === undefined || quoteAssetPrecision === undefined) return 'malformed';
  const tickSize = readGrid(raw, 'tickSize');
  const stepSize = readGrid(raw, 'stepSize');
  if (tickSize === 'malformed' || stepSize === 'malformed') return 'malformed';
  const decimals: Partial<Record<(typeof NON_NEGATIVE_DECIMALS)[number], Big>> = {};
  for (const key of NON_NEGATIVE_DECIMALS) {
    const value = readWireDecimal(raw[key]);
    if (value === undefined || value.lt(0)) return 'malformed';
    decimals[key] = value;
  }
  for (const key of SIGNED_DECIMALS) if (readWireDecimal(raw[key]) === undefined) return 'malformed';
  return {
    status: raw.status,
    enableTrade: raw.enableTrade,
    tickSize,
    stepSize,
    baseAssetPrecision,
    quoteAssetPrecision,
    minTradeAmount: decimals.minTradeAmount!,
    maxTradeAmount: decimals.maxTradeAmount!,
    buyLimitPriceRatio: decimals.buyLimitPriceRatio!,
    sellLimitPriceRatio: decimals.sellLimitPriceRatio!,
    marketBuyLimitSize: decimals.marketBuyLimitSize!,
    marketSellLimitSize: decimals.marketSellLimitSize!,
    marketFallbackPriceRatio: decimals.marketFallbackPriceRatio!,
  };
}

/** What the book holds for a symbol: nothing, a set-aside definition, or a usable one. */
export function lookUpPair(
  definitions: readonly RawPairDefinition[],
  symbol: string,
): ModelPair | 'malformed' | undefined {
  const copies = definitions.filter((d) => d.symbol === symbol);
  if (copies.length === 0) return undefined;
  if (copies.length > 1) return 'malformed'; // every copy of a duplicated symbol is set aside
  return readPairDefinition(copies[0]!);
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
  readonly codes: ViolationCode[];
  readonly referencePrice: Big | undefined;
  readonly maxNotional: Big | undefined;
}

function readContext(context: unknown): ReadContext {
  if (context === undefined || context === null)
    return { codes: [], referencePrice: undefined, maxNotional: undefined };
  if (!isPlainRecord(context))
    return { codes: ['INVALID_FIELD'], referencePrice: undefined, maxNotional: undefined };
  const codes: ViolationCode[] = [];
  let referencePrice: Big | undefined;
  let maxNotional: Big | undefined;
  const rawReference = ownField(context, 'referencePrice');
  if (rawReference !== undefined) {
    referencePrice = readOrderDecimal(rawReference)?.value;
    if (referencePrice === undefined) codes.push('INVALID_FIELD');
  }
  const rawMaxNotional = ownField(context, 'maxNotional');
  if (rawMaxNotional !== undefined) {
    maxNotional = readOrderDecimal(rawMaxNotional)?.value;
    if (maxNotional === undefined) codes.push('INVALID_FIELD');
  }
  return { codes, referencePrice, maxNotional };
}

/** The order's fields as read, each `undefined` unless it was read fine. */
interface ReadOrder {
  readonly codes: ViolationCode[];
  readonly symbol: string | undefined;
  readonly side: Side | undefined;
  readonly type: OrderType | undefined;
  readonly quantity: OrderDecimal | undefined;
  /** The price the grid checks judge (never a MARKET order's price). */
  readonly price: OrderDecimal | undefined;
}

function readOrder(order: Record<string, unknown>): ReadOrder {
  const codes: ViolationCode[] = [];

  let symbol: string | undefined;
  const rawSymbol = ownField(order, 'symbol');
  if (rawSymbol === undefined) codes.push('MISSING_FIELD');
  else if (typeof rawSymbol !== 'string' || rawSymbol === '') codes.push('INVALID_FIELD');
  else symbol = rawSymbol;

  let side: Side | undefined;
  const rawSide = ownField(order, 'side');
  if (rawSide === undefined) codes.push('MISSING_FIELD');
  else if (rawSide === 'BUY' || rawSide === 'SELL') side = rawSide;
  else codes.push('INVALID_FIELD');

  let type: OrderType | undefined;
  const rawType = ownField(order, 'type');
  if (rawType === undefined) codes.push('MISSING_FIELD');
  else if (rawType === 'LIMIT' || rawType === 'MARKET') type = rawType;
  else codes.push('INVALID_FIELD');

  const rawQuantity = ownField(order, 'quantity');
  const quantity = rawQuantity === undefined ? undefined : readOrderDecimal(rawQuantity);
  if (rawQuantity === undefined) codes.push('MISSING_FIELD');
  else if (quantity === undefined) codes.push('INVALID_FIELD');

  let price: OrderDecimal | undefined;
  const rawPrice = ownField(order, 'price');
  if (type === 'MARKET') {
    if (rawPrice !== undefined) codes.push('UNEXPECTED_FIELD');
  } else if (rawPrice === undefined) {
    if (type === 'LIMIT') codes.push('MISSING_FIELD');
  } else {
    price = readOrderDecimal(rawPrice);
    if (price === undefined) codes.push('INVALID_FIELD');
  }

  const rawTimeInForce = ownField(order, 'timeInForce');
  if (rawTimeInForce === undefined) {
    if (type === 'LIMIT') codes.push('MISSING_FIELD');
  } else if (!(TIME_IN_FORCE as readonly unknown[]).includes(rawTimeInForce)) {
    codes.push('INVALID_FIELD');
  }

  const rawClientOrderId = ownField(order, 'newClientOrderId');
  if (
    rawClientOrderId !== undefined &&
    !(typeof rawClientOrderId === 'string' && CLIENT_ORDER_ID.test(rawClientOrderId))
  )
    codes.push('INVALID_FIELD');

  return { codes, symbol, side, type, quantity, price };
}

const ONE = new Big('1');

/** SPEC section 5: the worst price a MARKET order can fill at. */
export function worstCasePrice(pair: ModelPair, side: Side, referencePrice: Big): Big {
  let ratio = pair.marketFallbackPriceRatio;
  if (ratio.eq(0)) ratio = side === 'BUY' ? pair.buyLimitPriceRatio : pair.sellLimitPriceRatio;
  return side === 'BUY' ? referencePrice.times(ONE.plus(ratio)) : referencePrice.times(ONE.minus(ratio));
}

/** Is `value` an integer multiple of `grid` (grid > 0)? Exact: big.js `mod` is exact. */
function onGrid(value: Big, grid: Big): boolean {
  return value.mod(grid).eq(0);
}

/** The full model answer: violation codes in the library's order, and the skipped checks. */
export function modelValidate(
  definitions: readonly RawPairDefinition[],
  order: unknown,
  context?: unknown,
): { codes: ViolationCode[]; skipped: ModelSkip[] } {
  const ctx = readContext(context);
  if (!isPlainRecord(order)) return { codes: ['INVALID_ORDER', ...ctx.codes], skipped: [] };

  const read = readOrder(order);
  const codes: ViolationCode[] = [...read.codes, ...ctx.codes];
  const skipped: ModelSkip[] = [];
  const { symbol, side, type, quantity, price } = read;
  const { referencePrice, maxNotional } = ctx;

  if (symbol === undefined) return { codes, skipped };
  const pair = lookUpPair(definitions, symbol);
  if (pair === undefined) return { codes: [...codes, 'UNKNOWN_SYMBOL'], skipped };
  if (pair === 'malformed') return { codes: [...codes, 'SYMBOL_DEFINITION_INVALID'], skipped };

  if (pair.status !== 'TRADING') codes.push('SYMBOL_NOT_TRADING');
  if (!pair.enableTrade) codes.push('TRADING_DISABLED');

  if (price !== undefined) {
    if (pair.tickSize !== undefined) {
      if (!onGrid(price.value, pair.tickSize)) codes.push('PRICE_TICK');
    } else {
      skipped.push({ check: 'PRICE_TICK', reason: 'NO_TICK_SIZE' });
      if (significantDecimals(price.text) > pair.quoteAssetPrecision) codes.push('PRICE_PRECISION');
    }
  }

  if (type === 'LIMIT' && price !== undefined && side !== undefined) {
    if (referencePrice === undefined) {
      skipped.push({
        check: side === 'BUY' ? 'PRICE_ABOVE_BUY_LIMIT' : 'PRICE_BELOW_SELL_LIMIT',
        reason: 'NO_REFERENCE_PRICE',
      });
    } else if (side === 'BUY') {
      const ceiling = referencePrice.times(ONE.plus(pair.buyLimitPriceRatio));
      if (price.value.gt(ceiling)) codes.push('PRICE_ABOVE_BUY_LIMIT');
    } else {
      const floor = referencePrice.times(ONE.minus(pair.sellLimitPriceRatio));
      if (price.value.lt(floor)) codes.push('PRICE_BELOW_SELL_LIMIT');
    }
  }

  if (quantity !== undefined) {
    if (pair.stepSize !== undefined) {
      if (!onGrid(quantity.value, pair.stepSize)) codes.push('QUANTITY_STEP');
    } else {
      skipped.push({ check: 'QUANTITY_STEP', reason: 'NO_STEP_SIZE' });
      if (significantDecimals(quantity.text) > pair.baseAssetPrecision) codes.push('QUANTITY_PRECISION');
    }
    if (quantity.value.lt(pair.minTradeAmount)) codes.push('QUANTITY_BELOW_MIN');
    if (quantity.value.gt(pair.maxTradeAmount)) codes.push('QUANTITY_ABOVE_MAX');
  }

  if (type === 'MARKET' && side !== undefined && quantity !== undefined) {
    const size = side === 'BUY' ? pair.marketBuyLimitSize : pair.marketSellLimitSize;
    if (quantity.value.gt(size)) codes.push('MARKET_SIZE_ABOVE_MAX');
  }

  if (maxNotional !== undefined && quantity !== undefined) {
    if (type === 'LIMIT' && price !== undefined) {
      if (price.value.times(quantity.value).gt(maxNotional)) codes.push('NOTIONAL_ABOVE_MAX');
    } else if (type === 'MARKET' && side !== undefined) {
      if (referencePrice === undefined) {
        skipped.push({ check: 'NOTIONAL_ABOVE_MAX', reason: 'NO_REFERENCE_PRICE' });
      } else {
        const worst = worstCasePrice(pair, side, referencePrice);
        if (worst.times(quantity.value).gt(maxNotional)) codes.push('NOTIONAL_ABOVE_MAX');
      }
    }
  }

  return { codes, skipped };
}

/** The model's violation codes, in the order the library reports them. */
export function modelVerdict(
  definitions: readonly RawPairDefinition[],
  order: unknown,
  context?: unknown,
): ViolationCode[] {
  return modelValidate(definitions, order, context).codes;
}
