import { errorGuard } from '../errors/error-guard.js';
import { PreflightError } from '../errors/preflight-error.js';

/**
 * A callback of the source's (`onChange`) threw. The exception is the `cause`; it is reported
 * through `onError` and never stops the refresh loop or the swap that triggered it.
 *
 * @example
 * ```ts
 * onError(error) {
 *   if (isRuleBookSourceCallbackError(error)) log.error({ callback: error.callback }, String(error.cause));
 * }
 * ```
 */
export class RuleBookSourceCallbackError extends PreflightError {
  override readonly name = 'RuleBookSourceCallbackError';
  readonly callback: 'onChange';

  constructor(callback: 'onChange', options?: { cause?: unknown }) {
    super(`the rule-book source's ${callback} callback threw`, options);
    this.callback = callback;
  }
}

/**
 * True for a {@link RuleBookSourceCallbackError}.
 *
 * @example `if (isRuleBookSourceCallbackError(e)) console.log(e.callback);`
 * @group Guards
 */
export const isRuleBookSourceCallbackError = errorGuard(
  RuleBookSourceCallbackError,
  'RuleBookSourceCallbackError',
);
