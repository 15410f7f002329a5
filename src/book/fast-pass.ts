import { Dec } from '../decimal/dec.js';
import { MAX_SAFE, POW10 } from '../decimal/safe-integers.js';
import { isClientOrderId } from '../order/client-order-id.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import { type FastOrder, newFastOrder, sentText } from '../order/fast-order.js';
import { lastRead, readDecimalUnits, wasLong } from '../order/fast-read.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import {
  type ContextField,
  type ContextReading,
  type CopiedFields,
  clearHandOff,
  handOver,
  type OrderField,
} from '../order/read-once.js';
import type { FastPair } from '../pair/compiled-pair.js';
import { LIMIT_BUY, LIMIT_SELL, MARKET_BUY, MARKET_SELL } from '../pair/quantity-window.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import { FAIL, type FastVerdict, PASS, type PairRule, SKIP } from '../rules/rule.js';
import type {
  OrderVerdict,
  SkippedCheck,
  ValidationResult,
  Violation,
  ViolationCode,
} from '../validation/violation-codes.js';

/**
 * The fast path for well-formed orders: reading, then a dispatch over the one list of rules.
 * Each field is read once into safe-integer units (a {@link FastOrder} reused for every order),
 * and each rule's fast form decides its rule on those; a passing order allocates nothing (it
 * gets a shared frozen result). A failing one is explained by the failing rules' own fast
 * explanations, or, past 2^53, by their exact checks. A well-formed order whose decimals do not
 * fit safe integers (17 to 40 significant digits, a count past 2^53), or that a fast check is
 * not sure of, is judged by the rules' exact checks on the values read, still without the
 * general path (`judgeExactly`). Anything unusual (a malformed or missing field, an odd object)
 * is left to the general path: this path can only be fast, never different.
 */

const PLAIN_PROTO = Object.prototype;
const NOTHING: readonly never[] = Object.freeze([]);

const RULE_COUNT = PAIR_RULES.length;

/**
 * The dispatch: one call site per place in the list, so that each site only ever calls one
 * rule's fast check and V8 can inline it (a loop over the list would make one site call every
 * rule, and such a call is never inlined). Places past the list call a check that passes.
 */
const SITES = 16;
const passes = (): FastVerdict => PASS;
const CHECKS: readonly PairRule['fastCheck'][] = Array.from(
  { length: SITES },
  (_, place) => PAIR_RULES[place]?.fastCheck ?? passes,
);
if (PAIR_RULES.length > SITES)
  throw new RangeError(`the dispatch has ${SITES} sites for ${PAIR_RULES.length} rules`);

/**
 * What the checks of the order being judged found (one bit per place), and the failures
 * explained when asked.
 */
let failed = 0;
let skipped = 0;
let unsure = false;
let explained: Violation[] = [];

function tally(verdict: FastVerdict, bit: number): void {
  if (verdict === FAIL) failed |= bit;
  else if (verdict === SKIP) skipped |= bit;
  else unsure = true;
}

/**
 * Runs every rule's fast check on `read`; false when one of them is not sure. The sites are
 * split four to a function because V8 inlines into one function only up to a budget: with all
 * sixteen in one, the later checks and their arithmetic helpers were called rather than inlined,
 * and a call boxes a double argument past 2^31 on the heap (a passing order allocated). Split,
 * a profile of the bench's passing orders shows every check inlined.
 */
function dispatch(pair: FastPair, c: readonly PairRule['fastCheck'][]): boolean {
  failed = 0;
  skipped = 0;
  unsure = false;
  sites0to3(pair, c);
  sites4to7(pair, c);
  sites8to11(pair, c);
  sites12to15(pair, c);
  return !unsure;
}

function sites0to3(pair: FastPair, c: readonly PairRule['fastCheck'][]): void {
  let v = (c[0] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1);
  v = (c[1] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 1);
  v = (c[2] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 2);
  v = (c[3] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 3);
}

function sites4to7(pair: FastPair, c: readonly PairRule['fastCheck'][]): void {
  let v = (c[4] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 4);
  v = (c[5] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 5);
  v = (c[6] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 6);
  v = (c[7] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 7);
}

function sites8to11(pair: FastPair, c: readonly PairRule['fastCheck'][]): void {
  let v = (c[8] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 8);
  v = (c[9] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 9);
  v = (c[10] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 10);
  v = (c[11] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 11);
}

function sites12to15(pair: FastPair, c: readonly PairRule['fastCheck'][]): void {
  let v = (c[12] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 12);
  v = (c[13] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 13);
  v = (c[14] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 14);
  v = (c[15] as PairRule['fastCheck'])(pair, read);
  if (v !== PASS) tally(v, 1 << 15);
}

/** The one record every order is read into. */
const read: FastOrder = newFastOrder();

/**
 * Frozen results and skip lists by which rules skipped (one bit per place in the list): they
 * depend on nothing else, since a rule's fast form skips for one reason only, so each is made
 * once and shared by every result with that set of skips.
 */
const SKIPS_BY_MASK = new Map<number, readonly SkippedCheck[]>();
const PASSED_BY_MASK = new Map<number, ValidationResult>();
const PASSED_CLEAN: ValidationResult = Object.freeze({ ok: true, violations: NOTHING, skipped: NOTHING });

function skipsOf(mask: number): readonly SkippedCheck[] {
  if (mask === 0) return NOTHING;
  let skips = SKIPS_BY_MASK.get(mask);
  if (skips === undefined) {
    const list: SkippedCheck[] = [];
    for (let place = 0; place < RULE_COUNT; place++)
      if (mask & (1 << place)) list.push((PAIR_RULES[place] as PairRule).fastSkip as SkippedCheck);
    skips = Object.freeze(list);
    SKIPS_BY_MASK.set(mask, skips);
  }
  return skips;
}

function passed(mask: number): ValidationResult {
  if (mask === 0) return PASSED_CLEAN;
  let result = PASSED_BY_MASK.get(mask);
  if (result === undefined) {
    result = Object.freeze({ ok: true, violations: NOTHING, skipped: skipsOf(mask) });
    PASSED_BY_MASK.set(mask, result);
  }
  return result;
}

/**
 * Verdicts by which rules failed and which skipped (`failed × 2^RULE_COUNT + skipped`, below
 * 2^31 for up to 15 rules, so the key stays a small integer): like the passing results, each is
 * made once and shared, so `checkOrder` allocates nothing on this path, failing orders included.
 */
const VERDICTS = new Map<number, OrderVerdict>();
const SKIP_MASKS = 2 ** RULE_COUNT;

function verdictOf(failedMask: number, skippedMask: number): OrderVerdict {
  const key = failedMask * SKIP_MASKS + skippedMask;
  let verdict = VERDICTS.get(key);
  if (verdict === undefined) {
    const codes: ViolationCode[] = [];
    for (let place = 0; place < RULE_COUNT; place++)
      if (failedMask & (1 << place)) codes.push((PAIR_RULES[place] as PairRule).code);
    verdict = Object.freeze({
      ok: failedMask === 0,
      codes: codes.length === 0 ? NOTHING : Object.freeze(codes),
      skipped: skipsOf(skippedMask),
    });
    VERDICTS.set(key, verdict);
  }
  return verdict;
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

/**
 * The result of `validateOrder` on a well-formed order for a known pair, or `undefined` when the
 * general path must judge it (see {@link fastJudge}).
 */
export function fastValidate(
  pairOf: (symbol: string) => FastPair | undefined,
  order: unknown,
  context: unknown,
): ValidationResult | undefined {
  if (!fastJudge(pairOf, order, context, true)) return undefined;
  if (failed === 0) return passed(skipped);
  return { ok: false, violations: explained, skipped: skipsOf(skipped) };
}

/**
 * The result of `checkOrder` on a well-formed order for a known pair, or `undefined` when the
 * general path must judge it: the same verdict as {@link fastValidate}, without explanations.
 */
export function fastCheckOrder(
  pairOf: (symbol: string) => FastPair | undefined,
  order: unknown,
  context: unknown,
): OrderVerdict | undefined {
  return fastJudge(pairOf, order, context, false) ? verdictOf(failed, skipped) : undefined;
}

/**
 * Judges a well-formed order for a known pair, leaving what the checks found in `failed` and
 * `skipped`, and when `explaining`, the failures' violations in `explained`; false when the
 * general path must judge it. Each field of the order and of the context is read once, up
 * front, into locals (constant-name loads on a plain record, so a plain order costs no copy);
 * everything after judges those values only. When this path hands the order on after reading
 * it, it hands on what it read too (`handOver`), so that the general path judges the same values
 * and no getter runs twice. Never throws: what reading throws is handed on as well.
 */
function fastJudge(
  pairOf: (symbol: string) => FastPair | undefined,
  order: unknown,
  context: unknown,
  explaining: boolean,
): boolean {
  clearHandOff();
  let symbol: unknown;
  let side: unknown;
  let type: unknown;
  let quantity: unknown;
  let price: unknown;
  let tif: unknown;
  let clientOrderId: unknown;
  try {
    if (!isPlainRecord(order) || !prototypeIsClean()) return false;
    symbol = order.symbol;
    side = order.side;
    type = order.type;
    quantity = order.quantity;
    price = order.price;
    tif = order.timeInForce;
    clientOrderId = order.newClientOrderId;
  } catch (error) {
    handOver(order, context, { kind: 'unreadable', error }, undefined);
    return false;
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
  let judged = false;
  if (contextReading === undefined) {
    try {
      judged = judge(
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
        explaining,
      );
    } catch {
      // Nothing above can throw on values already read; if it ever did, the general path decides.
    }
  }
  if (judged) return true;
  const fields = copiedOrder(symbol, side, type, quantity, price, tif, clientOrderId);
  if (contextReading === undefined && context !== undefined && context !== null)
    contextReading = { kind: 'fields', fields: copiedContext(reference, maxNotional) };
  handOver(
    order,
    context,
    { kind: 'fields', fields },
    contextReading === UNREAD ? undefined : contextReading,
  );
  return false;
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

/** Judges values already read (see {@link fastJudge}); false when the general path must judge them. */
function judge(
  pairOf: (symbol: string) => FastPair | undefined,
  symbol: unknown,
  side: unknown,
  type: unknown,
  quantity: unknown,
  price: unknown,
  tif: unknown,
  clientOrderId: unknown,
  reference: unknown,
  maxNotional: unknown,
  explaining: boolean,
): boolean {
  if (typeof symbol !== 'string') return false;
  const pair = pairOf(symbol);
  if (pair === undefined) return false;
  const buy = side === 'BUY';
  if (!buy && side !== 'SELL') return false;
  const limit = type === 'LIMIT';
  if (!limit && type !== 'MARKET') return false;
  if (tif === undefined ? limit : tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') return false;
  // A well-formed id costs this path nothing (a scan of its units, no allocation); anything else
  // about it (null, a malformed id) is the general path's to judge and word.
  if (clientOrderId !== undefined && !isClientOrderId(clientOrderId)) return false;
  const reading = readOrder(pair, buy, limit, quantity, price, reference, maxNotional);
  if (reading === READ_FAST) {
    if (!dispatch(pair, CHECKS)) return judgeExactly(pair, explaining);
    if (explaining && failed !== 0) explained = explain(pair, failed);
    return true;
  }
  return reading === READ_LONG && judgeExactly(pair, explaining);
}

/** What reading an order's decimals found: all of them in safe integers, */
const READ_FAST = 0;
/** all well-formed, but one past 15 significant digits or a count past 2^53 (the exact checks judge it), */
const READ_LONG = 1;
/** or one that is not for this path at all (malformed, or a price on a MARKET order). */
const NOT_READ = 2;
type Reading = typeof READ_FAST | typeof READ_LONG | typeof NOT_READ;

/** Reads the order's decimals into `read`; says whether they are all in safe integers (see {@link Reading}). */
function readOrder(
  pair: FastPair,
  buy: boolean,
  limit: boolean,
  quantity: unknown,
  price: unknown,
  reference: unknown,
  maxNotional: unknown,
): Reading {
  const o = read;
  o.buy = buy;
  o.limit = limit;
  o.kind = limit ? (buy ? LIMIT_BUY : LIMIT_SELL) : buy ? MARKET_BUY : MARKET_SELL;
  o.quantityRaw = quantity;
  o.priceRaw = price;
  o.referenceRaw = reference;
  o.maxNotionalRaw = maxNotional;
  let reading: Reading = READ_FAST;
  o.reference = Number.NaN;
  if (reference !== undefined) {
    if (readDecimalUnits(reference)) {
      o.reference = lastRead.units;
      o.referenceScale = lastRead.scale;
    } else if (wasLong(reference)) reading = READ_LONG;
    else return NOT_READ;
  }
  o.maxNotional = Number.NaN;
  if (maxNotional !== undefined) {
    if (readDecimalUnits(maxNotional)) {
      o.maxNotional = lastRead.units;
      o.maxNotionalScale = lastRead.scale;
    } else if (wasLong(maxNotional)) reading = READ_LONG;
    else return NOT_READ;
  }
  if (readDecimalUnits(quantity)) {
    const units = lastRead.units;
    o.quantity = units;
    o.quantityScale = lastRead.scale;
    o.quantityPlaces = lastRead.places;
    const up = pair.quantityScale - o.quantityScale;
    if (up >= 0) {
      // A whole count of the pair's quantity unit: its bounds, counted the same way and rounded
      // inward when the pair was compiled, compare with it exactly.
      const count = units * (POW10[up] as number);
      if (count > MAX_SAFE) reading = READ_LONG;
      else o.quantityCount = count;
    } else o.quantityCount = -1;
  } else if (wasLong(quantity)) {
    o.quantity = Number.NaN;
    reading = READ_LONG;
  } else return NOT_READ;
  if (limit) {
    if (readDecimalUnits(price)) {
      o.price = lastRead.units;
      o.priceScale = lastRead.scale;
      o.pricePlaces = lastRead.places;
    } else if (wasLong(price)) {
      o.price = Number.NaN;
      reading = READ_LONG;
    } else return NOT_READ;
  } else {
    if (price !== undefined) return NOT_READ;
    o.price = 0;
  }
  return reading;
}

/**
 * Judges the order in `read` with the rules' exact checks, on exact decimals made from the text
 * as received: for decimals past safe integers, where the fast forms cannot decide. Leaves what
 * they found in `failed`, `skipped` and `explained`, as the fast checks do; false when a rule
 * skips for a reason of its own (a field the pair lacks), which the general path words.
 */
function judgeExactly(pair: FastPair, explaining: boolean): boolean {
  const { order, context } = parsedFromRead(pair);
  failed = 0;
  skipped = 0;
  let violations: Violation[] | undefined;
  for (let place = 0; place < RULE_COUNT; place++) {
    const rule = PAIR_RULES[place] as PairRule;
    const outcome = rule.check(pair.pair, order, context);
    if (outcome === undefined) continue;
    if ('code' in outcome) {
      failed |= 1 << place;
      if (!explaining) continue;
      if (violations === undefined) violations = [outcome];
      else violations.push(outcome);
    } else if (outcome === rule.fastSkip) skipped |= 1 << place;
    else return false;
  }
  if (explaining) explained = violations ?? [];
  return true;
}

/**
 * The violations of the failing rules, in the list's order: each rule's fast explanation, or,
 * when that would pass 2^53, its exact check on the same values.
 */
function explain(pair: FastPair, failed: number): Violation[] {
  // Made from the first violation as a literal of one: nearly every failing order has one, and
  // an empty array's first push reserves room for seventeen (a third of what such an order
  // allocated).
  let violations: Violation[] | undefined;
  let exact: { order: ParsedOrder; context: ParsedContext } | undefined;
  for (let place = 0; place < RULE_COUNT; place++) {
    if ((failed & (1 << place)) === 0) continue;
    const rule = PAIR_RULES[place] as PairRule;
    let violation = rule.explainFast(pair, read, place);
    if (violation === undefined) {
      exact ??= parsedFromRead(pair);
      const outcome = rule.check(pair.pair, exact.order, exact.context);
      if (outcome === undefined || !('code' in outcome)) continue;
      violation = outcome;
    }
    if (violations === undefined) violations = [violation];
    else violations.push(violation);
  }
  return violations ?? [];
}

/** The values read, as the general path holds them, for the exact checks. */
function parsedFromRead(pair: FastPair): { order: ParsedOrder; context: ParsedContext } {
  const o = read;
  const symbol = pair.pair.symbol;
  const side = o.buy ? 'BUY' : 'SELL';
  const quantity = orderDecimal(o.quantityRaw, o.quantity, o.quantityScale);
  // Each shape made whole in one literal: adding a field to an object after it is made costs
  // more than the rest of making it.
  const order: ParsedOrder = o.limit
    ? { symbol, side, type: 'LIMIT', quantity, price: orderDecimal(o.priceRaw, o.price, o.priceScale) }
    : { symbol, side, type: 'MARKET', quantity };
  const reference =
    o.referenceRaw === undefined ? undefined : orderDecimal(o.referenceRaw, o.reference, o.referenceScale);
  const maxNotional =
    o.maxNotionalRaw === undefined
      ? undefined
      : orderDecimal(o.maxNotionalRaw, o.maxNotional, o.maxNotionalScale);
  let context: ParsedContext;
  if (reference === undefined) context = maxNotional === undefined ? {} : { maxNotional };
  else
    context =
      maxNotional === undefined ? { referencePrice: reference } : { referencePrice: reference, maxNotional };
  return { order, context };
}

/**
 * A decimal the fast path read, as the exact checks take it: the text the exchange would receive
 * (the string itself, or `String(n)` for a number) and its value, from the units read or, for a
 * decimal too long for them (NaN units), from the text.
 */
function orderDecimal(raw: unknown, units: number, scale: number): OrderDecimal {
  if (Number.isNaN(units)) {
    const text = typeof raw === 'string' ? raw : String(raw);
    return { text, value: Dec.parse(text) };
  }
  return { text: sentText(raw, units, scale), value: Dec.ofSafe(units, scale) };
}

/**
 * @internal For the rules' own tests: what the fast path reads of a well-formed order and its
 * context for `pair` (a copy, since the path reuses one record), or `undefined` where it would
 * hand the order to the general path.
 */
export function readForRules(
  pair: FastPair,
  order: Readonly<Record<string, unknown>>,
  context: Readonly<Record<string, unknown>> = {},
): FastOrder | undefined {
  const buy = order.side === 'BUY';
  const limit = order.type === 'LIMIT';
  const reading = readOrder(
    pair,
    buy,
    limit,
    order.quantity,
    order.price,
    context.referencePrice,
    context.maxNotional,
  );
  return reading === READ_FAST ? { ...read } : undefined;
}
