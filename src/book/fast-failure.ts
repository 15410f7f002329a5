import { Dec } from '../decimal/dec.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import { type FastOrder, newFastOrder, sentText } from '../order/fast-order.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import type { FastPair } from '../pair/compiled-pair.js';
import { readFastOrder } from '../pair/read-fast-order.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import type { PairRule } from '../rules/rule.js';
import type { SkippedCheck, ValidationResult, Violation } from '../validation/violation-codes.js';

/**
 * A class whose constructor returns the object it is given: a subclass's private fields then land
 * on that object, so a plain object (prototype `Object.prototype`) can carry hidden state.
 */
class OnObject {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: returning the target is the point: it receives the subclass's private fields.
    return target;
  }
}

/**
 * What a failing verdict of the fast path keeps to explain itself when its violations are first
 * read (README, "Performance"): a caller that only asks `ok`, such as a property test of a
 * strategy or a filter in front of a gateway, pays for no message, limit or suggestion. It keeps
 * the order's values as received (strings and numbers, which cannot change) and reads them again
 * to explain itself, so the violations are those of the order as it was validated, even if the
 * caller changes the order afterwards, and identical to what the general path reports.
 *
 * The state is private fields on the result itself, which stays a plain object: `violations` is
 * an own enumerable property (an accessor), so `JSON.stringify`, spreading, `structuredClone` and
 * strict deep equality (same prototype as any object literal) all see plain data, in the order
 * `ok`, `violations`, `skipped`. Only Node's `console.log` shows `[Getter]` (a class with an
 * inspection hook would have another prototype, and strict equality with a plain result would
 * fail; a hook as an own property costs a second `defineProperty`).
 */
class FailureState extends OnObject {
  readonly #pair: FastPair;
  readonly #failed: number;
  readonly #buy: boolean;
  readonly #limit: boolean;
  readonly #quantity: unknown;
  readonly #price: unknown;
  readonly #reference: unknown;
  readonly #maxNotional: unknown;
  #explained: readonly Violation[] | undefined;

  constructor(result: object, pair: FastPair, order: FastOrder, failed: number) {
    super(result);
    this.#pair = pair;
    this.#failed = failed;
    this.#buy = order.buy;
    this.#limit = order.limit;
    this.#quantity = order.quantityRaw;
    this.#price = order.priceRaw;
    this.#reference = order.referenceRaw;
    this.#maxNotional = order.maxNotionalRaw;
    this.#explained = undefined;
  }

  /** The violations of a result this state was put on, explained on the first read and kept. */
  static violationsOf(result: object): readonly Violation[] {
    const state = result as FailureState;
    state.#explained ??= state.#explain();
    return state.#explained;
  }

  #explain(): readonly Violation[] {
    const order = explaining;
    const pair = this.#pair;
    readFastOrder(
      order,
      pair,
      this.#buy,
      this.#limit,
      this.#quantity,
      this.#price,
      this.#reference,
      this.#maxNotional,
    );
    // Read long after validation, this must not throw where `validateOrder` would not have:
    // were a fast explanation ever to fail, the exact checks explain on the same values.
    try {
      return explain(pair, order, this.#failed, false);
    } catch {
      return explain(pair, order, this.#failed, true);
    }
  }
}

/** The record failures are read back into to be explained (never the one validation uses). */
const explaining: FastOrder = newFastOrder();

/**
 * One shared descriptor: every failure gets the same accessor, so they all share one shape. It is
 * the costliest step of a failure (`defineProperty` is the only way to give a new object an own
 * accessor), and still far cheaper than an explanation nobody reads.
 */
const VIOLATIONS: PropertyDescriptor = Object.freeze({
  get(this: object): readonly Violation[] {
    return FailureState.violationsOf(this);
  },
  enumerable: true,
  configurable: false,
});

/**
 * The result of an order the fast path read into `order` and found failing: `failed` has one
 * bit per failing rule (its place in the list). Only the values as received are kept, not
 * `order`, which the caller goes on reusing.
 */
export function fastFailure(
  pair: FastPair,
  order: FastOrder,
  failed: number,
  skipped: readonly SkippedCheck[],
): ValidationResult {
  const result = { ok: false } as {
    ok: false;
    violations: readonly Violation[];
    skipped: readonly SkippedCheck[];
  };
  Object.defineProperty(result, 'violations', VIOLATIONS);
  result.skipped = skipped;
  new FailureState(result, pair, order, failed);
  return result;
}

/**
 * The violations of the failing rules, in the list's order: each rule's fast explanation, or,
 * when that would pass 2^53 (or `exactOnly`), its exact check on the same values.
 */
function explain(pair: FastPair, order: FastOrder, failed: number, exactOnly: boolean): Violation[] {
  const violations: Violation[] = [];
  let exact: { order: ParsedOrder; context: ParsedContext } | undefined;
  for (let place = 0; place < PAIR_RULES.length; place++) {
    if ((failed & (1 << place)) === 0) continue;
    const rule = PAIR_RULES[place] as PairRule;
    const fast = exactOnly ? undefined : rule.explainFast(pair, order, place);
    if (fast !== undefined) {
      violations.push(fast);
      continue;
    }
    exact ??= parsedFromRead(pair, order);
    const outcome = rule.check(pair.pair, exact.order, exact.context);
    if (outcome !== undefined && 'code' in outcome) violations.push(outcome);
  }
  return violations;
}

/** The values read, as the general path holds them, for the exact checks. */
function parsedFromRead(pair: FastPair, o: FastOrder): { order: ParsedOrder; context: ParsedContext } {
  const decimal = (raw: unknown, units: number, scale: number): OrderDecimal => {
    const text = sentText(raw, units, scale);
    return { text, value: Dec.parse(text) };
  };
  const order: ParsedOrder = {
    symbol: pair.pair.symbol,
    side: o.buy ? 'BUY' : 'SELL',
    type: o.limit ? 'LIMIT' : 'MARKET',
    quantity: decimal(o.quantityRaw, o.quantity, o.quantityScale),
  };
  if (o.limit) order.price = decimal(o.priceRaw, o.price, o.priceScale);
  const context: ParsedContext = {};
  if (!Number.isNaN(o.reference))
    context.referencePrice = decimal(o.referenceRaw, o.reference, o.referenceScale);
  if (!Number.isNaN(o.maxNotional))
    context.maxNotional = decimal(o.maxNotionalRaw, o.maxNotional, o.maxNotionalScale);
  return { order, context };
}
