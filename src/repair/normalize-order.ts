import { compiledPairOf, type RuleBook } from '../book/rule-book.js';
import { unreadableOrder } from '../book/validate.js';
import { judgeContextShape } from '../order/context-shape.js';
import { readDecimalInput } from '../order/decimal-input.js';
import type { OrderArgument, OrderInput, ValidationContext } from '../order/order-input.js';
import { judgeOrderShape } from '../order/order-shape.js';
import { readOwnField } from '../order/read-field.js';
import { CONTEXT_FIELDS, contextOnce, copyOrderOnce, ORDER_FIELDS, readFields } from '../order/read-once.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import type { Violation, ViolationCode } from '../validation/violation-codes.js';

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
 * The nearest order that passes (docs/exchange-semantics.md, "Judging an order"): the price moves
 * onto its grid away from the market (a BUY down, a SELL up), the quantity down onto its grid, each
 * grid being the one that satisfies the tick (or step) and the precision at once; a decimal spelled
 * as `1e-7` becomes `0.0000001`, and a changed value is written as canonical text (no trailing
 * zeros). Nothing else is changed: an order below the minimum after rounding, for a disabled pair,
 * outside a price band or over a cap comes back as violations. The order is read once (each field's
 * getter runs at most once), and what is returned is built from that one reading.
 *
 * @example
 * ```ts
 * import { normalizeOrder } from 'order-preflight';
 * const r = normalizeOrder(book, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC',
 *   price: '64000.017', quantity: '0.00123000000' });
 * // r.ok === true; r.order.price === '64000.01'; r.order.quantity === '0.00123'
 * // r.changes → [{ field: 'price', code: 'PRICE_TICK', ... }, { field: 'quantity', code: 'QUANTITY_PRECISION', ... }]
 * ```
 */
export function normalizeOrder(
  book: RuleBook,
  order: OrderInput,
  context?: ValidationContext,
): NormalizeResult;
export function normalizeOrder<const T>(
  book: RuleBook,
  order: T & OrderArgument<T>,
  context?: ValidationContext,
): NormalizeResult;
export function normalizeOrder(book: RuleBook, order: unknown, context?: ValidationContext): NormalizeResult {
  // Read once (`read-once.ts`): both verdicts and the order returned are made from these copies.
  const read = copyOrderOnce(order);
  if (read.kind === 'unreadable')
    return { ok: false, violations: [unreadableOrder(read.error)], changes: [] };
  const ctx = contextOnce(context) as ValidationContext | undefined;
  if (read.kind === 'token') {
    const verdict = book.validateOrder(read.token as Record<string, unknown>, ctx);
    return { ok: false, violations: verdict.violations, changes: [] };
  }
  const copy = read.copy;
  const first = book.validateOrder(copy, ctx);
  if (first.ok) return { ok: true, order: withPlainDecimals(copy), changes: [] };
  const symbol = readOwnField(copy, 'symbol');
  const pair = typeof symbol === 'string' ? compiledPairOf(book, symbol) : undefined;
  if (pair === undefined) return { ok: false, violations: first.violations, changes: [] };

  const changes: OrderChange[] = [];
  const repaired = withPlainDecimals(copy) as unknown as Record<string, unknown>;
  for (const field of DECIMAL_FIELDS) {
    const plain = respelled(copy, field);
    if (plain === undefined) continue;
    changes.push(plain);
    repaired[field] = plain.to;
  }
  // The pair's rules, in their order, on the order as respelled: the first rule that a rounding
  // satisfies moves its field (a tick before a precision, a step before a precision).
  const parsed = judgeOrderShape(readFields(repaired, ORDER_FIELDS)).order;
  const parsedContext = judgeContextShape(readFields(ctx, CONTEXT_FIELDS)).context;
  const moved = new Set<string>();
  for (const rule of PAIR_RULES) {
    if (rule.repair === undefined) continue;
    const outcome = rule.check(pair, parsed, parsedContext);
    if (outcome === undefined || !('code' in outcome)) continue;
    const repair = rule.repair(pair, parsed);
    if (repair === undefined || moved.has(repair.field)) continue;
    moved.add(repair.field);
    changes.push({
      field: repair.field,
      from: textOf(repaired[repair.field]),
      to: repair.to,
      code: rule.code,
    });
    repaired[repair.field] = repair.to;
  }

  const final = book.validateOrder(repaired, ctx);
  return final.ok
    ? { ok: true, order: repaired as unknown as OrderInput, changes }
    : { ok: false, violations: final.violations, changes };
}

const DECIMAL_FIELDS = ['price', 'quantity'] as const;

/** A decimal spelled in a way the exchange refuses (`1e-7`), put into plain notation. */
function respelled(order: object, field: 'price' | 'quantity'): OrderChange | undefined {
  const raw = readOwnField(order, field);
  if (raw === undefined) return undefined;
  const read = readDecimalInput(raw);
  const plain = read.ok ? undefined : read.suggestion?.[0];
  return plain === undefined ? undefined : { field, from: String(raw), to: plain, code: 'INVALID_FIELD' };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/** The order with `price` and `quantity` numbers as the plain text they would be sent as. */
function withPlainDecimals(order: Record<string, unknown>): OrderInput {
  const copy: Record<string, unknown> = { ...order };
  for (const field of DECIMAL_FIELDS) {
    const read = readDecimalInput(readOwnField(order, field));
    if (read.ok) copy[field] = read.decimal.text;
  }
  return copy as unknown as OrderInput;
}
