import { MAX_SAFE, POW10 } from '../decimal/safe-integers.js';
import { describeValue } from '../errors/preflight-error.js';
import type { RejectedDefinition } from '../exchange-info/schema.js';
import type { ClientOrderIdRule } from '../order/client-order-id.js';
import { exactOfFast, readFastGenerally } from '../order/exact-of-fast.js';
import { type FastOrder, newFastOrder } from '../order/fast-order.js';
import type { ReadOrder } from '../order/order-reading.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import { unreadableOrder } from '../order/read-generally.js';
import { readOrder } from '../order/read-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import { respelledOnGrid } from '../rules/respelled-on-grid.js';
import { FAIL, type FastVerdict, PASS, type PairRule, SKIP } from '../rules/rule.js';
import { violationOf } from '../validation/violation.js';
import type {
  OrderVerdict,
  SkippedCheck,
  ValidationResult,
  Violation,
  ViolationCode,
} from '../validation/violation-codes.js';

/**
 * The one judge: decides an order against a compiled pair and answers with violations
 * (`validateOrder`), codes (`checkOrder`) or the parts (`normalizeOrder`, `estimateOrder`). The
 * order is read once, by the one reader (`order/read-order.ts`), and judged on what it returned:
 *
 * - read the fast way (a well-formed order in a plain record, every decimal in safe integers),
 *   each rule's fast form decides its rule on safe-integer units, and a passing order allocates
 *   nothing (it gets a shared frozen result); a failing one is explained by the failing rules'
 *   own fast explanations, or, past 2^53, by their exact checks;
 * - read the fast way but with a decimal past safe integers (17 to 40 significant digits, a count
 *   past 2^53), or with a fast check not sure, it is judged by the rules' exact checks on the
 *   values read ({@link judgeExactly});
 * - anything else (a malformed or missing field, an odd object, an unknown symbol) is judged on
 *   the general reading, which words every fault.
 *
 * The fast ways can only be faster, never different: properties hold all three to one verdict.
 */

/** What the book knows of a symbol. */
export type PairLookup =
  | { readonly kind: 'known'; readonly pair: CompiledPair }
  | { readonly kind: 'rejected'; readonly rejected: RejectedDefinition }
  | { readonly kind: 'unknown'; readonly near?: string };

/**
 * The pairs of a book, as the judge asks for them: the fast ways ask `fast` alone, and the general
 * way looks up through `lookup` every symbol it reads (so watching the two tells which way judged).
 */
export interface BookPairs {
  /** The fast form of a known, usable pair. */
  readonly fast: (symbol: string) => FastPair | undefined;
  readonly lookup: (symbol: string) => PairLookup;
  /** The book's `clientOrderIds` rule, which the reader holds ids to (`'length'` when absent). */
  readonly clientOrderIds?: ClientOrderIdRule;
}

/** An order judged whole, the general way: its verdict and the parts it was judged on. */
export interface JudgedParts {
  readonly result: ValidationResult;
  readonly order: ParsedOrder;
  readonly context: ParsedContext;
  /** The pair, when the symbol has a usable definition. */
  readonly pair: CompiledPair | undefined;
}

/** The one record every order is read into (the judge's scratch; nothing outlives a call). */
const read: FastOrder = newFastOrder();

/**
 * `validateOrder`: every violation found, in a stable order, with its explanation. Never throws.
 */
export function validateWith(pairs: BookPairs, order: unknown, context: unknown): ValidationResult {
  const reading = readSafely(order, context, pairs.clientOrderIds);
  if (reading === read) {
    if (judgeFast(pairs.fast(read.symbol), true)) return fastResult();
    return judgeRead(pairs, readFastGenerally(read, pairs.clientOrderIds)).result;
  }
  return judgeRead(pairs, reading as ReadOrder).result;
}

/**
 * The record the fast reading fills: the contract book's fast reading (order/fast-contract-read.ts)
 * fills it with a contract order's shared fields, and {@link judgeFastRead} judges it.
 */
export const FAST_READ: FastOrder = read;

/**
 * Judges the order already read into {@link FAST_READ} the fast way for its pair's fast form (the
 * caller looked the symbol up), leaving what was found for
 * {@link fastValidation}, {@link fastVerdict}, {@link fastFailed} and {@link fastSkipped}; false
 * when the general way must judge it.
 */
export function judgeFastRead(pair: FastPair | undefined, explaining: boolean): boolean {
  return judgeFast(pair, explaining);
}

/** After {@link judgeFastRead}: `validateOrder`'s result (shared and frozen when it passes). */
export function fastValidation(): ValidationResult {
  return fastResult();
}

/** After {@link judgeFastRead}: `checkOrder`'s verdict (shared and frozen). */
export function fastVerdict(): OrderVerdict {
  return verdictOf(failed, skipped);
}

/** After {@link judgeFastRead}: the rules that failed, one bit per place in `PAIR_RULES`. */
export function fastFailed(): number {
  return failed;
}

/** After {@link judgeFastRead}: the rules that skipped, one bit per place in `PAIR_RULES`. */
export function fastSkipped(): number {
  return skipped;
}

/** The result of what the fast ways just found: shared and frozen when the order passes. */
function fastResult(): ValidationResult {
  return failed === 0 ? passed(skipped) : { ok: false, violations: explained, skipped: skipsOf(skipped) };
}

/**
 * `checkOrder`: the verdict of {@link validateWith} without its explanations. A fast verdict is
 * shared and frozen, so that a failing order allocates nothing either.
 */
export function checkWith(pairs: BookPairs, order: unknown, context: unknown): OrderVerdict {
  const reading = readSafely(order, context, pairs.clientOrderIds);
  if (reading === read) {
    if (judgeFast(pairs.fast(read.symbol), false)) return verdictOf(failed, skipped);
    return verdictOfResult(judgeRead(pairs, readFastGenerally(read, pairs.clientOrderIds)).result);
  }
  return verdictOfResult(judgeRead(pairs, reading as ReadOrder).result);
}

/** The reader's answer; the reader never throws, and this is a last guard that no entry point does. */
function readSafely(
  order: unknown,
  context: unknown,
  idRule: ClientOrderIdRule | undefined,
): FastOrder | ReadOrder {
  try {
    return readOrder(order, context, read, idRule);
  } catch (error) {
    return { order: {}, context: {}, violations: [unreadableOrder(error)], unreadable: true };
  }
}

/**
 * Judges an order read the general way: the symbol looked up, then every rule's exact check, on
 * what was read only. Answers with the parts, for repair and estimate.
 */
export function judgeRead(pairs: BookPairs, reading: ReadOrder): JudgedParts {
  const { order, context, violations } = reading;
  if (reading.unreadable)
    return { result: { ok: false, violations, skipped: [] }, order, context, pair: undefined };
  const pair = pairFor(pairs, reading);
  if (pair !== undefined) return judgeOnPair(pair, reading);
  // No usable definition: the reading's violations, then the lookup's (pairFor added it); no rule can run.
  const result = violations.length === 0 ? PASSED_CLEAN : { ok: false, violations, skipped: [] };
  return { result, order, context, pair: undefined };
}

/**
 * Judges an order read the general way for a known pair: every rule's exact check, on what was
 * read only (`normalizeOrder` judges its readings so, the pair looked up once).
 */
export function judgeOnPair(pair: CompiledPair, reading: ReadOrder): JudgedParts {
  const { order, context, violations } = reading;
  try {
    const skipped: SkippedCheck[] = [];
    for (let i = 0; i < violations.length; i++)
      violations[i] = respelledOnGrid(pair, order, violations[i] as Violation);
    for (const rule of PAIR_RULES) {
      const outcome = rule.check(pair, order, context);
      if (outcome === undefined) continue;
      if ('code' in outcome) violations.push(outcome);
      else skipped.push(outcome);
    }
    const result =
      violations.length === 0 && skipped.length === 0
        ? PASSED_CLEAN
        : { ok: violations.length === 0, violations, skipped };
    return { result, order, context, pair };
  } catch (error) {
    // The rules judge copied data only; this is a last guard, so that no entry point ever throws.
    const violation = unreadableOrder(error);
    return { result: { ok: false, violations: [violation], skipped: [] }, order, context, pair };
  }
}

/**
 * The pair of an order read the general way: its symbol looked up, and when it has no usable
 * definition, UNKNOWN_SYMBOL or SYMBOL_DEFINITION_INVALID added to the reading's violations.
 */
export function pairFor(pairs: BookPairs, reading: ReadOrder): CompiledPair | undefined {
  const symbol = reading.order.symbol;
  if (symbol === undefined) return undefined;
  const lookup = pairs.lookup(symbol);
  const unknown = checkSymbolKnown(symbol, lookup);
  if (unknown !== undefined) reading.violations.push(unknown);
  return lookup.kind === 'known' ? lookup.pair : undefined;
}

/** UNKNOWN_SYMBOL and SYMBOL_DEFINITION_INVALID: the symbol has a usable definition. */
export function checkSymbolKnown(symbol: string, lookup: PairLookup): Violation | undefined {
  if (lookup.kind === 'known') return undefined;
  if (lookup.kind === 'unknown')
    return lookup.near === undefined
      ? violationOf(
          'UNKNOWN_SYMBOL',
          'symbol',
          `symbol ${describeValue(symbol, 40)} has no definition in the rule book`,
        )
      : violationOf(
          'UNKNOWN_SYMBOL',
          'symbol',
          `symbol ${describeValue(symbol, 40)} has no definition in the rule book; did you mean ${lookup.near}?`,
          undefined,
          undefined,
          [lookup.near],
        );
  const reasons = lookup.rejected.reasons.map((r) => `${r.path}: ${r.message}`).join('; ');
  return violationOf(
    'SYMBOL_DEFINITION_INVALID',
    'symbol',
    `the definition of symbol ${symbol} (${reasons}) was set aside as malformed`,
  );
}

/**
 * The verdict of a whole result, for the orders judged the general way: the same `ok` and
 * `skipped`, and the codes of its violations in their order. Frozen like the fast verdicts, so
 * that no caller can tell the ways apart.
 */
function verdictOfResult(result: ValidationResult): OrderVerdict {
  return Object.freeze({
    ok: result.ok,
    codes: Object.freeze(result.violations.map((violation): ViolationCode => violation.code)),
    // A general result is made for this call alone (or is the shared frozen pass): its list can
    // be frozen as it is.
    skipped: Object.freeze(result.skipped),
  });
}

/**
 * Judges the order in `read` for `pair`, leaving what the checks found in `failed` and
 * `skipped`, and when `explaining`, the failures' violations in `explained`; false when it must
 * be judged the general way (an unknown pair, a rule that skips for a reason of its own).
 */
function judgeFast(pair: FastPair | undefined, explaining: boolean): boolean {
  if (pair === undefined) return false;
  try {
    if (read.long || !countQuantity(pair, read)) return judgeExactly(pair, explaining);
    if (!dispatch(pair, CHECKS)) return judgeExactly(pair, explaining);
    if (explaining && failed !== 0) explained = explain(pair, failed);
    return true;
  } catch {
    // Nothing here can throw on values already read; if it ever did, the general way decides.
    return false;
  }
}

/**
 * Sets `order.quantityCount` for `pair`: the quantity as a whole count of the pair's quantity
 * unit (its bounds, counted the same way and rounded inward when the pair was compiled, compare
 * with it exactly), or -1 when it has more decimals than that unit. False when the count passes
 * 2^53.
 */
export function countQuantity(pair: FastPair, order: FastOrder): boolean {
  const up = pair.quantityScale - order.quantityScale;
  if (up < 0) {
    order.quantityCount = -1;
    return true;
  }
  const count = order.quantity * (POW10[up] as number);
  if (count > MAX_SAFE) return false;
  order.quantityCount = count;
  return true;
}

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
 * Judges the order in `read` with the rules' exact checks, on exact decimals made from the text
 * as received: for decimals past safe integers, where the fast forms cannot decide. Leaves what
 * they found in `failed`, `skipped` and `explained`, as the fast checks do; false when a rule
 * skips for a reason of its own (a field the pair lacks), which the general way words.
 */
function judgeExactly(pair: FastPair, explaining: boolean): boolean {
  const { order, context } = exactOfFast(read);
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
      exact ??= exactOfFast(read);
      const outcome = rule.check(pair.pair, exact.order, exact.context);
      if (outcome === undefined || !('code' in outcome)) continue;
      violation = outcome;
    }
    if (violations === undefined) violations = [violation];
    else violations.push(violation);
  }
  return violations ?? [];
}
