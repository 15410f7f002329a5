import { skippedCheck } from '../validation/violation.js';
import type { SkippedCheck, ValidationResult } from '../validation/violation-codes.js';
import type { FastPair, ScaledFactor } from './fast-pair.js';

/**
 * The pass path: decides, in safe-integer arithmetic and without allocating, whether an order
 * passes every check. It answers only "passes" (with the shared frozen result) or "not sure":
 * anything unusual (a violation, a missing or odd field, a number too long for 2^53) goes to the
 * general path, which finds and explains every violation. So it can only be fast, never wrong:
 * the general path stays the judge of every order that does not plainly pass.
 */

const NOT_SURE = -1;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Powers of ten that doubles hold exactly. */
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const PLAIN_PROTO = Object.prototype;

/** The scale of the last value read by `readScaled` (kept outside so that nothing is allocated). */
let readScale = 0;

/**
 * Units of plain positive decimal text at `scale` (at most 15): a positive safe integer, or
 * NOT_SURE when the text is not plain positive notation, has more significant decimals than
 * `scale`, or does not fit. `scale` < 0 means "its own scale", reported in `readScale`.
 */
function readUnits(text: string, scale: number): number {
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
    let last = point;
    for (i = point + 1; i < length; i++) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57) return NOT_SURE;
      if (c !== 48) last = i;
    }
    decimals = last - point;
    if (scale >= 0 && decimals > scale) return NOT_SURE;
    for (i = point + 1; i <= last; i++) {
      units = units * 10 + (text.charCodeAt(i) - 48);
      if (units !== 0 && ++digits > 15) return NOT_SURE;
    }
  }
  if (units === 0) return NOT_SURE;
  if (scale < 0) {
    readScale = decimals;
    return units;
  }
  const scaled = units * (POW10[scale - decimals] as number);
  return scaled > MAX_SAFE ? NOT_SURE : scaled;
}

/** A decimal field as the exchange would receive it: a string, or a finite number's `String(n)`. */
function readField(value: unknown, scale: number): number {
  if (typeof value === 'string') return readUnits(value, scale);
  if (typeof value === 'number') return readUnits(String(value), scale);
  return NOT_SURE;
}

/** Whether `a × 10^-as ≤ b × 10^-bs`, or NOT_SURE (-1) when the exact answer needs more than 2^53. */
function atMost(a: number, as: number, b: number, bs: number): number {
  const shift = as - bs;
  if (shift === 0) return a <= b ? 1 : 0;
  if (shift > 15 || shift < -15) return NOT_SURE;
  if (shift > 0) {
    const bb = b * (POW10[shift] as number);
    return bb > MAX_SAFE || bb < -MAX_SAFE ? NOT_SURE : a <= bb ? 1 : 0;
  }
  const aa = a * (POW10[-shift] as number);
  return aa > MAX_SAFE || aa < -MAX_SAFE ? NOT_SURE : aa <= b ? 1 : 0;
}

/** `a × f.units`, or NaN when the product is beyond 2^53 and so maybe inexact. */
function product(a: number, f: number): number {
  const p = a * f;
  return p > MAX_SAFE || p < -MAX_SAFE ? Number.NaN : p;
}

/**
 * For an exact divisor test of safe integers: when `q × step === units` in doubles, the product
 * was exact (a product beyond 2^53 cannot round down to a safe integer), so `step` divides `units`;
 * and when it divides, `units / step` is a whole number computed exactly.
 */
function divides(step: number, units: number): boolean {
  return step === 1 || Math.floor(units / step) * step === units;
}

const PRICE_TICK_SKIPPED = 1;
const BUY_BAND_SKIPPED = 2;
const SELL_BAND_SKIPPED = 4;
const QUANTITY_STEP_SKIPPED = 8;
const NOTIONAL_SKIPPED = 16;

function passResult(fast: FastPair, key: number): ValidationResult {
  const cached = fast.passResults[key];
  if (cached !== undefined) return cached;
  // In the order the general path reports them (the order of PAIR_RULES).
  const skipped: SkippedCheck[] = [];
  if (key & PRICE_TICK_SKIPPED) skipped.push(skippedCheck('PRICE_TICK', 'NO_TICK_SIZE'));
  if (key & BUY_BAND_SKIPPED) skipped.push(skippedCheck('PRICE_ABOVE_BUY_LIMIT', 'NO_REFERENCE_PRICE'));
  if (key & SELL_BAND_SKIPPED) skipped.push(skippedCheck('PRICE_BELOW_SELL_LIMIT', 'NO_REFERENCE_PRICE'));
  if (key & QUANTITY_STEP_SKIPPED) skipped.push(skippedCheck('QUANTITY_STEP', 'NO_STEP_SIZE'));
  if (key & NOTIONAL_SKIPPED) skipped.push(skippedCheck('NOTIONAL_ABOVE_MAX', 'NO_REFERENCE_PRICE'));
  const result: ValidationResult = Object.freeze({
    ok: true,
    violations: Object.freeze([]),
    skipped: Object.freeze(skipped),
  });
  fast.passResults[key] = result;
  return result;
}

/**
 * On a record whose prototype is `Object.prototype`, a field is its own unless that prototype has
 * been given one of the same name (prototype pollution); then the general path, which reads own
 * fields only, decides. Constant-name loads on one object keep this check nearly free.
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

/** The fields of an order, read once each with constant names (monomorphic, no keyed loads). */
interface OrderFields {
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

/**
 * The shared pass result when `order` certainly passes every check of `pair` in `context`, or
 * `undefined` when the general path must judge it.
 */
export function fastPass(
  fastPairOf: (symbol: string) => FastPair | undefined,
  order: unknown,
  context: unknown,
): ValidationResult | undefined {
  if (typeof order !== 'object' || order === null || Object.getPrototypeOf(order) !== PLAIN_PROTO)
    return undefined;
  if (!prototypeIsClean()) return undefined;
  const o = order as OrderFields;
  // A record dressed as another kind (its own Symbol.toStringTag) is judged by the general path.
  if (o[Symbol.toStringTag] !== undefined) return undefined;
  const symbol = o.symbol;
  if (typeof symbol !== 'string') return undefined;
  const fast = fastPairOf(symbol);
  if (fast === undefined || !fast.open) return undefined;
  const side = o.side;
  const type = o.type;
  const buy = side === 'BUY';
  if (!buy && side !== 'SELL') return undefined;
  const limit = type === 'LIMIT';
  if (!limit && type !== 'MARKET') return undefined;
  const tif = o.timeInForce;
  if (tif === undefined ? limit : tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') return undefined;
  if (o.newClientOrderId !== undefined) return undefined;

  let reference = NOT_SURE;
  let referenceScale = 0;
  let maxNotional = NOT_SURE;
  let maxNotionalScale = 0;
  if (context !== undefined && context !== null) {
    if (typeof context !== 'object' || Object.getPrototypeOf(context) !== PLAIN_PROTO) return undefined;
    const c = context as OrderFields;
    if (c[Symbol.toStringTag] !== undefined) return undefined;
    const rawReference = c.referencePrice;
    if (rawReference !== undefined) {
      reference = readField(rawReference, -1);
      if (reference === NOT_SURE) return undefined;
      referenceScale = readScale;
    }
    const rawMax = c.maxNotional;
    if (rawMax !== undefined) {
      maxNotional = readField(rawMax, -1);
      if (maxNotional === NOT_SURE) return undefined;
      maxNotionalScale = readScale;
    }
  }

  let key = fast.hasStep ? 0 : QUANTITY_STEP_SKIPPED;
  const quantity = readField(o.quantity, fast.quantityScale);
  if (quantity === NOT_SURE || !divides(fast.quantityStep, quantity)) return undefined;
  if (quantity < fast.minUnits || quantity > fast.maxUnits) return undefined;

  let worst: number;
  let worstScale: number;
  if (limit) {
    const price = readField(o.price, fast.priceScale);
    if (price === NOT_SURE || !divides(fast.priceStep, price)) return undefined;
    if (!fast.hasTick) key |= PRICE_TICK_SKIPPED;
    if (reference === NOT_SURE) key |= buy ? BUY_BAND_SKIPPED : SELL_BAND_SKIPPED;
    else {
      const band: ScaledFactor = buy ? fast.buyBand : fast.sellBand;
      const edge = product(reference, band.units);
      if (Number.isNaN(edge)) return undefined;
      const within = buy
        ? atMost(price, fast.priceScale, edge, referenceScale + band.scale)
        : atMost(edge, referenceScale + band.scale, price, fast.priceScale);
      if (within !== 1) return undefined;
    }
    worst = price;
    worstScale = fast.priceScale;
  } else {
    if (o.price !== undefined) return undefined;
    if (quantity > (buy ? fast.marketBuyUnits : fast.marketSellUnits)) return undefined;
    if (maxNotional === NOT_SURE) return passResult(fast, key);
    if (reference === NOT_SURE) return passResult(fast, key | NOTIONAL_SKIPPED);
    const factor = buy ? fast.marketBuyWorst : fast.marketSellWorst;
    worst = product(reference, factor.units);
    worstScale = referenceScale + factor.scale;
    if (Number.isNaN(worst)) return undefined;
  }
  if (maxNotional !== NOT_SURE) {
    const notional = product(worst, quantity);
    if (
      Number.isNaN(notional) ||
      atMost(notional, worstScale + fast.quantityScale, maxNotional, maxNotionalScale) !== 1
    )
      return undefined;
  }
  return passResult(fast, key);
}
