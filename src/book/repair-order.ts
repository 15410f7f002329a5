import type { OrderInput } from '../order/order-input.js';
import type { ReadOrder } from '../order/order-reading.js';
import type { ParsedOrder } from '../order/parsed-order.js';
import { byFaultPlace, readDecimalField } from '../order/read-generally.js';
import { readWholeOrder } from '../order/read-order.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import type { RuleRepair } from '../rules/rule.js';
import type { Violation, ViolationCode } from '../validation/violation-codes.js';
import { type BookPairs, judgeOnPair, judgeRead, lookupOf } from './judge-order.js';

/**
 * One change `normalizeOrder` made, named by the rule that required it. `from` is the value as
 * it would have been sent, `to` the plain decimal string that replaces it.
 *
 * @example
 * ```ts
 * // { field: 'price', from: '100.005', to: '100', code: 'PRICE_TICK' }
 * ```
 */
export interface OrderChange {
  readonly field: 'price' | 'quantity';
  readonly from: string;
  readonly to: string;
  readonly code: ViolationCode;
}

/**
 * What {@link normalizeOrder} returns: the repaired order, which `validateOrder` accepts, or the
 * violations that no rounding can repair.
 *
 * @example
 * ```ts
 * const r: NormalizeResult = normalizeOrder(book, order, context);
 * if (r.ok) send(r.order); else reject(r.violations);
 * ```
 */
export type NormalizeResult =
  | {
      readonly ok: true;
      /** The order to send: its own fields as read, `price` and `quantity` as plain text. */
      readonly order: OrderInput;
      readonly changes: readonly OrderChange[];
    }
  | {
      readonly ok: false;
      readonly violations: readonly Violation[];
      /** The roundings that were tried before the remaining violations were found. */
      readonly changes: readonly OrderChange[];
    };

/**
 * `normalizeOrder` (its documentation is on the function the package exports): the order read
 * once and judged; when it fails on a known pair, that reading with its decimals respelled is
 * judged, each field a rounding can satisfy is moved by the repair of the rule the judge found
 * broken, and the reading with the moved fields is judged again. Every verdict and the order
 * returned are made from that one reading, and the pair is looked up once.
 */
export function repairWith(pairs: BookPairs, order: unknown, context: unknown): NormalizeResult {
  const whole = readWholeOrder(order, context, pairs.clientOrderIds);
  const plain = whole.plain;
  // Looked up once: the known pair is judged here, any other answer by judgeRead below.
  const lookup = lookupOf(pairs, whole.reading);
  // Stryker disable next-line ConditionalExpression: forced true, the same: an order with no plain copy is not a record, so no symbol is read and no pair is known
  if (plain !== undefined && lookup?.kind === 'known') {
    const pair = lookup.pair;
    const firstParts = judgeOnPair(pair, unjudged(whole.reading));
    const first = firstParts.result;
    // Stryker disable next-line ConditionalExpression: forced false, a passing order goes on and comes back as it was (a passing order has nothing respelled and no rule to repair)
    if (first.ok) return { ok: true, order: plain as unknown as OrderInput, changes: [] };

    // The judge's parts of the order as respelled: the first failing rule that a rounding
    // satisfies moves its field (a tick before a precision, a step before a precision).
    const respelled = whole.respelledReading;
    // Nothing respelled: the reading is the one just judged, and its parts serve.
    // Stryker disable next-line ConditionalExpression: forced false, the same reading is judged again, to the same parts
    const parts = respelled === whole.reading ? firstParts : judgeOnPair(pair, unjudged(respelled));
    const repaired = { ...whole.respelled };
    const changes: OrderChange[] = whole.respellings.map((r) => ({ ...r, code: 'INVALID_FIELD' }));
    const moved: ParsedOrder = { ...respelled.order };
    // Stryker disable next-line MethodExpression: uncopied, the list is changed only after the readings that use it were judged
    const faults = respelled.violations.slice();
    const movedFields = new Set<string>();
    for (const violation of parts.result.violations) {
      const repair = repairOf(violation.code)?.(pair, parts.order);
      if (repair === undefined || movedFields.has(repair.field)) continue;
      movedFields.add(repair.field);
      changes.push({
        field: repair.field,
        // A field a repair moves was respelled as plain text already.
        from: String(repaired[repair.field]),
        to: repair.to,
        code: violation.code,
      });
      repaired[repair.field] = repair.to;
      // The moved field, read as the general reading reads it (a field a repair moves was read
      // without a fault, so only a fault of the new value can join the reading's).
      const read = readDecimalField(repair.field, repair.to);
      // Stryker disable next-line ConditionalExpression,BlockStatement: a guard: a repair's value is plain text on the grid, which always reads
      if (!('decimal' in read)) {
        delete moved[repair.field];
        faults.push(read.violation);
      } else moved[repair.field] = read.decimal;
    }
    const final =
      // Stryker disable next-line ConditionalExpression: forced false, the reading is judged again unmoved, to the same verdict
      movedFields.size === 0
        ? parts.result
        : // Stryker disable next-line MethodExpression: the faults are in place order already (a moved value always reads, above)
          judgeOnPair(pair, { ...respelled, order: moved, violations: faults.sort(byFaultPlace) }).result;
    return final.ok
      ? { ok: true, order: repaired as unknown as OrderInput, changes }
      : { ok: false, violations: final.violations, changes };
  }
  // Not a record, or no usable definition for its symbol: the verdict as read is the answer, a
  // refusal (the reading or the lookup has a violation).
  return { ok: false, violations: judgeRead(pairs, whole.reading, lookup).result.violations, changes: [] };
}

/**
 * A reading as the judge takes it: the judge adds to its violations, and a reading held is
 * judged more than once (as read, then respelled), so each judging gets its own list.
 */
function unjudged(reading: ReadOrder): ReadOrder {
  return { ...reading, violations: reading.violations.slice() };
}

/** The repair of the rule a code belongs to, if a rounding can satisfy it. */
function repairOf(code: ViolationCode): RuleRepair | undefined {
  return PAIR_RULES.find((rule) => rule.code === code)?.repair;
}
