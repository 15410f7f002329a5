import { judgeContextShape } from '../order/context-shape.js';
import { judgeOrderShape, unreadableOrder } from '../order/order-shape.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import {
  CONTEXT_FIELDS,
  type ContextReading,
  ORDER_FIELDS,
  type OrderReading,
  readFields,
  takeHandOff,
} from '../order/read-once.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import { respelledOnGrid } from '../rules/respelled-on-grid.js';
import type { SkippedCheck, ValidationResult, Violation } from '../validation/violation-codes.js';
import { checkSymbolKnown, type PairLookup } from './symbol-known.js';

export { unreadableOrder };

const NOTHING: readonly never[] = Object.freeze([]);
/** Every clean pass shares one frozen result, so passing orders cost no result allocation. */
const PASSED: ValidationResult = Object.freeze({ ok: true, violations: NOTHING, skipped: NOTHING });

/** An order read against the book: its trusted fields, and what was found so far. */
export interface JudgedOrder {
  readonly order: ParsedOrder;
  readonly context: ParsedContext;
  readonly lookup: PairLookup | undefined;
  readonly violations: Violation[];
}

/**
 * Reads an order and its context once each (`read-once.ts`), the order first: an order whose very
 * reading throws is `{ unreadable }`, and its context is not read at all.
 */
export function readOrder(
  lookupPair: (symbol: string) => PairLookup,
  rawOrder: unknown,
  rawContext: unknown,
): JudgedOrder | { readonly unreadable: unknown } {
  const order = readFields(rawOrder, ORDER_FIELDS);
  if (order.kind === 'unreadable') return { unreadable: order.error };
  return judgeReadings(lookupPair, order, readFields(rawContext, CONTEXT_FIELDS));
}

/** Shape, context and symbol checks on what was read: everything that does not need the pair's grids and bounds. */
export function judgeReadings(
  lookupPair: (symbol: string) => PairLookup,
  orderReading: OrderReading,
  contextReading: ContextReading,
): JudgedOrder {
  const shape = judgeOrderShape(orderReading);
  const context = judgeContextShape(contextReading);
  const violations = shape.violations.concat(context.violations);
  const symbol = shape.order.symbol;
  const lookup = symbol === undefined ? undefined : lookupPair(symbol);
  if (symbol !== undefined && lookup !== undefined) {
    const unknown = checkSymbolKnown(symbol, lookup);
    if (unknown !== undefined) violations.push(unknown);
  }
  return { order: shape.order, context: context.context, lookup, violations };
}

/**
 * Runs every check (README, "Semantics and codes") and never throws: an order whose very reading
 * throws (a hostile proxy, a throwing getter) is reported as INVALID_ORDER. The order and the
 * context are read once: when the fast path has just read them and handed them over, those readings
 * are judged, and nothing is read again.
 */
export function validateWith(
  lookupPair: (symbol: string) => PairLookup,
  rawOrder: unknown,
  rawContext: unknown,
): ValidationResult {
  const handed = takeHandOff(rawOrder, rawContext);
  const orderReading = handed?.orderReading ?? readFields(rawOrder, ORDER_FIELDS);
  if (orderReading.kind === 'unreadable') return unreadable(orderReading.error);
  const contextReading = handed?.contextReading ?? readFields(rawContext, CONTEXT_FIELDS);
  try {
    const { order, context, lookup, violations } = judgeReadings(lookupPair, orderReading, contextReading);
    const skipped: SkippedCheck[] = [];
    if (lookup?.kind === 'known') {
      for (let i = 0; i < violations.length; i++)
        violations[i] = respelledOnGrid(lookup.pair, order, violations[i] as Violation);
      for (const rule of PAIR_RULES) {
        const outcome = rule.check(lookup.pair, order, context);
        if (outcome === undefined) continue;
        if ('code' in outcome) violations.push(outcome);
        else skipped.push(outcome);
      }
    }
    if (violations.length === 0 && skipped.length === 0) return PASSED;
    return { ok: violations.length === 0, violations, skipped };
  } catch (error) {
    // The rules judge copied data only; this is a last guard, so that no entry point ever throws.
    return unreadable(error);
  }
}

function unreadable(error: unknown): ValidationResult {
  return { ok: false, violations: [unreadableOrder(error)], skipped: [] };
}
