import type {
  SkippedCheck,
  SkippedField,
  SkipReason,
  Violation,
  ViolationCode,
  ViolationField,
} from './violation-codes.js';

/** What a rule knows about a breach; the builder turns it into a uniform {@link Violation}. */
export interface ViolationDetails {
  /** The order's value, as a plain decimal string. */
  readonly value?: string;
  /** The bound or grid it broke, as a plain decimal string. */
  readonly limit?: string;
  readonly suggestion?: readonly string[];
  /** Wording for the part of the message the code alone cannot say (what was received, why). */
  readonly detail?: string;
}

type MessageOf = (
  field: ViolationField,
  value: string | undefined,
  limit: string | undefined,
  detail: string | undefined,
) => string;

const said = (detail: string | undefined) => (detail === undefined ? '' : ` ${detail}`);

/** One sentence shape per code: the field, its value, the rule and the limit. */
const MESSAGES: Record<ViolationCode, MessageOf> = {
  INVALID_ORDER: (_f, _v, _l, d) => `order must be an object${d === undefined ? '' : `, ${d}`}`,
  MISSING_FIELD: (f, _v, _l, d) => `${f} is required${said(d)}`,
  INVALID_FIELD: (f, _v, _l, d) => `${f}${said(d)}`,
  UNEXPECTED_FIELD: (f, _v, _l, d) => `${f} is not allowed${said(d)}`,
  UNKNOWN_SYMBOL: (_f, _v, _l, d) => `symbol${said(d)} has no definition in the rule book`,
  SYMBOL_DEFINITION_INVALID: (_f, _v, _l, d) =>
    `the definition of symbol${said(d)} was set aside as malformed`,
  SYMBOL_NOT_TRADING: (_f, _v, _l, d) => `symbol${said(d)} is not TRADING`,
  TRADING_DISABLED: (_f, _v, _l, d) => `trading is disabled for symbol${said(d)} (enableTrade is false)`,
  PRICE_TICK: (f, v, l, d) => `${f} ${v} is not a multiple of tickSize ${l}${said(d)}`,
  PRICE_PRECISION: (f, v, l) => `${f} ${v} is written with more than quoteAssetPrecision ${l} decimals`,
  PRICE_ABOVE_BUY_LIMIT: (f, v, l, d) => `${f} ${v} is above the buy limit ${l}${said(d)}`,
  PRICE_BELOW_SELL_LIMIT: (f, v, l, d) => `${f} ${v} is below the sell limit ${l}${said(d)}`,
  QUANTITY_STEP: (f, v, l) => `${f} ${v} is not a multiple of stepSize ${l}`,
  QUANTITY_PRECISION: (f, v, l) => `${f} ${v} is written with more than baseAssetPrecision ${l} decimals`,
  QUANTITY_BELOW_MIN: (f, v, l) => `${f} ${v} is below minTradeAmount ${l}`,
  QUANTITY_ABOVE_MAX: (f, v, l) => `${f} ${v} is above maxTradeAmount ${l}`,
  MARKET_SIZE_ABOVE_MAX: (f, v, l, d) => `${f} ${v} is above${said(d)} ${l}`,
  NOTIONAL_ABOVE_MAX: (f, v, l, d) => `${f} ${v} is above maxNotional ${l}${said(d)}`,
};

/**
 * The one place violations are made, so every message names the field, the rule, the limit and
 * the value in the same way, and the optional keys are present only when they hold something.
 */
export function violation(
  code: ViolationCode,
  field: ViolationField,
  details: ViolationDetails = {},
): Violation {
  return violationOf(code, field, details.value, details.limit, details.suggestion, details.detail);
}

/**
 * {@link violation} with the details as arguments, for the fast path: reading them out of
 * objects of many shapes is what made explaining a failure slow (megamorphic loads).
 */
export function violationOf(
  code: ViolationCode,
  field: ViolationField,
  value: string | undefined,
  limit: string | undefined,
  suggestion: readonly string[] | undefined,
  detail: string | undefined,
  message: string = MESSAGES[code](field, value, limit, detail),
): Violation {
  const out: { code: ViolationCode; field: ViolationField; message: string; [detail: string]: unknown } = {
    code,
    field,
    message,
  };
  if (limit !== undefined) out.limit = limit;
  if (value !== undefined) out.value = value;
  if (suggestion !== undefined && suggestion.length > 0) out.suggestion = suggestion;
  // Which keys a code carries is each rule's to honour; the union by code documents it, and the
  // unit tests of each rule hold it.
  return out as unknown as Violation;
}

/**
 * The same violation with other suggestions (its code, field, message, limit and value kept):
 * for a suggestion that can only be put right once the pair is known.
 */
export function withSuggestion(v: Violation, suggestion: readonly string[]): Violation {
  return violationOf(v.code, v.field, v.value, v.limit, suggestion, undefined, v.message);
}

const SKIP_MESSAGES: Record<SkipReason, (field: SkippedField) => string> = {
  NO_TICK_SIZE: () => 'the pair has no tickSize, and none could be inferred from displayDigitMerge',
  NO_STEP_SIZE: () => 'the pair has no stepSize',
  NO_RULE_FIELD: (field) => `the exchange sent no ${field} for the pair`,
  NO_REFERENCE_PRICE: () => 'no usable context.referencePrice was given',
};

/** The one place skipped checks are made. */
export function skippedCheck(check: ViolationCode, reason: SkipReason, field: SkippedField): SkippedCheck {
  return { check, reason, field, message: `${check} not checked: ${SKIP_MESSAGES[reason](field)}` };
}
