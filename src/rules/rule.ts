import type { FastOrder } from '../order/fast-order.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { CompiledPair, FastPair } from '../pair/compiled-pair.js';
import type { SkippedCheck, Violation, ViolationCode } from '../validation/violation-codes.js';

/** What one rule says of one order: a breach, a check it could not make, or nothing. */
export type RuleOutcome = Violation | SkippedCheck | undefined;

/** A rule's fast form passes the order, */
export const PASS = 0;
/** finds it breaks the rule, */
export const FAIL = 1;
/** cannot check it (the rule's one fast skip, {@link PairRule.fastSkip}), */
export const SKIP = 2;
/** or cannot be sure within safe integers: the general path then judges the whole order. */
export const NOT_SURE = 3;
export type FastVerdict = typeof PASS | typeof FAIL | typeof SKIP | typeof NOT_SURE;

/**
 * One rule about a known pair, whole: its code, its exact check, the same decision in safe
 * integers, the same explanation from those integers, and its skip. The one ordered list of
 * rules (`pair-rules.ts`) gives each its place; both paths and `normalizeOrder` run them from
 * that list, so nothing about a rule is written anywhere but in its own module.
 */
export interface PairRule {
  readonly code: ViolationCode;
  /** The exact check on the compiled pair and the parsed order: what the general path runs. */
  check(pair: CompiledPair, order: ParsedOrder, context: ParsedContext): RuleOutcome;
  /** The same decision on what the fast path read, in safe integers. */
  fastCheck(pair: FastPair, order: FastOrder): FastVerdict;
  /**
   * The violation a fast FAIL stands for, identical to the one `check` makes, worked out in
   * safe integers; `undefined` when that would pass 2^53 (then `check` explains). `slot` is the
   * rule's place in the list, where its per-pair parts are kept (see {@link partsOf}).
   */
  explainFast(pair: FastPair, order: FastOrder, slot: number): Violation | undefined;
  /** The skipped check a fast SKIP stands for: the fast form skips for one reason only. */
  readonly fastSkip: SkippedCheck | undefined;
  /**
   * For a rule a rounding can satisfy: the order's field moved onto the pair's grid in the field's
   * direction (a price away from the market, a quantity down), or `undefined` when that leaves
   * nothing (docs/exchange-semantics.md, "Judging an order"). `undefined` for the other rules.
   */
  readonly repair: RuleRepair | undefined;
}

/** A rule's repair: the field it moves and the plain text it moves it to, or nothing. */
export type RuleRepair = (
  pair: CompiledPair,
  order: ParsedOrder,
) => { field: 'price' | 'quantity'; to: string } | undefined;

/** What a rule module states; {@link pairRule} makes it a {@link PairRule}. */
export interface PairRuleDefinition {
  readonly code: ViolationCode;
  readonly check: PairRule['check'];
  readonly fastCheck: PairRule['fastCheck'];
  readonly explainFast: PairRule['explainFast'];
  readonly fastSkip?: SkippedCheck;
  readonly repair?: RuleRepair;
}

/**
 * A rule, every key present in one order: the engine loads a rule's functions from the list,
 * and rules of one shape keep those loads monomorphic.
 */
export function pairRule(rule: PairRuleDefinition): PairRule {
  return Object.freeze({
    code: rule.code,
    check: rule.check,
    fastCheck: rule.fastCheck,
    explainFast: rule.explainFast,
    fastSkip: rule.fastSkip,
    repair: rule.repair,
  });
}

/**
 * The parts of a rule's explanation that depend on the pair alone (limits as text, fixed
 * suggestions), made on the pair's first failure of that rule and kept in its slot, so that a
 * failing order costs little more than a passing one and compiling a book makes none of them.
 */
export function partsOf<T>(pair: FastPair, slot: number, make: (pair: CompiledPair) => T): T {
  let parts = pair.parts[slot] as T | undefined;
  // Stryker disable next-line ConditionalExpression: a cache that only saves time (made afresh, the parts are the same)
  if (parts === undefined) {
    parts = make(pair.pair);
    pair.parts[slot] = parts;
  }
  return parts;
}
