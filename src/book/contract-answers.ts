import type { ContractRule } from '../rules/contract-rule.js';
import { CONTRACT_RULES } from '../rules/contract-rules.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import {
  type ContractOrderVerdict,
  type ContractSkippedCheck,
  type ContractValidationResult,
  type ContractViolationCode,
  skipInContractTerms,
} from '../validation/contract-codes.js';
import type { OrderVerdict, SkippedCheck } from '../validation/violation-codes.js';

/**
 * The answers a contract book shares: a passing `validateOrder` result, and any `checkOrder`
 * verdict of an order whose contract fields had no fault, depend only on the spot judge's answer
 * (itself shared, per set of failed and skipped rules, on its fast path), which contract rules
 * failed, the one contract skip (or none), and whether the order is an algo order. So each is
 * made once, frozen, and every book shares it: a contract order allocates no answer, failing or
 * not, as a spot order does not.
 */

const NOTHING: readonly never[] = Object.freeze([]);

/** The band's skips, which an algo order drops (the band does not apply to it). */
const isBandSkip = (s: SkippedCheck): boolean =>
  s.check === 'PRICE_ABOVE_BUY_LIMIT' || s.check === 'PRICE_BELOW_SELL_LIMIT';

/** Spot's skips in contract terms, the band's dropped on algo orders; then the contract rule's. */
export function contractSkips(
  spotSkipped: readonly SkippedCheck[],
  algo: boolean,
  own?: ContractSkippedCheck,
): ContractSkippedCheck[] {
  const out: ContractSkippedCheck[] = [];
  for (const s of spotSkipped) {
    if (algo && isBandSkip(s)) continue;
    const skip = skipInContractTerms(s);
    if (skip !== null) out.push(skip);
  }
  if (own !== undefined) out.push(own);
  return out;
}

/** The answers of an order that passed every rule with nothing skipped. */
export const CLEAN_PASS: ContractValidationResult = Object.freeze({
  ok: true,
  violations: NOTHING,
  skipped: NOTHING,
});
export const CLEAN_VERDICT: ContractOrderVerdict = Object.freeze({
  ok: true,
  codes: NOTHING,
  skipped: NOTHING,
});

// Stryker disable next-line ConditionalExpression: forced false, an empty list frozen is equal to NOTHING (sharing it only saves memory)
const frozen = <T>(list: T[]): readonly T[] => (list.length === 0 ? NOTHING : Object.freeze(list));

/**
 * The contract skips seen, numbered from 1 (0 is none) as first seen: a contract rule skips with
 * one of its few frozen skips, so the list stays short, and a number keys the answers below.
 */
const OWN_SKIPS: ContractSkippedCheck[] = [];

function skipNumber(own: ContractSkippedCheck | undefined): number {
  // Stryker disable next-line ConditionalExpression: forced false, no skip is numbered once as a skip is, and keys its answers as one-to-one
  if (own === undefined) return 0;
  let at = OWN_SKIPS.indexOf(own);
  // Stryker disable next-line ArithmeticOperator: + 1 numbers every skip two higher, still one-to-one
  if (at === -1) at = OWN_SKIPS.push(own) - 1;
  return at + 1;
}

/** The answers kept for one spot answer (a skip list, a verdict), made when first asked. */
function answersOf<K extends object, V>(answers: WeakMap<K, Map<number, V>>, spot: K): Map<number, V> {
  let found = answers.get(spot);
  if (found === undefined) {
    found = new Map();
    answers.set(spot, found);
  }
  return found;
}

/** Passing results by the spot skip list, then the contract skip's number × 2 + algo (1) or not. */
const PASSES = new WeakMap<readonly SkippedCheck[], Map<number, ContractValidationResult>>();
/** The last passing result given, and what it was for: a stream of orders mostly repeats one. */
const lastPass = {
  spot: undefined as readonly SkippedCheck[] | undefined,
  key: -1,
  result: undefined as ContractValidationResult | undefined,
};

/** `validateOrder`'s passing result for an order the spot judge and the contract rules passed. */
export function sharedPass(
  spotSkipped: readonly SkippedCheck[],
  own: ContractSkippedCheck | undefined,
  algo: boolean,
): ContractValidationResult {
  const key = skipNumber(own) * 2 + (algo ? 1 : 0);
  const last = lastPass;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the last answer only saves time; no result is kept before a spot list is, and none matches undefined
  if (last.spot === spotSkipped && last.key === key && last.result !== undefined) return last.result;
  const byKey = answersOf(PASSES, spotSkipped);
  let result = byKey.get(key);
  if (result === undefined) {
    const skipped = frozen(contractSkips(spotSkipped, algo, own));
    result = Object.freeze({ ok: true, violations: NOTHING, skipped });
    byKey.set(key, result);
  }
  last.spot = spotSkipped;
  last.key = key;
  last.result = result;
  return result;
}

/**
 * Verdicts by the spot verdict, then the contract skip's number, the failed contract rules (one bit
 * per place in `CONTRACT_RULES`) and algo or not, as one number.
 */
const VERDICTS = new WeakMap<OrderVerdict, Map<number, ContractOrderVerdict>>();
const lastVerdict = {
  spot: undefined as OrderVerdict | undefined,
  key: -1,
  verdict: undefined as ContractOrderVerdict | undefined,
};

/**
 * `checkOrder`'s verdict for an order whose contract fields had no fault: the spot verdict's codes
 * (but MARKET_SIZE_ABOVE_MAX, which a contract's own open cap replaces), then the failed contract
 * rules', and the skips.
 */
export function sharedVerdict(
  spot: OrderVerdict,
  failedRules: number,
  own: ContractSkippedCheck | undefined,
  algo: boolean,
): ContractOrderVerdict {
  const key = (skipNumber(own) * 2 ** CONTRACT_RULES.length + failedRules) * 2 + (algo ? 1 : 0);
  const last = lastVerdict;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the last answer only saves time; no verdict is kept before a spot verdict is, and none matches undefined
  if (last.spot === spot && last.key === key && last.verdict !== undefined) return last.verdict;
  const byKey = answersOf(VERDICTS, spot);
  let verdict = byKey.get(key);
  // Stryker disable next-line ConditionalExpression: forced true, the same verdict made again (the map only saves time)
  if (verdict === undefined) {
    const codes: ContractViolationCode[] = [];
    for (const code of spot.codes)
      if (code !== 'MARKET_SIZE_ABOVE_MAX') codes.push(code as ContractViolationCode);
    // Stryker disable next-line EqualityOperator: no contract rule sits at place CONTRACT_RULES.length, so its bit is never set
    for (let place = 0; place < CONTRACT_RULES.length; place++)
      if (failedRules & (1 << place)) codes.push((CONTRACT_RULES[place] as ContractRule).code);
    const skipped = frozen(contractSkips(spot.skipped, algo, own));
    verdict = Object.freeze({ ok: codes.length === 0, codes: frozen(codes), skipped });
    byKey.set(key, verdict);
  }
  last.spot = spot;
  last.key = key;
  last.verdict = verdict;
  return verdict;
}

/**
 * The spot rules whose fast skip a contract keeps, one bit per place in `PAIR_RULES`: the others
 * (the status, trade switch and written places a contract does not have) skip on every contract
 * order and say nothing in contract terms, so they do not make an answer any less clean.
 */
const KEPT_SKIPS = PAIR_RULES.reduce(
  (mask, rule, place) =>
    rule.fastSkip !== undefined && skipInContractTerms(rule.fastSkip) !== null ? mask | (1 << place) : mask,
  0,
);

/**
 * Whether an order the fast way judged passed every rule with nothing skipped that a contract
 * reports (`spotFailed`, `spotSkipped`: the spot judge's masks), as most orders do: its answer is
 * then {@link CLEAN_PASS} or {@link CLEAN_VERDICT}, with no look-up at all.
 */
export function passedClean(
  spotFailed: number,
  spotSkipped: number,
  failedRules: number,
  own: ContractSkippedCheck | undefined,
): boolean {
  return spotFailed === 0 && (spotSkipped & KEPT_SKIPS) === 0 && failedRules === 0 && own === undefined;
}

/**
 * The verdicts of the fast way's orders that skipped nothing a contract reports and failed no
 * contract rule, by the
 * spot rules that failed (one bit per place in `PAIR_RULES`): in a plain array, since nearly every
 * failing order is one of these, and an element is found in a few instructions where the maps
 * above take a few hundred.
 */
const BY_SPOT_FAILURES: (ContractOrderVerdict | undefined)[] = new Array<ContractOrderVerdict | undefined>(
  2 ** PAIR_RULES.length,
).fill(undefined);

/**
 * {@link sharedVerdict} of an order the fast way judged: `spotFailed` and `spotSkipped` are the
 * spot judge's masks, `spot` its verdict (`fastVerdict`, asked only when it is needed).
 */
export function fastSharedVerdict(
  spotFailed: number,
  spotSkipped: number,
  spot: () => OrderVerdict,
  failedRules: number,
  own: ContractSkippedCheck | undefined,
): ContractOrderVerdict {
  if ((spotSkipped & KEPT_SKIPS) !== 0 || failedRules !== 0 || own !== undefined)
    return sharedVerdict(spot(), failedRules, own, false);
  if (spotFailed === 0) return CLEAN_VERDICT;
  let verdict = BY_SPOT_FAILURES[spotFailed];
  if (verdict === undefined) {
    verdict = sharedVerdict(spot(), 0, undefined, false);
    BY_SPOT_FAILURES[spotFailed] = verdict;
  }
  return verdict;
}
