import { compiledPairOf, type RuleBook } from '../book/rule-book.js';
import { unreadableOrder } from '../book/validate.js';
import { Dec } from '../decimal/dec.js';
import { ceilToGrid, floorToGrid, isOnGrid, writtenDecimals } from '../decimal/grid.js';
import { readDecimalInput } from '../order/decimal-input.js';
import type { OrderArgument, OrderInput, ValidationContext } from '../order/order-input.js';
import { readOwnField } from '../order/read-field.js';
import { contextOnce, copyOrderOnce } from '../order/read-once.js';
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

type Direction = 'down' | 'up';

/**
 * The nearest order that passes (README, "Semantics"): the price moves onto its grid away from
 * the market (a BUY down, a SELL up), the quantity down onto its grid, each grid being the one
 * that satisfies the tick (or step) and the precision at once; a decimal spelled as `1e-7`
 * becomes `0.0000001`, and a changed value is written as canonical text (no trailing zeros).
 * Nothing else is changed: an order below the minimum after rounding, for a disabled pair,
 * outside a price band or over a cap comes back as violations. The order is read once (each
 * field's getter runs at most once), and what is returned is built from that one reading.
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

  const side = readOwnField(copy, 'side');
  const changes: OrderChange[] = [];
  const repaired = withPlainDecimals(copy) as unknown as Record<string, unknown>;
  if (readOwnField(copy, 'type') !== 'MARKET' && (side === 'BUY' || side === 'SELL')) {
    const grids = { exact: pair.tickSize, rounding: pair.priceGrid, precision: pair.quotePrecision };
    apply(repaired, changes, repairDecimal(copy, 'price', grids, side === 'BUY' ? 'down' : 'up'));
  }
  const grids = { exact: pair.stepSize, rounding: pair.quantityGrid, precision: pair.basePrecision };
  apply(repaired, changes, repairDecimal(copy, 'quantity', grids, 'down'));

  const final = book.validateOrder(repaired, ctx);
  return final.ok
    ? { ok: true, order: repaired as unknown as OrderInput, changes }
    : { ok: false, violations: final.violations, changes };
}

function apply(order: Record<string, unknown>, changes: OrderChange[], repair: readonly OrderChange[]): void {
  for (const change of repair) {
    order[change.field] = change.to;
    changes.push(change);
  }
}

/** A decimal field's grids: the one it must lie on, the one it is rounded onto, and its precision. */
interface FieldGrids {
  readonly exact: Dec | null;
  readonly rounding: Dec | null;
  readonly precision: number | null;
}

/** The changes that put one decimal field into plain notation, onto its grid and within its precision. */
function repairDecimal(
  order: object,
  field: 'price' | 'quantity',
  grids: FieldGrids,
  direction: Direction,
): OrderChange[] {
  const raw = readOwnField(order, field);
  if (raw === undefined) return [];
  const read = readDecimalInput(raw);
  const changes: OrderChange[] = [];
  let text: string;
  if (read.ok) text = read.decimal.text;
  else {
    const plain = read.suggestion?.[0];
    if (plain === undefined) return [];
    changes.push({ field, from: String(raw), to: plain, code: 'INVALID_FIELD' });
    text = plain;
  }
  const value = Dec.parse(text);
  const offGrid = grids.exact !== null && !isOnGrid(value, grids.exact);
  const tooPrecise = grids.precision !== null && writtenDecimals(text) > grids.precision;
  if (!offGrid && !tooPrecise) return changes;
  let to = value;
  if (grids.rounding !== null && !isOnGrid(value, grids.rounding)) {
    to = direction === 'down' ? floorToGrid(value, grids.rounding) : ceilToGrid(value, grids.rounding);
    // Rounding a value below one grid unit down gives zero, which is no order at all.
    if (to.lte(Dec.ZERO)) return changes;
  }
  const code: ViolationCode =
    field === 'price'
      ? offGrid
        ? 'PRICE_TICK'
        : 'PRICE_PRECISION'
      : offGrid
        ? 'QUANTITY_STEP'
        : 'QUANTITY_PRECISION';
  changes.push({ field, from: text, to: to.toString(), code });
  return changes;
}

/** The order with `price` and `quantity` numbers as the plain text they would be sent as. */
function withPlainDecimals(order: Record<string, unknown>): OrderInput {
  const copy: Record<string, unknown> = { ...order };
  for (const field of ['price', 'quantity'] as const) {
    const read = readDecimalInput(readOwnField(order, field));
    if (read.ok) copy[field] = read.decimal.text;
  }
  return copy as unknown as OrderInput;
}
