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
    // Stryker disable next-line BooleanLiteral: explained when not asked, the explanations are never read
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
  } catch (error) /* Stryker disable next-line BlockStatement: a last guard, never reached: the reader never throws */ {
    // Stryker disable next-line ObjectLiteral,ArrayDeclaration,BooleanLiteral: a last guard, never reached: the reader never throws
    return { order: {}, context: {}, violations: [unreadableOrder(error)], unreadable: true };
  }
}

/**
 * Judges an order read the general way: the symbol looked up (`lookup`, when the caller already
 * looked it up), then every rule's exact check, on what was read only. Answers with the parts,
 * for repair and estimate.
 */
export function judgeRead(
  pairs: BookPairs,
  reading: ReadOrder,
  lookup: PairLookup | undefined = lookupOf(pairs, reading),
): JudgedParts {
  const { order, context, violations } = reading;
  // Stryker disable next-line ConditionalExpression: forced false, an unreadable reading has no symbol, so no pair, and the same result follows
  if (reading.unreadable)
    return { result: { ok: false, violations, skipped: [] }, order, context, pair: undefined };
  // A known pair is judged before any fault of the lookup is worded, so that a reading goes down to
  // the violation builder only when it ends there (not down and back up to be judged).
  if (lookup?.kind === 'known') return judgeOnPair(lookup.pair, reading);
  addLookupFault(reading, lookup);
  // No usable definition: the reading's violations, then the lookup's; no rule can run.
  // Stryker disable next-line ConditionalExpression: forced false: with no pair the reading always has a violation (a missing symbol, or the lookup's)
  const result = violations.length === 0 ? PASSED_CLEAN : { ok: false, violations, skipped: [] };
  return { result, order, context, pair: undefined };
}

/** The book's answer for the symbol read, or `undefined` when no symbol was read. */
export function lookupOf(pairs: BookPairs, reading: ReadOrder): PairLookup | undefined {
  const symbol = reading.order.symbol;
  return symbol === undefined ? undefined : pairs.lookup(symbol);
}

/** UNKNOWN_SYMBOL or SYMBOL_DEFINITION_INVALID added to the reading's violations, when the lookup says so. */
function addLookupFault(reading: ReadOrder, lookup: PairLookup | undefined): void {
  const symbol = reading.order.symbol;
  // Stryker disable next-line LogicalOperator,ConditionalExpression: the lookup is undefined exactly when the symbol is (lookupOf), so either test alone returns the same way
  if (symbol === undefined || lookup === undefined) return;
  const fault = checkSymbolKnown(symbol, lookup);
  // Stryker disable next-line ConditionalExpression: forced true, it never pushes undefined: this is called only for a lookup that is not known, which always has its fault
  if (fault !== undefined) reading.violations.push(fault);
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
  } catch (error) /* Stryker disable next-line BlockStatement: a last guard, never reached: the rules judge copied data only */ {
    // The rules judge copied data only; this is a last guard, so that no entry point ever throws.
    const violation = unreadableOrder(error);
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,ArrayDeclaration: a last guard, never reached: the rules judge copied data only
    return { result: { ok: false, violations: [violation], skipped: [] }, order, context, pair };
  }
}

/**
 * The pair of an order read the general way: its symbol looked up, and when it has no usable
 * definition, UNKNOWN_SYMBOL or SYMBOL_DEFINITION_INVALID added to the reading's violations.
 */
export function pairFor(pairs: BookPairs, reading: ReadOrder): CompiledPair | undefined {
  const lookup = lookupOf(pairs, reading);
  if (lookup?.kind === 'known') return lookup.pair;
  addLookupFault(reading, lookup);
  return undefined;
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
  // Stryker disable next-line StringLiteral: wording: the separator between the reasons
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
  // Stryker disable next-line ConditionalExpression: forced false, an absent pair throws below, and the catch hands the order to the general way, to the same verdict
  if (pair === undefined) return false;
  try {
    // Stryker disable next-line ConditionalExpression: forced true, every order is judged exactly, to the same verdict (the fast checks only save time)
    if (read.long || !countQuantity(pair, read)) return judgeExactly(pair, explaining);
    // Stryker disable next-line ConditionalExpression: forced true, every order is judged exactly, to the same verdict (the fast checks only save time)
    if (!dispatch(pair, CHECKS)) return judgeExactly(pair, explaining);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: explained when not asked or when nothing failed, the explanations are never read
    if (explaining && failed !== 0) explained = explain(pair, failed);
    return true;
  } catch /* Stryker disable next-line BlockStatement: a last guard, never reached: nothing here throws on values already read */ {
    // Nothing here can throw on values already read; if it ever did, the general way decides.
    // Stryker disable next-line BooleanLiteral: a last guard, never reached: nothing here throws on values already read
    return false;
  }
}

/**
 * Sets `order.quantityCount` for `pair`: the quantity as a whole count of the pair's quantity
 * unit (its bounds, counted the same way and rounded inward when the pair was compiled, compare
 * with it exactly), or -1 when it has more decimals than that unit. False when the count passes
 * 2^53.
 */
// Stryker disable next-line BlockStatement: emptied, it answers undefined, and every order is judged exactly, to the same verdict
export function countQuantity(pair: FastPair, order: FastOrder): boolean {
  const up = pair.quantityScale - order.quantityScale;
  // Stryker disable next-line ConditionalExpression,BlockStatement: without it the count is NaN (POW10 has no negative index), which every count check takes as it takes -1
  if (up < 0) {
    order.quantityCount = -1;
    // Stryker disable next-line BooleanLiteral: false hands the order to the exact way, to the same verdict
    return true;
  }
  const count = order.quantity * (POW10[up] as number);
  // Stryker disable next-line EqualityOperator: at a count of exactly 2^53 - 1 the exact way judges, to the same verdict
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
  // Stryker disable next-line StringLiteral: the wording of a guard that runs as the module loads
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
  // Stryker disable next-line ConditionalExpression: forced false, a failure is tallied as unsure, and the order is judged exactly, to the same verdict
  if (verdict === FAIL) failed |= bit;
  else if (
    // Stryker disable next-line ConditionalExpression: forced false, a skip is tallied as unsure, and the order is judged exactly, to the same verdict
    verdict === SKIP
  )
    skipped |= bit;
  else unsure = true;
}

/**
 * Runs every rule's fast check on `read`; false when one of them is not sure. The sites are
 * split four to a function because V8 inlines into one function only up to a budget: with all
 * sixteen in one, the later checks and their arithmetic helpers were called rather than inlined,
 * and a call boxes a double argument past 2^31 on the heap (a passing order allocated). Split,
 * a profile of the bench's passing orders shows every check inlined.
 */
// Stryker disable next-line BlockStatement: emptied, it answers undefined, and every order is judged exactly, to the same verdict
function dispatch(pair: FastPair, c: readonly PairRule['fastCheck'][]): boolean {
  failed = 0;
  skipped = 0;
  // Stryker disable next-line BooleanLiteral: every order then judged exactly, to the same verdict
  unsure = false;
  sites0to3(pair, c);
  sites4to7(pair, c);
  sites8to11(pair, c);
  sites12to15(pair, c);
  return !unsure;
}

function sites0to3(pair: FastPair, c: readonly PairRule['fastCheck'][]): void {
  let v = (c[0] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1);
  v = (c[1] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 1);
  v = (c[2] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 2);
  v = (c[3] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 3);
}

function sites4to7(pair: FastPair, c: readonly PairRule['fastCheck'][]): void {
  let v = (c[4] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 4);
  v = (c[5] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 5);
  v = (c[6] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 6);
  v = (c[7] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 7);
}

function sites8to11(pair: FastPair, c: readonly PairRule['fastCheck'][]): void {
  let v = (c[8] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 8);
  v = (c[9] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 9);
  v = (c[10] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 10);
  v = (c[11] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression: forced true, a passing check is tallied as unsure, and the order is judged exactly, to the same verdict (the fast checks only save time)
  if (v !== PASS) tally(v, 1 << 11);
}

// Stryker disable next-line BlockStatement: places 12 to 15 are past the list's 12 rules: their checks always pass
function sites12to15(pair: FastPair, c: readonly PairRule['fastCheck'][]): void {
  let v = (c[12] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a place past the list's rules calls a check that always passes (a tally of it would only hand the order to the exact way, to the same verdict)
  if (v !== PASS) tally(v, 1 << 12);
  v = (c[13] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a place past the list's rules calls a check that always passes (a tally of it would only hand the order to the exact way, to the same verdict)
  if (v !== PASS) tally(v, 1 << 13);
  v = (c[14] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a place past the list's rules calls a check that always passes (a tally of it would only hand the order to the exact way, to the same verdict)
  if (v !== PASS) tally(v, 1 << 14);
  v = (c[15] as PairRule['fastCheck'])(pair, read);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a place past the list's rules calls a check that always passes (a tally of it would only hand the order to the exact way, to the same verdict)
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
    // Stryker disable next-line EqualityOperator: no rule sits at place RULE_COUNT, so its bit is never set
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
/**
 * The verdicts without skips, by which rules failed, in a plain array: nearly every order skips
 * nothing, and an array's element is found in a few nanoseconds where the map's hash takes tens.
 */
const WITHOUT_SKIPS: (OrderVerdict | undefined)[] = new Array<OrderVerdict | undefined>(SKIP_MASKS).fill(
  undefined,
);

function verdictOf(failedMask: number, skippedMask: number): OrderVerdict {
  // Stryker disable next-line ConditionalExpression,BlockStatement: forced false or emptied, the verdict is found in VERDICTS, the same one (the array only saves time)
  if (skippedMask === 0) {
    const verdict = WITHOUT_SKIPS[failedMask];
    // Stryker disable next-line ConditionalExpression: forced false, the verdict is found in VERDICTS, the same one (the array only saves time)
    if (verdict !== undefined) return verdict;
  }
  // Stryker disable next-line ArithmeticOperator: F × 2^12 − S and F / 2^12 + S are one-to-one too, for masks below 2^12 (the 12 rules)
  const key = failedMask * SKIP_MASKS + skippedMask;
  let verdict = VERDICTS.get(key);
  if (verdict === undefined) {
    const codes: ViolationCode[] = [];
    // Stryker disable next-line EqualityOperator: no rule sits at place RULE_COUNT, so its bit is never set
    for (let place = 0; place < RULE_COUNT; place++)
      if (failedMask & (1 << place)) codes.push((PAIR_RULES[place] as PairRule).code);
    verdict = Object.freeze({
      ok: failedMask === 0,
      codes: codes.length === 0 ? NOTHING : Object.freeze(codes),
      skipped: skipsOf(skippedMask),
    });
    VERDICTS.set(key, verdict);
    // Stryker disable next-line ConditionalExpression: forced false, the array stays empty and VERDICTS answers, the same verdict (the array only saves time)
    if (skippedMask === 0) WITHOUT_SKIPS[failedMask] = verdict;
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
  // Stryker disable BooleanLiteral: the loop's `return false` is never reached: a pair with a fast form has every rule field, so an exact check skips only as its fast form does (a range: a comment before an else is not read)
  for (let place = 0; place < RULE_COUNT; place++) {
    const rule = PAIR_RULES[place] as PairRule;
    const outcome = rule.check(pair.pair, order, context);
    if (outcome === undefined) continue;
    if ('code' in outcome) {
      failed |= 1 << place;
      // Stryker disable next-line ConditionalExpression: forced false, the violations are gathered when not asked, and never read
      if (!explaining) continue;
      if (violations === undefined) violations = [outcome];
      else violations.push(outcome);
    } else if (
      // Stryker disable next-line ConditionalExpression: forced true, the same skip: a pair with a fast form has every rule field, so an exact check skips only as its fast form does
      outcome === rule.fastSkip
    )
      skipped |= 1 << place;
    else return false;
  }
  // Stryker restore BooleanLiteral
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: explained when not asked, or filled when nothing failed, the explanations are never read
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
  // Stryker disable next-line EqualityOperator: no rule sits at place RULE_COUNT, so its bit is never set
  for (let place = 0; place < RULE_COUNT; place++) {
    if ((failed & (1 << place)) === 0) continue;
    const rule = PAIR_RULES[place] as PairRule;
    let violation = rule.explainFast(pair, read, place);
    // Stryker disable next-line ConditionalExpression: forced true, the rule's exact check explains it, with the same violation
    if (violation === undefined) {
      exact ??= exactOfFast(read);
      const outcome = rule.check(pair.pair, exact.order, exact.context);
      // Stryker disable next-line ConditionalExpression,LogicalOperator: the exact check of a rule whose fast check failed fails too
      if (outcome === undefined || !('code' in outcome)) continue;
      violation = outcome;
    }
    if (violations === undefined) violations = [violation];
    else violations.push(violation);
  }
  // Stryker disable next-line ArrayDeclaration: explain is asked only when a rule failed, so the list is never empty
  return violations ?? [];
}
