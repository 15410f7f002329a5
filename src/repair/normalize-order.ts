import type { RuleBook } from '../book/rule-book.js';
import { Dec } from '../decimal/dec.js';
import { ceilToGrid, floorToGrid, isOnGrid } from '../decimal/grid.js';
import { readDecimalInput } from '../order/decimal-input.js';
import { isFieldRecord, readOwnField } from '../order/read-field.js';
import type { ValidationContext, Violation, ViolationCode } from '../validation/violation-codes.js';

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
      readonly order: Readonly<Record<string, unknown>>;
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
 * The nearest order that passes (SPEC section 6): the price moves onto the grid away from the
 * market (a BUY down, a SELL up), the quantity down onto the step, and a decimal spelled as
 * `1e-7` becomes `0.0000001`. Nothing else is changed: an order below the minimum after
 * rounding, for a disabled pair, outside a price band or over a cap comes back as violations.
 * Decimals in the returned order are plain strings; other fields are kept as they were.
 *
 * @example
 * ```ts
 * import { normalizeOrder } from 'order-preflight';
 * const r = normalizeOrder(book, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC',
 *   price: '64000.017', quantity: '0.001234567' });
 * // r.ok === true; r.order.price === '64000.01'; r.order.quantity === '0.00123'
 * // r.changes → [{ field: 'price', code: 'PRICE_TICK', ... }, { field: 'quantity', code: 'QUANTITY_STEP', ... }]
 * ```
 */
export function normalizeOrder(book: RuleBook, order: unknown, context?: ValidationContext): NormalizeResult {
  const first = book.validateOrder(order, context);
  if (first.ok) return { ok: true, order: withPlainDecimals(order as Record<string, unknown>), changes: [] };
  const symbol = isFieldRecord(order) ? readOwnField(order, 'symbol') : undefined;
  const pair = typeof symbol === 'string' ? book.compiledPair(symbol) : undefined;
  if (pair === undefined || !isFieldRecord(order))
    return { ok: false, violations: first.violations, changes: [] };

  const side = readOwnField(order, 'side');
  const changes: OrderChange[] = [];
  const repaired: Record<string, unknown> = withPlainDecimals(order as Record<string, unknown>);
  if (readOwnField(order, 'type') !== 'MARKET' && (side === 'BUY' || side === 'SELL')) {
    const price = repairDecimal(
      order,
      'price',
      pair.priceGrid,
      side === 'BUY' ? 'down' : 'up',
      pair.tickSize !== null,
    );
    apply(repaired, changes, price);
  }
  apply(
    repaired,
    changes,
    repairDecimal(order, 'quantity', pair.quantityGrid, 'down', pair.stepSize !== null),
  );

  const final = book.validateOrder(repaired, context);
  return final.ok
    ? { ok: true, order: repaired, changes }
    : { ok: false, violations: final.violations, changes };
}

function apply(order: Record<string, unknown>, changes: OrderChange[], repair: readonly OrderChange[]): void {
  for (const change of repair) {
    order[change.field] = change.to;
    changes.push(change);
  }
}

/** The changes that put one decimal field into plain notation and onto its grid, if any help. */
function repairDecimal(
  order: object,
  field: 'price' | 'quantity',
  grid: Dec,
  direction: Direction,
  hasGrid: boolean,
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
  const again = readDecimalInput(text);
  if (!again.ok || isOnGrid(again.decimal.value, grid)) return changes;
  const rounded =
    direction === 'down' ? floorToGrid(again.decimal.value, grid) : ceilToGrid(again.decimal.value, grid);
  // Rounding a value below one grid unit down gives zero, which is no order at all.
  if (rounded.lte(Dec.ZERO)) return changes;
  const code: ViolationCode =
    field === 'price'
      ? hasGrid
        ? 'PRICE_TICK'
        : 'PRICE_PRECISION'
      : hasGrid
        ? 'QUANTITY_STEP'
        : 'QUANTITY_PRECISION';
  changes.push({ field, from: text, to: rounded.toString(), code });
  return changes;
}

/** The order with `price` and `quantity` numbers as the plain text they would be sent as. */
function withPlainDecimals(order: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...order };
  for (const field of ['price', 'quantity'] as const) {
    const read = readDecimalInput(readOwnField(order, field));
    if (read.ok) copy[field] = read.decimal.text;
  }
  return copy;
}
