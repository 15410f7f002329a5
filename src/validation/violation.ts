import type {
  SkippedCheck,
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

type MessageOf = (field: ViolationField, d: ViolationDetails) => string;

const said = (d: ViolationDetails) => (d.detail === undefined ? '' : ` ${d.detail}`);

/** One sentence shape per code: the field, its value, the rule and the limit. */
const MESSAGES: Record<ViolationCode, MessageOf> = {
  INVALID_ORDER: (_f, d) => `order must be an object${d.detail === undefined ? '' : `, ${d.detail}`}`,
  MISSING_FIELD: (f, d) => `${f} is required${said(d)}`,
  INVALID_FIELD: (f, d) => `${f}${said(d)}`,
  UNEXPECTED_FIELD: (f, d) => `${f} is not allowed${said(d)}`,
  UNKNOWN_SYMBOL: (_f, d) => `symbol${said(d)} has no definition in the rule book`,
  SYMBOL_DEFINITION_INVALID: (_f, d) => `the definition of symbol${said(d)} was set aside as malformed`,
  SYMBOL_NOT_TRADING: (_f, d) => `symbol${said(d)} is not TRADING`,
  TRADING_DISABLED: (_f, d) => `trading is disabled for symbol${said(d)} (enableTrade is false)`,
  PRICE_TICK: (f, d) => `${f} ${d.value} is not a multiple of tickSize ${d.limit}`,
  PRICE_PRECISION: (f, d) => `${f} ${d.value} has more than quoteAssetPrecision ${d.limit} decimals`,
  PRICE_ABOVE_BUY_LIMIT: (f, d) => `${f} ${d.value} is above the buy limit ${d.limit}${said(d)}`,
  PRICE_BELOW_SELL_LIMIT: (f, d) => `${f} ${d.value} is below the sell limit ${d.limit}${said(d)}`,
  QUANTITY_STEP: (f, d) => `${f} ${d.value} is not a multiple of stepSize ${d.limit}`,
  QUANTITY_PRECISION: (f, d) => `${f} ${d.value} has more than baseAssetPrecision ${d.limit} decimals`,
  QUANTITY_BELOW_MIN: (f, d) => `${f} ${d.value} is below minTradeAmount ${d.limit}`,
  QUANTITY_ABOVE_MAX: (f, d) => `${f} ${d.value} is above maxTradeAmount ${d.limit}`,
  MARKET_SIZE_ABOVE_MAX: (f, d) => `${f} ${d.value} is above${said(d)} ${d.limit}`,
  NOTIONAL_ABOVE_MAX: (f, d) => `${f} ${d.value} is above maxNotional ${d.limit}${said(d)}`,
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
  const message = MESSAGES[code](field, details);
  const out: { -readonly [K in keyof Violation]: Violation[K] } = { code, field, message };
  if (details.limit !== undefined) out.limit = details.limit;
  if (details.value !== undefined) out.value = details.value;
  if (details.suggestion !== undefined && details.suggestion.length > 0) out.suggestion = details.suggestion;
  return out;
}

const SKIP_MESSAGES: Record<SkipReason, string> = {
  NO_TICK_SIZE: 'the pair has no tickSize; price decimals were checked against quoteAssetPrecision instead',
  NO_STEP_SIZE: 'the pair has no stepSize; quantity decimals were checked against baseAssetPrecision instead',
  NO_REFERENCE_PRICE: 'no usable context.referencePrice was given',
};

/** The one place skipped checks are made. */
export function skippedCheck(check: ViolationCode, reason: SkipReason): SkippedCheck {
  return { check, reason, message: `${check} not checked: ${SKIP_MESSAGES[reason]}` };
}
