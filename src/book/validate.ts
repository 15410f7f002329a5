import { describeThrown } from '../errors/preflight-error.js';
import type { ParsedContext, ParsedOrder } from '../order/parsed-order.js';
import { checkContextShape } from '../rules/context-shape.js';
import { checkOrderShape } from '../rules/order-shape.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import { checkSymbolKnown, type PairLookup } from '../rules/symbol-known.js';
import { violation } from '../validation/violation.js';
import type { SkippedCheck, ValidationResult, Violation } from '../validation/violation-codes.js';

const NOTHING: readonly never[] = Object.freeze([]);
/** Every clean pass shares one frozen result, so passing orders cost no result allocation. */
const PASSED: ValidationResult = Object.freeze({ ok: true, violations: NOTHING, skipped: NOTHING });

/** An order read against the book: its trusted fields, and what was found so far. */
export interface OrderReading {
  readonly order: ParsedOrder;
  readonly context: ParsedContext;
  readonly lookup: PairLookup | undefined;
  readonly violations: Violation[];
}

/** Shape, context and symbol checks: everything that does not need the pair's grids and bounds. */
export function readOrder(
  lookupPair: (symbol: string) => PairLookup,
  rawOrder: unknown,
  rawContext: unknown,
): OrderReading {
  const shape = checkOrderShape(rawOrder);
  const context = checkContextShape(rawContext);
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
 * Runs every check of SPEC section 4 and never throws: an order whose very reading throws (a
 * hostile proxy, a throwing getter) is reported as INVALID_ORDER.
 */
export function validateWith(
  lookupPair: (symbol: string) => PairLookup,
  rawOrder: unknown,
  rawContext: unknown,
): ValidationResult {
  try {
    const { order, context, lookup, violations } = readOrder(lookupPair, rawOrder, rawContext);
    const skipped: SkippedCheck[] = [];
    if (lookup?.kind === 'known') {
      for (const rule of PAIR_RULES) {
        const outcome = rule(lookup.pair, order, context);
        if (outcome === undefined) continue;
        if ('code' in outcome) violations.push(outcome);
        else skipped.push(outcome);
      }
    }
    if (violations.length === 0 && skipped.length === 0) return PASSED;
    return { ok: violations.length === 0, violations, skipped };
  } catch (error) {
    return { ok: false, violations: [unreadableOrder(error)], skipped: [] };
  }
}

/** The verdict on an order whose very reading threw: a hostile proxy, a throwing getter. */
export function unreadableOrder(error: unknown): Violation {
  return violation('INVALID_ORDER', 'order', {
    detail: `but it could not be read (${describeThrown(error)})`,
  });
}
