import { Dec } from '../decimal/dec.js';
import { MAX_SAFE, POW10, SHIFT } from '../decimal/safe-integers.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import {
  type ContextField,
  type ContextReading,
  type CopiedFields,
  clearHandOff,
  handOver,
  type OrderField,
} from '../order/read-once.js';
import type { FastPair } from '../pair/fast-pair.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import { checkSymbolTrading } from '../rules/symbol-trading.js';
import { checkTradingEnabled } from '../rules/trading-enabled.js';
import { skippedCheck } from '../validation/violation.js';
import type { SkippedCheck, ValidationResult, Violation } from '../validation/violation-codes.js';
import {
  aboveMaxViolation,
  bandViolation,
  belowMinViolation,
  formatScaled,
  marketSizeViolation,
  notionalViolation,
  orderKind,
  pricePrecisionViolation,
  quantityGridViolation,
  tickViolation,
} from './fast-violations.js';

/**
 * The fast path for well-formed orders: every check decided in safe-integer arithmetic, reading
 * each field once. A passing order allocates nothing (it gets a shared frozen result); a failing
 * one is explained from the values already read, in safe integers too, with the same builder,
 * wording and suggestions as the rules (`fast-violations.ts`), or by the rules themselves when
 * an explanation would pass 2^53. Anything unusual (a malformed or missing field, an odd object,
 * a number past 15 digits, a comparison past 2^53) is left to the general path: this path can
 * only be fast, never different.
 */

const NOT_SURE = -1;
const PLAIN_PROTO = Object.prototype;

/** The scale of the last value `readUnits` read (kept outside so that nothing is allocated). */
let readScale = 0;
/** The decimal places of the text last read, trailing zeros included: what precision is judged on. */
let readPlaces = 0;

/** @internal The scale of the last value read, for tests. */
export function lastReadScale(): number {
  return readScale;
}

/**
 * Units of plain positive decimal text at its own scale (its significant decimals, left in
 * `readScale`): a positive safe integer, or NOT_SURE when the text is not plain positive
 * notation or has more than 15 significant digits.
 */
export function readUnits(text: string): number {
  const length = text.length;
  if (length === 0 || length > 64) return NOT_SURE;
  let i = 0;
  let units = 0;
  let digits = 0;
  let c = text.charCodeAt(0);
  if (c === 48) {
    i = 1;
  } else {
    while (i < length) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      units = units * 10 + (c - 48);
      if (++digits > 15) return NOT_SURE;
      i++;
    }
    if (i === 0) return NOT_SURE;
  }
  let decimals = 0;
  if (i < length) {
    if (text.charCodeAt(i) !== 46 || i === length - 1) return NOT_SURE;
    const point = i;
    // One pass: zeros wait until a later digit shows they are not trailing.
    let zeros = 0;
    for (i = point + 1; i < length; i++) {
      c = text.charCodeAt(i);
      if (c === 48) {
        zeros++;
        continue;
      }
      if (c < 49 || c > 57) return NOT_SURE;
      if (units === 0) {
        units = c - 48;
        digits = 1;
      } else {
        digits += zeros + 1;
        if (digits > 15) return NOT_SURE;
        units = units * (POW10[zeros + 1] as number) + (c - 48);
      }
      decimals = i - point;
      zeros = 0;
    }
    if (decimals > 15) return NOT_SURE;
    readPlaces = length - point - 1;
  } else readPlaces = 0;
  if (units === 0) return NOT_SURE;
  readScale = decimals;
  return units;
}

/**
 * Units of a finite JS number exactly as `readUnits(String(n))` would read them, without making
 * the string. The shortest decimal that converts back to `n` is what `String(n)` prints; below
 * 2^52 units at most one decimal per scale converts back, and it is the floor or the ceiling of
 * `n × 10^scale`, so trying both at each scale from 0 up finds exactly that decimal. Outside
 * [1e-6, 1e15), where `String(n)` uses an exponent or more than 15 digits, it answers NOT_SURE.
 */
export function readNumber(n: number): number {
  if (!(n >= 1e-6 && n < 1e15)) return NOT_SURE;
  for (let scale = 0; scale <= 15; scale++) {
    const power = POW10[scale] as number;
    const scaled = n * power;
    if (scaled >= 1e15) return NOT_SURE;
    const low = Math.floor(scaled);
    // String(n) prints exactly this decimal, so its places are the scale.
    if (low / power === n) {
      readScale = scale;
      readPlaces = scale;
      return low === 0 ? NOT_SURE : low;
    }
    const high = low + 1;
    if (high / power === n) {
      readScale = scale;
      readPlaces = scale;
      return high;
    }
  }
  return NOT_SURE;
}

/** A decimal field's units and (in `readScale`) scale, whether it came as a string or a number. */
function readField(value: unknown): number {
  if (typeof value === 'string') return readUnits(value);
  if (typeof value === 'number') return readNumber(value);
  return NOT_SURE;
}

/** The text the exchange would receive for a decimal field, or undefined for any other type. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/**
 * Whether `a × 10^-as ≤ b × 10^-bs`, as 1 or 0, exactly, for safe integers `a` and `b` (or an
 * infinite bound at scale 0). When scaling one side passes 2^53, that side is beyond every safe
 * integer, so its sign decides. Kept small so that V8 inlines it: a double passed to a call
 * that is not inlined is boxed, which would make a passing order allocate.
 */
function atMost(a: number, as: number, b: number, bs: number): number {
  if (as === bs) return a <= b ? 1 : 0;
  if (as > bs) {
    const bb = b * (SHIFT[as - bs] as number);
    return bb > MAX_SAFE ? 1 : bb < -MAX_SAFE ? 0 : a <= bb ? 1 : 0;
  }
  const aa = a * (SHIFT[bs - as] as number);
  return aa > MAX_SAFE ? 0 : aa < -MAX_SAFE ? 1 : aa <= b ? 1 : 0;
}

/** `a × b` for safe integers, or NaN when the product is past 2^53 and so maybe inexact. */
function product(a: number, b: number): number {
  const p = a * b;
  return p > MAX_SAFE || p < -MAX_SAFE ? Number.NaN : p;
}

/**
 * Whether `step` divides the safe integer `n`, without `%`: when `floor(n / step) × step === n`
 * in doubles the product was exact (one past 2^53 cannot round down to a safe integer), so
 * `step` divides `n`; and when it divides, the quotient is whole and computed exactly.
 */
function isMultiple(n: number, step: number): boolean {
  return step === 1 || Math.floor(n / step) * step === n;
}

/** Whether a value of `units × 10^-scale` lies on a grid of `step × 10^-gridScale`: 1 or 0, or NOT_SURE. */
function onGrid(units: number, scale: number, step: number, gridScale: number): number {
  if (scale > gridScale) return 0;
  const n = units * (POW10[gridScale - scale] as number);
  if (n > MAX_SAFE) return NOT_SURE;
  return isMultiple(n, step) ? 1 : 0;
}

/** One bit per entry of PAIR_RULES: the rules that failed. */
const bit = (rule: number) => 1 << rule;
const SYMBOL_NOT_TRADING = bit(0);
const TRADING_DISABLED = bit(1);
const PRICE_TICK = bit(2);
const PRICE_PRECISION = bit(3);
const PRICE_ABOVE_BUY_LIMIT = bit(4);
const PRICE_BELOW_SELL_LIMIT = bit(5);
const QUANTITY_STEP = bit(6);
const QUANTITY_PRECISION = bit(7);
const QUANTITY_BELOW_MIN = bit(8);
const QUANTITY_ABOVE_MAX = bit(9);
const MARKET_SIZE_ABOVE_MAX = bit(10);
const NOTIONAL_ABOVE_MAX = bit(11);
/** Failures whose violations quote the price, and those that quote the quantity. */
const PRICE_FAILURES = PRICE_TICK | PRICE_PRECISION | PRICE_ABOVE_BUY_LIMIT | PRICE_BELOW_SELL_LIMIT;
const QUANTITY_FAILURES =
  QUANTITY_STEP |
  QUANTITY_PRECISION |
  QUANTITY_BELOW_MIN |
  QUANTITY_ABOVE_MAX |
  MARKET_SIZE_ABOVE_MAX |
  NOTIONAL_ABOVE_MAX;

/** The checks that could not run, as the bits of a 5-bit key. */
const SKIP_PRICE_TICK = 1;
const SKIP_BUY_BAND = 2;
const SKIP_SELL_BAND = 4;
const SKIP_QUANTITY_STEP = 8;
const SKIP_NOTIONAL = 16;

/** Frozen skipped lists by key: they depend on nothing but the key, so each is made once. */
const SKIPPED_BY_KEY: (readonly SkippedCheck[] | undefined)[] = [];

/** The skipped checks of a key, in the order the general path reports them (PAIR_RULES order). */
function skippedOf(key: number): readonly SkippedCheck[] {
  const cached = SKIPPED_BY_KEY[key];
  if (cached !== undefined) return cached;
  const skipped: SkippedCheck[] = [];
  // Shared by every result with this key, so frozen all the way down: no caller can change another's.
  if (key & SKIP_PRICE_TICK) skipped.push(skippedCheck('PRICE_TICK', 'NO_TICK_SIZE', 'tickSize'));
  if (key & SKIP_BUY_BAND)
    skipped.push(skippedCheck('PRICE_ABOVE_BUY_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice'));
  if (key & SKIP_SELL_BAND)
    skipped.push(skippedCheck('PRICE_BELOW_SELL_LIMIT', 'NO_REFERENCE_PRICE', 'referencePrice'));
  if (key & SKIP_QUANTITY_STEP) skipped.push(skippedCheck('QUANTITY_STEP', 'NO_STEP_SIZE', 'stepSize'));
  if (key & SKIP_NOTIONAL)
    skipped.push(skippedCheck('NOTIONAL_ABOVE_MAX', 'NO_REFERENCE_PRICE', 'referencePrice'));
  const frozen = Object.freeze(skipped.map((check) => Object.freeze(check)));
  SKIPPED_BY_KEY[key] = frozen;
  return frozen;
}

function passResult(fast: FastPair, key: number): ValidationResult {
  const cached = fast.passResults[key];
  if (cached !== undefined) return cached;
  const result: ValidationResult = Object.freeze({
    ok: true,
    violations: Object.freeze([]),
    skipped: skippedOf(key),
  });
  fast.passResults[key] = result;
  return result;
}

/**
 * A record whose prototype is `Object.prototype` holds its fields itself unless that prototype
 * was given one of the same name (prototype pollution); the general path, which reads own fields
 * only, decides then. Constant-name loads on one object keep this check nearly free.
 */
function prototypeIsClean(): boolean {
  const p = PLAIN_PROTO as Record<string, unknown>;
  return (
    p.symbol === undefined &&
    p.side === undefined &&
    p.type === undefined &&
    p.quantity === undefined &&
    p.price === undefined &&
    p.timeInForce === undefined &&
    p.newClientOrderId === undefined &&
    p.referencePrice === undefined &&
    p.maxNotional === undefined
  );
}

/** The fields of an order and a context, read with constant names (monomorphic loads). */
interface Fields {
  symbol?: unknown;
  side?: unknown;
  type?: unknown;
  quantity?: unknown;
  price?: unknown;
  timeInForce?: unknown;
  newClientOrderId?: unknown;
  referencePrice?: unknown;
  maxNotional?: unknown;
  [Symbol.toStringTag]?: unknown;
}

function isPlainRecord(value: unknown): value is Fields {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === PLAIN_PROTO &&
    (value as Fields)[Symbol.toStringTag] === undefined
  );
}

/** Runs only the failing rules, through the general path's own rule functions, on the values read. */
function explainByRules(fast: FastPair, read: Fields, failed: number, key: number) {
  const pair = fast.pair;
  const decimal = (text: string | undefined): OrderDecimal | undefined =>
    text === undefined ? undefined : { text, value: Dec.parse(text) };
  const order: ParsedOrder = {
    symbol: pair.symbol,
    side: read.side as 'BUY' | 'SELL',
    type: read.type as 'LIMIT' | 'MARKET',
  };
  const quantity = decimal(textOf(read.quantity));
  if (quantity !== undefined) order.quantity = quantity;
  const price = read.type === 'LIMIT' ? decimal(textOf(read.price)) : undefined;
  if (price !== undefined) order.price = price;
  const parsedContext: ParsedContext = {};
  const reference = decimal(textOf(read.referencePrice));
  if (reference !== undefined) parsedContext.referencePrice = reference;
  const maxNotional = decimal(textOf(read.maxNotional));
  if (maxNotional !== undefined) parsedContext.maxNotional = maxNotional;
  const violations: Violation[] = [];
  for (let rule = 0; rule < PAIR_RULES.length; rule++) {
    if ((failed & bit(rule)) === 0) continue;
    const outcome = (PAIR_RULES[rule] as (typeof PAIR_RULES)[number])(pair, order, parsedContext);
    if (outcome !== undefined && 'code' in outcome) violations.push(outcome);
  }
  return { ok: violations.length === 0, violations, skipped: skippedOf(key) };
}

/**
 * The text the exchange would receive for a decimal the fast path has read: the string itself,
 * or for a number `String(n)`, which is exactly the canonical text of what `readNumber` read.
 */
function textRead(raw: unknown, units: number, scale: number): string {
  return typeof raw === 'string' ? raw : formatScaled(units, scale);
}

/**
 * The violations of a failing order, explained in safe integers from the values detection read,
 * in PAIR_RULES order; `undefined` when one of them is past safe-integer reach.
 */
function explainFast(
  fast: FastPair,
  read: Fields,
  failed: number,
  buy: boolean,
  price: number,
  priceScale: number,
  quantity: number,
  quantityScale: number,
  reference: number,
  referenceScale: number,
  edge: number,
  edgeScale: number,
  worst: number,
  worstScale: number,
  notional: number,
  maxNotional: number,
  maxNotionalScale: number,
): Violation[] | undefined {
  const violations: Violation[] = [];
  if (failed & SYMBOL_NOT_TRADING) violations.push(checkSymbolTrading(fast.pair) as Violation);
  if (failed & TRADING_DISABLED) violations.push(checkTradingEnabled(fast.pair) as Violation);
  if (failed & PRICE_FAILURES) {
    const priceText = textRead(read.price, price, priceScale);
    if (failed & PRICE_TICK) {
      const v = tickViolation(fast, priceText, price, priceScale);
      if (v === undefined) return undefined;
      violations.push(v);
    }
    if (failed & PRICE_PRECISION) {
      const v = pricePrecisionViolation(fast, buy, priceText, price, priceScale);
      if (v === undefined) return undefined;
      violations.push(v);
    }
    if (failed & (PRICE_ABOVE_BUY_LIMIT | PRICE_BELOW_SELL_LIMIT)) {
      const referenceText = textRead(read.referencePrice, reference, referenceScale);
      const v = bandViolation(fast, buy, priceText, referenceText, edge, edgeScale);
      if (v === undefined) return undefined;
      violations.push(v);
    }
  }
  if ((failed & QUANTITY_FAILURES) === 0) return violations;
  const quantityText = textRead(read.quantity, quantity, quantityScale);
  const kind = orderKind(read.type === 'MARKET', buy);
  if (failed & QUANTITY_STEP) {
    const v = quantityGridViolation(fast, 'QUANTITY_STEP', kind, quantityText, quantity, quantityScale);
    if (v === undefined) return undefined;
    violations.push(v);
  }
  if (failed & QUANTITY_PRECISION) {
    const v = quantityGridViolation(fast, 'QUANTITY_PRECISION', kind, quantityText, quantity, quantityScale);
    if (v === undefined) return undefined;
    violations.push(v);
  }
  if (failed & QUANTITY_BELOW_MIN) violations.push(belowMinViolation(fast, quantityText));
  if (failed & QUANTITY_ABOVE_MAX) violations.push(aboveMaxViolation(fast, kind, quantityText));
  if (failed & MARKET_SIZE_ABOVE_MAX) violations.push(marketSizeViolation(fast, quantityText, buy));
  if (failed & NOTIONAL_ABOVE_MAX) {
    const maxText = textRead(read.maxNotional, maxNotional, maxNotionalScale);
    const market = read.type === 'MARKET';
    violations.push(
      notionalViolation(
        notional,
        worstScale + quantityScale,
        maxText,
        market,
        worst,
        worstScale,
        quantityText,
      ),
    );
  }
  return violations;
}

/**
 * The verdict on a well-formed order for a known pair, or `undefined` when the general path must
 * judge it. Each field of the order and of the context is read once, up front, into locals
 * (constant-name loads on a plain record, so a plain order costs no copy); everything after
 * judges those values only. When this path hands the order on after reading it, it hands on what
 * it read too (`handOver`), so that the general path judges the same values and no getter runs
 * twice. Never throws: what reading throws is handed on as well.
 */
export function fastValidate(
  pairOf: (symbol: string) => FastPair | undefined,
  order: unknown,
  context: unknown,
): ValidationResult | undefined {
  clearHandOff();
  let symbol: unknown;
  let side: unknown;
  let type: unknown;
  let quantity: unknown;
  let price: unknown;
  let tif: unknown;
  let clientOrderId: unknown;
  try {
    if (!isPlainRecord(order) || !prototypeIsClean()) return undefined;
    symbol = order.symbol;
    side = order.side;
    type = order.type;
    quantity = order.quantity;
    price = order.price;
    tif = order.timeInForce;
    clientOrderId = order.newClientOrderId;
  } catch (error) {
    handOver(order, context, { kind: 'unreadable', error }, undefined);
    return undefined;
  }
  let reference: unknown;
  let maxNotional: unknown;
  let contextReading: ContextReading | undefined;
  if (context !== undefined && context !== null) {
    try {
      if (isPlainRecord(context)) {
        reference = context.referencePrice;
        maxNotional = context.maxNotional;
      } else contextReading = UNREAD;
    } catch (error) {
      contextReading = { kind: 'unreadable', error };
    }
  }
  let verdict: ValidationResult | undefined;
  if (contextReading === undefined) {
    try {
      verdict = judge(
        pairOf,
        symbol,
        side,
        type,
        quantity,
        price,
        tif,
        clientOrderId,
        reference,
        maxNotional,
      );
    } catch {
      // Nothing above can throw on values already read; if it ever did, the general path decides.
    }
  }
  if (verdict !== undefined) return verdict;
  const fields = copiedOrder(symbol, side, type, quantity, price, tif, clientOrderId);
  if (contextReading === undefined && context !== undefined && context !== null)
    contextReading = { kind: 'fields', fields: copiedContext(reference, maxNotional) };
  handOver(
    order,
    context,
    { kind: 'fields', fields },
    contextReading === UNREAD ? undefined : contextReading,
  );
  return undefined;
}

/** Marks a context the fast path did not read (not a plain record): the general path reads it. */
const UNREAD: ContextReading = Object.freeze({ kind: 'absent', description: 'not read' });

/** The order's values as read, as the general path's copy holds them (`null` and `undefined` left out). */
function copiedOrder(
  symbol: unknown,
  side: unknown,
  type: unknown,
  quantity: unknown,
  price: unknown,
  timeInForce: unknown,
  newClientOrderId: unknown,
): CopiedFields<OrderField> {
  const fields = Object.create(null) as Record<OrderField, unknown>;
  const put = (key: OrderField, value: unknown) => {
    if (value !== undefined && value !== null) fields[key] = value;
  };
  put('symbol', symbol);
  put('side', side);
  put('type', type);
  put('quantity', quantity);
  put('price', price);
  put('timeInForce', timeInForce);
  put('newClientOrderId', newClientOrderId);
  return fields;
}

function copiedContext(referencePrice: unknown, maxNotional: unknown): CopiedFields<ContextField> {
  const fields = Object.create(null) as Record<ContextField, unknown>;
  if (referencePrice !== undefined && referencePrice !== null) fields.referencePrice = referencePrice;
  if (maxNotional !== undefined && maxNotional !== null) fields.maxNotional = maxNotional;
  return fields;
}

/** The fast verdict on values already read, or `undefined` when the general path must judge them. */
function judge(
  pairOf: (symbol: string) => FastPair | undefined,
  symbol: unknown,
  side: unknown,
  type: unknown,
  quantityRaw: unknown,
  priceRaw: unknown,
  tif: unknown,
  clientOrderId: unknown,
  referenceRaw: unknown,
  maxNotionalRaw: unknown,
): ValidationResult | undefined {
  if (typeof symbol !== 'string') return undefined;
  const fast = pairOf(symbol);
  if (fast === undefined) return undefined;
  const buy = side === 'BUY';
  if (!buy && side !== 'SELL') return undefined;
  const limit = type === 'LIMIT';
  if (!limit && type !== 'MARKET') return undefined;
  if (tif === undefined ? limit : tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') return undefined;
  if (clientOrderId !== undefined) return undefined;

  let reference = NOT_SURE;
  let referenceScale = 0;
  let maxNotional = NOT_SURE;
  let maxNotionalScale = 0;
  if (referenceRaw !== undefined) {
    reference = readField(referenceRaw);
    if (reference === NOT_SURE) return undefined;
    referenceScale = readScale;
  }
  if (maxNotionalRaw !== undefined) {
    maxNotional = readField(maxNotionalRaw);
    if (maxNotional === NOT_SURE) return undefined;
    maxNotionalScale = readScale;
  }

  let failed = 0;
  let key = 0;
  if (!fast.trading) failed |= SYMBOL_NOT_TRADING;
  if (!fast.enabled) failed |= TRADING_DISABLED;

  const quantity = readField(quantityRaw);
  if (quantity === NOT_SURE) return undefined;
  const quantityScale = readScale;
  if (readPlaces > fast.basePrecision) failed |= QUANTITY_PRECISION;
  // Without a step the grid is the precision's, which the check above has judged already.
  const gridFailure = fast.hasStep ? QUANTITY_STEP : 0;
  if (!fast.hasStep) key |= SKIP_QUANTITY_STEP;
  // Whether the quantity is above the side's MARKET cap (asked only of MARKET orders).
  let aboveCap = false;
  const up = fast.quantityScale - quantityScale;
  if (up >= 0) {
    // A whole count of 10^-quantityScale: its bounds, counted the same way and rounded inward
    // when the pair was compiled, compare with it exactly.
    const count = quantity * (POW10[up] as number);
    if (count > MAX_SAFE) return undefined;
    if (!isMultiple(count, fast.quantityStep)) failed |= gridFailure;
    if (count < fast.minCount) failed |= QUANTITY_BELOW_MIN;
    if (count > fast.maxCount) failed |= QUANTITY_ABOVE_MAX;
    if (!limit) aboveCap = count > (buy ? fast.marketBuyCount : fast.marketSellCount);
  } else {
    // More decimals than the grid has: off it, and compared with the bounds themselves.
    failed |= gridFailure;
    if (atMost(fast.minUnits, fast.minScale, quantity, quantityScale) === 0) failed |= QUANTITY_BELOW_MIN;
    if (atMost(quantity, quantityScale, fast.maxUnits, fast.maxScale) === 0) failed |= QUANTITY_ABOVE_MAX;
    if (!limit)
      aboveCap =
        (buy
          ? atMost(quantity, quantityScale, fast.marketBuyUnits, fast.marketBuyScale)
          : atMost(quantity, quantityScale, fast.marketSellUnits, fast.marketSellScale)) === 0;
  }

  // The price a notional is judged by; NaN when it cannot be known (MARKET without a reference).
  let worst = Number.NaN;
  let worstScale = 0;
  let price = 0;
  let priceScale = 0;
  let edge = 0;
  let edgeScale = 0;
  if (limit) {
    price = readField(priceRaw);
    if (price === NOT_SURE) return undefined;
    priceScale = readScale;
    if (readPlaces > fast.quotePrecision) failed |= PRICE_PRECISION;
    if (fast.hasTick) {
      const priceOnGrid = onGrid(price, priceScale, fast.priceStep, fast.priceScale);
      if (priceOnGrid === NOT_SURE) return undefined;
      if (priceOnGrid === 0) failed |= PRICE_TICK;
    } else key |= SKIP_PRICE_TICK;
    if (reference === NOT_SURE) key |= buy ? SKIP_BUY_BAND : SKIP_SELL_BAND;
    else if (buy) {
      edge = product(reference, fast.buyBandUnits);
      edgeScale = referenceScale + fast.buyBandScale;
      if (Number.isNaN(edge)) return undefined;
      if (atMost(price, priceScale, edge, edgeScale) === 0) failed |= PRICE_ABOVE_BUY_LIMIT;
    } else {
      edge = product(reference, fast.sellBandUnits);
      edgeScale = referenceScale + fast.sellBandScale;
      if (Number.isNaN(edge)) return undefined;
      if (atMost(edge, edgeScale, price, priceScale) === 0) failed |= PRICE_BELOW_SELL_LIMIT;
    }
    worst = price;
    worstScale = priceScale;
  } else {
    if (priceRaw !== undefined) return undefined;
    if (aboveCap) failed |= MARKET_SIZE_ABOVE_MAX;
    if (reference === NOT_SURE) {
      if (maxNotional !== NOT_SURE) key |= SKIP_NOTIONAL;
    } else {
      worst = product(reference, buy ? fast.marketBuyWorstUnits : fast.marketSellWorstUnits);
      worstScale = referenceScale + (buy ? fast.marketBuyWorstScale : fast.marketSellWorstScale);
      if (Number.isNaN(worst)) return undefined;
    }
  }
  let notional = 0;
  if (maxNotional !== NOT_SURE && !Number.isNaN(worst)) {
    notional = product(worst, quantity);
    if (Number.isNaN(notional)) return undefined;
    if (atMost(notional, worstScale + quantityScale, maxNotional, maxNotionalScale) === 0)
      failed |= NOTIONAL_ABOVE_MAX;
  }
  if (failed === 0) return passResult(fast, key);

  const read: Fields = {
    side,
    type,
    quantity: quantityRaw,
    price: priceRaw,
    referencePrice: referenceRaw,
    maxNotional: maxNotionalRaw,
  };
  const violations = explainFast(
    fast,
    read,
    failed,
    buy,
    price,
    priceScale,
    quantity,
    quantityScale,
    reference,
    referenceScale,
    edge,
    edgeScale,
    worst,
    worstScale,
    notional,
    maxNotional,
    maxNotionalScale,
  );
  if (violations === undefined) return explainByRules(fast, read, failed, key);
  return { ok: false, violations, skipped: skippedOf(key) };
}
