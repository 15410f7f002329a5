import { errorGuard } from '../errors/error-guard.js';
import { PreflightError } from '../errors/preflight-error.js';

/**
 * A rule-book source was asked for a book it does not have yet: `validateOrder` before the
 * first book arrived (from `initialBook`, the snapshot file or the first fetch). `cause` is the
 * last fetch failure, when there was one.
 *
 * @example
 * ```ts
 * try {
 *   source.validateOrder(order, { referencePrice: '64000' });
 * } catch (error) {
 *   if (isNoRuleBookError(error)) return reject('rules not loaded yet');
 *   throw error;
 * }
 * ```
 */
export class NoRuleBookError extends PreflightError {
  override readonly name = 'NoRuleBookError';

  constructor(options?: { cause?: unknown }) {
    super('the rule-book source has no rule book yet (await source.ready() first)', options);
  }
}

/**
 * True for a {@link NoRuleBookError}.
 *
 * @example `if (isNoRuleBookError(e)) await source.ready();`
 * @group Guards
 */
export const isNoRuleBookError = errorGuard(NoRuleBookError, 'NoRuleBookError');
