import type { OrderInput } from '../order/order-input.js';
import type { ReadOrder } from '../order/order-reading.js';
import { withDecimal } from '../order/read-generally.js';
import { readWholeOrder } from '../order/read-order.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import type { RuleRepair } from '../rules/rule.js';
import type { Violation, ViolationCode } from '../validation/violation-codes.js';
import { type BookPairs, judgeRead } from './judge-order.js';

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
 * once, judged; then the reading with its decimals respelled judged, each field a rounding can
 * satisfy moved by the repair of the rule the judge found broken, and the reading with the moved
 * fields judged again. Every verdict and the order returned are made from that one reading.
 */
export function repairWith(pairs: BookPairs, order: unknown, context: unknown): NormalizeResult {
  const whole = readWholeOrder(order, context);
  const first = judgeRead(pairs, unjudged(whole.reading)).result;
  const plain = whole.plain;
  if (plain === undefined || first.ok)
    return plain !== undefined && first.ok
      ? { ok: true, order: plain as unknown as OrderInput, changes: [] }
      : { ok: false, violations: first.violations, changes: [] };

  // The judge's parts of the order as respelled: the first failing rule that a rounding
  // satisfies moves its field (a tick before a precision, a step before a precision).
  const parts = judgeRead(pairs, unjudged(whole.respelledReading));
  const pair = parts.pair;
  if (pair === undefined) return { ok: false, violations: first.violations, changes: [] };
  const repaired = { ...whole.respelled };
  const changes: OrderChange[] = whole.respellings.map((r) => ({ ...r, code: 'INVALID_FIELD' }));
  const moved = new Set<string>();
  let reading = whole.respelledReading;
  for (const violation of parts.result.violations) {
    const repair = repairOf(violation.code)?.(pair, parts.order);
    if (repair === undefined || moved.has(repair.field)) continue;
    moved.add(repair.field);
    const from = repaired[repair.field];
    changes.push({
      field: repair.field,
      from: typeof from === 'string' ? from : String(from),
      to: repair.to,
      code: violation.code,
    });
    repaired[repair.field] = repair.to;
    reading = withDecimal(reading, repair.field, repair.to);
  }
  const final = moved.size === 0 ? parts.result : judgeRead(pairs, reading).result;
  return final.ok
    ? { ok: true, order: repaired as unknown as OrderInput, changes }
    : { ok: false, violations: final.violations, changes };
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
