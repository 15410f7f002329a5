import { describeThrown, describeValue } from '../errors/preflight-error.js';
import { readDecimalInput } from '../order/decimal-input.js';
import type { ParsedContext } from '../order/parsed-order.js';
import { isFieldRecord, readOwnField } from '../order/read-field.js';
import { violation } from '../validation/violation.js';
import type { Violation } from '../validation/violation-codes.js';

/**
 * The caller's context: INVALID_FIELD for a context that is not an object, or a malformed
 * `referencePrice` / `maxNotional`. An absent (or `null`) context is simply empty.
 */
export function checkContextShape(raw: unknown): { context: ParsedContext; violations: Violation[] } {
  try {
    return readContext(raw);
  } catch (error) {
    // A hostile context must not cost the order its own verdict: judge it as having no context.
    const detail = `could not be read (${describeThrown(error)})`;
    return { context: {}, violations: [violation('INVALID_FIELD', 'context', { detail })] };
  }
}

function readContext(raw: unknown): { context: ParsedContext; violations: Violation[] } {
  const context: ParsedContext = {};
  const violations: Violation[] = [];
  if (raw === undefined || raw === null) return { context, violations };
  if (!isFieldRecord(raw)) {
    violations.push(
      violation('INVALID_FIELD', 'context', { detail: `must be an object, got ${describeValue(raw)}` }),
    );
    return { context, violations };
  }
  for (const field of ['referencePrice', 'maxNotional'] as const) {
    const value = readOwnField(raw, field);
    if (value === undefined) continue;
    const read = readDecimalInput(value);
    if (read.ok) context[field] = read.decimal;
    else violations.push(violation('INVALID_FIELD', field, read));
  }
  return { context, violations };
}
