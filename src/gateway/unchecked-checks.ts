import type { SkippedCheck, SkipReason, ViolationCode } from '../index.js';
import { PAIR_RULES } from '../rules/pair-rules.js';

/**
 * Failing closed on checks the library could not make (docs/gateway.md, "Fail closed on missing
 * rules"). A verdict's `skipped` lists each check that applied to the order but could not run,
 * with why (`reason`) and the field it lacked (`field`). A check that does not apply to an order
 * (a price band for a MARKET order, a market size for a LIMIT one, the notional cap without
 * `maxNotional`) is never in `skipped`: the rules return nothing for it. So every skip is one of
 * two kinds:
 *
 * - `rule-field`: the pair's definition lacks a rule field (`NO_RULE_FIELD`: `status`,
 *   `enableTrade`, `maxTradeAmount`, a ratio, ...; `NO_TICK_SIZE`: no `tickSize` and none
 *   inferred from `displayDigitMerge`; `NO_STEP_SIZE`: no `stepSize`). A fresh price will not
 *   help: 503 `rule-unchecked`.
 * - `reference-price`: the order needs a reference price the gateway does not have, or has only
 *   too old (`NO_REFERENCE_PRICE`): 503 `reference-price-missing` / `-stale`, as before.
 *
 * Either kind is let through only for the checks the operator names in `allowUnchecked`, and
 * the second kind for the exchange's price band with `failOpen`: never the notional cap
 * (`NOTIONAL_ABOVE_MAX`, whose MARKET worst case needs the price too), the desk's own limit that
 * the gateway does not start without; `allowUnchecked` can still name it.
 */

/**
 * The checks a verdict can skip, by the code each would produce (the `check` of a skip entry):
 * the names `allowUnchecked` (`--allow-unchecked`) takes, in the order the library runs them.
 *
 * @example
 * ```ts
 * SKIPPABLE_CHECKS.includes('QUANTITY_ABOVE_MAX'); // true
 * SKIPPABLE_CHECKS.includes('UNKNOWN_SYMBOL'); // false: never skipped
 * ```
 */
export const SKIPPABLE_CHECKS: readonly ViolationCode[] = Object.freeze(PAIR_RULES.map((rule) => rule.code));

/**
 * Why a check could not be made, as the gateway treats it: the pair lacks a rule field, or the
 * order lacks a usable reference price.
 *
 * @example
 * ```ts
 * const kind: UncheckedKind = skipKind('NO_STEP_SIZE'); // 'rule-field'
 * ```
 */
export type UncheckedKind = 'rule-field' | 'reference-price';

/**
 * The kind of a skip reason. Exhaustive: a reason added to the library fails the type check
 * here until it is placed.
 *
 * @example
 * ```ts
 * skipKind('NO_REFERENCE_PRICE'); // 'reference-price'
 * ```
 */
export function skipKind(reason: SkipReason): UncheckedKind {
  switch (reason) {
    case 'NO_RULE_FIELD':
    case 'NO_TICK_SIZE':
    case 'NO_STEP_SIZE':
      return 'rule-field';
    case 'NO_REFERENCE_PRICE':
      return 'reference-price';
  }
}

/**
 * The skips that keep an order from being sent: those whose check `allowUnchecked` does not
 * name, less those of the price band for want of a reference price when `failOpen`.
 */
export function uncheckedSkips(
  skipped: readonly SkippedCheck[],
  allowUnchecked: ReadonlySet<ViolationCode>,
  failOpen: boolean,
): readonly SkippedCheck[] {
  if (skipped.length === 0) return skipped;
  return skipped.filter(
    (skip) =>
      !allowUnchecked.has(skip.check) &&
      !(failOpen && skipKind(skip.reason) === 'reference-price' && skip.check !== 'NOTIONAL_ABOVE_MAX'),
  );
}

/** True when one of the skips is for a rule field the pair lacks (not a reference price). */
export function lacksRuleField(skips: readonly SkippedCheck[]): boolean {
  return skips.some((skip) => skipKind(skip.reason) === 'rule-field');
}

/** `QUANTITY_ABOVE_MAX (no maxTradeAmount), PRICE_ABOVE_BUY_LIMIT (no referencePrice)`: for messages and logs. */
export function describeSkips(skips: readonly SkippedCheck[]): string {
  return skips.map((skip) => `${skip.check} (no ${skip.field})`).join(', ');
}

/**
 * The body of a 503 `rule-unchecked`: the exchange's `{ code, msg }` shape, `unchecked` (the
 * skips that kept the order back, each with `check`, `reason`, `field` and `message`) and the
 * verdict's whole `skipped` list.
 */
export function ruleUncheckedBody(
  symbol: unknown,
  unchecked: readonly SkippedCheck[],
  skipped: readonly SkippedCheck[],
): { code: number; msg: string; unchecked: readonly SkippedCheck[]; skipped: readonly SkippedCheck[] } {
  return {
    code: -1001,
    msg: `the gateway cannot check this ${String(symbol)} order against every rule it needs: ${describeSkips(unchecked)}; the order was not sent (allowUnchecked names the checks that may go unchecked)`,
    unchecked,
    skipped,
  };
}

/** What the gateway knew of the order's reference price, for telling a skip in its own words. */
export interface ReferenceState {
  readonly symbol: string;
  /** How old the gateway's price is, when it has one. */
  readonly ageMs: number | undefined;
  /** The gateway's `maxReferenceAgeMs`. */
  readonly maxAgeMs: number;
  /** True when the gateway had a price but too old to use. */
  readonly stale: boolean;
}

/**
 * The answer to an order whose price band went unchecked for want of a usable reference price
 * (too old, or none): 503 `reference-price-stale` or `reference-price-missing`, not sent.
 */
export function referenceUncheckedAnswer(
  reference: ReferenceState,
  skipped: readonly SkippedCheck[],
): {
  reason: 'reference-price-stale' | 'reference-price-missing';
  body: { code: number; msg: string; skipped: readonly SkippedCheck[] };
} {
  const { symbol, stale } = reference;
  const msg = stale
    ? `the gateway's reference price for ${symbol} is ${Math.round(reference.ageMs ?? 0)} ms old (limit ${reference.maxAgeMs} ms): the price band cannot be checked, so the order was not sent`
    : `the gateway has no reference price for ${symbol}: the price band cannot be checked, so the order was not sent`;
  return {
    reason: stale ? 'reference-price-stale' : 'reference-price-missing',
    body: { code: -1001, msg, skipped },
  };
}

/**
 * A skipped check in the gateway's words. The library says what its caller left out
 * (`context.referencePrice`); the gateway is that caller, so a skip for want of a reference
 * price says why the gateway had none: its price for the symbol is too old (its age against
 * `maxReferenceAgeMs`), or it has none. Read from the skip's `reason`, never its wording; a skip
 * for a rule field the exchange did not send is told as the library tells it.
 *
 * @example
 * ```ts
 * gatewaySkip(skip, { symbol: 'BTCUSDT', ageMs: 13_900, maxAgeMs: 10_000, stale: true }).message;
 * // "PRICE_ABOVE_BUY_LIMIT not checked: the gateway's reference price for BTCUSDT is 13900 ms old (limit maxReferenceAgeMs 10000 ms)"
 * ```
 */
export function gatewaySkip(skip: SkippedCheck, state: ReferenceState): SkippedCheck {
  if (skipKind(skip.reason) !== 'reference-price') return skip;
  const why = state.stale
    ? `the gateway's reference price for ${state.symbol} is ${Math.round(state.ageMs ?? 0)} ms old (limit maxReferenceAgeMs ${state.maxAgeMs} ms)`
    : `the gateway has no reference price for ${state.symbol} (referencePrices gave none)`;
  return { ...skip, message: `${skip.check} not checked: ${why}` };
}
