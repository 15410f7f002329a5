import type { OrderVerdict, ValidationResult, ViolationCode } from '../validation/violation-codes.js';

/**
 * The verdict of a whole result, for the orders the general path judges: the same `ok` and
 * `skipped`, and the codes of its violations in their order. Frozen like the fast path's shared
 * verdicts, so that no caller can tell the two paths apart.
 */
export function verdictOfResult(result: ValidationResult): OrderVerdict {
  return Object.freeze({
    ok: result.ok,
    codes: Object.freeze(result.violations.map((violation): ViolationCode => violation.code)),
    // The general path's result is made for this call alone: its list can be frozen as it is.
    skipped: Object.freeze(result.skipped),
  });
}
