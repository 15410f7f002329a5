import type { Dec } from '../decimal/dec.js';
import { writtenDecimals } from '../decimal/grid.js';
import { formatScaled } from '../decimal/safe-integers.js';
import type { OrderDecimal } from '../order/decimal-input.js';
import { sentText } from '../order/fast-order.js';
import { skippedCheck, violationOf } from '../validation/violation.js';
import type { SkippedCheck, Violation } from '../validation/violation-codes.js';
import { FAIL, type FastVerdict, PASS, type RuleOutcome, SKIP } from './rule.js';

/**
 * What PRICE_PRECISION and QUANTITY_PRECISION share: the field they judge, the pair's field that
 * caps its decimal places, and the check skipped when the pair has none. Each rule keeps its own
 * module (what it suggests, how it repairs); this is the machinery both run the same way.
 */
export interface PlacesRule {
  readonly code: 'PRICE_PRECISION' | 'QUANTITY_PRECISION';
  readonly field: 'price' | 'quantity';
  readonly precisionField: 'quoteAssetPrecision' | 'baseAssetPrecision';
  /** The skipped check of a pair without the precision field. */
  readonly noPrecision: SkippedCheck;
}

/** A precision rule's shared parts (see {@link PlacesRule}). */
export function placesRule(
  code: PlacesRule['code'],
  field: PlacesRule['field'],
  precisionField: PlacesRule['precisionField'],
): PlacesRule {
  return Object.freeze({
    code,
    field,
    precisionField,
    noPrecision: skippedCheck(code, 'NO_RULE_FIELD', precisionField),
  });
}

/**
 * A pair's precision as a violation quotes it, and what the message says after the value: the
 * pair's alone, so the fast explanation keeps them per pair (see {@link explainPlaces}).
 */
export interface PlacesParts {
  readonly precision: string;
  readonly tail: string;
}

/** The {@link PlacesParts} of a precision. */
export function placesParts(rule: PlacesRule, precision: number): PlacesParts {
  return {
    precision: String(precision),
    tail: ` is written with more than ${rule.precisionField} ${precision} decimals`,
  };
}

/** The violation of a value written with more decimals than the precision, suggesting `nearest`. */
function tooPrecise(rule: PlacesRule, value: string, parts: PlacesParts, nearest: string): Violation {
  const message = `${rule.field} ${value}${parts.tail}`;
  return violationOf(rule.code, rule.field, message, parts.precision, value, [nearest]);
}

/**
 * The general check: nothing to judge when the value is absent, skipped when the pair has no
 * precision, and a violation when the value, as the text that would be sent, is written with more
 * decimals than the precision (trailing zeros count, because they are sent). `nearest` gives the
 * value that fits, which each rule finds its own way.
 */
export function checkPlaces(
  rule: PlacesRule,
  decimal: OrderDecimal | undefined,
  precision: number | null,
  nearest: (value: Dec) => string,
): RuleOutcome {
  if (decimal === undefined) return undefined;
  if (precision === null) return rule.noPrecision;
  if (writtenDecimals(decimal.text) <= precision) return undefined;
  return tooPrecise(rule, decimal.text, placesParts(rule, precision), nearest(decimal.value));
}

/**
 * The fast explanation, identical to the general one: `raw` is the value as received, `nearest`
 * the value that fits in units at `nearestScale`; `undefined` when that is NaN (past 2^53, where
 * the general check explains), before anything is formatted.
 */
export function explainPlaces(
  rule: PlacesRule,
  raw: unknown,
  parts: PlacesParts,
  nearest: number,
  nearestScale: number,
): Violation | undefined {
  if (Number.isNaN(nearest)) return undefined;
  return tooPrecise(rule, sentText(raw), parts, formatScaled(nearest, nearestScale));
}

/**
 * The fast verdict on the places a value was written with. A pair without the precision has NaN
 * for it: no count of places is at most NaN, and the rule skips.
 */
export function placesVerdict(places: number, precision: number): FastVerdict {
  return places <= precision ? PASS : Number.isNaN(precision) ? SKIP : FAIL;
}
