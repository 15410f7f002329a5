import type {
  SkippedCheck,
  SkippedField,
  SkipReason,
  Violation,
  ViolationCode,
  ViolationField,
} from './violation-codes.js';

/**
 * The one place violations are made: every violation has the same keys in the same order
 * (`code`, `field`, `message`, then `limit`, `value` and `suggestion` only when they hold
 * something: an empty suggestion list is left out, which is what makes a `suggestion` that is
 * there non-empty, as the `Suggestions` type says). The wording is each rule's own (its module says what it checks); this builder
 * only assembles, so the fast path and the general path make identical objects.
 */
export function violationOf(
  code: ViolationCode,
  field: ViolationField,
  message: string,
  limit?: string,
  value?: string,
  suggestion?: readonly string[],
): Violation {
  // Which keys a code carries is each rule's to honour; the union by code documents it, and the
  // unit tests of each rule hold it. Each shape is one literal, so V8 makes the object whole at
  // once (keys added one by one would each grow it: a failing order would allocate more).
  const suggested = suggestion !== undefined && suggestion.length > 0;
  let out: object;
  if (limit !== undefined && value !== undefined)
    out = suggested
      ? { code, field, message, limit, value, suggestion }
      : { code, field, message, limit, value };
  else if (limit === undefined && value === undefined)
    out = suggested ? { code, field, message, suggestion } : { code, field, message };
  else {
    const partial: Record<string, unknown> = { code, field, message };
    if (limit !== undefined) partial.limit = limit;
    if (value !== undefined) partial.value = value;
    if (suggested) partial.suggestion = suggestion;
    out = partial;
  }
  return out as Violation;
}

/**
 * The same violation with other suggestions (its code, field, message, limit and value kept):
 * for a suggestion that can only be put right once the pair is known.
 */
export function withSuggestion(v: Violation, suggestion: readonly string[]): Violation {
  return violationOf(v.code, v.field, v.message, v.limit, v.value, suggestion);
}

const SKIP_MESSAGES: Record<SkipReason, (field: SkippedField) => string> = {
  NO_TICK_SIZE: () => 'the pair has no tickSize, and none could be inferred from displayDigitMerge',
  NO_STEP_SIZE: () => 'the pair has no stepSize',
  NO_RULE_FIELD: (field) => `the exchange sent no ${field} for the pair`,
  NO_REFERENCE_PRICE: () => 'no usable context.referencePrice was given',
};

/**
 * The one place skipped checks are made. Frozen: a rule makes each of its skips once and every
 * result that carries it shares it.
 */
export function skippedCheck(check: ViolationCode, reason: SkipReason, field: SkippedField): SkippedCheck {
  return Object.freeze({
    check,
    reason,
    field,
    message: `${check} not checked: ${SKIP_MESSAGES[reason](field)}`,
  });
}
